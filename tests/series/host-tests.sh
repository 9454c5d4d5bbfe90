#!/bin/sh
# host-tests.sh SRC: the tests of the kver series that need no guest, run on
# a kernel source tree SRC. They fail on the pristine Debian trees and pass
# with the series. Output is KTAP (tests/tap.sh); exit status 0 when all
# pass.
#
#  1-3  checkpatch: KERNEL_VERSION(a, b, c) with a literal c above 255 gets a
#       KERNEL_VERSION_SUBLEVEL warning naming LINUX_VERSION_SUBLEVEL, in
#       every integer notation; c <= 255 and non-literal c get none.
#  4-7  the V4L2, sub-device, media controller and CEC documentation of the
#       version fields shows the KERNEL_VERSION() that the top-level Makefile
#       generates and says that the sublevel saturates at 255.
#  8    Documentation/kbuild/makefiles.rst documents linux/version.h under
#       its real path, with the clamp and LINUX_VERSION_SUBLEVEL.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 SRC" >&2; exit 2; }
src=$(CDPATH='' cd -- "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=SCRIPTDIR/../tap.sh
. "$(dirname -- "$0")/../tap.sh"

# result STATUS NAME: the test NAME passed when STATUS is 0.
result() {
	if [ "$1" = 0 ]; then pass "$2"; else fail "$2"; fi
}

# --- checkpatch ---------------------------------------------------------
# Lines 2-8 of the new file must warn, lines 9-13 must not.
cat >"$tmp/sample.patch" <<'EOF'
From: kver check <kver@example.org>
Subject: [PATCH] misc: version checks

Version checks.

Signed-off-by: kver check <kver@example.org>
---
 drivers/misc/kver_sample.c | 13 +++++++++++++
 1 file changed, 13 insertions(+)
 create mode 100644 drivers/misc/kver_sample.c

diff --git a/drivers/misc/kver_sample.c b/drivers/misc/kver_sample.c
new file mode 100644
--- /dev/null
+++ b/drivers/misc/kver_sample.c
@@ -0,0 +1,13 @@
+// SPDX-License-Identifier: GPL-2.0
+static const int a = KERNEL_VERSION(6, 1, 300);
+static const int b = KERNEL_VERSION(6, 12, 256);
+static const int c = KERNEL_VERSION(6, 1, 0x100);
+static const int d = KERNEL_VERSION(6, 1, 0400);
+static const int e = KERNEL_VERSION(6, 1, 0b100000000);
+static const int f = KERNEL_VERSION(4, 9, 337U);
+static const int g = KERNEL_VERSION(6, 1, 65535);
+static const int h = KERNEL_VERSION(6, 1, 255);
+static const int i = KERNEL_VERSION(6, 1, 0xff);
+static const int j = KERNEL_VERSION(6, 1, 0);
+static const int k = KERNEL_VERSION(6, 1, sublevel);
+static const int l = OTHER_KERNEL_VERSION(6, 1, 300);
EOF
out=$(cd "$tmp" && "$src/scripts/checkpatch.pl" --root="$src" --terse --show-types --no-summary \
	"$tmp/sample.patch" 2>&1) || true
lines=$(printf '%s\n' "$out" | sed -n 's/.*:\([0-9]*\): WARNING:KERNEL_VERSION_SUBLEVEL:.*/\1/p' | tr '\n' ' ')
# Patch lines 18-24 hold file lines 2-8.
want="18 19 20 21 22 23 24 "
ok=0
[ "$lines" = "$want" ] || ok=1
result $ok "checkpatch warns on exactly the KERNEL_VERSION() lines with a literal sublevel above 255"
[ "$ok" = 0 ] || echo "# warned on patch lines '$lines', expected '$want'"
ok=0
printf '%s\n' "$out" | grep -q 'KERNEL_VERSION_SUBLEVEL:.*LINUX_VERSION_SUBLEVEL' || ok=1
result $ok "the warning names LINUX_VERSION_SUBLEVEL"
ok=0
printf '%s\n' "$out" | grep -q 'KERNEL_VERSION(6, 1, 300) is the same as KERNEL_VERSION(6, 1, 255)' || ok=1
result $ok "the warning says which version the check really tests"

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
mk=$src/Documentation/kbuild/makefiles.rst
ok=0
grep -q 'include/generated/uapi/linux/version.h' "$mk" || ok=1
grep -q 'LINUX_VERSION_SUBLEVEL' "$mk" || ok=1
grep -q 'saturates at 255' "$mk" || ok=1
result $ok "makefiles.rst documents linux/version.h, its clamp and LINUX_VERSION_SUBLEVEL"

tap_end "series host tests"
