#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../../lab
# history.sh GITDIR [TREE_DIR=GIT_DIR] PATCH...: part of check-series.sh
# --history. Each patch's subject prefix must be one that git log shows
# for a file it touches, in GITDIR (see below). Results on stdout, one line
# a patch; a prefix that is not there stops it with one line on stderr.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../lab/common.sh
. "$KVER_TOP/lab/common.sh"
[ $# -ge 2 ] || die "usage: history.sh GITDIR [TREE_DIR=GIT_DIR] PATCH..."
history=$1
shift
hmap=
case $1 in *=*) hmap=$1; shift ;; esac
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
say() {
	printf '%s\n' "$*"
}

# With --history GITDIR (a git directory with the history of the tree's
# files, such as a mainline clone; --history-path TREE_DIR=GIT_DIR when it
# holds only one folder of the tree under another name, as libbpf's GitHub
# mirror holds tools/lib/bpf as src): each patch's subject prefix, the
# subject up to its last ": ", must be the prefix of one of the last
# KVER_HISTORY_DEPTH (10) commits of one of the files it touches; for a new
# file, of the nearest folder above it with history. A patch none of whose
# files has history there is named, not failed.
# history_path FILE: FILE's path in GITDIR, or status 1 outside it.
history_path() {
	if [ -z "$hmap" ]; then
		printf '%s\n' "$1"
		return 0
	fi
	case $1 in
	"${hmap%%=*}"/*) printf '%s/%s\n' "${hmap#*=}" "${1#"${hmap%%=*}"/}" ;;
	*) return 1 ;;
	esac
}
# prefixes PATH: the subject prefixes of PATH's last commits, one a line.
prefixes() {
	git --git-dir="$history" log --no-merges --format=%s -n "${KVER_HISTORY_DEPTH:-10}" -- "$1" |
		sed -n 's/^\(.*\): .*$/\1/p' | sort -u
}
if [ -n "$history" ]; then
	hroot=.
	[ -z "$hmap" ] || hroot=${hmap#*=}
	for p in "$@"; do
		subj=$(git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p')
		want=$(printf '%s\n' "$subj" | sed -n 's/^\(.*\): .*$/\1/p')
		[ -n "$want" ] || die "$p: the subject '$subj' has no prefix"
		covered=
		match=
		while IFS= read -r f; do
			g=$(history_path "$f") || continue
			have=
			while [ "$g" != "$hroot" ] && [ "$g" != . ]; do
				have=$(prefixes "$g")
				[ -z "$have" ] || break
				g=$(dirname -- "$g")
			done
			[ -n "$have" ] || continue
			covered="$covered $g"
			if printf '%s\n' "$have" | grep -qxF -- "$want"; then
				match=$g
				break
			fi
			seen_prefixes="${seen_prefixes:-}$(printf '%s\n' "$have" | sed "s|^|$g: |")
"
		done <<EOF
$(sed -n 's|^+++ b/||p' "$p")
EOF
		if [ -n "$match" ]; then
			say "ok   ${p##*/}: subject prefix '$want' is in git log of $match"
		elif [ -z "$covered" ]; then
			say "--   ${p##*/}: subject prefix '$want' not checked: no history of its files in $history"
		else
			printf '%s' "${seen_prefixes:-}" >"$log/prefixes"
			die "${p##*/}: subject prefix '$want' is not among the last ${KVER_HISTORY_DEPTH:-10} prefixes of$covered (they were: $(tr '\n' ';' <"$log/prefixes"))"
		fi
		seen_prefixes=
	done
fi

