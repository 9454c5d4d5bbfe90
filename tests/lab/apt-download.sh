#!/bin/sh
# apt-download.sh: lab/apt.sh's apt_download on a folder that already holds
# another version of the package, with apt-get and apt-cache stood in for
# (apt keeps the archive's time on a file it downloads: an older time than
# the other version's file). Prints KTAP (tests/tap.sh).
set -u
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
top=$(CDPATH='' cd -- "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kver-apt-download.XXXXXX")
trap 'rm -rf "$work"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
# shellcheck source=SCRIPTDIR/../tap.sh
. "$top/tests/tap.sh"

mkdir -p "$work/bin" "$work/debs" "$work/cache"
# apt-cache madison: two versions of foo-dkms, one with an epoch.
cat >"$work/bin/apt-cache" <<'FAKE'
#!/bin/sh
for a; do last=$a; done
case $last in foo-dkms)
	echo " foo-dkms | 1:2.0-1 | http://deb.example/debian bookworm/main amd64 Packages"
	echo " foo-dkms | 2.0-1 | http://deb.example/debian bookworm/main amd64 Packages"
	echo " foo-dkms | 1.0-1 | http://deb.example/debian bullseye/main amd64 Packages" ;;
esac
FAKE
# apt-get download NAME=VERSION: the file, with the archive's (old) time.
cat >"$work/bin/apt-get" <<'FAKE'
#!/bin/sh
for a; do last=$a; done
f="${last%%=*}_$(printf '%s' "${last#*=}" | sed 's/:/%3a/g')_all.deb"
echo "$last" >"$f"
touch -d 2001-01-01 "$f"
FAKE
chmod +x "$work/bin/apt-get" "$work/bin/apt-cache"
for v in 1.0-1 1.1-1 1.2-1 1.3-1 1.4-1 1.5-1; do echo "$v" >"$work/debs/foo-dkms_${v}_all.deb"; done

# get PACKAGE=VERSION: apt_download's answer, or its error.
get() {
	(
		PATH=$work/bin:$PATH KVER_CACHE=$work/cache KVER_TOP=$top
		. "$top/lab/common.sh"
		. "$top/lab/apt.sh"
		apt_download test "$1" "$work/debs"
	) 2>"$work/err"
}

got=$(get foo-dkms=2.0-1)
if [ "$got" = "$work/debs/foo-dkms_2.0-1_all.deb" ] && [ "$(cat "$got")" = foo-dkms=2.0-1 ]; then
	pass "the version asked for, not another version's file in the folder"
else
	fail "the version asked for, not another version's file in the folder"
	echo "# got '$got': $(cat "$got" 2>/dev/null) $(cat "$work/err")"
fi
got=$(get foo-dkms=1:2.0-1)
if [ "$got" = "$work/debs/foo-dkms_1%3a2.0-1_all.deb" ]; then
	pass "a version with an epoch: its file, %3a for the ':'"
else
	fail "a version with an epoch: its file, %3a for the ':'"
	echo "# got '$got' $(cat "$work/err")"
fi
got=$(get foo-dkms=1.0-1)
if [ "$got" = "$work/debs/foo-dkms_1.0-1_all.deb" ] && [ "$(cat "$got")" = 1.0-1 ]; then
	pass "a version already in the folder is not fetched again"
else
	fail "a version already in the folder is not fetched again"
fi
rc=0
get foo-dkms=3.0-1 >/dev/null || rc=$?
tap_status -F "a version apt does not list is named with the ones it has" 1 "$rc" \
	"has no foo-dkms 3.0-1 (it has: 1:2.0-1 2.0-1 1.0-1)" "$work/err"
tap_end "apt_download"
