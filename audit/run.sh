#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../lab
# run.sh [options]: every DKMS package of the chosen Debian releases,
# linted and built against the kernels past 255 (make audit; docs/audit.md).
#
# For each release, the *-dkms packages apt lists (the lab's own apt state,
# lab/apt.sh; the host's apt is never used or changed), each .deb fetched
# with apt into the cache (the newest version apt can fetch) and unpacked
# with dpkg-deb; a package in both releases at one version is audited
# once. Then per package: kver-lint on its source alone (tsv and SARIF), and
# Debian's dkms, "dkms add" and "dkms build" only, in a private dkms tree,
# against each kernel (audit/kernel.sh), time-bounded. Last, the kver
# series' Coccinelle script over a kernel tree (--cocci), and kver-audit's
# report. Everything decided is kver-audit's (audit/*.c); one package that
# fails a step never stops the run.
set -eu
. "$(dirname -- "$0")/../lab/common.sh"
. "$KVER_TOP/lab/apt.sh"

conf() { sed -n "s/^$1: *//p" "$KVER_TOP/audit/audit.conf"; }

usage() {
	cat <<USAGE
usage: audit/run.sh [--out DIR] [--releases "NAME..."] [--packages "NAME..."]
                    [--kernels "SPEC..."] [--cocci] [--check] [--reuse DIR]

  --out       the report's folder (default \$KVER_CACHE/audit/runs/<date-time>)
  --releases  releases of audit/audit.conf (default: $(conf releases | sed 's/=[^ ]*//g'))
  --packages  only these packages (default: every *-dkms package)
  --kernels   kernels to build against (default: $(conf kernels))
  --cocci     also run the kver series' Coccinelle script over the $(conf cocci-tree) tree
  --check     make check's small audit: audit.conf's check-releases,
              check-packages and check-kernels
  --reuse DIR take each build from the run in DIR where it built the same
              package version against the same kernel (the lint always runs)

Environment: KVER_CACHE, KVER_AUDIT_LINT_TIMEOUT, KVER_AUDIT_BUILD_TIMEOUT (seconds).
USAGE
}

out=
releases=$(conf releases | sed 's/=[^ ]*//g')
only=
kernels=$(conf kernels)
cocci=
reuse=
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || die "--out needs a value"; out=$2; shift 2 ;;
	--releases) [ $# -ge 2 ] || die "--releases needs a value"; releases=$2; shift 2 ;;
	--packages) [ $# -ge 2 ] || die "--packages needs a value"; only=$2; shift 2 ;;
	--kernels) [ $# -ge 2 ] || die "--kernels needs a value"; kernels=$2; shift 2 ;;
	--cocci) cocci=1; shift ;;
	--reuse)
		if [ $# -lt 2 ] || [ ! -f "$2/kernels" ]; then die "--reuse needs the folder of an earlier run"; fi
		reuse=$(cd "$2" && pwd)
		shift 2
		;;
	--check) releases=$(conf check-releases); only=$(conf check-packages); kernels=$(conf check-kernels); shift ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown option $1 (try --help)" ;;
	esac
done
# The series' script is looked for now, not after hours of builds.
if [ -n "$cocci" ] && [ -z "$(find "$KVER_TOP/patches/$(conf cocci-tree)" -name '*coccinelle*.patch' 2>/dev/null)" ]; then
	die "--cocci: patches/$(conf cocci-tree) has no Coccinelle script (the kver series dropped it: docs/series.md)"
fi
lint_timeout=${KVER_AUDIT_LINT_TIMEOUT:-$(conf lint-timeout)}
build_timeout=${KVER_AUDIT_BUILD_TIMEOUT:-$(conf build-timeout)}
command -v dkms >/dev/null 2>&1 || die "dkms is missing (sh lab/deps.sh installs it)"

