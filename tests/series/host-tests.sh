#!/bin/sh
# host-tests.sh SRC: the tests of the kver series that need no guest, run on
# a kernel source tree SRC. They fail on the pristine Debian trees and pass
# with the series. Output is TAP; exit status 0 when all pass.
#
#  1-4  the V4L2, sub-device, media controller and CEC documentation of the
#       version fields shows the KERNEL_VERSION() that the top-level Makefile
#       generates and says that the sublevel saturates at 255.
#  5    Documentation/kbuild/headers_install.rst documents the exported
#       linux/version.h under its real path, with the clamp and
#       LINUX_VERSION_SUBLEVEL.
#  6    the version kselftest builds with the selftests' lib.mk and, run on
#       this machine's kernel, reads the vDSO note through parse_vdso.c and
#       fails no test (the host kernel is real input: its release and vDSO
#       were not made by this project).
set -eu

[ $# -eq 1 ] || { echo "usage: $0 SRC" >&2; exit 2; }
src=$(CDPATH='' cd -- "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
n=0

result() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=1
	fi
}

echo "TAP version 13"
echo "1..6"

# --- media documentation --------------------------------------------------
# The macro as the Makefile generates it, without blanks.
q="'"
gen=$(sed -n '/^define filechk_version.h/,/^endef/{s/\\$//;p;}' "$src/Makefile" | tr -d '\n' |
	sed -n "s/.*$q\(#define KERNEL_VERSION(a,b,c)[^$q]*\)$q.*/\1/p" | tr -d ' \t')
media=$src/Documentation/userspace-api/media
for doc in v4l/vidioc-querycap.rst v4l/vidioc-subdev-querycap.rst \
	mediactl/media-ioc-device-info.rst cec/cec-ioc-adap-g-caps.rst; do
	ok=0
	grep -q 'saturates at 255' "$media/$doc" || ok=1
	# Every definition of the macro in the document must be the real one.
	defs=$(grep -o '#define KERNEL_VERSION(a,b,c)[^`]*' "$media/$doc" | tr -d ' \t' | sort -u)
	if [ -n "$defs" ] && [ "$defs" != "$gen" ]; then
		ok=1
	fi
	[ -n "$gen" ] || ok=1
	result $ok "$doc: the version field saturates at 255, as documented"
done

# --- kbuild documentation -------------------------------------------------
hi=$src/Documentation/kbuild/headers_install.rst
ok=0
grep -q 'include/generated/uapi/linux/version.h' "$hi" || ok=1
grep -q 'LINUX_VERSION_SUBLEVEL' "$hi" || ok=1
grep -q 'saturates at 255' "$hi" || ok=1
result $ok "headers_install.rst documents linux/version.h, its clamp and LINUX_VERSION_SUBLEVEL"

# --- the version kselftest on this machine's kernel -----------------------
ok=0
dir=$src/tools/testing/selftests/version
if [ ! -f "$dir/Makefile" ]; then
	ok=1
	echo "# no tools/testing/selftests/version"
elif ! mkdir -p "$tmp/kselftest" || ! make -s -C "$dir" OUTPUT="$tmp/kselftest" >"$tmp/kselftest.log" 2>&1; then
	ok=1
	sed 's/^/# /' "$tmp/kselftest.log" | tail -n 10
else
	"$tmp/kselftest/version_test" >"$tmp/kselftest.out" 2>&1 || ok=1
	# The vDSO note must have been read and compared, not skipped.
	grep -q '^ok [0-9]* global.vdso_note$' "$tmp/kselftest.out" || ok=1
	grep -q '^not ok' "$tmp/kselftest.out" && ok=1
	[ "$ok" = 0 ] || sed 's/^/# /' "$tmp/kselftest.out"
fi
result $ok "the version kselftest passes on this machine's kernel, vDSO note compared"

exit $failed
