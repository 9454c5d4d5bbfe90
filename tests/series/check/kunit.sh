# shellcheck shell=sh disable=SC2154 # top, tree, kunit, src, work, log, jobs: check-series.sh's; cc: kbuild.sh's
# kunit.sh, sourced by check-series.sh; with --kunit, the series' KUnit
# suite under kunit.py at SUBLEVEL 300, on x86_64 and UML with the series,
# and on x86_64 with the clamp removed, where it must fail.

# kunit_run NAME ARCH: kunit.py run of the series' suite at SUBLEVEL 300 for
# ARCH (x86_64 in QEMU, or um, kunit.py's own default) in a build folder
# of its own (kept between runs: only the first builds the whole kernel);
# the console log it keeps is left in $log/kunit-NAME.log.
kunit_run() {
	_b=$work/kunit-$2
	rm -f "$_b/test.log"
	_start=$(date +%s)
	_rc=0
	(cd "$src" && PYTHONDONTWRITEBYTECODE=1 nice -n 10 python3 tools/testing/kunit/kunit.py run \
		--arch="$2" --kunitconfig="$kc" --build_dir="$_b" --jobs="$jobs" \
		--make_options CC="$cc" --make_options SUBLEVEL=300) >"$log/kunit.py-$1" 2>&1 || _rc=$?
	[ -f "$_b/test.log" ] || die "kunit.py ($1) left no test.log (log: $log/kunit.py-$1)"
	cp "$_b/test.log" "$log/kunit-$1.log"
	kunit_took=$(($(date +%s) - _start))
	return "$_rc"
}
if [ "$kunit" = 1 ] && ! grep -q -- '--kunitconfig' "$src/tools/testing/kunit/kunit_kernel.py" "$src/tools/testing/kunit/kunit.py" 2>/dev/null; then
	say "--   kunit.py: this tree's kunit.py has no --kunitconfig and runs only on UML (tests/series/fail-on-broken.sh runs the suite in the lab's boots)"
elif [ "$kunit" = 1 ]; then
	# The suite's own .kunitconfig, in the folder of the test it names.
	kc=$(cd "$src" && find . -path ./tools -prune -o -name .kunitconfig \
		-exec grep -l '^CONFIG_LINUX_VERSION_KUNIT_TEST=y' {} + | head -n 1)
	[ -n "$kc" ] || die "no .kunitconfig of the series enables CONFIG_LINUX_VERSION_KUNIT_TEST"
	kc=$(dirname "${kc#./}")
	say "kunit.py run --arch=x86_64 --kunitconfig=$kc at SUBLEVEL=300 (the first run builds its kernel: minutes)"
	make -s -C "$top" tools >/dev/null || die "building kver-lab failed"
	kl=$top/build/lab/kver-lab
	for arch in x86_64 um; do
		kunit_run "$arch" "$arch" || die "kunit.py run --arch=$arch fails on the tree with the series (log: $log/kunit.py-$arch)"
		sum=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log/kunit.py-$arch" | tail -n 1 | sed 's/^.*Testing/Testing/')
		line=$("$kl" ktap --test linux_version "$log/kunit-$arch.log") ||
			die "kunit.py --arch=$arch on the tree with the series: $line"
		# On UML the vDSO case has no images to read: a skip, not a pass.
		want=0
		[ "$arch" = x86_64 ] || want=3
		rc=0
		vline=$("$kl" ktap --test vdso_note_test "$log/kunit-$arch.log") || rc=$?
		[ "$rc" = "$want" ] || die "kunit.py --arch=$arch: vdso_note_test: $vline"
		say "ok   kunit.py --arch=$arch with the series: $sum in $kunit_took s; kver-lab ktap: $line"
	done
	# The same with the clamp removed: the suite must fail, each case.
	unfixed=$top/patches/variants/unfixed/$tree
	list=$(series_patches "$unfixed") || exit 1
	for p in $list; do
		patch -p1 --batch --forward --quiet -d "$src" <"$unfixed/$p" >/dev/null ||
			die "patches/variants/unfixed/$tree/$p does not apply on top of the series"
	done
	kunit_run unfixed x86_64 && die "kunit.py run passes with the clamp removed (log: $log/kunit.py-unfixed)"
	for t in linux_version linux_version_code_test kernel_version_test vdso_note_test; do
		rc=0
		line=$("$kl" ktap --test "$t" "$log/kunit-unfixed.log") || rc=$?
		[ "$rc" = 1 ] || die "kunit.py with the clamp removed: $t does not fail: $line"
	done
	say "ok   kunit.py with the clamp removed fails in $kunit_took s: $("$kl" ktap --test linux_version "$log/kunit-unfixed.log" || true)"
	git -C "$src" checkout -q -- .
fi
