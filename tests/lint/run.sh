#!/bin/sh
# run.sh LINT SAN_LINT [BATCH]: tests of kver-lint and of compat/kver_compat.h.
#
# kver-lint: every fixtures/*.c against fixtures/<name>.c.expected (its exact
# output; exit status 1 when it is not empty, else 0), plus directory and
# command-line cases. Each case runs on the plain binary and on the
# sanitizer binary (SAN_LINT), and is one test. BATCH (tests/lint/batch.c,
# the plain code) then runs every case again in one process under
# valgrind, which must find no error and no leak, with the same answers as
# the plain binary; a difference fails the run, not a test.
#
# kver_compat.h: small programs compiled against generated <linux/version.h>
# variants (with and without LINUX_VERSION_MAJOR/..., clamped and
# pre-clamp KERNEL_VERSION) must give the true answer for every comparison,
# and a SUBLEVEL above 255 (a constant or a variable) must fail to compile,
# naming the reason, where the full numbers are missing and the kernel's
# code reads 5.4.255.
#
# Prints KTAP (tests/tap.sh).
set -u
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/../.." && pwd)
case $# in 2 | 3) ;; *) echo "usage: run.sh LINT SAN_LINT [BATCH]" >&2; exit 2 ;; esac
# Absolute: the cases run from this folder.
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
lint=$(abs "$1")
san=$(abs "$2")
batch=
[ $# -lt 3 ] || batch=$(abs "$3")
CC=${CC:-cc}
# A folder per run: two runs at once must not share files. Kept on failure.
base=${OUT:-$top/build}/tests/lint
mkdir -p "$base"
work=$(mktemp -d "$base/run.XXXXXX")
# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"
# shellcheck source=SCRIPTDIR/../batch.sh
. "$top/tests/batch.sh"
[ -z "$batch" ] || batch_start "$work/batch" "$batch"
not_ok() {
	tap_want "$1" || return 0
	fail "$1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | head -n 20 | sed 's/^/#   /'
}

[ -z "$batch" ] || command -v valgrind >/dev/null 2>&1 || echo "# valgrind is missing: its run fails"

# lint_case NAME RC STDOUT STDERR ARGS...: run kver-lint (from this folder)
# plain and sanitized, and record the case for the batch. STDOUT is a file
# with the exact output or - for none; STDERR is a fixed string that must
# appear, or - for none.
lint_case() {
	name=$1 rc=$2 want_out=$3 want_err=$4
	shift 4
	tap_want "lint $name" || return 0
	whys=
	for mode in plain san; do
		case $mode in
		plain) (cd "$here" && "$lint" "$@") >"$work/out" 2>"$work/err" ;;
		san) (cd "$here" && "$san" "$@") >"$work/out" 2>"$work/err" ;;
		esac
		got=$?
		if [ "$mode" = plain ] && [ -n "$batch" ]; then
			batch_case -n "lint $name" "$got" "$work/out" "$work/err" "$@"
		fi
		why=
		[ "$got" -eq "$rc" ] || why="exit status $got, want $rc"
		if [ "$want_out" = - ]; then
			[ ! -s "$work/out" ] || why="$why; unexpected output: $(head -n 3 "$work/out")"
		elif ! diff -u "$here/$want_out" "$work/out" >"$work/diff"; then
			why="$why; output differs:
$(cat "$work/diff")"
		fi
		if [ "$want_err" = - ]; then
			[ ! -s "$work/err" ] || why="$why; stderr: $(head -n 5 "$work/err")"
		else
			grep -qF -- "$want_err" "$work/err" || why="$why; stderr lacks '$want_err'"
			! grep -qE 'Sanitizer|runtime error' "$work/err" ||
				why="$why; sanitizer: $(head -n 5 "$work/err")"
		fi
		[ -z "$why" ] || whys="$whys
$mode: ${why#; }"
	done
	# One test, whatever the build it ran on.
	if [ -z "$whys" ]; then
		pass "lint $name"
	else
		not_ok "lint $name" "${whys#?}"
	fi
}

for f in "$here"/fixtures/*.c; do
	n=fixtures/${f##*/}
	if [ -s "$f.expected" ]; then
		lint_case "$n" 1 "$n.expected" - "$n"
	else
		lint_case "$n" 0 - - "$n"
	fi
done
lint_case "directory walk" 1 fixtures/tree.expected - fixtures/tree
# Trees: macros defined in one file and used in another.
lint_case "wrappers expanded at the use" 1 fixtures/wrappers.expected - fixtures/wrappers
lint_case "a tree's own 16-bit SUBLEVEL is right" 0 - - fixtures/own-version
# A tree's own KERNEL_VERSION spares its comparisons only with its own code
# and only when 256 is neither clamped, carried nor dropped.
lint_case "a tree's own 16-bit KERNEL_VERSION with the kernel's code is judged" 1 \
	fixtures/own-kv-only.expected - fixtures/own-kv-only
