# shellcheck shell=sh disable=SC2154 # top, work: run.sh's; compilers, compat_flags: header.sh's
# Sourced by run.sh after header.sh (the work folder, the compilers and
# the KTAP helpers): tests of
# compat/kver-sublevel.mk, the Kbuild fragment that hands kver_compat.h
# the version Debian's headers carry as a string, and of what the header
# does with it.

frag=$top/compat/kver-sublevel.mk
fw=$work/sublevel-mk
mkdir -p "$fw"
# A Kbuild file in miniature: the fragment, then what it added.
# shellcheck disable=SC2016 # $(ccflags-y) is make's
printf 'ccflags-y := -DEARLIER\ninclude %s\nall:\n\t@echo "$(ccflags-y)"\n' "$frag" >"$fw/Kbuild.mk"

# headers_dir NAME PACKAGE_H COMPILE_H: a headers folder whose generated
# package.h and compile.h hold those lines ('-': no such file).
headers_dir() {
	d=$fw/$1
	rm -rf "$d"
	mkdir -p "$d/include/generated"
	[ "$2" = - ] || printf '%s\n' "$2" >"$d/include/generated/package.h"
	[ "$3" = - ] || printf '%s\n' "/* This file is auto generated, version 1 */" "/* SMP */" \
		'#define UTS_MACHINE "x86_64"' "$3" '#define LINUX_COMPILE_BY "debian-kernel"' \
		>"$d/include/generated/compile.h"
}

# derive NAME WANT [MAKE_ARG...]: the fragment, run in the folder NAME
# (as Kbuild runs it, objtree=.), adds WANT to ccflags-y.
derive() {
	_n=$1
	_want=$2
	shift 2
	name="kver-sublevel.mk: $_n"
	tap_want "$name" || return 0
	got=$(cd "$fw/$_n" && make -s --no-print-directory -f "$fw/Kbuild.mk" objtree=. "$@" 2>&1)
	if [ "$got" = "-DEARLIER${_want:+ $_want}" ]; then
		pass "$name"
	else
		not_ok "$name" "got '$got', want '-DEARLIER${_want:+ $_want}'"
	fi
}

d262="-DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=10 -DKVER_HEADERS_SUBLEVEL=262"
d257="-DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=10 -DKVER_HEADERS_SUBLEVEL=257"
# What linux-headers-5.10.0-46-amd64 and -44 (5.10.262-1, 5.10.257-1) carry.
headers_dir deb262 '#define LINUX_PACKAGE_ID " Debian 5.10.262-1"' \
	'#define UTS_VERSION "#1 SMP Debian 5.10.262-1 (2026-07-31)"'
headers_dir deb257 '#define LINUX_PACKAGE_ID " Debian 5.10.257-1"' \
	'#define UTS_VERSION "#1 SMP Debian 5.10.257-1 (2026-05-27)"'
derive deb262 "$d262"
derive deb257 "$d257"
# Only compile.h: its UTS version.
headers_dir compile-only - '#define UTS_VERSION "#1 SMP Debian 5.10.262-1 (2026-07-31)"'
derive compile-only "$d262"
# Debian 12's 6.12 images name the version in full, with a ~deb12u1 revision.
headers_dir deb12 '#define LINUX_PACKAGE_ID " Debian 6.12.118-1~deb12u1"' \
	'#define UTS_VERSION "#1 SMP PREEMPT_DYNAMIC Debian 6.12.118-1~deb12u1 (2026-11-20)"'
derive deb12 "-DKVER_HEADERS_MAJOR=6 -DKVER_HEADERS_PATCHLEVEL=12 -DKVER_HEADERS_SUBLEVEL=118"
# A package.h without a version: compile.h's.
headers_dir empty-package '#define LINUX_PACKAGE_ID ""' \
	'#define UTS_VERSION "#1 SMP PREEMPT_DYNAMIC Debian 6.1.300-1 (2026-01-01)"'