make -s -C "$KVER_TOP" tools >/dev/null || die "building kver's host tools failed"
make -s -C "$KVER_TOP/audit" >/dev/null || die "building kver-audit failed"
audit=$KVER_TOP/build/audit/kver-audit
lint=$KVER_TOP/build/bin/kver-lint
start=$(date +%s)
[ -n "$out" ] || out=$KVER_CACHE/audit/runs/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out/pkgs" "$out/sarif"
out=$(cd "$out" && pwd)
debs=$KVER_CACHE/audit/debs
roots=$KVER_CACHE/audit/roots
mkdir -p "$debs" "$roots"
work=$(mktemp -d "$KVER_CACHE/audit/work.XXXXXX")
# A signal ends the run (a trap alone would go on with the next package);
# the work folder goes either way.
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- the packages ------------------------------------------------------------

# fact DIR KEY VALUE: one line of a package's facts file (audit/facts.c);
# fact_of DIR KEY: its last value.
fact() { printf '%s=%s\n' "$2" "$3" >>"$1/facts"; }
fact_of() { sed -n "s/^$2=//p" "$1/facts" | tail -n 1; }

# fetch RELEASE STATE NAME: the newest version of NAME the state can
# download, unpacked; its folder (KEY = NAME_VERSION) once per version.
fetch() {
	_name=$3
	_want=
	_got=
	_comp=
	awk -v n="$_name" '$1 == n { print $2 "|" $3 }' "$out/manifest-$1.txt" >"$work/versions"
	while IFS= read -r _v; do
		_ver=${_v%|*}
		[ -n "$_want" ] || _want=$_ver
		_key=$(printf '%s_%s' "$_name" "$_ver" | tr ':/' '%-')
		_pd=$out/pkgs/$_key
		if [ -f "$_pd/facts" ]; then
			# Already fetched for another release: this one is listed too.
			sed -i "s/^releases=.*/& $1/" "$_pd/facts"
			return 0
		fi
		mkdir -p "$_pd"
		if (apt_download "$2" "$_name=$_ver" "$debs") >"$_pd/deb.path" 2>"$_pd/download.log"; then
			_got=$_ver
			_comp=${_v#*|}
			break
		fi
		# The first version's failure says why an older one was taken.
		[ "$_ver" != "$_want" ] || cp "$_pd/download.log" "$out/wanted-$_name.log"
		rm -rf "$_pd"
	done <"$work/versions"
	if [ -z "$_got" ]; then
		# None could be fetched: the newest is reported as not downloaded.
		_key=$(printf '%s_%s' "$_name" "$_want" | tr ':/' '%-')
		_pd=$out/pkgs/$_key
		mkdir -p "$_pd"
		cp "$out/wanted-$_name.log" "$_pd/download.log" 2>/dev/null || echo "E: no version to fetch" >"$_pd/download.log"
		fact "$_pd" name "$_name"
		fact "$_pd" version "$_want"
		fact "$_pd" releases "$1"
		fact "$_pd" download_rc 1
		return 0
	fi
	{
		fact "$_pd" name "$_name"
		fact "$_pd" version "$_got"
		fact "$_pd" component "$_comp"
		fact "$_pd" releases "$1"
		fact "$_pd" wanted "$_want"
		fact "$_pd" download_rc 0
		fact "$_pd" deb_version "$(dpkg-deb -f "$(cat "$_pd/deb.path")" Version 2>/dev/null)"
	}
	[ "$_got" = "$_want" ] || cp "$out/wanted-$_name.log" "$_pd/wanted.log"
	_root=$roots/$_key
	if [ ! -d "$_root" ]; then
		rm -rf "$_root.tmp"
		mkdir -p "$_root.tmp"
		if dpkg-deb -x "$(cat "$_pd/deb.path")" "$_root.tmp" >"$_pd/unpack.log" 2>&1; then
			mv "$_root.tmp" "$_root"
		else
			rm -rf "$_root.tmp"
		fi
	fi
	if [ -d "$_root" ]; then
		fact "$_pd" unpack_rc 0
		fact "$_pd" root "$_root"
		fact "$_pd" source "$("$audit" source "$_root" || true)"
	else
		fact "$_pd" unpack_rc 1
	fi
}

for rel in $releases; do
	state=$(conf releases | tr ' ' '\n' | sed -n "s/^$rel=//p")
	[ -n "$state" ] || die "unknown release '$rel' (audit/audit.conf: $(conf releases))"
	KVER_APT_COMPONENTS=$(conf components) apt_update "$state"
	if [ -n "$only" ]; then
		names=$only
	else
		names=$(apt_run "$state" apt-cache pkgnames | grep -e '-dkms$' | LC_ALL=C sort)
	fi
	# shellcheck disable=SC2086 # one word per package
	apt_run "$state" apt-cache madison $names 2>/dev/null | "$audit" packages >"$out/manifest-$rel.txt" ||
		die "reading apt-cache madison for $rel failed"
	n=$(awk '{ print $1 }' "$out/manifest-$rel.txt" | sort -u | wc -l)
	say "$rel ($state): $n DKMS packages; fetching"
	awk '!seen[$1]++ { print $1 }' "$out/manifest-$rel.txt" >"$work/names"
	while IFS= read -r name; do
		fetch "$rel" "$state" "$name"
	done <"$work/names"
done

# ---- the kernels -------------------------------------------------------------

: >"$out/kernels"
knames=
for spec in $kernels; do
	kdir=$KVER_CACHE/audit/kernels/$(printf '%s' "$spec" | tr ':@/' '---')
	line=$("$KVER_TOP/audit/kernel.sh" "$spec" "$kdir") || die "kernel $spec could not be prepared"
	printf '%s dkms %s, /lib/modules/%s/build in a mount namespace of its own; %s\n' "${line%% *}" \
		"$(dpkg-query -W -f '${Version}' dkms)" "${line%% *}" "${line#* }" >>"$out/kernels"
	printf '%s %s\n' "${line%% *}" "$kdir" >>"$out/kernels.dirs"
	knames="$knames ${line%% *}"
	# The lab's own build folder stays as it is while the builds use it.
	case $spec in lab:*) lock_tree "${spec#lab:}" ;; *) ;; esac
