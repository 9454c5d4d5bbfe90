#!/bin/sh
# The stand-in's vmlinux link: what the link makes itself (as 6.1's script
# makes init/version-timestamp.o), then vmlinux.a's members, in order, and
# what the compiler probes decided (RETPOLINE_CFLAGS, from the environment).
set -eu
: "${MAKE:?}" "${srctree:?}" "${RETPOLINE_CFLAGS=}"

${MAKE} -f "${srctree}/scripts/Makefile.build" obj=init init/version-timestamp.o

{
	for m in $(ar t vmlinux.a); do cat "$m"; done
	cat init/version-timestamp.o
	echo "retpoline: ${RETPOLINE_CFLAGS}"
} >vmlinux
