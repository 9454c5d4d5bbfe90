#!/bin/sh
# report.sh KVER_AUDIT: kver-audit's commands on recorded inputs
# (tests/audit/pkgs/, madison.txt, cocci/), each output compared with its
# expected file; the JSON also checked with jq. KVER_AUDIT_WRAP (valgrind)
# runs before each command. Prints KTAP (tests/tap.sh).
set -u
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: report.sh KVER_AUDIT" >&2; exit 2; }
audit=$1
case $audit in /*) ;; *) audit=$PWD/$audit ;; esac
base=${OUT:-$top/build}/tests/audit
mkdir -p "$base"
work=$(mktemp -d "$base/run.XXXXXX")
# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"
cd "$here" || exit 2

# ka ARG...: kver-audit, under the wrapper when one is set.
ka() {
	# shellcheck disable=SC2086 # the wrapper is a command line
	${KVER_AUDIT_WRAP:-} "$audit" "$@"
}

# same NAME EXPECTED GOT: GOT must be EXPECTED's text (KVER_AUDIT_UPDATE=1 writes it).
same() {
	tap_want "$1" || return 0
	[ "${KVER_AUDIT_UPDATE:-}" != 1 ] || cp "$3" "$2"
	if diff -u "$2" "$3" >"$work/diff"; then
		pass "$1"
	else
		fail "$1"
		head -n 30 "$work/diff" | sed 's/^/#   /'
	fi
}

rc=0
ka packages <madison.txt >"$work/packages" 2>"$work/err" || rc=$?
tap_status "packages: the DKMS packages of madison's lines, newest first" 0 "$rc"
same "packages: every version, suite and component" packages.expected "$work/packages"
rc=0
ka packages --suffix -nothing <madison.txt >"$work/none" 2>"$work/err" || rc=$?
if [ "$rc" = 0 ] && [ ! -s "$work/none" ]; then pass "packages: another suffix, none"; else fail "packages: another suffix, none"; fi
rc=0
printf 'no madison here\n' | ka packages >"$work/out" 2>"$work/err" || rc=$?
tap_status -F "packages: a line that is not madison's is refused" 2 "$rc" \
	"kver-audit: error: standard input: not apt-cache madison's output" "$work/err"

rc=0
ka dkms-conf pkgs/wireguard-dkms_1.0.20210219-1/root/usr/src/wireguard-1.0.20210219 >"$work/out" 2>"$work/err" || rc=$?
tap_status -x "dkms-conf: name and version for dkms" 0 "$rc" "version=1.0.20210219" "$work/out"
rc=0
ka dkms-conf pkgs/no-such >"$work/out" 2>"$work/err" || rc=$?
tap_status -F "dkms-conf: no dkms.conf, one line" 2 "$rc" "pkgs/no-such/dkms.conf: cannot be read" "$work/err"
rc=0
ka source pkgs/dh-dkms_3.0.10-8/root >"$work/out" 2>"$work/err" || rc=$?
tap_status "source: a package without module source" 1 "$rc"

printf 'dkms\nlibc6-dev\npkg-config\nlibc6\n' >"$work/installed"
rc=0
ka depends "$work/installed" "dkms firmware-*" "dkms (>= 2.8.4-3~), libc6-dev, libxtables-dev, pkg-config, libc6 (>= 2.3.4)" \
	>"$work/out" 2>"$work/err" || rc=$?
tap_status -x "depends: the Depends a build needs fetched (iptables-netflow-dkms's)" 0 "$rc" "libxtables-dev" "$work/out"
rc=0
ka depends "$work/no-such" "" "a" >"$work/out" 2>"$work/err" || rc=$?
tap_status -F "depends: no list of installed packages, one line" 2 "$rc" "kver-audit: error: $work/no-such: cannot be read" "$work/err"

rc=0
ka progress 3 12 90 pkgs/jool-dkms_4.1.9-1 >"$work/out" 2>"$work/err" || rc=$?
tap_status -F -x "progress: package N of M, time left" 0 "$rc" \
	"[3/12] jool-dkms 4.1.9-1: 0 findings, 5.10.262 built, 6.1.192 failed; 1:30 elapsed, about 4:30 left" "$work/out"
rc=0
ka progress 3 12 90 pkgs/jool-dkms_4.1.9-1 1 >"$work/out" 2>"$work/err" || rc=$?
tap_status -F -x "progress: the time left judged on the packages whose builds ran" 0 "$rc" \
	"[3/12] jool-dkms 4.1.9-1: 0 findings, 5.10.262 built, 6.1.192 failed; 1:30 elapsed, about 13:30 left" "$work/out"
rc=0
ka progress 3 12 90 pkgs/jool-dkms_4.1.9-1 0 >"$work/out" 2>"$work/err" || rc=$?
tap_status -F -x "progress: no time left said before a build ran" 0 "$rc" \
	"[3/12] jool-dkms 4.1.9-1: 0 findings, 5.10.262 built, 6.1.192 failed; 1:30 elapsed, no build run yet to judge the time left by" "$work/out"

rc=0
ka report --out "$work" --review review.txt --kernels kernels.txt --points "5.10.257 5.10.262" \
	--date 2026-12-07 --seconds 4000 --cocci cocci pkgs/*/ >"$work/stdout" 2>"$work/stderr" || rc=$?
tap_status "report: written" 0 "$rc"
same "report: the terminal summary" summary.expected "$work/stdout"
same "report: the summary file is the terminal's" "$work/stdout" "$work/summary.txt"
same "report: audit.md" audit.md.expected "$work/audit.md"
same "report: upstream.md" upstream.md.expected "$work/upstream.md"
same "report: audit.json" audit.json.expected "$work/audit.json"
if tap_want "report: audit.json is JSON of the documented schema"; then
	if jq -e '.schema == "kver-audit/1" and (.packages | length) == 8 and
		(.packages[] | select(.name == "v4l2loopback-dkms") | .lint.findings[1].at[0].differs) and
		.review.false == 1 and .review.missed == 1 and (.cocci.findings | length) == 2' \
		"$work/audit.json" >/dev/null 2>"$work/err"; then
		pass "report: audit.json is JSON of the documented schema"
	else
		fail "report: audit.json is JSON of the documented schema"
	fi
fi
if tap_want "report: audit.json follows docs/audit.schema.json"; then
	if jq -r --slurpfile schema "$top/docs/audit.schema.json" --arg def audit \
		-f "$top/tests/util/schema.jq" "$work/audit.json" >"$work/schema.log" 2>&1 &&
		[ ! -s "$work/schema.log" ]; then
		pass "report: audit.json follows docs/audit.schema.json"
	else
		fail "report: audit.json follows docs/audit.schema.json"
		head -n 10 "$work/schema.log" | sed 's/^/#   /'
	fi
fi
rc=0
ka report --points "5.10" pkgs/*/ >"$work/out" 2>"$work/err" || rc=$?
tap_status -F "report: a bad point is refused" 2 "$rc" "--points: '5.10' is not a version M.P.S" "$work/err"
rc=0
ka report --kernels kernels.txt pkgs/jool-dkms_4.1.9-1 pkgs/no-such >"$work/out" 2>"$work/err" || rc=$?
tap_status -F "report: a folder without facts is left out, named" 0 "$rc" "pkgs/no-such: no facts file" "$work/err"

status=0
tap_end "kver-audit report" || status=$?
[ "$status" != 0 ] || rm -rf "$work"
exit "$status"
