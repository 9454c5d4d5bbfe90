# shellcheck shell=sh disable=SC2154 # here, top, work, CC: run.sh's
# header.sh: the tests of compat/kver_compat.h, sourced by run.sh after
# kernels.sh (its model): on each kernel of the lists below, the header's
# answers in #if and in C are the true ones with gcc and clang, in gnu11
# and gnu89; a SUBLEVEL above 255 (a constant or a variable) is refused,
# naming the reason, where the full numbers are missing and the code reads
# 5.4.255; and the numbers it names on real kernels' headers.

# Kbuild's -Wundef included: the header must not use undefined names in #if.
warn_flags="-Wall -Wextra -Wundef -Werror"
compat_flags="-std=gnu11 $warn_flags"
# The header must hold for both compilers that build kernels.
compilers=$CC
if command -v clang >/dev/null 2>&1 && [ "$CC" != clang ]; then
	compilers="$compilers clang"
else
	echo "# clang is missing: the header is tested with $CC only"
fi
refuse_name=kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL

# variant M P S STYLE: compile, run and check the answers on one kernel.
variant() {
	v=$work/compat/$4-$1.$2.$3
	version_h "$v" "$@"
	comparisons "$@" >"$v/list"
	answers_c "$v/answers.c" <"$v/list"
	expected "$1" "$2" "$3" "$4" <"$v/list" >"$v/expected"
	for cc in $compilers; do
		for std in gnu11 gnu89; do
			name="compat answers on $4 $1.$2.$3 ($cc -std=$std)"
			tap_want "$name" || continue
			bin=$v/answers-$cc-$std
			# shellcheck disable=SC2086,SC2046 # one word per flag
			if ! $cc -std=$std $warn_flags $(headers_flags "$@") -I"$v" \
				-I"$top/compat" -o "$bin" "$v/answers.c" >"$v/cc.log" 2>&1; then
				not_ok "$name" "$(cat "$v/cc.log")"
			elif ! "$bin" >"$v/got" 2>&1; then
				not_ok "$name" "answers program failed"
			elif ! diff -u "$v/expected" "$v/got" >"$v/diff"; then
				not_ok "$name" "$(printf 'columns: a b c at_if below_if at_c below_c naive\n'; cat "$v/diff")"
			else
				pass "$name"
			fi
		done
	done
	# Full numbers past 255: the naive test must go wrong somewhere.
	if full_numbers "$4" && [ "$3" -ge 255 ]; then
		wrong=$(awk '$4 != $8' "$v/expected" | wc -l)
		if [ "$wrong" -gt 0 ] && cmp -s "$v/expected" "$v/got"; then
			pass "naive test wrong $wrong times on $1.$2.$3, compat never"
		else
			not_ok "naive test wrong on $1.$2.$3" "the naive answers were all right"
		fi
	fi
	# Compiles or is refused, as the numbers available allow: the refused
	# cases compare with 5.4.c, c above 255 (or a variable).
	refused=no
	if ! full_numbers "$4" && [ "$1.$2.$(code_sub "$3" "$4")" = 5.4.255 ]; then
		refused=yes
	fi
	for cc in $compilers; do
		for f in accept-255 accept-above-255 refuse-if refuse-below-if refuse-expr \
			refuse-static; do
			case $f in accept-above-255) full_numbers "$4" || continue ;; esac
			case $f in accept-*) must=no ;; *) must=$refused ;; esac
			for flags in "$compat_flags" "-std=gnu89"; do
				name="compat $f.c on $4 $1.$2.$3 ($cc $flags)"
				tap_want "$name" || continue
				# shellcheck disable=SC2086,SC2046 # one word per flag
				if $cc $flags $(headers_flags "$@") -I"$v" -I"$top/compat" -c -o "$v/$f.o" \
					"$here/compat/$f.c" >"$v/$f.log" 2>&1; then
					case $must in
					no) pass "$name" ;;
					*) not_ok "$name" "compiled, but must be refused" ;;
					esac
				else
					case $must in
					no) not_ok "$name" "$(cat "$v/$f.log")" ;;
					*)
						if grep -q "$refuse_name" "$v/$f.log"; then
							pass "$name"
						else
							not_ok "$name" "refused without naming the reason: $(cat "$v/$f.log")"
						fi
						;;
					esac
				fi
			done
		done
	done
}

