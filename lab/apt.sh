# shellcheck shell=sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# apt with the lab's own state, for packages of another Debian suite (Debian
# 11's kernels on a Debian 12 machine). Sourced after common.sh, never run.
#
# Each state has a folder $KVER_CACHE/apt/<state>/ with its sources.list
# (one line a suite, from `kver-lab apt-source`: the archive the machine's
# own apt uses for a suite of the same kind), its package lists and its
# package cache. A state is one suite (bullseye-security) or several joined
# by '+' (bullseye+bullseye-updates+bullseye-security: a release with its
# updates, where apt takes each package's newest version). apt is pointed at them with absolute paths only: a relative
# Dir::State::Lists is resolved under /var/lib/apt and fetches nothing.
# Nothing under /etc/apt, /var/lib/apt or /var/cache/apt is written, no
# package is installed: packages are downloaded and unpacked with dpkg-deb.
# apt verifies the suite with the archive keyring, as it always does.

# Components read for every suite: the kernels are in main, the audit's
# DKMS packages also in contrib and non-free.
KVER_APT_COMPONENTS=${KVER_APT_COMPONENTS:-main contrib non-free}
# Lists older than this many minutes are fetched again (security suites move).
KVER_APT_MAX_AGE=${KVER_APT_MAX_AGE:-720}

apt_dir() { printf '%s/apt/%s\n' "$KVER_CACHE" "$1"; }

# apt_opts STATE: apt's options for the state, one per line. The
# cache is the user's (under /root for root), which apt's _apt user cannot
# enter: apt fetches as the user running the lab instead.
apt_opts() {
	_d=$(apt_dir "$1")
	printf '%s\n' -o "Dir::Etc::SourceList=$_d/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o "Dir::State::Lists=$_d/lists" -o "Dir::Cache=$_d/cache" \
		-o Dir::State::status=/dev/null -o APT::Sandbox::User=root -q
}

# apt_run STATE CMD ARG...: apt-get or apt-cache with the state.
apt_run() {
	_s=$1
	_cmd=$2
	shift 2
	# The options are words without blanks (absolute cache paths: checked below).
	# shellcheck disable=SC2046
	"$_cmd" $(apt_opts "$_s") "$@"
}

