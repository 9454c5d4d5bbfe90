# shellcheck shell=sh
# tap.sh: KTAP output for kver's shell tests. Sourced, never run; prints the
# version line when sourced.
#   tap_want NAME      true when NAME passes the name filter (below)
#   tap_want_any FILE  true when any name of FILE (one a line) passes it
#   pass NAME          ok N NAME
#   fail NAME          not ok N NAME, then the last lines of $work/out and
#                      $work/err when the test has them
#   skip NAME REASON   ok N NAME # SKIP REASON (a skip is never a pass)
#   tap_sub NAME CMD...  CMD prints a KTAP document: it becomes NAME's
#                      subtests (indented), and NAME is ok when CMD exits 0
#   tap_sub_start NAME CMD...  the same CMD started in the background, for
#                      a part that shares no files with the others;
#   tap_sub_end NAME   waits for it and prints it where tap_sub would
#   tap_collect FILE   the results a part printed into FILE with these
#                      functions in a subshell run beside this one, counted
#                      here in order (its own numbers are dropped), and its
#                      other lines as they were: results at this level,
#                      where tap_sub_start's become a NAME's subtests, and
#                      the part keeps set -e (a CMD of tap_sub's runs in an
#                      if, which turns it off)
#   tap_end SUITE      the plan and the totals; status 0 when none failed
#   tap_has [-F] [-x] NAME PATTERN FILE...  NAME passes when a line of the
#                      FILEs matches PATTERN, an extended regular expression
#                      (-F: a string as it is; -x: the whole line)
#   tap_status [-F] [-x] NAME WANT GOT [PATTERN FILE...]  the verdict on a
#                      command that ended with status GOT: NAME passes when
#                      GOT is WANT (a number, or !0: any but 0) and,
#                      given PATTERN, tap_has's check passes
#   A failure of either is NAME and its first reason, "(status 1, want 2)"
#   or "(no line matches 'PATTERN')", then the last lines of the FILEs (fail
#   shows $work/out and $work/err). Like pass and fail they return 0, for
#   runners under set -e.
#
# Name filter: KVER_T (make T=..., tests/run.sh NAME) is a shell glob
# matched anywhere in a test's name, *$KVER_T*; a plain word is a
# substring. Results whose name does not match are not printed or counted,
# and a test calls tap_want first where it can, so that it does not run at
# all. tap_sub runs the whole of a part whose own name matches. A suite in
# which nothing matched says so; it fails unless it runs inside another
# suite (KVER_T_NESTED=1), which judges the whole.
tap_npass=0
tap_nfail=0
tap_nskip=0
echo "KTAP version 1"