derive empty-package "-DKVER_HEADERS_MAJOR=6 -DKVER_HEADERS_PATCHLEVEL=1 -DKVER_HEADERS_SUBLEVEL=300"
# A kernel built by hand: neither names a version, nothing is added.
headers_dir own-build '#define LINUX_PACKAGE_ID ""' '#define UTS_VERSION "#1 SMP Sun Dec  7 17:00:00 UTC 2026"'
derive own-build ""
headers_dir no-headers - -
derive no-headers ""
# Half a version is no version.
headers_dir half '#define LINUX_PACKAGE_ID " Debian 5.10-1"' '#define UTS_VERSION "#1 SMP Debian 5.10 (2026-07-31)"'
derive half ""
# Given on make's command line, the numbers win over the headers'.
headers_dir command-line '#define LINUX_PACKAGE_ID " Debian 5.10.257-1"' -
derive command-line "-DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=10 -DKVER_HEADERS_SUBLEVEL=300" \
	KVER_HEADERS_MAJOR=5 KVER_HEADERS_PATCHLEVEL=10 KVER_HEADERS_SUBLEVEL=300

# The question the fragment is for: KVER_AT_LEAST(5, 10, 258) on Debian
# 11's headers (clamped code 5.10.255, no LINUX_VERSION_SUBLEVEL) is false
# at 257 and true at 262 with the fragment's flags; without them the
# header refuses to answer.
mkdir -p "$fw/v510/linux"
printf '%s\n' '#define LINUX_VERSION_CODE 330495' \
	'#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))' \
	>"$fw/v510/linux/version.h"
cat >"$fw/at258.c" <<'EOF_C'
#include <stdio.h>
#include "kver_compat.h"
#if KVER_AT_LEAST(5, 10, 258)
#define IF_258 1
#else
#define IF_258 0
#endif
int main(void)
{
	printf("%d %d %d\n", IF_258, KVER_AT_LEAST(5, 10, 258), KVER_SUBLEVEL);
	return 0;
}
EOF_C
for cc in $compilers; do
	for case in "deb257:0 0 257" "deb262:1 1 262" "none:refused"; do
		dir=${case%%:*}
		want=${case#*:}
		name="KVER_AT_LEAST(5, 10, 258) on Debian 11's headers, $dir ($cc): $want"
		tap_want "$name" || continue
		flags=
		[ "$dir" = none ] || flags=$(cd "$fw/$dir" && make -s --no-print-directory -f "$fw/Kbuild.mk" objtree=. | sed 's/^-DEARLIER//')
		# shellcheck disable=SC2086 # one word per flag
		if $cc $compat_flags $flags -I"$fw/v510" -I"$top/compat" -o "$fw/at258-$dir-$cc" \
			"$fw/at258.c" >"$fw/at258.log" 2>&1; then
			got=$("$fw/at258-$dir-$cc")
		elif grep -q kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL \
			"$fw/at258.log"; then
			got=refused
		else
			got="no build: $(head -n 3 "$fw/at258.log")"
		fi
		if [ "$got" = "$want" ]; then pass "$name"; else not_ok "$name" "got $got"; fi
	done
done

# Numbers that are not what the code encodes stop the build, named.
for cc in $compilers; do
	for flags in "-DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=10 -DKVER_HEADERS_SUBLEVEL=200" \
		"-DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=11 -DKVER_HEADERS_SUBLEVEL=262" \
		"-DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=10 -DKVER_HEADERS_SUBLEVEL=254" \
		"-DKVER_HEADERS_SUBLEVEL=262"; do
		name="kver_compat.h refuses numbers the code does not encode: $flags ($cc)"
		tap_want "$name" || continue
		# shellcheck disable=SC2086 # one word per flag
		if $cc $compat_flags $flags -I"$fw/v510" -I"$top/compat" -o "$fw/bad" "$fw/at258.c" \
			>"$fw/bad.log" 2>&1; then
			not_ok "$name" "compiled"
		elif grep -q 'kver_compat.h: KVER_HEADERS_' "$fw/bad.log"; then
			pass "$name"
		else
			not_ok "$name" "refused without naming the reason: $(head -n 3 "$fw/bad.log")"
		fi
	done
done
