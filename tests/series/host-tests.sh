#!/bin/sh
# host-tests.sh SRC: the tests of the kver series that need no guest, run on
# a kernel source tree SRC. They fail on the pristine Debian trees and pass
# with the series. Output is KTAP (tests/tap.sh); exit status 0 when all
# pass.
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
#  7    the same test on a Debian-style release: uname(2) is made to say
#       M.P.0-75-amd64 (LD_PRELOAD), the vDSO is the host's: vdso_note passes
#       with "Debian M.P.S-1" in the UTS version, skips with a reason with no
#       such record, and fails with a wrong sublevel there.
#  8    its device test on two fake V4L2 nodes (LD_PRELOAD: /dev is a folder
#       with video0 and video1, VIDIOC_QUERYCAP answers a chosen code), the
#       release made to say M.P.S-local, which may not carry the sublevel: a
#       wrong patchlevel on one node fails the test whichever node comes
#       first, even where the other node's sublevel cannot be compared
#       (alone, that is a skip); a node it may not open (EACCES) is a skip,
#       and hides no failure of another node either.
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

# --- the version kselftest on a Debian-style release ----------------------
ok=0
rel=$(uname -r)
mp=$(printf '%s\n' "$rel" | sed -n 's/^\([0-9]*\.[0-9]*\)\.\([0-9]*\).*/\1/p')
sub=$(printf '%s\n' "$rel" | sed -n 's/^[0-9]*\.[0-9]*\.\([0-9]*\).*/\1/p')
cat >"$tmp/fakeuname.c" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
int uname(struct utsname *u)
{
	int (*real)(struct utsname *) = (int (*)(struct utsname *))dlsym(RTLD_NEXT, "uname");
	const char *rel = getenv("FAKE_RELEASE"), *ver = getenv("FAKE_VERSION");
	int r = real(u);

	if (rel)
		strncpy(u->release, rel, sizeof(u->release) - 1);
	if (ver)
		strncpy(u->version, ver, sizeof(u->version) - 1);
	return r;
}
EOF
if [ -z "$mp" ] || [ -z "$sub" ] || [ "$sub" = 0 ] || [ ! -x "$tmp/kselftest/version_test" ]; then
	ok=1
	echo "# needs the version kselftest (test 6) and a host release M.P.S with S > 0, not '$rel'"
elif ! cc -shared -fPIC -o "$tmp/fakeuname.so" "$tmp/fakeuname.c" -ldl 2>"$tmp/fake.log"; then
	ok=1
	sed 's/^/# /' "$tmp/fake.log"
else
	debian() {
		FAKE_RELEASE="$mp.0-75-amd64" FAKE_VERSION="#1 SMP PREEMPT_DYNAMIC$1" \
			LD_PRELOAD="$tmp/fakeuname.so" "$tmp/kselftest/version_test" 2>&1 |
			grep -E '^(not )?ok [0-9]+ .*vdso_note|vdso_note:|may not carry' || true
	}
	out=$(debian " Debian $mp.$sub-1 (2026-01-01)")
	printf '%s\n' "$out" | grep -q '^ok [0-9]* global.vdso_note$' || ok=1
	printf '%s\n' "$out" | grep -q 'from the Debian UTS version' || ok=1
	out=$(debian "")
	printf '%s\n' "$out" | grep -q '^ok [0-9]* .*# SKIP release .* may not carry the sublevel' || ok=1
	out=$(debian " Debian $mp.$((sub - 1))-1 (2026-01-01)")
	printf '%s\n' "$out" | grep -q '^not ok [0-9]* global.vdso_note$' || ok=1
	[ "$ok" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
fi
result $ok "on a Debian-style release the kselftest reads the UTS version, skips without it, fails on a wrong one"

# --- the device test: a skip never hides a failure ------------------------
ok=0
cat >"$tmp/fakedev.c" <<'EOF'
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/videodev2.h>

/*
 * FAKE_DEV: the folder that stands for /dev; FAKE_VIDEO<N>: the code that
 * /dev/video<N> (N = 0, 1) reports, or "EACCES" when it may not be opened.
 */
static int node_fd[2] = { -1, -1 };

DIR *opendir(const char *name)
{
	DIR *(*real)(const char *) = (DIR *(*)(const char *))dlsym(RTLD_NEXT, "opendir");
	const char *dev = getenv("FAKE_DEV");

	return real(dev && !strcmp(name, "/dev") ? dev : name);
}

static int fake_open(const char *path, int flags, mode_t mode, const char *sym)
{
	int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, sym);
	const char *spec;
	char var[32];
	int n, fd;

	if (!getenv("FAKE_DEV") || sscanf(path, "/dev/video%d", &n) != 1 || n < 0 || n > 1)
		return real(path, flags, mode);
	snprintf(var, sizeof(var), "FAKE_VIDEO%d", n);
	spec = getenv(var);
	if (spec && !strcmp(spec, "EACCES")) {
		errno = EACCES;
		return -1;
	}
	fd = real("/dev/null", O_RDONLY);
	node_fd[n] = fd;
	return fd;
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = va_arg(ap, mode_t);
	va_end(ap);
	return fake_open(path, flags, mode, "open");
}

