#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../../lab
# covers.sh SRC POSTING_DIR...: part of check-series.sh. SRC is the
# kernel tree whose scripts/get_maintainer.pl and MAINTAINERS are asked.
# Results on stdout, one line a posting; a difference stops it with one
# line on stderr.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../lab/common.sh
. "$KVER_TOP/lab/common.sh"
[ $# -ge 2 ] || die "usage: covers.sh SRC POSTING_DIR..."
src=$1
shift
say() {
	printf '%s\n' "$*"
}

# A posting's cover letter lists, for each patch, the recipients that
# scripts/get_maintainer.pl gives for it ("  to: ..." lines after the line
# that starts with the patch's number) and for the paths of its "also:"
# line ("  cc: ...", less those already in "to:"); they must be the same.
gm() {
	(cd "$src" && scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats "$@" 2>/dev/null)
}
for d in "$@"; do
	# get_maintainer.pl runs in SRC: the posting's path made absolute.
	[ -d "$d" ] || die "$d: no such posting folder"
	d=$(CDPATH='' cd -- "$d" && pwd)
	cover=$d/0000-cover-letter.patch
	[ -f "$cover" ] || die "${d##*/}: no 0000-cover-letter.patch"
	for p in "$d"/0*.patch; do
		num=${p##*/}
		num=${num%%-*}
		[ "$num" != 0000 ] || continue
		block=$(sed -n "/^$num /,/^\$/p" "$cover")
		[ -n "$block" ] || die "${d##*/}/$num: the cover letter has no recipients for it"
		want=$(gm "$p") || die "${d##*/}/$num: scripts/get_maintainer.pl fails"
		have=$(printf '%s\n' "$block" | sed -n 's/^  to: //p')
		[ "$(printf '%s\n' "$want" | sort)" = "$(printf '%s\n' "$have" | sort)" ] ||
			die "${d##*/}/$num: the cover letter's to: differ from get_maintainer.pl's: $(printf '%s\n' "$want" | tr '\n' ';')"
		also=$(printf '%s\n' "$block" | sed -n 's/^  also: //p')
		want=
		# shellcheck disable=SC2086 # one word per path
		[ -z "$also" ] || want=$(gm -f $also | grep -vxF "$have") ||
			true
		have=$(printf '%s\n' "$block" | sed -n 's/^  cc: //p')
		[ "$(printf '%s\n' "$want" | sort)" = "$(printf '%s\n' "$have" | sort)" ] ||
			die "${d##*/}/$num: the cover letter's cc: differ from get_maintainer.pl -f $also: $(printf '%s\n' "$want" | tr '\n' ';')"
	done
	say "ok   ${d##*/}: the cover letter's recipients are get_maintainer.pl's"
done