lint_case "a tree's own KERNEL_VERSION without SUBLEVEL is judged" 1 \
	fixtures/own-kv-no-sublevel.expected - fixtures/own-kv-no-sublevel
lint_case "a tree's own KERNEL_VERSION that carries past 255 is judged" 1 \
	fixtures/own-kv-carries.expected - fixtures/own-kv-carries
lint_case "the code under a macro's name, not under a prefix of it" 1 \
	fixtures/code-wrapper.expected - fixtures/code-wrapper
lint_case "a file with a constant LINUX_VERSION_CODE is not judged" 1 \
	fixtures/foreign-os.expected - fixtures/foreign-os
lint_case "a file behind two symbolic links is read once" 1 fixtures/linked.expected - \
	fixtures/linked
# Scope: a macro applies only where its file is included, never in another tree.
lint_case "one tree's wide KERNEL_VERSION does not silence another tree" 1 \
	fixtures/two-trees.expected - fixtures/two-trees/wide fixtures/two-trees/plain
lint_case "a header's macros apply only where it is included" 1 fixtures/scoped.expected - \
	fixtures/scoped
lint_case "a macro defined before an include applies two includes down" 1 \
	fixtures/scoped-chain.expected - fixtures/scoped-chain
lint_case "the Kbuild file's include folders and forced header decide" 1 \
	fixtures/include-path.expected - fixtures/include-path
lint_case "tab-separated findings with the tree and the test" 1 fixtures/findings.tsv.expected - \
	--format=tsv fixtures/series.c fixtures/example.c fixtures/wrappers
lint_case "SARIF output" 1 fixtures/example.sarif.expected - --format=sarif fixtures/example.c
lint_case "SARIF output, nothing found" 0 fixtures/clean.sarif.expected - --format=sarif \
	fixtures/clean.c
lint_case "unknown format" 2 - "kver-lint: error: unknown format 'xml' (gcc, sarif or tsv)" \
	--format=xml fixtures/clean.c
# The man page renders without a groff warning and names every rule.
if ! command -v groff >/dev/null 2>&1; then
	not_ok "man/kver-lint.1" "groff is missing"
elif ! groff -man -Tutf8 -ww -z "$top/man/kver-lint.1" >"$work/man.log" 2>&1 ||
	[ -s "$work/man.log" ]; then
	not_ok "man/kver-lint.1 renders" "$(cat "$work/man.log")"
else
	missing=
	sed -n 's/^	{ "\(kver-[a-z0-9-]*\)",$/\1/p' "$top/lint/rules.c" >"$work/rules"
	while read -r r; do
		grep -q "^\.B $r\$" "$top/man/kver-lint.1" || missing="$missing $r"
	done <"$work/rules"
	if [ -z "$missing" ] && grep -q '^	{ "kver-' "$top/lint/rules.c"; then
		pass "man/kver-lint.1 renders and names every rule"
	else
		not_ok "man/kver-lint.1 names every rule" "missing:$missing"
	fi
fi
# What code scanning needs of a SARIF log, checked on the log of a tree.
if (cd "$here" && "$lint" --format=sarif fixtures/wrappers fixtures/boundary-255.c) \
	>"$work/log.sarif" 2>"$work/err"; then
	not_ok "SARIF log of findings" "exit status 0"
elif why=$(python3 "$here/sarif_check.py" "$work/log.sarif" 11 2>&1); then
	pass "SARIF log of findings: $why"
else
	not_ok "SARIF log of findings" "$why"
fi
lint_case "two clean files" 0 - - fixtures/clean.c fixtures/traps.c
lint_case "compat/kver_compat.h is clean" 0 - - ../../compat/kver_compat.h
lint_case "example module source" 1 fixtures/kver_cmp.expected - ../../guest/module/kmod/kver_cmp.c
lint_case "no arguments" 2 - "usage: kver-lint [--format=gcc|sarif|tsv] PATH..."
lint_case "--help" 0 fixtures/help.expected - --help
lint_case "unknown option" 2 - "kver-lint: error: unknown option '-x'" -x fixtures/clean.c
lint_case "missing file" 2 fixtures/kernel-version.c.expected \
	"kver-lint: error: fixtures/no-such-file.c: No such file or directory" \
	fixtures/kernel-version.c fixtures/no-such-file.c

# ---- DKMS --------------------------------------------------------------------

