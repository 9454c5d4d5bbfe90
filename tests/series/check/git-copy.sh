# shellcheck shell=sh disable=SC2154 # tree, pristine, work, src: check-series.sh's
# git-copy.sh, sourced by check-series.sh: its git copy of the pristine
# tree, ready at the commit "pristine" on the branch "series".

# A git copy of the pristine tree, kept between runs (a fresh one takes
# minutes: a copy and git add of the whole tree): made once per pristine
# tree, then reset to its pristine commit, which rewrites only the files
# the last run changed.
stamp=$(cat "$pristine/.kver-tree" 2>/dev/null || echo none)
if [ -d "$src/.git" ] && [ "$(cat "$work/src.stamp" 2>/dev/null)" = "$stamp" ] &&
	git -C "$src" rev-parse -q --verify pristine >/dev/null; then
	say "resetting $src to the pristine tree"
	git -C "$src" am --abort >/dev/null 2>&1 || true
	git -C "$src" checkout -q -f -B series pristine
	git -C "$src" clean -q -f -d -x
	git -C "$src" for-each-ref --format='%(refname:short)' refs/heads/alone-\* |
		while read -r b; do git -C "$src" branch -q -D "$b"; done
else
	say "copying $pristine to $src"
	rm -rf "$src" "$work/src.stamp"
	# Under the tree's lock: lab/fetch.sh replaces the pristine tree.
	with_lock "$tree" cp -a "$pristine" "$src"
	chmod -R u+w "$src"
	rm -f "$src/.kver-tree"
	git -C "$src" init -q
	git -C "$src" config user.name "kver check"
	git -C "$src" config user.email kver@example.org
	git -C "$src" config gc.auto 0
	# Debian's top-level .gitignore ignores everything.
	git -C "$src" add -A -f .
	git -C "$src" commit -q -m pristine
	git -C "$src" tag pristine
	git -C "$src" checkout -q -b series
	echo "$stamp" >"$work/src.stamp"
fi
