# shellcheck shell=sh
# batch.sh: the cases a test runner ran on a program's plain build, run
# again under valgrind, all in one process of the program's batch build
# (tests/batch.h), so that valgrind starts once for a suite. Valgrind must
# find no error and no leak, and each case must give the plain run's
# status, stdout and stderr. Sourced, never run.
#
#   batch_start DIR BATCH [PROG]   record into folder DIR (made); BATCH is
#                        the batch program, PROG the plain one (for batch_tty)
#   batch_case [-s] [-i FILE] [-e NAME=VALUE]... [-n NAME] RC OUT ERR ARGS...
#                        one case: the plain program with ARGS ended with
#                        status RC, stdout in the file OUT and stderr in
#                        ERR. -s: the status only is compared (the output
#                        tells the time, or this machine, which valgrind
#                        hides); -i: stdin is FILE (else /dev/null); -e:
#                        NAME=VALUE in the environment; -n: NAME in
#                        diagnostics (else the arguments)
#   batch_tty [-s] RC OUT CMD   a case that needs a terminal: the shell
#                        command CMD, in which $KVER_PROG is the program, ran
#                        in script(1) with status RC and the terminal's text
#                        in OUT. It runs again alone under valgrind, on a
#                        terminal too.
#   batch_on_tty [-s] [-w COLUMNS] PROG OUT CMD   runs the shell command
#                        CMD, in which $KVER_PROG is PROG, on a terminal
#                        (script(1)) COLUMNS wide and 40 rows high when -w
#                        is given: the terminal's text (and script's own
#                        errors) in the file OUT, the status in rc. After
#                        batch_start, the case is recorded too (batch_tty,
#                        with -s). A runner without a batch uses it alone.
#   batch_go             starts the batch (from the current folder) and the
#                        terminal cases under $VALGRIND, all at once (the
#                        terminal cases mostly wait), in the background:
#                        the runner may go on with tests that are no cases
#                        and change no file of one. Nothing when nothing
#                        was recorded, or when the name filter left no test
#                        so far (tap.sh's counts: this file is sourced
#                        after tap.sh).
#   batch_run            batch_go unless it ran, then waits and compares: a
#                        `# ` line per difference and valgrind's log on an
#                        error, then status 1; one line saying so when all
#                        is well.
batch_start() {
	: "${VALGRIND:?VALGRIND must be set}"
	batch_dir=$1 batch_bin=$2 batch_prog=${3:-} batch_n=0 batch_ntty=0 batch_pids='' batch_late=0
	mkdir -p "$batch_dir/want" "$batch_dir/got" "$batch_dir/case" "$batch_dir/tty"
	: >"$batch_dir/cases"
	: >"$batch_dir/rconly"
}

batch_case() {
	[ -z "$batch_pids" ] || batch_late=$((batch_late + 1))
	batch_k=$((batch_n + 1))
	batch_named=0
	while :; do
		case $1 in
		-s) echo "$batch_k" >>"$batch_dir/rconly"; shift ;;
		-i) printf '<%s\0' "$2" >>"$batch_dir/cases"; shift 2 ;;
		-e) printf '%s\0' "$2" >>"$batch_dir/cases"; shift 2 ;;
		-n) printf '%s' "$2" >"$batch_dir/case/$batch_k"; batch_named=1; shift 2 ;;
		*) break ;;
		esac
	done
	echo "$1" >"$batch_dir/want/$batch_k.rc"
	cp "$2" "$batch_dir/want/$batch_k.out"
	cp "$3" "$batch_dir/want/$batch_k.err"
	shift 3
	[ "$batch_named" = 1 ] || printf '%s' "$*" >"$batch_dir/case/$batch_k"
	printf '%s\0' "$#" "$@" >>"$batch_dir/cases"
	batch_n=$batch_k
}

batch_tty() {
	[ -z "$batch_pids" ] || batch_late=$((batch_late + 1))
	batch_ntty=$((batch_ntty + 1))
	batch_t=$batch_dir/tty/$batch_ntty
	if [ "$1" = -s ]; then
		: >"$batch_t.rconly"
		shift
	fi
	echo "$1" >"$batch_t.rc"
	cp "$2" "$batch_t.out"
	printf '%s\n' "$3" >"$batch_t.cmd"
}

# batch_script PROG CMD OUT: CMD on a terminal with $KVER_PROG set to PROG;
# the terminal's text and script's own errors in OUT, the status in batch_rc.
batch_script() {
	batch_rc=0
	KVER_PROG=$1 script -qec "$2" /dev/null >"$3" 2>&1 </dev/null || batch_rc=$?
}

batch_on_tty() {
	batch_s=
	if [ "$1" = -s ]; then
		batch_s=-s
		shift
	fi
	batch_c=
	if [ "$1" = -w ]; then
		batch_c="stty cols $2 rows 40; "
		shift 2
	fi
	batch_script "$1" "$batch_c$3" "$2"
	rc=$batch_rc
	# shellcheck disable=SC2086 # $batch_s is an option or nothing
	[ -z "${batch_dir:-}" ] || batch_tty $batch_s "$rc" "$2" "$batch_c$3"
}

# batch_alone T: the terminal case T (its files' stem) under valgrind; the
# terminal's text in T.got, the status in T.grc, valgrind's log in T.vg.
batch_alone() {
	batch_script "$VALGRIND --log-file=$1.vg $batch_prog" "$(cat "$1.cmd")" "$1.got"
	echo "$batch_rc" >"$1.grc"
}

