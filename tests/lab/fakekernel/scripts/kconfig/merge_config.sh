#!/bin/sh
# The stand-in's merge_config.sh -m -O DIR BASE FRAGMENT...: the fragments
# appended to the base config.
set -eu
if [ "$1" != -m ] || [ "$2" != -O ]; then
	echo "usage: merge_config.sh -m -O DIR BASE FRAGMENT..." >&2
	exit 2
fi
base=$4
shift 4
cat "$@" >>"$base"