done

# ---- lint and builds, one package after the other ------------------------------

# The machine's installed packages: a package's Depends among them are not fetched.
dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' 2>/dev/null | awk '$1 == "ii" { print $2 }' >"$work/installed"
deps_root=$KVER_CACHE/audit/deps
mkdir -p "$deps_root"

# depends PKGDIR: the package's Depends its build needs and the machine lacks
# (kver-audit depends; audit.conf's depends-skip), each fetched with apt from
# the package's release and unpacked once below $KVER_CACHE/audit/deps, never
# installed; their folders, ':'-separated, for dkms-build.sh. What could not
# be fetched is in depends.log.
depends() {
	_pd=$1
	_rel=$(fact_of "$_pd" releases)
	_state=$(conf releases | tr ' ' '\n' | sed -n "s/^${_rel%% *}=//p")
	_need=$("$audit" depends "$work/installed" "$(conf depends-skip)" \
		"$(dpkg-deb -f "$(cat "$_pd/deb.path")" Depends 2>/dev/null)" 2>>"$_pd/depends.log") || _need=
	_dirs=
	_got=
	for _d in $_need; do
		if _deb=$( (apt_download "$_state" "$_d" "$debs") 2>>"$_pd/depends.log"); then
			_dd=$deps_root/$(basename "$_deb" .deb)
			if [ ! -d "$_dd" ]; then
				rm -rf "$_dd.tmp"
				dpkg-deb -x "$_deb" "$_dd.tmp" 2>>"$_pd/depends.log" && mv "$_dd.tmp" "$_dd"
			fi
			if [ -d "$_dd" ]; then
				_dirs="$_dirs${_dirs:+:}$_dd"
				_got="$_got ${_deb##*/}"
			fi
		else
			echo "$_d: not fetched" >>"$_pd/depends.log"
		fi
	done
	fact "$_pd" depends "${_got# }"
	printf '%s\n' "$_dirs"
}

