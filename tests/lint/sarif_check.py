#!/usr/bin/env python3
"""sarif_check.py LOG N: what a code scanning service needs of a SARIF 2.1.0
log: the version, one run with the tool's name and rules, and N results, each
with a known rule, a level, a message and a location (relative URI, line and
column from 1). Prints a summary; exits 1 naming the first problem."""
import json
import sys


def fail(why):
    print(why)
    sys.exit(1)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        log = json.load(f)
    want = int(sys.argv[2])
    if log.get("version") != "2.1.0":
        fail("version is %r, not 2.1.0" % log.get("version"))
    if "sarif-2.1.0" not in log.get("$schema", ""):
        fail("no SARIF 2.1.0 $schema")
    runs = log.get("runs")
    if not isinstance(runs, list) or len(runs) != 1:
        fail("not exactly one run")
    driver = runs[0]["tool"]["driver"]
    if driver.get("name") != "kver-lint":
        fail("tool name %r" % driver.get("name"))
    rules = {r["id"] for r in driver.get("rules", [])}
    if not rules:
        fail("no rules")
    results = runs[0].get("results")
    if not isinstance(results, list) or len(results) != want:
        fail("%d results, want %d" % (len(results or []), want))
    for i, r in enumerate(results):
        if r.get("ruleId") not in rules:
            fail("result %d: rule %r is not among the rules" % (i, r.get("ruleId")))
        if r.get("level") != "warning" or not r.get("message", {}).get("text"):
            fail("result %d: no level or message" % i)
        loc = r["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"]
        region = loc["region"]
        if uri.startswith("/") or " " in uri:
            fail("result %d: uri %r is not a relative URI" % (i, uri))
        if region.get("startLine", 0) < 1 or region.get("startColumn", 0) < 1:
            fail("result %d: bad region %r" % (i, region))
    print("%d results, %d rules" % (len(results), len(rules)))


main()
