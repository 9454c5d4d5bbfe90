# shellcheck shell=sh disable=SC2154 # tmp, snap: tests/cli/run.sh's
# running_cases.sh: new_cases, the kver command's cases of the running
# kernel's comparisons, the reconcile rule, JSON on errors and the edge
# semantics of versions; sourced by tests/cli/run.sh.

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
