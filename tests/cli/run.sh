#!/bin/sh
# run.sh KVER [BATCH]: tests for the kver command, in KTAP (tests/tap.sh).
#
# Every case runs on KVER (the plain or the ASan+UBSan binary: cli/Makefile
# runs both through tests/variants.sh, which counts each test once). With
# BATCH (tests/cli/batch.c built on the same sources), every case KVER ran
# runs again in one process under $VALGRIND, which must find no leak and no
# error, and must give the same status, stdout and stderr (for the cases
# that read this machine, whose vDSO valgrind hides, the same status); a
# difference is named in a diagnostic line and the exit status is 1.
set -u
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
snap=$here/../lib/snapshots
[ $# -ge 1 ] || { echo "usage: run.sh KVER [BATCH]" >&2; exit 2; }
plain=$1
batch=${2:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kver-cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=SCRIPTDIR/../tap.sh
. "$here/../tap.sh"

# shellcheck source=SCRIPTDIR/../batch.sh
. "$here/../batch.sh"

# run ARGS...: the current variant of kver, output in $tmp/out and $tmp/err,
# status in $rc. With a batch, the case is recorded for it; a live case
# (this machine's kernel) is compared by its status only.
live=
run() {
	# A hang is a failure too (status 124), not a stuck test run.
	timeout 20 "$plain" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# shellcheck disable=SC2086 # $live is an option or nothing
	[ -z "$batch" ] || batch_case $live "$rc" "$tmp/out" "$tmp/err" "$@"
}

# expect NAME STATUS ARGS... <<EOF: stdout must be exactly the here-doc,
# stderr empty.
expect() {
	name=$1 want=$2
	tap_want "$name" || return 0
	shift 2
	cat >"$tmp/want"
	run "$@"
	if [ "$rc" -ne "$want" ]; then
		fail "$name: status $rc, want $want"
		sed 's/^/    /' "$tmp/err"
	elif ! cmp -s "$tmp/out" "$tmp/want"; then
		fail "$name: output differs"
		diff "$tmp/want" "$tmp/out" | sed 's/^/    /'
	elif [ -s "$tmp/err" ]; then
		fail "$name: unexpected stderr"
		sed 's/^/    /' "$tmp/err"
	else
		pass "$name"
	fi
}

# error NAME STATUS MESSAGE ARGS...: stdout empty, stderr exactly one line,
# MESSAGE (a fixed string), and the status.
error() {
	name=$1 want=$2 msg=$3
	tap_want "$name" || return 0
	shift 3
	run "$@"
	if [ "$rc" = "$want" ] && [ -s "$tmp/out" ]; then
		fail "$name: stdout not empty"
	else
		said "$name" "$want" "$msg"
	fi
}

# status NAME STATUS ARGS...: only the exit status matters (and no stderr).
status() {
	name=$1 want=$2
	tap_want "$name" || return 0
	shift 2
	run "$@"
	if [ "$rc" = "$want" ] && [ -s "$tmp/err" ]; then
		fail "$name: unexpected stderr"
	else
		tap_status "$name" "$want" "$rc"
	fi
}

# json NAME: the last stdout is one valid JSON document.
json() {
	if python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/out" 2>/dev/null; then
		pass "$1"
	else
		fail "$1: stdout is not one JSON document: $(head -c 200 "$tmp/out")"
	fi
}

# said NAME STATUS MESSAGE: the last run ended with STATUS and exactly the
# one line MESSAGE on stderr (stdout may say more).
said() {
	if [ "$rc" = "$2" ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
		fail "$1: $(wc -l <"$tmp/err") lines on stderr, want 1"
		if tap_want "$1"; then sed 's/^/# /' "$tmp/err"; fi
	else
		tap_status -F -x "$1" "$2" "$rc" "$3" "$tmp/err"
	fi
}

# The cases of the running kernel's comparisons, the reconcile rule, JSON
# on errors and the edge semantics of versions.
new_cases() {
	none=$tmp/none
	mkdir -p "$none"
	nothing="uname: absent, osrelease: absent, proc_version: absent, version_signature: absent, vdso: absent"

	# ---- "is the running kernel at least X", on Debian and Ubuntu
	# uname's ABI name is not the version: the plain comparison says no...
	status "cmp uname ABI name" 1 cmp 6.1.0-27-amd64 -ge 6.1.115
	# ...the running kernel's reconciled version says yes.
	status "cmp --running -ge" 0 cmp --running --from "$snap/debian-12" -ge 6.1.115
	status "cmp --running -ge later" 1 cmp --running --from "$snap/debian-12" -ge 6.1.116
	status "cmp --running -lt" 0 cmp --from "$snap/debian-12" --running -lt 6.1.116
	status "cmp --running ubuntu" 0 cmp --running --from "$snap/ubuntu-22.04" '>=' 5.15.131
	status "cmp --running ubuntu hwe" 0 cmp --running --from "$snap/ubuntu-20.04-hwe" -eq 5.15.53
	status "cmp --running past 255" 0 cmp --running --from "$snap/debian-12-abi75-sub300" -ge 6.1.256
	status "cmp --running 6.12 past 255" 1 cmp --running --from "$snap/debian-13-abi64-sub256" -gt 6.12.256
	expect "cmp --running A B" 0 cmp --running --from "$snap/debian-12" 6.1.115 <<'EOF'
6.1.115 = 6.1.115
EOF
	expect "cmp --running --json" 0 --json cmp --running --from "$snap/debian-12-sub300" -ge 6.1.256 <<'EOF'
{"a": "6.1.300", "b": "6.1.256", "running": true, "cmp": 1, "op": "-ge", "result": true, "same_code": true, "code_collision": true}
EOF
	# Only a lower bound (6.1.255 or later): answered where it decides.
	status "cmp --running bound decides" 0 cmp --running --from "$snap/debian-12-container-sub300" -ge 6.1.255
	status "cmp --running bound decides lt" 1 cmp --running --from "$snap/debian-12-container-sub300" -lt 6.1.200
	error "cmp --running bound undecided" 2 "kver: cmp: the running kernel is 6.1.255 or later (only its code tells SUBLEVEL): cannot tell how it compares with 6.1.300" cmp --running --from "$snap/debian-12-container-sub300" -ge 6.1.300
	error "cmp --running no argument" 2 "kver: cmp: --running expects B or OP B (try kver --help)" cmp --running
	error "cmp --running three" 2 "kver: cmp: --running expects B or OP B (try kver --help)" cmp --running 6.1 -ge 6.2
	error "cmp --running nothing" 2 "kver: no usable version source ($nothing)" cmp --running --from "$none" -ge 6.1
	# Disagreeing sources: the answer, and the warning.
	run cmp --running --from "$snap/mismatch" -ge 6.1.5
	said "cmp --running warns" 0 "kver: warning: sources disagree with 6.1.5: osrelease says 6.1.6, vdso says 0x60107 = 6.1.7"

	# ---- check --at-least
	run check --at-least 6.1.115 --from "$snap/debian-12"
	if [ "$rc" -eq 0 ] && [ "$(tail -n 1 "$tmp/out")" = "4 sources agree on 6.1.115, at least 6.1.115" ]; then
		pass "check --at-least"
	else
		fail "check --at-least: status $rc, $(tail -n 1 "$tmp/out")"
	fi
	run check --from "$snap/debian-12" --at-least=6.1.116
	said "check --at-least older" 1 "kver: check: the running kernel 6.1.115 is older than 6.1.116"
	run check --from "$snap/mismatch" --at-least 6.1
	said "check --at-least disagreeing" 1 "kver: check: 2 of 4 sources do not agree with 6.1.5"
	run check --from "$snap/debian-12-container-sub300" --at-least 6.1.256
	said "check --at-least bound" 2 "kver: check: the running kernel is 6.1.255 or later (only its code tells SUBLEVEL): cannot tell whether it is at least 6.1.256"
	run --json check --from "$snap/debian-12" --at-least 6.1.116
	json "check --at-least --json"
	tap_has -F "check --at-least --json members" '"ok": false, "at_least": "6.1.116", "at_least_ok": false}' "$tmp/out"
	error "check --at-least bad" 2 "kver: check: --at-least: '6..1': malformed version" check --at-least 6..1
	error "--at-least missing" 2 "kver: --at-least needs a VERSION" check --at-least

	# ---- a FIFO, or any non-regular file, among the sources: no hang
	mkdir -p "$tmp/fifo"
	[ -p "$tmp/fifo/uname" ] || mkfifo "$tmp/fifo/uname"
	run check --from "$tmp/fifo"
	said "check FIFO" 1 "kver: no usable version source (uname: not a regular file, osrelease: absent, proc_version: absent, version_signature: absent, vdso: absent)"
	tap_has -F "check FIFO table" "FAIL  uname              not a regular file" "$tmp/out"
	mkdir -p "$tmp/fifo2"
	cp "$snap/debian-12/uname" "$snap/debian-12/version" "$tmp/fifo2/"
	[ -p "$tmp/fifo2/vdso" ] || mkfifo "$tmp/fifo2/vdso"
	[ -e "$tmp/fifo2/osrelease" ] || ln -s /dev/zero "$tmp/fifo2/osrelease"
	run check --from "$tmp/fifo2"
	said "check FIFO among good sources" 1 "kver: check: 2 of 4 sources do not agree with 6.1.115"
	tap_has -F "FIFO vdso" "FAIL  vdso               not a regular file" "$tmp/out"
	tap_has -F "device osrelease" "FAIL  osrelease          not a regular file" "$tmp/out"

	# ---- reconcile: nothing taken from a source that disagrees
	run --from "$snap/debian-12-other-abi"
	said "other ABI warns" 0 "kver: warning: sources disagree with 6.1.0: proc_version says 6.1.0-28-amd64 (Debian 6.1.119-1)"
	tap_has -F "other ABI version" "version   6.1.0" "$tmp/out"
	tap_has -F "other ABI from" "from      major: uname, patchlevel: uname, sublevel: uname" "$tmp/out"
	tap_has -F "other ABI marked" "proc_version       6.1.0-28-amd64 (Debian 6.1.119-1)  <- disagrees" "$tmp/out"
	run --from "$snap/debian-12-other-abi-vdso"
	tap_has -F "other ABI, vDSO decides" "from      major: uname, patchlevel: uname, sublevel: vdso" "$tmp/out"

	# ---- JSON on stdout whatever happens
	run --json --from "$none"
	said "--json no source" 1 "kver: no usable version source ($nothing)"
	json "--json no source"
	tap_has -F "--json no source error" '{"error": "no usable version source", "sources": [{"name": "uname", "state": "absent"}' "$tmp/out"
	run --json check --from "$tmp/fifo"
	json "--json check FIFO"
	tap_has -F "--json FIFO reason" '{"name": "uname", "state": "error", "error": "not a regular file"}' "$tmp/out"
	tap_has -F "--json check FIFO ok" '"ok": false}' "$tmp/out"
	for args in "code abc" "decode 0x" "cmp 6.1" "frobnicate" "--bogus" "code --from /tmp 6.1"; do
		# shellcheck disable=SC2086 # one word per argument
		run --json $args
		if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
			grep -q '^{"error": "' "$tmp/out"; then
			json "--json $args"
		else
			fail "--json $args: status $rc, stdout $(cat "$tmp/out")"
		fi
	done

	# ---- edge semantics
	run code 6.256.0
	said "code overflow" 1 "kver: code: '6.256.0': the code overflows and reads as another version"
	tap_has -F "code overflow text" "overflow  yes: PATCHLEVEL above 255 or MAJOR above 65535 does not fit; the code reads as 7.0.0" "$tmp/out"
	run --json code 65536.0
	said "code --json overflow" 1 "kver: code: '65536.0': the code overflows and reads as another version"
	tap_has -F "code --json overflow member" '"overflow": true' "$tmp/out"
	json "code --json overflow"
	expect "code --json rc" 0 --json code 6.12.0-rc3 <<'EOF'
{"input": "6.12.0-rc3", "version": "6.12.0", "major": 6, "patchlevel": 12, "sublevel": 0, "extra": [], "rc": 3, "code": 396288, "code_hex": "0x60c00", "clamped": false, "overflow": false, "exact": true}
EOF
	expect "code rc text" 0 code 6.13.0-0.rc1.20241202gite70140ba0d2b.17.fc42 <<'EOF'
version   6.13.0 release candidate 1
code      0x60d00 (396544)
clamped   no
EOF
	expect "code --json rc0" 0 --json code 6.1.0-rc0 <<'EOF'
{"input": "6.1.0-rc0", "version": "6.1.0", "major": 6, "patchlevel": 1, "sublevel": 0, "extra": [], "rc": 0, "code": 393472, "code_hex": "0x60100", "clamped": false, "overflow": false, "exact": true}
EOF
	status "rc0 before rc1" 0 cmp 6.1.0-rc0 -lt 6.1.0-rc1
	status "Fedora rc before final" 0 cmp 6.13.0-0.rc1.20241202gite70140ba0d2b.17.fc42 -lt 6.13.0-200.fc42
	status "Ubuntu mainline rc before release" 0 cmp 6.8.0-060800rc1-generic -lt 6.8.0-060800-generic
	status "Fedora rc after previous" 0 cmp 6.14.0-0.rc7.20250321gitb3ee1e460951.60.fc43.x86_64 -gt 6.13.12-200.fc41.x86_64
	error "absurd rc" 2 "kver: code: '6.1.0-rc99999999999': out of range" code 6.1.0-rc99999999999
	error "absurd rc in cmp" 2 "kver: cmp: '6.1-rc100': out of range" cmp 6.1-rc100 6.1
	run --json code 6.1.255
	tap_has -F "6.1.255 not exact" '"exact": false' "$tmp/out"
	run --json code 6.1.254
	tap_has -F "6.1.254 exact" '"exact": true' "$tmp/out"
	error "code --from" 2 "kver: code: --from applies only where the running kernel is read (kver, check, cmp --running)" code --from /tmp 6.1
	error "decode --from" 2 "kver: decode: --from applies only where the running kernel is read (kver, check, cmp --running)" --from=/tmp decode 0x60100
	error "cmp --from" 2 "kver: cmp: --from applies only where the running kernel is read (kver, check, cmp --running)" cmp --from /tmp 6.1 6.2
	error "check --running" 2 "kver: check: --running applies only to cmp" check --running
	error "kver --at-least" 2 "kver: --at-least applies only to check" --at-least 6.1
	error "kver --running" 2 "kver: --running applies only to cmp" --running
	error "code --at-least" 2 "kver: code: --at-least applies only to check" code 6.1 --at-least 6.1
	# shellcheck disable=SC2046 # one word per number
	error "-- too many" 2 "kver: too many arguments" -- $(seq 1 70)
}

cases() {
	# ---- kver code
	expect "code 4.9.256" 0 code 4.9.256 <<'EOF'
version   4.9.256
code      0x409ff (264703)
clamped   yes: SUBLEVEL 256 is stored as 255; every 4.9.x from 4.9.255 up shares this code
unclamped 0x40a00 before the 2021 clamp, which reads as 4.10.0
EOF
	expect "code 6.1.192" 0 code 6.1.192 <<'EOF'
version   6.1.192
code      0x601c0 (393664)
clamped   no
EOF
	expect "code 6.1.255" 0 code 6.1.255 <<'EOF'
version   6.1.255
code      0x601ff (393727)
clamped   no, but 255 is where the clamp lands: every 6.1.x from here up shares this code
EOF
	expect "code of a distro release" 0 code 6.1.0-27-amd64 <<'EOF'
version   6.1.0
code      0x60100 (393472)
clamped   no
EOF
	expect "code 2.6.32.71" 0 code 2.6.32.71 <<'EOF'
version   2.6.32.71
code      0x20620 (132640)
clamped   no
note      the parts after SUBLEVEL are not encoded
EOF
	expect "code --json" 0 --json code 6.1.300 <<'EOF'
{"input": "6.1.300", "version": "6.1.300", "major": 6, "patchlevel": 1, "sublevel": 300, "extra": [], "rc": null, "code": 393727, "code_hex": "0x601ff", "clamped": true, "overflow": false, "exact": false, "unclamped_hex": "0x6022c"}
EOF

	# ---- kver decode
	expect "decode 0x409ff" 0 decode 0x409ff <<'EOF'
code      0x409ff (264703)
version   4.9.255
sublevel  255 may stand for any SUBLEVEL >= 255 (4.9.255, 4.9.256, ...)
EOF
	expect "decode decimal" 0 decode 264703 <<'EOF'
code      0x409ff (264703)
version   4.9.255
sublevel  255 may stand for any SUBLEVEL >= 255 (4.9.255, 4.9.256, ...)
EOF
	expect "decode exact" 0 decode 0x601C0 <<'EOF'
code      0x601c0 (393664)
version   6.1.192
sublevel  exact
EOF
	expect "decode --json" 0 decode 0x409ff --json <<'EOF'
{"code": 264703, "code_hex": "0x409ff", "version": "4.9.255", "major": 4, "patchlevel": 9, "sublevel": 255, "extra": [], "rc": null, "sublevel_exact": false, "sublevel_min": 255}
EOF

	# ---- kver cmp
	expect "cmp 6.1.256 6.1.300" 1 cmp 6.1.256 6.1.300 <<'EOF'
6.1.256 < 6.1.300
note: both encode as 0x601ff; LINUX_VERSION_CODE cannot tell them apart
EOF
	expect "cmp equal" 0 cmp 6.1.300 6.1.300 <<'EOF'
6.1.300 = 6.1.300
EOF
	expect "cmp greater" 1 cmp 6.10.1 6.9.12 <<'EOF'
6.10.1 > 6.9.12
EOF
	expect "cmp rc" 1 cmp 6.12.0-rc3 6.12 <<'EOF'
6.12.0-rc3 < 6.12
note: both encode as 0x60c00; LINUX_VERSION_CODE cannot tell them apart
EOF
	expect "cmp ignores distro suffix" 0 cmp 6.1.0-27-amd64 6.1.0-28-amd64 <<'EOF'
6.1.0-27-amd64 = 6.1.0-28-amd64
EOF
	expect "cmp --json" 1 --json cmp 6.1.256 6.1.300 <<'EOF'
{"a": "6.1.256", "b": "6.1.300", "cmp": -1, "result": false, "same_code": true, "code_collision": true}
EOF
	status "cmp -lt" 0 cmp 6.1.256 -lt 6.1.300
	status "cmp -gt" 1 cmp 6.1.256 -gt 6.1.300
	status "cmp -le equal" 0 cmp 6.1.300 -le 6.1.300
	status "cmp -ge" 0 cmp 6.1.300 -ge 6.1.256
	status "cmp -eq" 1 cmp 6.1.256 -eq 6.1.300
	status "cmp -ne" 0 cmp 6.1.256 -ne 6.1.300
	status "cmp <" 0 cmp 6.1.256 '<' 6.1.300
	status "cmp >=" 1 cmp 6.1.256 '>=' 6.1.300
	status "cmp =" 0 cmp 3.0 = 3.0.0
	status "cmp !=" 0 cmp 2.6.32 != 2.6.32.71

	# ---- the running kernel, from recorded snapshots
	expect "debian-12" 0 --from "$snap/debian-12" <<'EOF'
release   6.1.0-27-amd64
version   6.1.115
code      0x60173 (393587)
from      major: uname, patchlevel: uname, sublevel: proc_version
sources
  uname              6.1.0-27-amd64
  osrelease          6.1.0-27-amd64
  proc_version       6.1.0-27-amd64 (Debian 6.1.115-1)
  version_signature  absent
  vdso               0x60173 = 6.1.115
note      uname shows the distribution's ABI number where SUBLEVEL goes
EOF
	expect "ubuntu-22.04" 0 --from "$snap/ubuntu-22.04" <<'EOF'
release   5.15.0-91-generic
version   5.15.131
code      0x50f83 (331651)
from      major: uname, patchlevel: uname, sublevel: version_signature
sources
  uname              5.15.0-91-generic
  osrelease          5.15.0-91-generic
  proc_version       5.15.0-91-generic
  version_signature  5.15.0-91.101-generic (upstream 5.15.131)
  vdso               0x50f83 = 5.15.131
note      uname shows the distribution's ABI number where SUBLEVEL goes
EOF
	expect "upstream 6.1.300" 0 --from "$snap/upstream-6.1.300" <<'EOF'
release   6.1.300
version   6.1.300
code      0x601ff (393727), SUBLEVEL clamped to 255
from      major: uname, patchlevel: uname, sublevel: uname
sources
  uname              6.1.300
  osrelease          6.1.300
  proc_version       6.1.300
  version_signature  absent
  vdso               0x601ff = 6.1.255 or later
EOF
	expect "check debian-12-sub300" 0 check --from "$snap/debian-12-sub300" <<'EOF'
ok    uname              6.1.0-40-amd64
ok    osrelease          6.1.0-40-amd64
ok    proc_version       6.1.0-40-amd64 (Debian 6.1.300-1)
skip  version_signature  absent
ok    vdso               0x601ff = 6.1.255 or later
4 sources agree on 6.1.300
EOF
	expect "--from= form" 0 --json --from="$snap/vdso-only" <<'EOF'
{"release": "", "version": "6.12.10", "major": 6, "patchlevel": 12, "sublevel": 10, "extra": [], "rc": null, "code": 396298, "code_hex": "0x60c0a", "from": {"major": "vdso", "patchlevel": "vdso", "sublevel": "vdso"}, "flags": [], "agree": true, "sources": [{"name": "uname", "state": "absent"}, {"name": "osrelease", "state": "absent"}, {"name": "proc_version", "state": "absent"}, {"name": "version_signature", "state": "absent"}, {"name": "vdso", "state": "agrees", "text": "0x60c0a", "version": "6.12.10", "code": 396298}]}
EOF
	# Every snapshot: kver --json gives the expected code and release.
	for d in "$snap"/*/; do
		d=${d%/}
		n=${d##*/}
		code=$(sed -n 's/^code=//p' "$d/expect")
		release=$(sed -n 's/^release=//p' "$d/expect")
		run --json --from "$d"
		if [ "$rc" -eq 0 ] &&
			grep -qF "\"code_hex\": \"$code\"" "$tmp/out" &&
			grep -qF "{\"release\": \"$release\"" "$tmp/out"; then
			pass "snapshot $n: --json"
		else
			fail "snapshot $n: --json status $rc, want code $code"
		fi
		# check passes exactly where nothing disagrees or fails.
		want=0
		grep -qx 'disagree=' "$d/expect" || want=1
		grep -qx 'errors=' "$d/expect" || want=1
		run check --from "$d"
		if [ "$rc" -eq "$want" ]; then pass "check $n"; else fail "check $n: status $rc, want $want"; fi
	done

	# Disagreeing sources: kver warns (one line), check fails (one line).
	run --from "$snap/mismatch"
	if [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
		grep -qF 'kver: warning: sources disagree with 6.1.5: osrelease says 6.1.6, vdso says 0x60107 = 6.1.7' "$tmp/err"; then
		pass "mismatch warning"
	else
		fail "mismatch warning (status $rc): $(cat "$tmp/err")"
	fi
	tap_has -F "mismatch marks" "vdso               0x60107 = 6.1.7  <- disagrees" "$tmp/out"
	run check --from "$snap/mismatch"
	if [ "$rc" -eq 1 ] && [ "$(cat "$tmp/err")" = "kver: check: 2 of 4 sources do not agree with 6.1.5" ] &&
		grep -q '^FAIL  vdso ' "$tmp/out" && grep -q '^FAIL  osrelease ' "$tmp/out"; then
		pass "check mismatch"
	else
		fail "check mismatch: status $rc: $(cat "$tmp/err")"
	fi
	run --json check --from "$snap/mismatch"
	if [ "$rc" -eq 1 ] && grep -qF '"ok": false' "$tmp/out"; then pass "check --json mismatch"; else fail "check --json mismatch"; fi

	# ---- this machine
	live=-s
	run
	if [ "$rc" -eq 0 ] && [ "$(sed -n 1p "$tmp/out")" = "release   $(uname -r)" ]; then
		pass "kver on this machine"
	else
		fail "kver on this machine: status $rc"
		sed 's/^/    /' "$tmp/out" "$tmp/err"
	fi
	run check
	if [ "$rc" -eq 0 ] && tail -n 1 "$tmp/out" | grep -q '^[0-9]* sources agree on '; then
		pass "kver check on this machine"
	else
		fail "kver check on this machine: status $rc"
		sed 's/^/    /' "$tmp/out" "$tmp/err"
	fi
	run --json check
	if [ "$rc" -eq 0 ] && grep -qF '"ok": true' "$tmp/out"; then pass "check --json"; else fail "check --json"; fi
	live=

	# ---- help, version
	run --help
	if [ "$rc" -eq 0 ] && grep -q '^usage: kver' "$tmp/out" && [ ! -s "$tmp/err" ]; then pass "--help"; else fail "--help"; fi
	run -h code
	if [ "$rc" -eq 0 ] && grep -q '^usage: kver' "$tmp/out"; then pass "-h"; else fail "-h"; fi
	expect "--version" 0 --version <<'EOF'
kver 1.0.0
EOF

	# ---- errors: one line on stderr, nothing on stdout, status 2
	error "code without argument" 2 "kver: code: expects one VERSION (try kver --help)" code
	error "code two arguments" 2 "kver: code: expects one VERSION (try kver --help)" code 6.1 6.2
	error "code empty" 2 "kver: code: '': empty" code ''
	error "code abc" 2 "kver: code: 'abc': not a number" code abc
	error "code 6." 2 "kver: code: '6.': malformed version" code 6.
	error "code 6..1" 2 "kver: code: '6..1': malformed version" code 6..1
	error "code 08.1" 2 "kver: code: '08.1': leading zero" code 08.1
	error "code 33 bits" 2 "kver: code: '4294967296.1': out of range" code 4294967296.1
	error "code newline" 2 "kver: code: '6.1?2': invalid character" code "6.1
2"
	error "code control byte" 2 "kver: code: '6.1.2?': invalid character" code "$(printf '6.1.2\033')"
	long=$(printf '%10000s' '' | tr ' ' 9)
	error "code 10000 characters" 2 "kver: code: '99999999999999999999999999999999999999999999...': too long" code "$long"
	error "decode without argument" 2 "kver: decode: expects one CODE (try kver --help)" decode
	error "decode 0x" 2 "kver: decode: '0x': not a number" decode 0x
	error "decode -1" 2 "kver: decode: '-1': not a number" decode -1
	error "decode 08" 2 "kver: decode: '08': leading zero" decode 08
	error "decode 33 bits" 2 "kver: decode: '0x100000000': out of range" decode 0x100000000
	error "decode 2^32" 2 "kver: decode: '4294967296': out of range" decode 4294967296
	error "decode empty" 2 "kver: decode: '': empty" decode ''
	error "cmp one argument" 2 "kver: cmp: expects A B or A OP B (try kver --help)" cmp 6.1
	error "cmp bad operator" 2 "kver: cmp: unknown operator '~~' (-eq -ne -lt -le -gt -ge = != < <= > >=)" cmp 6.1 '~~' 6.2
	error "cmp bad version" 2 "kver: cmp: 'x': not a number" cmp 6.1 x
	error "check with argument" 2 "kver: check: takes no arguments (try kver --help)" check now
	error "unknown command" 2 "kver: unknown command 'frobnicate' (try kver --help)" frobnicate
	error "unknown option" 2 "kver: unknown option '--bogus' (try kver --help)" --bogus
	error "--from missing folder" 2 "kver: --from needs a folder" --from
	error "--from not a folder" 2 "kver: --from: '/nonexistent/kver' is not a folder" --from /nonexistent/kver
	mkdir -p "$tmp/empty"
	error "--from nothing" 1 "kver: no usable version source (uname: absent, osrelease: absent, proc_version: absent, version_signature: absent, vdso: absent)" --from "$tmp/empty"
	new_cases
}

# The man page renders without a single groff warning.
man=$here/../../man/kver.1
if ! tap_want "man page"; then
	:
elif ! command -v groff >/dev/null 2>&1; then
	skip "man page" "groff is not installed"
elif groff -man -ww -z -Tutf8 "$man" >"$tmp/man" 2>&1 && [ ! -s "$tmp/man" ]; then
	pass "man page"
else
	fail "man page"
	sed 's/^/# /' "$tmp/man"
fi

[ -z "$batch" ] || batch_start "$tmp/batch" "$batch"
mkdir -p "$tmp/run"
tmp=$tmp/run
cases

status=0
tap_end "kver command" || status=1
# Every recorded case again under valgrind: a difference fails the run,
# not a test.
[ -z "$batch" ] || batch_run || status=1
exit "$status"
