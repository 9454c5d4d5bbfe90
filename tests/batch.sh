# shellcheck shell=sh
# batch.sh: the cases a test runner ran on a program's plain build, run
# again under valgrind, all in one process of the program's batch build
# (tests/batch.h), so that valgrind starts once for a suite. Valgrind must
# find no error and no leak, and each case must give the plain run's
# status, stdout and stderr. Sourced, never run.
#
#   batch_start DIR BATCH  record into folder DIR (made); BATCH is the batch
#                        program
#   batch_case [-s] [-n NAME] RC OUT ERR ARGS...
#                        one case: the plain program with ARGS ended with
#                        status RC, stdout in the file OUT and stderr in
#                        ERR. -s: the status only is compared (the output
#                        tells this machine, which valgrind hides); -n: NAME
#                        in diagnostics (else the arguments)
#   batch_run            the batch (from the current folder) under
#                        $VALGRIND, and the comparison: a `# ` line per
#                        difference and valgrind's log on an error, then
#                        status 1; one line saying so when all is well.
#                        Nothing when nothing was recorded, or when the name
#                        filter left no test (tap.sh's counts: this file is
#                        sourced after tap.sh).
batch_start() {
	: "${VALGRIND:?VALGRIND must be set}"
	batch_dir=$1 batch_bin=$2 batch_n=0
	mkdir -p "$batch_dir/want" "$batch_dir/got" "$batch_dir/case"
	: >"$batch_dir/cases"
	: >"$batch_dir/rconly"
}

batch_case() {
	batch_k=$((batch_n + 1))
	batch_named=0
	while :; do
		case $1 in
		-s) echo "$batch_k" >>"$batch_dir/rconly"; shift ;;
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

batch_run() {
	# shellcheck disable=SC2154 # tap.sh's counts
	[ $((tap_npass + tap_nfail + tap_nskip)) -gt 0 ] || return 0
	[ "$batch_n" -gt 0 ] || return 0
	batch_rc=0
	# shellcheck disable=SC2086 # VALGRIND is a command and its flags
	timeout 600 $VALGRIND --log-file="$batch_dir/vg" \
		"$batch_bin" "$batch_dir/cases" "$batch_dir/got" </dev/null || batch_rc=$?
	if [ "$batch_rc" != 0 ] || [ -s "$batch_dir/vg" ]; then
		echo "# valgrind over the batch of $batch_n cases: exit status $batch_rc"
		sed 's/^/# /' "$batch_dir/vg"
		return 1
	fi
	batch_compare || return 1
	echo "# valgrind: the $batch_n cases again in one process, no error, no leak"
}
