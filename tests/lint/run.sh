#!/bin/sh
# run.sh LINT SAN_LINT [BATCH]: tests of kver-lint and of compat/kver_compat.h.
#
# kver-lint (cases.sh): every fixtures/*.c against fixtures/<name>.c.expected
# (its exact output; exit status 1 when it is not empty, else 0), plus
# directory and command-line cases. Each case runs on the plain binary and
# on the sanitizer binary (SAN_LINT), and is one test. BATCH
# (tests/lint/batch.c, the plain code) then runs every case again in one
# process under valgrind, which must find no error and no leak, with the
# same answers as the plain binary; a difference fails the run, not a test.
#
# dkms (dkms.sh): what Debian's dkms decides from a kernel's name.
#
# kver_compat.h (compat/): small programs compiled against generated
# <linux/version.h> variants (with and without LINUX_VERSION_MAJOR/...,
# clamped and pre-clamp KERNEL_VERSION; compat/kernels.sh) must give the
# true answer for every comparison, and a SUBLEVEL above 255 (a constant or
# a variable) must fail to compile, naming the reason, where the full
# numbers are missing and the kernel's code reads 5.4.255
# (compat/header.sh); compat/kver-sublevel.mk gives the header the
# version of Debian's headers (compat/sublevel-mk.sh).
#
# This file holds what the parts share (the binaries, the work folder, the
# batch, not_ok) and their order; each part is a file it sources.
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

# The parts, in the order of their results: the command, dkms, the header
# and its Kbuild fragment.
# shellcheck source=SCRIPTDIR/cases.sh
. "$here/cases.sh"
# shellcheck source=SCRIPTDIR/dkms.sh
. "$here/dkms.sh"
# shellcheck source=SCRIPTDIR/compat/kernels.sh
. "$here/compat/kernels.sh"
# shellcheck source=SCRIPTDIR/compat/header.sh
. "$here/compat/header.sh"
# kver-sublevel.mk: the version it derives from headers, and what
# kver_compat.h does with numbers that are not the code's.
# shellcheck source=SCRIPTDIR/compat/sublevel-mk.sh
. "$here/compat/sublevel-mk.sh"

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
