#!/bin/sh
# schema.sh: the checker of docs/results.schema.json (tests/util/schema.jq)
# on hand-made documents: a point that follows the schema passes, and each
# way a point can break it is named. The lab's and the matrix's own
# outputs are checked against it by their tests (tests/lab/terminal.sh,
# tests/matrix/run.sh) and on real runs (tests/run.sh).
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kver-schema-test.XXXXXX")
trap 'rm -rf "$work"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"

# violations DEF FILE: the checker's lines for FILE as a DEF, into $work/out.
violations() {
	jq -r --slurpfile schema "$top/docs/results.schema.json" --arg def "$1" \
		-f "$here/schema.jq" "$2" >"$work/out" 2>"$work/err"
}

cat >"$work/good.json" <<'JSON'
{"points": [{"dir": "/runs/6.1-kver-300",
  "meta": {"tree": "6.1", "package": "6.1.192-3", "makefile": "6.1.192", "series": "kver",
           "style": "upstream", "sublevel": 300, "version": "6.1.300", "expect": "6.1.300",
           "hides_version": false, "uts_version": "", "make_vars": "SUBLEVEL=300",
           "build": "replayed", "build_s": 4, "guest_s": 2, "wait_s": 0, "boot_s": null,
           "image": "", "headers": "", "suite": ""},
  "guest": "ok", "detail": "", "ok": true, "qemu_status": 33,
  "kunit": {"pass": 57, "fail": 0, "skip": 0, "missing": 0},
  "guest_tests": {"pass": 26, "fail": 0, "skip": 0, "missing": 0},
  "values": {"uname.release": "6.1.300"},
  "probe": [{"name": "guest:headers", "status": "ok",
             "subtests": [{"name": "headers_values", "status": "skip", "directive": "SKIP x"}]}],
  "kunit_suites": [], "serial_tail": ["# kver-probe: exit=0"]}],
 "ok": true}
JSON
violations results "$work/good.json"
if [ ! -s "$work/out" ] && [ ! -s "$work/err" ]; then
	pass "a point that follows the schema"
else
	fail "a point that follows the schema: $(head -n 3 "$work/out" "$work/err" | tr '\n' ' ')"
fi
violations matrix "$work/good.json"
tap_has -F "results.json is no matrix.json" '$: no member checks' "$work/out"
violations matrix "$work/good.json"
tap_has -F "a matrix point has its matrix member" '$.points[0]: no member matrix' "$work/out"

# Each case: a jq edit of the good document, and the line the checker prints.
while IFS='|' read -r edit want; do
	jq "$edit" "$work/good.json" >"$work/bad.json"
	violations results "$work/bad.json"
	tap_has -F "$edit is named" "$want" "$work/out"
done <<'CASES'
del(.points[0].meta.hides_version)|$.points[0].meta: no member hides_version
.points[0].meta.sublevel = "300"|$.points[0].meta.sublevel: string, not integer
.points[0].meta.sublevel = 300.5|$.points[0].meta.sublevel: number, not integer
.points[0].guest = "fine"|$.points[0].guest: "fine" is not one of
.points[0].values["vdso.code"] = 393727|$.points[0].values.vdso.code: number, not string
.points[0].release = "6.1.300"|$.points[0]: a member release the schema does not have
.points[0].probe[0].subtests[0].status = "passed"|$.points[0].probe[0].subtests[0].status: "passed" is not one of
.points[0].kunit_suites = {}|$.points[0].kunit_suites: object, not array
.ok = "yes"|$.ok: string, not boolean
CASES
tap_end "results schema"
