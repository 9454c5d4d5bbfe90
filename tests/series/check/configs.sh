# shellcheck shell=sh disable=SC2154 # build, jobs, sdir, src, work, log, patches: check-series.sh's
# configs.sh, sourced by check-series.sh; with --build, the tree with its
# series in the configurations that reach the KUnit test's #ifs, and the
# x32 build shown to catch v2's guard.

# The configurations that reach the KUnit test's #ifs, as the build bots
# would try them: x32 without IA32 emulation (only vdso_image_64 and
# vdso_image_x32 exist), then in the same folder the test as a module (its
# vDSO case compiled out), and IA32 emulation (vdso_image_32). Every other
# patch of the series touches only Documentation/ and tools/, so the tree
# with the whole series builds what the KUnit patch alone builds; that is
# checked first.
if [ "$build" = 1 ]; then
	for p in $patches; do
		sed -n 's|^+++ b/||p' "$sdir/$p" | grep -q '^init/tests/' && continue
		other=$(sed -n 's|^+++ b/||p' "$sdir/$p" | grep -v '^\(Documentation\|tools\)/' | head -n 1)
		[ -z "$other" ] || die "$(pname "$p"): touches $other, outside Documentation/ and tools/: build it alone"
	done
	x32=X86_X32_ABI
	grep -qs '^config X86_X32_ABI$' "$src/arch/x86/Kconfig" || x32=X86_X32
	printf 'CONFIG_%s=y\n# CONFIG_IA32_EMULATION is not set\n' "$x32" >"$work/x32.config"
	printf 'CONFIG_LINUX_VERSION_KUNIT_TEST=m\n' >"$work/module.config"
	printf 'CONFIG_IA32_EMULATION=y\n# CONFIG_%s is not set\n' "$x32" >"$work/ia32.config"
	kt=$src/init/tests/linux_version_kunit.c
	for c in x32 v2-guard x32+module ia32; do
		start=$(date +%s)
		case $c in
		x32 | v2-guard) o=$work/build-x32; frags=$work/x32.config ;;
		x32+module) o=$work/build-x32; frags="$work/x32.config $work/module.config" ;;
		ia32) o=$work/build-ia32; frags=$work/ia32.config ;;
		esac
		# shellcheck disable=SC2086 # one word per fragment
		out=$(configure "$o" $frags) || die "the $c configuration fails: $out"
		if [ "$c" = v2-guard ]; then
			# The x32 build can fail: with v2's guard of vdso_image_32
			# (CONFIG_COMPAT, which x32 alone turns on) it must not link.
			cp -p "$kt" "$work/kunit.c.orig"
			sed -i 's/defined(CONFIG_X86_32) || defined(CONFIG_IA32_EMULATION)/defined(CONFIG_X86_32) || defined(CONFIG_COMPAT)/' "$kt"
			rc=0
			kmake "$o" -j"$jobs" bzImage >"$log/build-$c" 2>&1 || rc=$?
			cp -p "$work/kunit.c.orig" "$kt"
			touch "$kt"
			if [ "$rc" = 0 ] || ! grep -q "undefined reference to .vdso_image_32" "$log/build-$c"; then
				die "with v2's guard the x32 kernel should not link (status $rc, log: $log/build-$c)"
			fi
			say "ok   the x32 build catches v2's guard: $(grep -m1 -o "undefined reference to .vdso_image_32." "$log/build-$c") in $(($(date +%s) - start)) s"
			continue
		fi
		kmake "$o" -j"$jobs" bzImage modules >"$log/build-$c" 2>&1 ||
			die "the series does not build with $c (log: $log/build-$c)"
		say "ok   built with $c ($(grep -E '^(# )?CONFIG_(X86_X32_ABI|X86_X32|IA32_EMULATION|LINUX_VERSION_KUNIT_TEST)[= ]' "$o/.config" | sed 's/^# \(CONFIG_[A-Z0-9_]*\) is not set/\1=n/' | tr '\n' ' ')) in $(($(date +%s) - start)) s"
	done
fi
