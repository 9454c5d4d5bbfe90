# shellcheck shell=sh disable=SC2154,SC2034 # tmp, snap, live: tests/cli/run.sh's and helpers.sh's
# cases.sh: cases, the kver command's cases of each subcommand, and
# new_cases (running_cases.sh) after them; sourced by tests/cli/run.sh.

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
