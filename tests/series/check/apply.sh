# shellcheck shell=sh disable=SC2154 # build, jobs, sdir, src, obj, log, patches: check-series.sh's
# apply.sh, sourced by check-series.sh: the lab's series applies patch by
# patch as the lab applies it and with git am (with --build: the pristine
# tree, then the tree after each patch, builds), and each posting or port
# applies alone to the pristine tree. n: how many patches applied.

if [ "$build" = 1 ]; then
	say "building the pristine tree in $obj (the first build takes minutes)"
	out=$(configure "$obj") || die "the pristine tree: the lab's configuration fails: $out"
	kmake "$obj" -j"$jobs" bzImage >"$log/pristine.build" 2>&1 ||
		die "the pristine tree does not build (log: $log/pristine.build)"
fi

n=0
for p in $patches; do
	n=$((n + 1))
	if ! out=$(patch -p1 --dry-run --batch --forward -d "$src" <"$sdir/$p" 2>&1); then
		die "$(pname "$p"): patch -p1 --dry-run fails: $(printf '%s\n' "$out" | grep -m1 -E 'FAILED|malformed|garbage|can.t find|Reversed' || printf '%s' "$out" | head -n 1)"
	fi
	if ! out=$(git -C "$src" am -q "$sdir/$p" 2>&1); then
		git -C "$src" am --abort >/dev/null 2>&1 || true
		die "$(pname "$p"): git am fails: $(printf '%s\n' "$out" | head -n 1)"
	fi
	line="ok   $(pname "$p"): patch --dry-run, git am"
	if [ "$build" = 1 ]; then
		start=$(date +%s)
		out=$(configure "$obj") || die "$(pname "$p"): the lab's configuration fails: $out"
		kmake "$obj" -j"$jobs" bzImage >"$log/$(basename "$p").build" 2>&1 ||
			die "$(pname "$p"): the kernel does not build after this patch (log: $log/$(basename "$p").build)"
		build_tools "$p" ||
			die "$(pname "$p"): a user-space part it touches does not build (logs: $log/$(basename "$p").*)"
		line="$line, build $(($(date +%s) - start)) s"
	fi
	say "$line"
done

# Each posting or port applies alone to the pristine tree: they go to
# different trees, and none may need another.
for g in $(for p in $patches; do group "$p"; done | sort -u); do
	git -C "$src" checkout -q -b "alone-$g" pristine
	for p in $patches; do
		[ "$(group "$p")" = "$g" ] || continue
		if ! out=$(git -C "$src" am -q "$sdir/$p" 2>&1); then
			git -C "$src" am --abort >/dev/null 2>&1 || true
			die "$(pname "$p"): does not apply alone to the pristine tree (series $g): $(printf '%s\n' "$out" | head -n 1)"
		fi
	done
	git -C "$src" checkout -q -
done
say "ok   each of $(for p in $patches; do group "$p"; done | sort -u | tr '\n' ' ')applies alone to the pristine tree"