# dkms_build NAME KERNEL EXTRA: Debian's dkms builds guest/module's package
# (its dkms.conf plus the line EXTRA) for a kernel named KERNEL against a
# stand-in kernel folder whose make writes the .ko; DKMS tree and sources
# in the run's folder, no signing, nothing installed. Prints dkms's status.
dkms_build() {
	d=$work/dkms/$1 kernel=$2
	mkdir -p "$d/src/kver_cmp-1.0" "$d/tree" "$d/kernel/include"
	# shellcheck disable=SC2016 # $(M) is make's
	printf 'modules:\n\t@echo stand-in >$(M)/kver_cmp.ko\n' >"$d/kernel/Makefile"
	echo 'CONFIG_MODULES=y' >"$d/kernel/.config"
	cp "$top/guest/module/kmod/Kbuild" "$top/guest/module/kmod/kver_cmp.c" \
		"$top/guest/module/kmod/dkms.conf" "$d/src/kver_cmp-1.0/"
	printf '%s\n' "$3" >>"$d/src/kver_cmp-1.0/dkms.conf"
	set -- -m kver_cmp -v 1.0 --dkmstree "$d/tree" --sourcetree "$d/src"
	sign_file=$d/no-sign-file dkms add "$@" >"$d/log" 2>&1 || { echo add-failed; return; }
	sign_file=$d/no-sign-file dkms build "$@" -k "$kernel" -a x86_64 \
		--kernelsourcedir "$d/kernel" >>"$d/log" 2>&1
	echo $?
}

# What dkms decides from the kernel's name: a 6.1.300 kernel is named
# 6.1.300 by the lab and 6.1.0-75-amd64 in Debian's style. Measured with
# Debian 12's dkms 3.0.10, which has no BUILD_EXCLUSIVE_KERNEL_MIN (it is
# ignored: built everywhere) and matches BUILD_EXCLUSIVE_KERNEL against the
# name (77: excluded). compat/README.md documents the table.
if ! command -v dkms >/dev/null 2>&1; then
	not_ok "dkms decisions" "dkms is missing (sh lab/deps.sh installs it)"
else
	# The quotes go into dkms.conf as they are.
	# shellcheck disable=SC2089,SC2090
	for c in "min-300 6.1.300 BUILD_EXCLUSIVE_KERNEL_MIN=6.1.260 0" \
		"min-debian 6.1.0-75-amd64 BUILD_EXCLUSIVE_KERNEL_MIN=6.1.260 0" \
		"min-259 6.1.259 BUILD_EXCLUSIVE_KERNEL_MIN=6.1.260 0" \
		"regex-300 6.1.300 BUILD_EXCLUSIVE_KERNEL='^6\.1\.(2[6-9][0-9]|[3-9][0-9][0-9])' 0" \
		"regex-debian 6.1.0-75-amd64 BUILD_EXCLUSIVE_KERNEL='^6\.1\.(2[6-9][0-9]|[3-9][0-9][0-9])' 77"; do
		# shellcheck disable=SC2086 # four words
		set -- $c
		got=$(dkms_build "$1" "$2" "$3")
		ko=$work/dkms/$1/tree/kver_cmp/1.0/$2/x86_64/module/kver_cmp.ko
		if [ "$got" = "$4" ] && { [ "$got" != 0 ] || [ -f "$ko" ]; }; then
			pass "dkms with $3, kernel $2: status $got"
		else
			not_ok "dkms with $3, kernel $2" "status $got, want $4: $(tail -n 3 "$work/dkms/$1/log")"
		fi
	done
fi

# ---- kver_compat.h ---------------------------------------------------------

# version_h DIR M P S STYLE: a <linux/version.h> as a kernel tree makes it.
#   full      clamped code and macro, LINUX_VERSION_MAJOR/PATCHLEVEL/SUBLEVEL
#             (mainline and stable since 2021, Debian's 6.1 and 6.12)
#   clamped   clamped code and macro, no full numbers
#   clamp49   clamped code, unclamped macro (4.4.256+ and 4.9.256+)
#   preclamp  unclamped code and macro, no full numbers (older trees)
#   headers   clamped, without the full numbers, but the build passes the
#             headers' version (KVER_HEADERS_*: compat/kver-sublevel.mk,
#             Debian 11's 5.10 headers), see headers_flags
version_h() {
	mkdir -p "$1/linux"
	sub=$4
	[ "$5" = preclamp ] || [ "$sub" -le 255 ] || sub=255
	{
		echo "#define LINUX_VERSION_CODE $(($2 * 65536 + $3 * 256 + sub))"
		case $5 in
		full | clamped | headers) echo '#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))' ;;
		*) echo '#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + (c))' ;;
		esac
		if [ "$5" = full ]; then
			echo "#define LINUX_VERSION_MAJOR $2"
			echo "#define LINUX_VERSION_PATCHLEVEL $3"
			echo "#define LINUX_VERSION_SUBLEVEL $4"
		fi
	} >"$1/linux/version.h"
}

