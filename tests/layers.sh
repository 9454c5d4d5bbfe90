#!/bin/sh
# layers.sh: the parts of kver depend on one another one way
# (docs/architecture.md). Each C file's quoted includes are resolved the way
# the build resolves them (the file's own folder first, then the folders
# of config.mk's -I, then guest/common and compat/ for the guest's and the
# module's own builds), and each part may include only the parts below it:
#
#   lib     libkver: nothing else
#   util    the JSON writer: nothing else
#   compat  kver_compat.h: nothing else
#   probe   the guest's /init and the contract: lib
#   guest   the guest plugins: lib, probe (the contract), compat
#   lab     kver-lab: lib, util, probe (the contract)
#   matrix  kver-matrix: lib, util, probe (the contract), lab (the boot model)
#   cli     kver: lib, util
#   lint    kver-lint: util
#   audit   kver-audit: util, lint (its series model)
#
# An include that breaks it is named with its file and line; one KTAP
# result per part.
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/.." && pwd)
# shellcheck source=SCRIPTDIR/tap.sh
. "$here/tap.sh"
cd "$top"

# part FILE: the part a file of the repository belongs to.
part() {
	case $1 in
	guest/*) echo guest ;;
	*) echo "${1%%/*}" ;;
	esac
}
# resolve FILE HEADER: the file a quoted include of FILE names, or nothing.
resolve() {
	for d in "$(dirname "$1")" lib lab matrix probe tests util guest/common compat; do
		if [ -f "$d/$2" ]; then
			echo "$d/$2"
			return
		fi
	done
}

for p in lib util compat probe guest lab matrix cli lint audit; do
	case $p in
	probe) allowed="probe lib" ;;
	guest) allowed="guest lib probe compat" ;;
	lab) allowed="lab lib util probe" ;;
	matrix) allowed="matrix lib util probe lab" ;;
	cli) allowed="cli lib util" ;;
	lint) allowed="lint util" ;;
	audit) allowed="audit util lint" ;;
	*) allowed=$p ;;
	esac
	bad=
	for f in $(git ls-files "$p" | grep '\.[ch]$'); do
		[ "$(part "$f")" = "$p" ] || continue
		# "path:line:header" for each quoted include.
		# shellcheck disable=SC2013 # one word per include: headers have no blanks
		for inc in $(grep -n '^#include "' "$f" | sed 's/^\([0-9]*\):#include "\([^"]*\)".*/\1:\2/'); do
			target=$(resolve "$f" "${inc#*:}")
			[ -n "$target" ] || continue
			case " $allowed " in
			*" $(part "$target") "*) ;;
			*) bad="$bad $f:${inc%%:*}:$target" ;;
			esac
		done
	done
	if [ -z "$bad" ]; then
		pass "$p includes only $allowed"
	else
		fail "$p includes only $allowed:$bad"
	fi
done
tap_end "layers"
