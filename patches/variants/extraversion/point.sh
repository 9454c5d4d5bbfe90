#!/bin/sh
# point.sh SUBLEVEL: the make variables of the extraversion design for one
# point, one NAME=VALUE a line, for the lab to pass to every make call.
#
# Up to 255 the release is built as it is. From 256 on SUBLEVEL stays at
# 255 and EXTRAVERSION counts the releases after it, like 2.6.30.3: the
# 256th release is 255.1, the 300th 255.45, the 65535th 255.65280. The
# version codes stay clamped at M.P.255 without any change to the source.
set -eu

die() {
	printf 'point.sh: error: %s\n' "$*" >&2
	exit 2
}

[ $# -eq 1 ] || die "usage: point.sh SUBLEVEL"
# The lab's one SUBLEVEL check; it names what is wrong.
top=$(CDPATH='' cd -- "$(dirname -- "$0")/../../.." && pwd)
"$top/build/lab/kver-lab" sublevels "$1" >/dev/null || exit 2

if [ "$1" -le 255 ]; then
	echo "SUBLEVEL=$1"
	echo "EXTRAVERSION="
else
	echo "SUBLEVEL=255"
	echo "EXTRAVERSION=.$(($1 - 255))"
fi
