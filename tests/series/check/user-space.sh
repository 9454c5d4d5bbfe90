# shellcheck shell=sh disable=SC2154 # sdir, src, obj, log: check-series.sh's
# user-space.sh, sourced by check-series.sh: build_tools, the user-space
# parts a patch touches, built after it with their own Makefiles (apply.sh
# runs it with --build).

# User-space parts that a patch touches, built as their own makefiles do.
build_tools() {
	_p=$1
	_l=$log/$(basename "$_p")
	_files=$(sed -n 's|^+++ b/||p' "$sdir/$_p")
	if printf '%s\n' "$_files" | grep -q '^tools/lib/bpf/'; then
		rm -rf "$obj/libbpf"
		mkdir -p "$obj/libbpf"
		make -s -C "$src/tools/lib/bpf" OUTPUT="$obj/libbpf/" "$obj/libbpf/libbpf.a" \
			>"$_l.libbpf" 2>&1 || return 1
	fi
	if printf '%s\n' "$_files" | grep -q '^tools/perf/util/util\.c$'; then
		# perf's warning flags (tools/scripts/Makefile.include) with -Werror.
		_w=$(sed -n 's/^EXTRA_WARNINGS +\{0,1\}:\{0,1\}= *//p' "$src/tools/scripts/Makefile.include" | tr '\n' ' ')
		_t=$src/tools
		# shellcheck disable=SC2086 # $_w is a list of flags
		cc -c -O2 -Wall -Werror -Wshadow $_w -D_GNU_SOURCE \
			-DHAVE_SCANDIRAT_SUPPORT -DHAVE_SCHED_GETCPU_SUPPORT \
			-I"$_t/perf" -I"$_t/perf/util" -I"$_t/perf/include" -I"$_t/lib/perf/include" \
			-I"$_t/lib" -I"$_t/include" -I"$_t/arch/x86/include" \
			-I"$_t/arch/x86/include/uapi" -I"$_t/include/uapi" \
			"$_t/perf/util/util.c" -o "$obj/perf-util.o" >"$_l.perf" 2>&1 || return 1
	fi
	if printf '%s\n' "$_files" | grep -q '^tools/testing/selftests/'; then
		rm -rf "$obj/hdr"
		kmake "$obj" INSTALL_HDR_PATH="$obj/hdr" headers_install >"$_l.headers" 2>&1 || return 1
	fi
	# Each selftest folder the patch touches, with its own Makefile (every
	# program: the vDSO folder's vdso_standalone_test_x86 links its
	# parse_vdso.c with -nostdlib).
	for _d in $(printf '%s\n' "$_files" | sed -n 's|^tools/testing/selftests/\([^/]*\)/.*|\1|p' | sort -u); do
		rm -rf "$obj/selftests-$_d"
		mkdir -p "$obj/selftests-$_d"
		make -s -C "$src/tools/testing/selftests/$_d" OUTPUT="$obj/selftests-$_d" \
			KHDR_INCLUDES="-isystem $obj/hdr/include" >"$_l.selftests-$_d" 2>&1 || return 1
		[ -n "$(find "$obj/selftests-$_d" -maxdepth 1 -type f -perm -u+x)" ] || return 1
		# The vDSO folder's build can fail: with v2's memcmp() in
		# parse_vdso.c, vdso_standalone_test_x86 (-nostdlib) must not link.
		# Where the folder builds with -O2 (6.12), gcc expands that
		# memcmp() of a constant length inline and it links: there the
		# program is built again without builtins, where the call stays
		# and finds no memcmp(); the lookup as posted must link both ways.
		_pv=$src/tools/testing/selftests/vDSO/parse_vdso.c
		_st=$obj/selftests-vDSO/vdso_standalone_test_x86
		if [ "$_d" = vDSO ] && grep -q '!strcmp(name, "Linux")' "$_pv"; then
			cp -p "$_pv" "$obj/parse_vdso.c.orig"
			sed -i 's/!strcmp(name, "Linux")/!memcmp(name, "Linux", sizeof("Linux"))/' "$_pv"
			_nb=
			for _cc in gcc "gcc -fno-builtin"; do
				rm -f "$_st"
				_rc=0
				make -s -C "$src/tools/testing/selftests/vDSO" OUTPUT="$obj/selftests-vDSO" \
					CC="$_cc" "$_st" >"$_l.selftests-v2-memcmp" 2>&1 || _rc=$?
				[ "$_rc" = 0 ] || break
				_nb=-fno-builtin
			done
			cp -p "$obj/parse_vdso.c.orig" "$_pv"
			if [ "$_rc" = 0 ] || ! grep -q "undefined reference to .memcmp" "$_l.selftests-v2-memcmp"; then
				return 1
			fi
			make -s -C "$src/tools/testing/selftests/vDSO" OUTPUT="$obj/selftests-vDSO" \
				"$obj/selftests-vDSO/vdso_standalone_test_x86" >>"$_l.selftests-vDSO" 2>&1 || return 1
		fi
	done
	if [ -x "$obj/selftests-version/version_test" ] &&
		printf '%s\n' "$_files" | grep -q '^tools/testing/selftests/version/'; then
		# The test of this step passes on this machine's kernel.
		"$obj/selftests-version/version_test" >>"$_l.selftests-version" 2>&1 || return 1
	fi
	return 0
}
