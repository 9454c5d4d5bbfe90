# shellcheck shell=sh disable=SC2154 # top, sdir, patches, postings, draft_from: check-series.sh's
# drafts.sh, sourced by check-series.sh: no committed patch is signed; a
# person signs at export (make series-export).

# Every committed patch is an unsigned draft.
for p in $patches; do
	grep -q '^Signed-off-by:' "$sdir/$p" && die "$(pname "$p"): carries a Signed-off-by: a person signs, at export"
	[ "$(sed -n 's/^From: //p' "$sdir/$p" | head -n 1)" = "$draft_from" ] ||
		die "$(pname "$p"): its author is not the draft identity '$draft_from'"
done
for d in $postings; do
	for p in "$d"/0*.patch; do
		grep -q '^ *UNSIGNED DRAFT' "$p" || die "${p#"$top"/patches/}: does not say that it is an unsigned draft"
	done
done
say "ok   every patch is an unsigned draft"
