# shellcheck shell=sh
# kernels.sh: the model the tests of kver_compat.h are judged against,
# sourced by run.sh before header.sh: a kernel's <linux/version.h> in each
# style a tree has made it, the versions worth comparing with on a kernel,
# the program that asks the header, and the answers it must give (the
# truth, and the naive test's answer from the tree's own encoding). Only
# functions: header.sh runs them.

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