int open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = va_arg(ap, mode_t);
	va_end(ap);
	return fake_open(path, flags, mode, "open64");
}

int ioctl(int fd, unsigned long req, ...)
{
	int (*real)(int, unsigned long, ...) = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	const char *spec;
	char var[32];
	va_list ap;
	void *arg;
	int n;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	for (n = 0; n < 2; n++) {
		if (fd < 0 || fd != node_fd[n] || req != VIDIOC_QUERYCAP)
			continue;
		snprintf(var, sizeof(var), "FAKE_VIDEO%d", n);
		spec = getenv(var);
		memset(arg, 0, sizeof(struct v4l2_capability));
		((struct v4l2_capability *)arg)->version = strtoul(spec ? spec : "0", NULL, 0);
		return 0;
	}
	return real(fd, req, arg);
}
EOF
if [ -z "$mp" ] || [ -z "$sub" ] || [ ! -x "$tmp/kselftest/version_test" ]; then
	ok=1
	echo "# needs the version kselftest (test 6) and a host release M.P.S, not '$rel'"
elif ! cc -shared -fPIC -o "$tmp/fakeuname.so" "$tmp/fakeuname.c" -ldl 2>"$tmp/fake.log" ||
	! cc -shared -fPIC -o "$tmp/fakedev.so" "$tmp/fakedev.c" -ldl 2>>"$tmp/fake.log"; then
	ok=1
	sed 's/^/# /' "$tmp/fake.log"
else
	mkdir -p "$tmp/dev"
	: >"$tmp/dev/video0"
	: >"$tmp/dev/video1"
	major=${mp%.*}
	minor=${mp#*.}
	low=$sub
	[ "$low" -le 255 ] || low=255
	right=$(((major << 16) + (minor << 8) + low))
	if [ "$low" = 0 ]; then other=1; else other=0; fi
	sublevel_only=$(((major << 16) + (minor << 8) + other))
	wrong=$(((major << 16) + ((minor + 1) << 8) + low))
	# video0 CODE video1 CODE: the result line of the video variant, run
	# alone (6.1's harness prints a skip without the test's name).
	video() {
		FAKE_DEV=$tmp/dev FAKE_VIDEO0=$1 FAKE_VIDEO1=$2 \
			FAKE_RELEASE="$mp.$sub-local" FAKE_VERSION="#1 SMP PREEMPT_DYNAMIC" \
			LD_PRELOAD="$tmp/fakeuname.so $tmp/fakedev.so" \
			"$tmp/kselftest/version_test" -v video 2>&1 | grep -E '^(not )?ok [0-9]+ ' || true
	}
	# CODE0 CODE1 EXPECTED
	while read -r c0 c1 want; do
		out=$(video "$c0" "$c1")
		case $want in
		fail) pattern='^not ok [0-9]+ device\.video\.version$' ;;
		pass) pattern='^ok [0-9]+ device\.video\.version$' ;;
		skip-sublevel) pattern='^ok [0-9]+ .*# SKIP release .* may not carry the sublevel' ;;
		skip-eacces) pattern='^ok [0-9]+ .*# SKIP /dev/video0: Permission denied' ;;
		esac
		if ! printf '%s\n' "$out" | grep -Eq "$pattern"; then
			ok=1
			echo "# video0 $c0, video1 $c1: want $want, got: $out"
		fi
	done <<CASES
$wrong $sublevel_only fail
$sublevel_only $wrong fail
$sublevel_only $right skip-sublevel
EACCES $right skip-eacces
EACCES $wrong fail
$right $right pass
CASES
fi
result $ok "the device test fails on a wrong node even where another node's sublevel cannot be compared"

tap_end "series host tests"