tap_want() {
	[ -z "${KVER_T:-}" ] && return 0
	# shellcheck disable=SC2254 # KVER_T is a glob on purpose
	case $1 in *$KVER_T*) return 0 ;; esac
	return 1
}
# tap_want_any FILE: true when a name of FILE (one a line) passes the filter.
tap_want_any() {
	while IFS= read -r tap_wn; do
		if tap_want "$tap_wn"; then return 0; fi
	done <"$1"
	return 1
}
# tap_line ok|not ok NAME [DIRECTIVE]: one result line, unfiltered.
tap_line() {
	tap_n=$((tap_npass + tap_nfail + tap_nskip + 1))
	case $1 in
	ok) tap_npass=$((tap_npass + 1)) ;;
	skip) tap_nskip=$((tap_nskip + 1)) ;;
	*) tap_nfail=$((tap_nfail + 1)) ;;
	esac
	case $1 in
	skip) echo "ok $tap_n $2 # SKIP $3" ;;
	*) echo "$1 $tap_n $2" ;;
	esac
}
pass() {
	tap_want "$*" || return 0
	tap_line ok "$*"
}
fail() {
	tap_want "$*" || return 0
	tap_line "not ok" "$*"
	# shellcheck disable=SC2154 # $work is the test's own
	[ -z "${work:-}" ] || sed 's/^/# /' "$work/out" "$work/err" 2>/dev/null | tail -n 20
}
skip() {
	tap_want "$1" || return 0
	tap_line skip "$1" "$2"
}
# tap_opts ARG: ARG is an option of tap_has's, added to tap_o (grep's
# options: -E unless -F).
tap_opts() {
	case $1 in
	-F) tap_o=${tap_o#-E} ;;
	-x) ;;
	*) return 1 ;;
	esac
	tap_o="$tap_o $1"
}
# tap_show FILE...: a failure's diagnostics, the last lines of the FILEs
# but $work/out and $work/err, which fail shows.
tap_show() {
	for tap_f; do
		case $tap_f in
		"${work:-}/out" | "${work:-}/err") ;;
		*) sed 's/^/# /' "$tap_f" 2>/dev/null | tail -n 20 ;;
		esac
	done
}
tap_has() {
	tap_o=-E
	while tap_opts "$1"; do shift; done
	tap_want "$1" || return 0
	tap_hn=$1 tap_hp=$2
	shift 2
	# shellcheck disable=SC2086 # $tap_o is options or nothing
	if grep -q $tap_o -- "$tap_hp" "$@" 2>/dev/null; then
		pass "$tap_hn"
		return 0
	fi
	fail "$tap_hn (no line matches '$tap_hp')"
	tap_show "$@"
}
tap_status() {
	tap_o=-E
	while tap_opts "$1"; do shift; done
	tap_want "$1" || return 0
	case $2 in
	'!0') [ "$3" != 0 ] ;;
	*) [ "$3" = "$2" ] ;;
	esac || {
		tap_w=$2
		[ "$2" != '!0' ] || tap_w='not 0'
		fail "$1 (status $3, want $tap_w)"
		[ $# -lt 5 ] || (shift 4 && tap_show "$@")
		return 0
	}
	if [ $# -lt 4 ]; then
		pass "$1"
		return 0
	fi
	tap_sn=$1
	shift 3
	# shellcheck disable=SC2086 # $tap_o is options or nothing
	tap_has ${tap_o#-E} "$tap_sn" "$@"
}
# tap_sub_run NAME LOG CMD...: CMD with NAME's filter, its KTAP into LOG
# and its exit status into LOG.rc.
tap_sub_run() {
	tap_f=${KVER_T:-}
	tap_want "$1" && tap_f=
	tap_rl=$2
	shift 2
	if KVER_T=$tap_f KVER_T_NESTED=1 "$@" >"$tap_rl" 2>&1; then echo 0; else echo $?; fi >"$tap_rl.rc"
}
# tap_sub_show NAME LOG: LOG as NAME's subtests, and NAME's result.
tap_sub_show() {
	tap_rc=$(cat "$2.rc")
	tap_f=${KVER_T:-}
	tap_want "$1" && tap_f=
	if [ "$tap_rc" != 0 ] || [ -z "$tap_f" ] || grep -qE '^ *(not )?ok [0-9]' "$2"; then
		sed 's/^/    /' "$2"
		if [ "$tap_rc" = 0 ]; then
			tap_line ok "$1"
		else
			tap_line "not ok" "$1"
		fi
	fi
	rm -f "$2" "$2.rc"
}
tap_sub() {
	tap_log=$(mktemp "${TMPDIR:-/tmp}/kver-tap.XXXXXX")
	tap_name=$1
	shift
	tap_sub_run "$tap_name" "$tap_log" "$@"
	tap_sub_show "$tap_name" "$tap_log"
}
# The background parts: NAME's log and process id, in files of the folder
# tap_bg, made by the first and removed by the last.
tap_bg=
tap_id() { printf '%s' "$1" | cksum | cut -d' ' -f1; }
tap_sub_start() {
	[ -n "$tap_bg" ] || tap_bg=$(mktemp -d "${TMPDIR:-/tmp}/kver-tap-bg.XXXXXX")
	tap_id=$(tap_id "$1")
	tap_name=$1
	shift
	tap_sub_run "$tap_name" "$tap_bg/$tap_id" "$@" &
	echo $! >"$tap_bg/$tap_id.pid"
}
tap_sub_end() {
	tap_id=$(tap_id "$1")
	wait "$(cat "$tap_bg/$tap_id.pid")" || true
	rm -f "$tap_bg/$tap_id.pid"
	tap_sub_show "$1" "$tap_bg/$tap_id"
	if rmdir "$tap_bg" 2>/dev/null; then tap_bg=; fi
}
tap_collect() {
	while IFS= read -r tap_cl; do
		case $tap_cl in
		"ok "[0-9]*" # SKIP "*)
			tap_cn=${tap_cl#ok * }
			tap_line skip "${tap_cn%% # SKIP *}" "${tap_cn#* # SKIP }"
			;;
		"ok "[0-9]*) tap_line ok "${tap_cl#ok * }" ;;
		"not ok "[0-9]*) tap_line "not ok" "${tap_cl#not ok * }" ;;
		*) printf '%s\n' "$tap_cl" ;;
		esac
	done <"$1"
}
tap_end() {
	tap_total=$((tap_npass + tap_nfail + tap_nskip))
	echo "1..$tap_total"
	if [ "$tap_total" = 0 ] && [ -n "${KVER_T:-}" ]; then
		echo "# $1: no test matches '$KVER_T'"
		[ "${KVER_T_NESTED:-}" = 1 ]
		return
	fi
	echo "# $1: $tap_npass passed, $tap_nfail failed, $tap_nskip skipped"
	[ "$tap_nfail" = 0 ]
}