# headers_flags M P S STYLE: the compiler flags of a style (the headers'
# version, as kver-sublevel.mk passes it), or none.
headers_flags() {
	[ "$4" != headers ] || echo "-DKVER_HEADERS_MAJOR=$1 -DKVER_HEADERS_PATCHLEVEL=$2 -DKVER_HEADERS_SUBLEVEL=$3"
}

# Are the full numbers known in a style?
full_numbers() {
	[ "$1" = full ] || [ "$1" = headers ]
}

# The code's SUBLEVEL on a kernel M.P.S of a style.
code_sub() {
	if [ "$2" = preclamp ] || [ "$1" -le 255 ]; then echo "$1"; else echo 255; fi
}

# The versions compared with on a kernel M.P.S: around 255, and beyond it
# wherever an answer exists: with the full numbers, or when the code does
# not read M.P.255.
comparisons() {
	m=$1 p=$2 style=$4
	for c in 0 200 254 255; do echo "$m $p $c"; done
	if full_numbers "$style" || [ "$(code_sub "$3" "$style")" -lt 255 ]; then
		for c in 256 259 260 299 300 301 65535 65536; do echo "$m $p $c"; done
	fi
	echo "$m $((p + 1)) 0"
	echo "$m $((p + 1)) 300"
	echo "$m $((p - 1)) 255"
	echo "$m $((p - 1)) 300"
	echo "$((m + 1)) 0 0"
	echo "$((m - 1)) 99 255"
}

# answers_c FILE < comparisons: each test in #if and in C, and the naive one.
answers_c() {
	{
		echo '#include <stdio.h>'
		echo '#include "kver_compat.h"'
		i=0
		while read -r a b c; do
			for t in "AT KVER_AT_LEAST($a, $b, $c)" "BELOW KVER_BELOW($a, $b, $c)" \
				"NAIVE LINUX_VERSION_CODE >= KERNEL_VERSION($a, $b, $c)"; do
				printf '#if %s\n#define %s_%d 1\n#else\n#define %s_%d 0\n#endif\n' \
					"${t#* }" "${t%% *}" $i "${t%% *}" $i
			done
			echo "static const int r${i}[] = { $a, $b, $c, AT_$i, BELOW_$i, KVER_AT_LEAST($a, $b, $c), KVER_BELOW($a, $b, $c), NAIVE_$i };"
			i=$((i + 1))
		done
		echo 'static const int *const rows[] = {'
		j=0
		while [ $j -lt $i ]; do echo "	r$j,"; j=$((j + 1)); done
		echo '};'
		echo 'int main(void)'
		echo '{'
		echo '	unsigned int i;'
		echo '	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)'
		# printf, not echo: dash's echo would turn the \n into a newline.
		printf '%s\n' '		printf("%d %d %d %d %d %d %d %d\n", rows[i][0], rows[i][1], rows[i][2],'
		echo '		       rows[i][3], rows[i][4], rows[i][5], rows[i][6], rows[i][7]);'
		echo '	return 0;'
		echo '}'
	} >"$1"
}

# expected M P S STYLE < comparisons: what the program must print. The
# compat answers are the truth; the naive one follows the tree's encoding.
expected() {
	m=$1 p=$2 s=$3 style=$4
	while read -r a b c; do
		if [ "$m" -gt "$a" ] || { [ "$m" -eq "$a" ] && { [ "$p" -gt "$b" ] ||
			{ [ "$p" -eq "$b" ] && [ "$s" -ge "$c" ]; }; }; }; then
			t=1
		else
			t=0
		fi
		code_s=$(code_sub "$s" "$style")
		kv_c=$c
		case $style in full | clamped | headers) [ "$c" -le 255 ] || kv_c=255 ;; esac
		naive=0
		[ $((m * 65536 + p * 256 + code_s)) -lt $((a * 65536 + b * 256 + kv_c)) ] || naive=1
		echo "$a $b $c $t $((1 - t)) $t $((1 - t)) $naive"
	done
}

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

# kver-sublevel.mk: the version it derives from headers, and what
# kver_compat.h does with numbers that are not the code's.
# shellcheck source=SCRIPTDIR/sublevel-mk.sh
. "$here/sublevel-mk.sh"

# Every recorded case again under valgrind, from this folder as they ran:
# a difference fails the run, not a test.
status=0
if [ -n "$batch" ]; then
	cd "$here" && batch_run || status=1
fi
if [ "$tap_nfail" -eq 0 ] && [ "$status" = 0 ]; then
	rm -rf "$work"
else
	echo "# files of the failed cases: $work"
fi
tap_end "kver-lint and kver_compat.h" || status=1
exit "$status"