# variable M P S STYLE: KVER_AT_LEAST(5, 4, variable) links and answers
# right, or is refused at link time where the kernel reads 5.4.255 without
# the full numbers.
variable() {
	v=$work/compat/$4-$1.$2.$3
	version_h "$v" "$@"
	printf '5 4 101\n5 4 255\n5 4 300\n' | expected "$1" "$2" "$3" "$4" |
		awk '{ printf "%s%s", sep, $4; sep = " " } END { print "" }' >"$v/var.expected"
	for cc in $compilers; do
		name="compat variable-sublevel.c on $4 $1.$2.$3 ($cc)"
		tap_want "$name" || continue
		# shellcheck disable=SC2086,SC2046 # one word per flag
		if $cc $compat_flags $(headers_flags "$@") -I"$v" -I"$top/compat" -o "$v/var-$cc" \
			"$here/compat/variable-sublevel.c" >"$v/var.log" 2>&1; then
			if ! full_numbers "$4" && [ "$1.$2.$(code_sub "$3" "$4")" = 5.4.255 ]; then
				not_ok "$name" "linked, but must be refused"
			elif "$v/var-$cc" >"$v/var.got" 2>&1 && cmp -s "$v/var.expected" "$v/var.got"; then
				pass "$name: answers $(cat "$v/var.got")"
			else
				not_ok "$name" "answers $(cat "$v/var.got"), want $(cat "$v/var.expected")"
			fi
		elif ! full_numbers "$4" && [ "$1.$2.$(code_sub "$3" "$4")" = 5.4.255 ] &&
			grep -q kver_error_SUBLEVEL_is_a_variable "$v/var.log"; then
			pass "$name: refused at link time"
		else
			not_ok "$name" "$(cat "$v/var.log")"
		fi
	done
}

variant 6 1 192 full
variant 6 1 254 full
variant 6 1 255 full
variant 6 1 256 full
variant 6 1 300 full
variant 6 1 65535 full
variant 6 12 300 full
variant 5 4 259 full
variant 5 4 259 clamped
variant 5 4 255 clamped
variant 5 4 254 clamped
variant 4 9 300 clamp49
variant 5 4 300 clamp49
variant 5 4 200 preclamp
variant 5 10 257 headers
variant 5 10 262 headers
variant 5 4 300 headers
variant 5 4 254 headers
variable 5 4 300 full
variable 5 4 259 clamped
variable 5 4 254 clamped
variable 4 9 300 clamp49
variable 5 4 300 clamp49
variable 5 4 200 preclamp
variable 5 4 300 headers

# values NAME FULL MAJOR PATCHLEVEL SUBLEVEL [FLAGS] < version.h: the
# numbers the header names on a <linux/version.h> of a real kernel's
# headers (given on stdin), compiled with FLAGS, in #if and in C: the full
# ones where the header has them (or FLAGS give the headers' version),
# else the code's, whose SUBLEVEL stops at 255.
values() {
	v=$work/compat/values-$(printf '%s' "$1" | tr -c 'a-zA-Z0-9.' -)
	mkdir -p "$v/linux"
	cat >"$v/linux/version.h"
	for cc in $compilers; do
		name="compat values on $1 ($cc)"
		tap_want "$name" || continue
		# shellcheck disable=SC2086 # one word per flag
		if ! $cc $compat_flags ${6:-} -DWANT_FULL="$2" -DWANT_MAJOR="$3" -DWANT_PATCHLEVEL="$4" \
			-DWANT_SUBLEVEL="$5" -I"$v" -I"$top/compat" -o "$v/values-$cc" \
			"$here/compat/values.c" >"$v/values.log" 2>&1; then
			not_ok "$name" "$(cat "$v/values.log")"
		elif [ "$("$v/values-$cc")" = "$2 $3 $4 $5" ]; then
			pass "$name"
		else
			not_ok "$name" "C reads $("$v/values-$cc"), want $2 $3 $4 $5"
		fi
	done
}

# Debian 11's 5.10 headers (linux-headers-5.10.0-*, SUBLEVEL above 255):
# the clamped code and macro, no LINUX_VERSION_MAJOR and the others.
values "Debian 11's 5.10 headers" 0 5 10 255 <<'EOF_H'
#define LINUX_VERSION_CODE 330495
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
EOF_H
# The same with the flags kver-sublevel.mk derives from their package.h.
values "Debian 11's 5.10.262 headers with kver-sublevel.mk" 1 5 10 262 \
	"$(headers_flags 5 10 262 headers)" <<'EOF_H'
#define LINUX_VERSION_CODE 330495
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
EOF_H
# 4.9.337's: the code clamped, KERNEL_VERSION not.
values "4.9.337's headers" 0 4 9 255 <<'EOF_H'
#define LINUX_VERSION_CODE 264703
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + (c))
EOF_H
# 4.14.200's, from before the clamp.
values "4.14.200's headers" 0 4 14 200 <<'EOF_H'
#define LINUX_VERSION_CODE 265928
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + (c))
EOF_H
# 6.1.300 as the kver series builds it: the full numbers.
values "6.1.300's headers with the full numbers" 1 6 1 300 <<'EOF_H'
#define LINUX_VERSION_CODE 393727
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_MAJOR 6
#define LINUX_VERSION_PATCHLEVEL 1
#define LINUX_VERSION_SUBLEVEL 300
EOF_H
