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
# checkpatch judges an SPDX tag with scripts/spdxcheck.py, run by the
# python3 (5.10's: python) on PATH, in a git tree; when that script cannot
# run (no ply or git module), checkpatch takes every licence as valid
# without a word. The python is Debian's (python3-ply, python3-git), and the
# judge is shown to refuse a licence the kernel lacks before it counts; the
# pristine copy is no git tree, so the patched one's run is the judged one.
mkdir -p "$work/bin"
ln -sf /usr/bin/python3 "$work/bin/python3"
ln -sf /usr/bin/python3 "$work/bin/python"
debian_path=$work/bin:$PATH
spdx_judges() {
	(cd "$src" && printf 'SPDX-License-Identifier: %s\n' "$1" | PATH=$debian_path scripts/spdxcheck.py - 2>&1)
}
said=$(spdx_judges Not-A-Licence-1.0)
case $said in
*"Invalid License ID: Not-A-Licence-1.0"*) ;;
*) die "scripts/spdxcheck.py cannot judge a licence in $src ($(printf '%s\n' "$said" | tail -n 1)): checkpatch would skip its SPDX check" ;;
esac
[ -z "$(spdx_judges GPL-2.0)" ] || die "scripts/spdxcheck.py refuses GPL-2.0 in $src: $(spdx_judges GPL-2.0 | tail -n 1)"
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
		out=$(cd "$cp" && PATH=$debian_path scripts/checkpatch.pl --strict --terse --show-types \
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
