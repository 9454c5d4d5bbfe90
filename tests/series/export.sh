#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../../lab
# export.sh --author "Name <address>" [--linux DIR] [--out DIR]
#
# Writes the kver series' postings (patches/v3/SERIES/) in the form to send
# with git send-email: one folder per series under DIR (default
# build/series-export), each with its cover letter and patches, the author
# in From: and Signed-off-by: (a person signs; the committed drafts carry
# no sign-off), To: and Cc: from scripts/get_maintainer.pl run in the
# kernel tree the series goes to: DIR given with --linux (a linux-next or
# subsystem checkout), by default the lab's copy of the tree the series
# was made on (patches/v3/SERIES/base). A patch's "also:" paths in its
# cover letter add their maintainers to its Cc:.
#
# Then, for each series:  git send-email DIR/SERIES/*.patch
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
. "$KVER_TOP/lab/common.sh"

usage() {
	echo "usage: ${0##*/} --author \"Name <address>\" [--linux DIR] [--out DIR]"
}
author=
has_author=
linux=
out=$KVER_TOP/build/series-export
while [ $# -gt 0 ]; do
	case $1 in
	--author | --linux | --out)
		[ $# -ge 2 ] || { usage >&2; die "$1 needs a value"; }
		case $1 in
		--author) author=$2; has_author=1 ;;
		--linux) linux=$2 ;;
		--out) out=$2 ;;
		esac
		shift 2
		;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; die "unknown argument $1" ;;
	esac
done
[ -n "$has_author" ] || die "AUTHOR is missing: make series-export AUTHOR=\"Your Name <your address>\" (the person who signs the patches)"
make -s -C "$KVER_TOP" tools >/dev/null || die "building kver-lab failed"
kl=$KVER_TOP/build/lab/kver-lab
# The author first: nothing is written for a bad one.
"$kl" mail --author "$author" --check || exit 2
if [ -n "$linux" ]; then
	if [ ! -f "$linux/scripts/get_maintainer.pl" ] || [ ! -f "$linux/MAINTAINERS" ]; then
		die "--linux $linux is not a kernel tree (no scripts/get_maintainer.pl and MAINTAINERS)"
	fi
	linux=$(CDPATH='' cd -- "$linux" && pwd)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
for d in "$KVER_TOP"/patches/v3/*/; do
	d=${d%/}
	s=${d##*/}
	cover=$d/0000-cover-letter.patch
	[ -f "$cover" ] || die "$d has no 0000-cover-letter.patch"
	tree=$linux
	if [ -z "$tree" ]; then
		base=$(cat "$d/base" 2>/dev/null) || die "$d has no base file naming its tree"
		tree=$(pristine_dir "$base")
		[ -f "$tree/scripts/get_maintainer.pl" ] ||
			die "no $base tree at $tree for get_maintainer.pl (run lab/fetch.sh $base, or give --linux DIR)"
	fi
	rm -rf "${out:?}/$s"
	mkdir -p "$out/$s"
	: >"$tmp/all"
	for p in "$d"/0*.patch; do
		name=${p##*/}
		[ "$name" != 0000-cover-letter.patch ] || continue
		num=${name%%-*}
		(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback "$p") >"$tmp/r" 2>"$tmp/err" ||
			die "$s/$name: scripts/get_maintainer.pl fails: $(head -n 1 "$tmp/err")"
		also=$(sed -n "/^$num /,/^\$/s/^  also: //p" "$cover")
		if [ -n "$also" ]; then
			# shellcheck disable=SC2086 # one word per path
			(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback -f $also) 2>"$tmp/err" |
				sed 's/ (.*)$/ (also)/' >>"$tmp/r" ||
				die "$s/$name: scripts/get_maintainer.pl -f $also fails: $(head -n 1 "$tmp/err")"
		fi
		"$kl" mail --author "$author" --recipients "$tmp/r" "$p" >"$out/$s/$name" || exit 2
		cat "$tmp/r" >>"$tmp/all"
		n=$((n + 1))
	done
	"$kl" mail --author "$author" --recipients "$tmp/all" --cover "$cover" >"$out/$s/0000-cover-letter.patch" ||
		exit 2
	say "$s: $(find "$out/$s" -name '*.patch' | wc -l) files in $out/$s (get_maintainer.pl of $tree)"
done
[ "$n" -gt 0 ] || die "no patch in $KVER_TOP/patches/v3/"
say "send each series with: git send-email $out/SERIES/*.patch"
