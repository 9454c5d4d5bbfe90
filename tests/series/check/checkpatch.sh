# shellcheck shell=sh disable=SC2154 # here, tree, pristine, sdir, src, work, patches: check-series.sh's
# checkpatch.sh, sourced by check-series.sh after send-email.sh: what
# scripts/checkpatch.pl --strict reports of each patch, from the pristine
# and from the patched tree, against what tests/series/checkpatch-kept
# keeps.

# checkpatch: the pristine tree's and the patched tree's. checkpatch writes
# a cache file into the tree it runs in, so the pristine one runs in a
# hard-link copy (new files there leave the pristine tree alone).
rm -rf "$work/pristine"
with_lock "$tree" cp -al "$pristine" "$work/pristine"
kept_file=$here/checkpatch-kept
for p in $patches; do
	name=$(pname "$p")
	file=$sdir/$p
	ignore=UNKNOWN_COMMIT_ID
	case $p in
	../v3/*) s=${p#../v3/}; file=$work/export/${s%%/*}/${p##*/} ;;
	*) ignore=$ignore,MISSING_SIGN_OFF,NO_AUTHOR_SIGN_OFF ;;
	esac
	allowed=$(sed -n "s|^$name:||p" "$kept_file" 2>/dev/null)
	for cp in "$work/pristine" "$src"; do
		out=$(cd "$cp" && scripts/checkpatch.pl --strict --terse --show-types \
			--ignore "$ignore" "$file" 2>&1) || true
		bad=$(printf '%s\n' "$out" | sed -n 's/^[^:]*:[0-9]*: \(ERROR\|WARNING\|CHECK\):\([A-Z_0-9]*\):.*/\1 \2/p' |
			while read -r level type; do
				if [ "$level" = ERROR ]; then
					echo "$level:$type"
					continue
				fi
				case " $allowed " in
				*" $type "*) ;;
				*) echo "$level:$type" ;;
				esac
			done | sort -u | tr '\n' ' ')
		[ -z "$bad" ] || die "$name: scripts/checkpatch.pl --strict of the ${cp##*/} tree reports $bad(run it by hand for details)"
	done
	say "ok   $name: checkpatch --strict$( [ "$file" = "$sdir/$p" ] || echo ' (as exported)')${allowed:+ (kept:$allowed)}"
done
rm -rf "$work/pristine"
