# shellcheck shell=sh disable=SC2154 # tmp, plain, batch: tests/cli/run.sh's
# helpers.sh: the kinds of case of the kver command's tests (run, expect,
# error, status, json, said), sourced by tests/cli/run.sh, which sets tmp,
# plain and batch.

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
