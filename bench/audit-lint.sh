#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# audit-lint.sh [RUN]: what the lint part of the audit costs, on the module
# sources of an audit run (default: $KVER_CACHE/audit/runs/latest; each
# package's usr/src/NAME-VERSION as it unpacked it), against two public
# yardsticks run over the same folders, one package after the other, one
# core each:
#
#   kver-lint  --format=tsv, as audit/run.sh runs it
#   grep       grep -rlE of the version macros: reading every file once, the
#              floor of any tool that looks at every file
#   spatch     Coccinelle with bench/audit-lint.cocci, kver-lint's
#              kver-sublevel-mask test as a semantic patch (spatch reads
#              only the files that hold its tokens)
#
# Prints each one's seconds and what it found, and the ratios kver-lint/grep
# and kver-lint/spatch; never a timed assertion. The build part is in the
# run's own figures (audit.json's seconds).
set -eu
. "$(dirname -- "$0")/../lab/common.sh"

run=${1:-$KVER_CACHE/audit/runs/latest}
[ -d "$run/pkgs" ] || die "$run is no audit run (no pkgs folder): run make audit first, or name one"
command -v spatch >/dev/null 2>&1 || die "spatch is missing (sh lab/deps.sh installs coccinelle)"
make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
lint=$KVER_TOP/build/bin/kver-lint
cocci=$KVER_TOP/bench/audit-lint.cocci
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The distinct source folders of the run's packages.
for f in "$run"/pkgs/*/facts; do
	root=$(sed -n 's/^root=//p' "$f" | tail -n 1)
	src=$(sed -n 's/^source=//p' "$f" | tail -n 1)
	[ -z "$src" ] || [ ! -d "$root/usr/src/$src" ] || printf '%s %s\n' "$root/usr/src" "$src"
done | sort -u >"$work/dirs"
n=$(wc -l <"$work/dirs")
[ "$n" -gt 0 ] || die "$run: no package with module source"
say "$n module sources of $run"

now() { date +%s.%N; }

# timed NAME COMMAND...: runs COMMAND in every source folder (cd DIR, SRC
# as its last word), its output into $work/NAME.out; prints the seconds.
timed() {
	_name=$1
	shift
	: >"$work/$_name.out"
	_t0=$(now)
	while read -r dir src; do
		(cd "$dir" && "$@" "$src") >>"$work/$_name.out" 2>/dev/null || true
	done <"$work/dirs"
	echo "$(now) $_t0" | awk '{ printf "%.2f\n", $1 - $2 }'
}

t_lint=$(timed lint nice -n 10 "$lint" --format=tsv)
t_grep=$(timed grep nice -n 10 grep -rlE --include='*.[ch]' 'LINUX_VERSION_CODE|KERNEL_VERSION')
t_cocci=$(timed cocci nice -n 10 spatch --sp-file "$cocci" --very-quiet --no-includes --include-headers -j 1 --dir)
f_lint=$(grep -vc '^#' "$work/lint.out" || true)
f_grep=$(grep -c . "$work/grep.out" || true)
f_cocci=$(grep -c '^@@' "$work/cocci.out" || true)

printf '%-10s %9s  %s\n' tool seconds found
printf '%-10s %9s  %s findings\n' kver-lint "$t_lint" "$f_lint"
printf '%-10s %9s  %s files naming a version macro\n' grep "$t_grep" "$f_grep"
printf '%-10s %9s  %s places\n' spatch "$t_cocci" "$f_cocci"
echo "$t_lint $t_grep $t_cocci" | awk '{
	printf "ratios: kver-lint/grep %.2f, kver-lint/spatch %.2f\n", $1 / ($2 > 0 ? $2 : 0.01), $1 / ($3 > 0 ? $3 : 0.01) }'