# batch_name K: case K's name, on one line and cut short.
batch_name() {
	head -c 100 "$batch_dir/case/$1" | tr '\n' ' '
}

# batch_diff WANT GOT WHAT LABEL: the differences of two files, if any.
batch_diff() {
	cmp -s "$1" "$2" && return 0
	echo "# valgrind, $4: $3 differs from the plain run's:"
	diff "$1" "$2" | head -n 20 | sed 's/^/#   /'
	return 1
}

# batch_compare: every case of the batch against its plain run.
batch_compare() {
	# The answers that tell the time or the machine are not compared.
	while read -r batch_k; do
		rm -f "$batch_dir/got/$batch_k.out" "$batch_dir/want/$batch_k.out" \
			"$batch_dir/got/$batch_k.err" "$batch_dir/want/$batch_k.err"
	done <"$batch_dir/rconly"
	# All the same, the usual case: one diff, not one cmp per file.
	diff -rq "$batch_dir/want" "$batch_dir/got" >/dev/null 2>&1 && return 0
	batch_k=1
	while [ "$batch_k" -le "$batch_n" ]; do
		batch_w=$batch_dir/want/$batch_k batch_g=$batch_dir/got/$batch_k
		batch_l="case $batch_k ($(batch_name "$batch_k"))"
		if [ ! -e "$batch_g.rc" ]; then
			echo "# valgrind, $batch_l: not run, the batch ended before it"
		elif ! cmp -s "$batch_w.rc" "$batch_g.rc"; then
			echo "# valgrind, $batch_l: status $(cat "$batch_g.rc"), plain $(cat "$batch_w.rc")"
		fi
		if [ -e "$batch_w.out" ] && [ -e "$batch_g.rc" ]; then
			batch_diff "$batch_w.out" "$batch_g.out" stdout "$batch_l"
			batch_diff "$batch_w.err" "$batch_g.err" stderr "$batch_l"
		fi
		batch_k=$((batch_k + 1))
	done
	return 1
}

# batch_terminal: each terminal case's run under valgrind (batch_go
# started them) against its plain run.
batch_terminal() {
	batch_k=1 batch_tbad=0
	while [ "$batch_k" -le "$batch_ntty" ]; do
		batch_t=$batch_dir/tty/$batch_k
		batch_rc=$(cat "$batch_t.grc")
		batch_l="on a terminal, $(head -c 100 "$batch_t.cmd" | tr '\n' ' ')"
		if [ -s "$batch_t.vg" ]; then
			echo "# valgrind, $batch_l:"
			sed 's/^/# /' "$batch_t.vg"
			batch_tbad=1
		elif [ "$batch_rc" != "$(cat "$batch_t.rc")" ]; then
			echo "# valgrind, $batch_l: status $batch_rc, plain $(cat "$batch_t.rc")"
			batch_tbad=1
		elif [ ! -e "$batch_t.rconly" ] &&
			! batch_diff "$batch_t.out" "$batch_t.got" output "$batch_l"; then
			batch_tbad=1
		fi
		batch_k=$((batch_k + 1))
	done
	return "$batch_tbad"
}

batch_go() {
	[ -z "$batch_pids" ] || return 0
	# shellcheck disable=SC2154 # tap.sh's counts
	[ $((tap_npass + tap_nfail + tap_nskip)) -gt 0 ] || return 0
	[ "$batch_n" -gt 0 ] || [ "$batch_ntty" -gt 0 ] || return 0
	batch_k=1
	while [ "$batch_k" -le "$batch_ntty" ]; do
		batch_alone "$batch_dir/tty/$batch_k" &
		batch_pids="$batch_pids $!"
		batch_k=$((batch_k + 1))
	done
	if [ "$batch_n" -gt 0 ]; then
		(
			batch_rc=0
			# shellcheck disable=SC2086 # VALGRIND is a command and its flags
			timeout 600 $VALGRIND --log-file="$batch_dir/vg" \
				"$batch_bin" "$batch_dir/cases" "$batch_dir/got" </dev/null || batch_rc=$?
			echo "$batch_rc" >"$batch_dir/rc"
		) &
		batch_pids="$batch_pids $!"
	fi
}

batch_run() {
	batch_go
	[ -n "$batch_pids" ] || return 0
	# shellcheck disable=SC2086 # one word per process
	wait $batch_pids || :
	batch_bad=0
	if [ "$batch_late" -gt 0 ]; then
		echo "# valgrind: $batch_late cases recorded after the batch started, not run"
		batch_bad=1
	fi
	if [ "$batch_n" -gt 0 ]; then
		batch_rc=$(cat "$batch_dir/rc")
		if [ "$batch_rc" != 0 ] || [ -s "$batch_dir/vg" ]; then
			echo "# valgrind over the batch of $batch_n cases: exit status $batch_rc"
			sed 's/^/# /' "$batch_dir/vg"
			batch_bad=1
		elif ! batch_compare; then
			batch_bad=1
		fi
	fi
	batch_terminal || batch_bad=1
	[ "$batch_bad" = 0 ] || return 1
	printf '# valgrind: the %d cases again in one process' "$batch_n"
	[ "$batch_ntty" = 0 ] || printf ', %d on a terminal alone' "$batch_ntty"
	echo ", no error, no leak"
}
