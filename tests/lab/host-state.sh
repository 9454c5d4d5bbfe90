#!/bin/sh
# host-state.sh [ROOT]: what the lab must never change on the machine, as
# one listing to compare before and after a run: the apt configuration
# (ROOT/etc/apt), apt's own state and cache (ROOT/var/lib/apt,
# ROOT/var/cache/apt: a relative Dir::State::Lists lands there), the
# installed packages (ROOT/var/lib/dpkg/status) and the kernel modules
# (ROOT/lib/modules). Each file and link with its size and time of last
# change (hashing /var/cache/apt's packages took half a minute), each
# folder by name. ROOT is / unless given (the tests' own folders).
set -eu
root=${1:-/}
root=${root%/}
for d in etc/apt var/lib/apt var/cache/apt lib/modules; do
	[ -e "$root/$d" ] || { echo "absent $d"; continue; }
	# apt's lock files are opened (and created) by every apt command.
	find "$root/$d" ! -name lock \( -type d -printf "d $d/%P\n" -o -printf "%y $d/%P %s %T@\n" \) |
		sort
done
if [ -f "$root/var/lib/dpkg/status" ]; then
	sed -n 's/^Package: //p; s/^Version: /  /p; s/^Status: /  /p' "$root/var/lib/dpkg/status" | paste - - - | sort
else
	echo "absent var/lib/dpkg/status"
fi