# build PKGDIR NAME VERSION KERNEL KDIR DEPENDS: dkms add and dkms build,
# time-bounded (audit/dkms-build.sh); dkms's output, its make.log and the
# modules built kept. A build of an earlier run (--reuse) is taken when the
# kernel and the Depends unpacked for it are the same.
build() {
	_pd=$1 _m=$2 _mv=$3 _k=$4 _kd=$5 _deps=$6
	_tree=$work/dkms
	_old=$reuse/pkgs/${_pd##*/}
	if [ -n "$reuse" ] && [ -n "$(fact_of "$_old" "build.$_k.rc" 2>/dev/null)" ] &&
		[ "$(fact_of "$_old" depends)" = "$(fact_of "$_pd" depends)" ] &&
		grep -qxF "$(grep "^$_k " "$out/kernels")" "$reuse/kernels"; then
		fact "$_pd" "build.$_k.rc" "$(fact_of "$_old" "build.$_k.rc")"
		fact "$_pd" "build.$_k.s" "$(fact_of "$_old" "build.$_k.s")"
		for _f in "dkms-$_k.log" "make-$_k.log" "modules-$_k.txt"; do
			[ ! -f "$_old/$_f" ] || cp "$_old/$_f" "$_pd/$_f"
		done
		return 0
	fi
	_t0=$(date +%s)
	_rc=0
	ran=1
	timeout -k 10 "$build_timeout" sh "$KVER_TOP/audit/dkms-build.sh" "$_k" "$_kd" "$_m" "$_mv" \
		"$(fact_of "$_pd" root)/usr/src" "$work" "$_deps" >"$_pd/dkms-$_k.log" 2>&1 || _rc=$?
	fact "$_pd" "build.$_k.rc" "$_rc"
	fact "$_pd" "build.$_k.s" "$(($(date +%s) - _t0))"
	# make.log: in the build folder after a failure, kept with the modules after a build.
	cp "$_tree/$_m/$_mv/build/make.log" "$_pd/make-$_k.log" 2>/dev/null ||
		cp "$_tree/$_m/$_mv/$_k/x86_64/log/make.log" "$_pd/make-$_k.log" 2>/dev/null || true
	find "$_tree/$_m/$_mv/$_k" -name '*.ko*' -printf '%f\n' 2>/dev/null | sort >"$_pd/modules-$_k.txt"
	rm -rf "$_tree" "$work/modules" "$work/ovl"
}

set -- "$out"/pkgs/*/
[ -d "$1" ] || die "no package to audit"
total=$#
n=0
# The time left is judged on the packages done since the first lint whose
# builds ran (with --reuse, a package whose builds were all taken costs
# next to nothing).
phase=$(date +%s)
measured=0
for pd; do
	pd=${pd%/}
	n=$((n + 1))
	t0=$(date +%s)
	fact "$pd" kernels "${knames# }"
	ran=
	root=$(fact_of "$pd" root)
	src=$(fact_of "$pd" source)
	if [ -n "$src" ] && [ -d "$root/usr/src/$src" ]; then
		key=${pd##*/}
		tl=$(date +%s)
		rc=0
		(cd "$root/usr/src" && timeout -k 10 "$lint_timeout" nice -n 10 "$lint" --format=tsv "$src") \
			>"$pd/lint.tsv" 2>"$pd/lint.err" || rc=$?
		fact "$pd" lint_rc "$rc"
		fact "$pd" lint_s "$(($(date +%s) - tl))"
		(cd "$root/usr/src" && timeout -k 10 "$lint_timeout" "$lint" --format=sarif "$src") \
			>"$out/sarif/$key.sarif" 2>/dev/null || true
		conf_lines=$("$audit" dkms-conf "$root/usr/src/$src" 2>"$pd/dkms-conf.err") || conf_lines=
		mname=$(printf '%s\n' "$conf_lines" | sed -n 's/^name=//p')
		mver=$(printf '%s\n' "$conf_lines" | sed -n 's/^version=//p')
		# A module built against another installed one (BUILD_DEPENDS) is not
		# built: the audit installs nothing (kver-audit reports it so).
		if [ -n "$(printf '%s\n' "$conf_lines" | sed -n 's/^build_depends=//p')" ]; then
			mname=
		fi
		if [ -n "$mname" ]; then
			deps=$(depends "$pd")
			while read -r k kd; do
				build "$pd" "$mname" "$mver" "$k" "$kd" "$deps"
			done <"$out/kernels.dirs"
		fi
	fi
	fact "$pd" seconds "$(($(date +%s) - t0))"
	if [ -z "$reuse" ] || [ -n "$ran" ]; then
		measured=$((measured + 1))
	fi
	"$audit" progress "$n" "$total" "$(($(date +%s) - phase))" "$pd" "$measured" >&2 || true