# apt_update STATE: the state's lists, fetched when missing or old. A failed
# fetch with lists already there goes on with them, and says so.
apt_update() {
	_d=$(apt_dir "$1")
	case $_d in
	/*) ;;
	*) die "KVER_CACHE must be an absolute path for apt (it is '$KVER_CACHE')" ;;
	esac
	case $_d in
	*[[:space:]]*) die "KVER_CACHE must not hold white space for apt (it is '$KVER_CACHE')" ;;
	*) ;;
	esac
	mkdir -p "$_d/lists/partial" "$_d/cache/archives/partial"
	if [ ! -s "$_d/sources.list" ]; then
		: >"$_d/sources.list.tmp"
		for _s in $(printf '%s\n' "$1" | tr '+' ' '); do
			# shellcheck disable=SC2086 # one word per component
			"$KVER_TOP/build/lab/kver-lab" apt-source "$_s" $KVER_APT_COMPONENTS >>"$_d/sources.list.tmp" ||
				die "cannot tell which archive serves $_s (see above)"
		done
		mv "$_d/sources.list.tmp" "$_d/sources.list"
	fi
	if [ -f "$_d/updated" ] && [ -z "$(find "$_d/updated" -mmin +"$KVER_APT_MAX_AGE")" ]; then
		return 0
	fi
	say "apt-get update for $1 (the lab's own lists: $_d)"
	# Two runs updating at once would share the lists: one waits.
	# shellcheck disable=SC2046 # the options are words without blanks
	if flock "$_d/.lock" apt-get $(apt_opts "$1") update >"$_d/update.log" 2>&1 &&
		! grep -q '^\(W\|E\): ' "$_d/update.log"; then
		touch "$_d/updated"
	elif [ -f "$_d/updated" ]; then
		say "warning: apt-get update for $1 failed, using the lists of $(date -r "$_d/updated" +%F) (log: $_d/update.log)"
	else
		die "apt-get update for $1 failed: $(grep -m1 '^\(W\|E\): ' "$_d/update.log" || tail -n 1 "$_d/update.log") (log: $_d/update.log)"
	fi
}

# apt_versions STATE PACKAGE: the versions the state's suites have, newest first.
apt_versions() {
	apt_run "$1" apt-cache madison "$2" 2>/dev/null | awk -F' [|] ' '{ gsub(/ /, "", $2); print $2 }'
}

# apt_listing SUITE PREFIX: "PACKAGE VERSION" for every version of every
# package of the suite whose name starts with PREFIX, sorted; one apt-cache
# call (one per package took 13 s for the 229 kernel images of two suites).
apt_listing() {
	_names=$(apt_run "$1" apt-cache pkgnames "$2" 2>/dev/null | sort)
	[ -n "$_names" ] || return 0
	# shellcheck disable=SC2086 # one word per package name
	apt_run "$1" apt-cache madison $_names 2>/dev/null |
		awk -F' [|] ' '{ gsub(/ /, "", $1); gsub(/ /, "", $2); print $1, $2 }' | sort
}

# apt_download STATE PACKAGE[=VERSION] DIR: the .deb into DIR, its path on stdout.
# A package or version the suite does not have is named with the ones it has.
apt_download() {
	_pkg=${2%%=*}
	_ver=
	[ "$_pkg" = "$2" ] || _ver=${2#*=}
	_have=$(apt_versions "$1" "$_pkg" | tr '\n' ' ')
	[ -n "$_have" ] || die "$1 has no package $_pkg$(apt_near "$1" "$_pkg")"
	if [ -z "$_ver" ]; then
		_ver=${_have%% *}
	else
		case " $_have" in
		*" $_ver "*) ;;
		*) die "$1 has no $_pkg $_ver (it has: ${_have% })" ;;
		esac
	fi
	mkdir -p "$3"
	# apt names the file NAME_VERSION_ARCH.deb, a ':' in VERSION as %3a; it
	# keeps the archive's time on it, so only its name tells it from an
	# older version's file in the same folder.
	_glob="${_pkg}_$(printf '%s' "$_ver" | sed 's/:/%3a/g')_*.deb"
	_deb=$(find "$3" -maxdepth 1 -name "$_glob" | head -n 1)
	if [ -z "$_deb" ]; then
		(cd "$3" && apt_run "$1" apt-get download "$_pkg=$_ver") >"$3/download.log" 2>&1 ||
			die "downloading $_pkg $_ver from $1 failed: $(grep -m1 '^E: ' "$3/download.log") (log: $3/download.log)"
		_deb=$(find "$3" -maxdepth 1 -name "$_glob" | head -n 1)
		[ -n "$_deb" ] || die "apt-get download $_pkg $_ver left no $_glob in $3"
	fi
	printf '%s\n' "$_deb"
}

# changelog_dates < CHANGELOG: "VERSION DATE" for each entry of a Debian
# changelog (decompressed), the date in UTC as YYYY-MM-DD: the date
# Debian's kernel build puts in uname -v.
changelog_dates() {
	sed -n 's/^[a-z0-9][a-z0-9.+-]* (\([^)]*\)).*/v \1/p; s/^ -- .*>  //p' |
		while IFS= read -r _line; do
			case $_line in
			"v "*) _v=${_line#v } ;;
			*) printf '%s %s\n' "$_v" "$(date -u -d "$_line" +%F)" ;;
			esac
		done
}

# apt_near SUITE NAME: ", near: a b c" for the suite's packages whose name
# shares NAME's start (up to its last '-'), or nothing.
apt_near() {
	_stem=$(printf '%s' "$2" | sed 's/-[^-]*$//')
	_near=$(apt_run "$1" apt-cache pkgnames "$_stem" 2>/dev/null | sort | head -n 8 | tr '\n' ' ')
	[ -z "$_near" ] || printf ' (near: %s)' "${_near% }"
}
