#!/bin/sh
# tests/matrix/record.sh BOOTS_DIR: refresh the recorded boot folders in
# tests/matrix/fixtures/boots from a real matrix run (matrix/run.sh writes
# its boot folders to RUN/boots). Only point.meta and the lines of
# serial.log that kver-matrix reads are kept: the probe's and the plugins'
# "# value:" lines and the probe's exit line, so a fixture is a few hundred
# bytes and still a real measurement. qemu.status stays behind on purpose:
# without it the boot model judges a folder by its log alone, and a
# recording whose probe printed its exit line is "no-status", a guest that
# ran to its end (with it, the recording's missing probe header would make
# it a guest that never started).
set -eu
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
# lab/common.sh (protocol) takes the repository from KVER_TOP: this script
# is two levels down.
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../lab/common.sh
. "$KVER_TOP/lab/common.sh"
[ $# -eq 1 ] || {
	echo "usage: tests/matrix/record.sh BOOTS_DIR" >&2
	exit 2
}
src=$1
dest=$here/fixtures/boots
# The lines to keep, as probe/protocol.h spells them (no character of
# theirs is special to grep).
value_line=$(protocol KVER_VALUE_LINE)
exit_line=$(protocol KVER_PROBE_EXIT)
if [ -z "$value_line" ] || [ -z "$exit_line" ]; then
	die "probe/protocol.h gives no value line or exit line"
fi
n=0
for d in "$src"/*/; do
	d=${d%/}
	if [ ! -f "$d/point.meta" ] || [ ! -f "$d/serial.log" ]; then
		continue
	fi
	name=$(basename "$d")
	mkdir -p "$dest/$name"
	cp "$d/point.meta" "$dest/$name/point.meta"
	tr -d '\r' <"$d/serial.log" | grep -e "^[[:space:]]*$value_line" -e "^[[:space:]]*$exit_line" \
		>"$dest/$name/serial.log" || true
	n=$((n + 1))
done
[ "$n" -gt 0 ] || {
	echo "tests/matrix/record.sh: no boot folders in $src" >&2
	exit 1
}
echo "recorded $n boot folders into $dest"