done

# ---- the kernel tree: the series' Coccinelle script -----------------------------

cocci_opt=
if [ -n "$cocci" ]; then
	cd_tree=$(conf cocci-tree)
	cspec=$(conf cocci-kernel)
	ckdir=$KVER_CACHE/audit/kernels/$(printf '%s' "$cspec" | tr ':@/' '---')
	"$KVER_TOP/audit/kernel.sh" "$cspec" "$ckdir" >/dev/null || die "kernel $cspec could not be prepared"
	cdir=$out/cocci
	mkdir -p "$cdir/script" "$cdir/build"
	script=$(find "$KVER_TOP/patches/$cd_tree" -name '*coccinelle*.patch' | head -n 1)
	(cd "$cdir/script" && git apply "$script") || die "$script does not apply to an empty folder"
	cfile=$(find "$cdir/script" -name '*.cocci' | head -n 1)
	csrc=$(cd "$ckdir/src" && pwd -P)
	cver=$(sed -n 's/^makefile=//p' "$csrc/.kver-tree")
	old=$reuse/cocci
	if [ -n "$reuse" ] && [ -f "$old/facts" ] && grep -qx "tree=$cver" "$old/facts" &&
		cmp -s "$old/script/${cfile#"$cdir/script/"}" "$cfile"; then
		cp "$old/facts" "$old/report.txt" "$cdir/"
	else
		say "make coccicheck MODE=report COCCI=${cfile##*/} over $cver; up to $(conf cocci-timeout) s"
		tc=$(date +%s)
		rc=0
		timeout -k 10 "$(conf cocci-timeout)" nice -n 10 make -C "$csrc" O="$cdir/build" coccicheck \
			MODE=report COCCI="$cfile" J="${KVER_JOBS:-$(nproc)}" >"$cdir/report.txt" 2>"$cdir/err.log" || rc=$?
		printf 'tree=%s\nscript=%s\nsrc=%s\nrc=%s\nseconds=%s\n' "$cver" "${cfile##*/}" "$csrc" "$rc" \
			"$(($(date +%s) - tc))" >"$cdir/facts"
	fi
	rm -rf "$cdir/build"
	cocci_opt="--cocci $cdir"
fi

# ---- the report ------------------------------------------------------------------

# shellcheck disable=SC2086 # --cocci DIR, two words or none
"$audit" report --out "$out" --review "$KVER_TOP/audit/review.txt" --kernels "$out/kernels" \
	--points "$(conf points)" --date "$(date -u +%Y-%m-%d)" --seconds "$(($(date +%s) - start))" \
	$cocci_opt "$out"/pkgs/*/
mkdir -p "$KVER_CACHE/audit/runs"
ln -sfn "$out" "$KVER_CACHE/audit/runs/latest" 2>/dev/null || true
say "report: $out/audit.md, audit.json, upstream.md, sarif/"
