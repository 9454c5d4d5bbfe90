#!/bin/sh
# shellcheck source-path=SCRIPTDIR source-path=SCRIPTDIR/../../lab
# check-series.sh [--build] [--kunit]
#                 [--history GITDIR [--history-path TREE_DIR=GIT_DIR]] TREE
#
# Checks the kver series of one tree against the pristine Debian source
# tree, as the maintainers it goes to would (docs/series.md):
#   - the lab's series (patches/TREE/series): each patch applies with
#     `patch -p1 --dry-run` (as the lab applies it) and with `git am`, in
#     order; and each posting (patches/v3/SERIES/, for the tree they were
#     made on) or port (patches/TREE/SERIES-NNNN-*.patch) applies alone
#     to the pristine tree;
#   - every committed patch is an unsigned draft: no Signed-off-by, the
#     draft identity as author, and in a posting the paragraph saying so;
#   - with --build: after each patch the kernel, configured by the lab's
#     recipe (lab/configure.sh: tinyconfig + lab/kernel.config +
#     patches/TREE/config), builds incrementally, and so does each
#     user-space part the patch touches with its own Makefile (libbpf,
#     perf's util.c, the vDSO and version selftests; the version test also
#     runs on this machine's kernel); then the tree with its series builds
#     in the configurations that reach the KUnit test's #ifs: x32 without
#     IA32 emulation (then the test as a module), and IA32 emulation; both
#     kinds of build are shown to fail with v2's defects put back (the
#     CONFIG_COMPAT guard of vdso_image_32, memcmp() in parse_vdso.c);
#   - `scripts/checkpatch.pl --strict`, from the pristine and from the
#     patched tree, reports no error and no warning or check but those
#     listed for the patch in tests/series/checkpatch-kept (justified in
#     its notes): a posting in the form `make series-export` writes (with
#     a sign-off), which `git send-email --dry-run` must also accept; a
#     port or lab-only patch as committed, sign-off checks ignored;
#   - a posting's cover letter lists, per patch, exactly the recipients
#     that scripts/get_maintainer.pl gives for it ("to:"), and for the
#     paths of its "also:" line ("cc:");
#   - with --history: each patch's subject prefix is one that git log
#     shows for a file it touches, in GITDIR.
# Then tests/series/host-tests.sh runs on the patched tree, and with
# --kunit (6.1, 6.12: 5.10's kunit.py has no --kunitconfig) the series'
# KUnit suite runs under the kernel's own runner, kunit.py, at SUBLEVEL 300:
# on x86_64 in QEMU and on UML (its default, where the vDSO case skips) it
# must pass on the tree with the series, and on x86_64 fail with the clamp
# removed (patches/variants/unfixed/TREE on top); the lab's KTAP reader
# (kver-lab ktap) judges the console log kunit.py keeps.
# tests/series/fail-on-broken.sh proves the same for the lab's boots.
#
# checkpatch's UNKNOWN_COMMIT_ID check is skipped: it looks commit ids up in
# the local git history, and the Debian source trees have none; the ids that
# the commit messages cite are mainline commits.
#
# The work folder is $KVER_CACHE/TREE/check-series: its git copy of the
# tree (src, at the commit "pristine", with the series on the branch
# "series" after a run) and its build folders stay for the next run.
# Exit status 0 when every step passed; otherwise one line on stderr names
# the patch and the step that failed.
set -eu

me=${0##*/}
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
# lab/common.sh takes the repository from the script's parent folder unless
# KVER_TOP is set; this script is two levels down.
KVER_TOP=$(CDPATH='' cd -- "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/../../lab/common.sh
. "$KVER_TOP/lab/common.sh"
top=$KVER_TOP
cache=$KVER_CACHE
jobs=${KVER_JOBS:-$(nproc)}
# The identity of the committed drafts, and the one their checks sign with.
draft_from="kver unsigned draft <kver@example.org>"
check_author="Series Check <series-check@kver.dev>"

usage() {
	echo "usage: $me [--build] [--kunit] [--history GITDIR [--history-path TREE_DIR=GIT_DIR]] TREE"
	echo "       (TREE: one of $KVER_KNOWN_TREES)"
}

build=0
kunit=0
history=
hmap=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=1; shift ;;
	--kunit) kunit=1; shift ;;
	--history | --history-path)
		[ $# -ge 2 ] || { usage >&2; die "$1 needs a value"; }
		if [ "$1" = --history ]; then history=$2; else hmap=$2; fi
		shift 2
		;;
	-h | --help) usage; exit 0 ;;
	-*) usage >&2; die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || { usage >&2; exit 2; }
tree=$1
check_tree "$tree"
if [ -n "$history" ]; then
	git --git-dir="$history" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
		die "--history $history is not a git directory with a HEAD commit"
fi
case $hmap in
'' | ?*=*) ;;
*) die "--history-path takes TREE_DIR=GIT_DIR, not '$hmap'" ;;
esac
[ -z "$hmap" ] || [ -n "$history" ] || die "--history-path needs --history"

pristine=$cache/$tree/pristine
sdir=$top/patches/$tree
[ -d "$pristine" ] || die "no pristine tree at $pristine (run lab/fetch.sh $tree)"
[ -f "$sdir/series" ] || die "no series file in $sdir"
for tool in git patch perl make; do
	command -v "$tool" >/dev/null 2>&1 || die "$tool is needed"
done

# shellcheck disable=SC2013 # patch names have no blanks
patches=$(sed -e 's/#.*//' "$sdir/series")
[ -n "$patches" ] || die "$sdir/series lists no patch"
for p in $patches; do
	[ -f "$sdir/$p" ] || die "$sdir/series names $p, which does not exist"
done
# The postings made on this tree.
postings=
for d in "$top"/patches/v3/*/; do
	[ "$(cat "$d/base" 2>/dev/null)" != "$tree" ] || postings="$postings ${d%/}"
done

work=$cache/$tree/check-series
src=$work/src
obj=$work/build
log=$work/log
trap 'rm -rf "$work/pristine"' EXIT
rm -rf "$log" "$work/export"
mkdir -p "$work" "$log"

# Results on stdout, one line each (lab/common.sh's say is for progress).
say() {
	printf '%s\n' "$*"
}
# The name of a patch of the lab's series for messages: its series and file.
pname() {
	case $1 in
	../v3/*) printf '%s\n' "${1#../}" ;;
	*) printf '%s/%s\n' "$tree" "$1" ;;
	esac
}
# The group a patch of the lab's series belongs to: its posting, or the
# prefix of a port or lab-only patch (kunit-0001-... is in kunit).
group() {
	case $1 in
	../v3/*) _g=${1#../v3/}; printf '%s\n' "${_g%%/*}" ;;
	*) printf '%s\n' "${1%%-000[0-9]-*}" ;;
	esac
}

# A git copy of the pristine tree, kept between runs (a fresh one takes
# minutes: a copy and git add of the whole tree): made once per pristine
# tree, then reset to its pristine commit, which rewrites only the files
# the last run changed.
stamp=$(cat "$pristine/.kver-tree" 2>/dev/null || echo none)
if [ -d "$src/.git" ] && [ "$(cat "$work/src.stamp" 2>/dev/null)" = "$stamp" ] &&
	git -C "$src" rev-parse -q --verify pristine >/dev/null; then
	say "resetting $src to the pristine tree"
	git -C "$src" am --abort >/dev/null 2>&1 || true
	git -C "$src" checkout -q -f -B series pristine
	git -C "$src" clean -q -f -d -x
	git -C "$src" for-each-ref --format='%(refname:short)' refs/heads/alone-\* |
		while read -r b; do git -C "$src" branch -q -D "$b"; done
else
	say "copying $pristine to $src"
	rm -rf "$src" "$work/src.stamp"
	# Under the tree's lock: lab/fetch.sh replaces the pristine tree.
	with_lock "$tree" cp -a "$pristine" "$src"
	chmod -R u+w "$src"
	rm -f "$src/.kver-tree"
	git -C "$src" init -q
	git -C "$src" config user.name "kver check"
	git -C "$src" config user.email kver@example.org
	git -C "$src" config gc.auto 0
	# Debian's top-level .gitignore ignores everything.
	git -C "$src" add -A -f .
	git -C "$src" commit -q -m pristine
	git -C "$src" tag pristine
	git -C "$src" checkout -q -b series
	echo "$stamp" >"$work/src.stamp"
fi

# Every committed patch is an unsigned draft.
for p in $patches; do
	grep -q '^Signed-off-by:' "$sdir/$p" && die "$(pname "$p"): carries a Signed-off-by: a person signs, at export"
	[ "$(sed -n 's/^From: //p' "$sdir/$p" | head -n 1)" = "$draft_from" ] ||
		die "$(pname "$p"): its author is not the draft identity '$draft_from'"
done
for d in $postings; do
	for p in "$d"/0*.patch; do
		grep -q '^ *UNSIGNED DRAFT' "$p" || die "${p#"$top"/patches/}: does not say that it is an unsigned draft"
	done
done
say "ok   every patch is an unsigned draft"

# ccache, as the lab uses it (KVER_CCACHE=0 turns it off); paths below the
# work folder are hashed relative to it, so reruns hit the cache.
cc=gcc
if command -v ccache >/dev/null 2>&1 && [ "${KVER_CCACHE:-1}" = 1 ]; then
	export CCACHE_DIR="${CCACHE_DIR:-$cache/ccache}"
	export CCACHE_BASEDIR="$work"
	cc="ccache gcc"
fi
# kmake BUILD ARGS...: make in the build folder BUILD.
kmake() {
	_o=$1
	shift
	nice -n 10 make -s -C "$src" O="$_o" ARCH=x86_64 CC="$cc" "$@"
}
# configure BUILD [FRAGMENT...]: the lab's configuration (lab/configure.sh:
# tinyconfig plus lab/kernel.config, the series' fragment and FRAGMENTs,
# each option checked after olddefconfig), regenerated after every patch so
# that options a patch adds are taken up. Before the patch that adds one
# of the series' options, the tree has no such symbol: until then the
# series' fragment is given without it; and without the options that the
# FRAGMENTs set.
configure() {
	_o=$1
	shift
	_frags=$top/lab/kernel.config
	if [ -f "$sdir/config" ]; then
		_sc=$work/patches-$tree-config
		: >"$_sc"
		grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$sdir/config" |
			while IFS= read -r _opt; do
				_sym=$(printf '%s\n' "$_opt" | sed -n 's/^\(# \)\{0,1\}CONFIG_\([A-Za-z0-9_]*\).*/\2/p')
				# An option the extra fragments set is theirs.
				if [ $# -gt 0 ] && grep -qE "^(# )?CONFIG_${_sym}[= ]" "$@"; then
					continue
				fi
				if grep -rqsE --include='Kconfig*' "^[[:space:]]*(menu)?config[[:space:]]+$_sym\$" "$src"; then
					printf '%s\n' "$_opt" >>"$_sc"
				fi
			done
		_frags="$_frags $_sc"
	fi
	# shellcheck disable=SC2086 # one word per fragment
	if ! _out=$(nice -n 10 sh "$top/lab/configure.sh" "$src" "$_o" $_frags "$@" -- \
		ARCH=x86_64 CC="$cc" 2>&1); then
		printf '%s\n' "$_out" | tail -n 1 | sed 's/^[^ :]*: error: //'
		return 1
	fi
}

# User-space parts that a patch touches, built as their own makefiles do.
build_tools() {
	_p=$1
	_l=$log/$(basename "$_p")
	_files=$(sed -n 's|^+++ b/||p' "$sdir/$_p")
	if printf '%s\n' "$_files" | grep -q '^tools/lib/bpf/'; then
		rm -rf "$obj/libbpf"
		mkdir -p "$obj/libbpf"
		make -s -C "$src/tools/lib/bpf" OUTPUT="$obj/libbpf/" "$obj/libbpf/libbpf.a" \
			>"$_l.libbpf" 2>&1 || return 1
	fi
	if printf '%s\n' "$_files" | grep -q '^tools/perf/util/util\.c$'; then
		# perf's warning flags (tools/scripts/Makefile.include) with -Werror.
		_w=$(sed -n 's/^EXTRA_WARNINGS +\{0,1\}:\{0,1\}= *//p' "$src/tools/scripts/Makefile.include" | tr '\n' ' ')
		_t=$src/tools
		# shellcheck disable=SC2086 # $_w is a list of flags
		cc -c -O2 -Wall -Werror -Wshadow $_w -D_GNU_SOURCE \
			-DHAVE_SCANDIRAT_SUPPORT -DHAVE_SCHED_GETCPU_SUPPORT \
			-I"$_t/perf" -I"$_t/perf/util" -I"$_t/perf/include" -I"$_t/lib/perf/include" \
			-I"$_t/lib" -I"$_t/include" -I"$_t/arch/x86/include" \
			-I"$_t/arch/x86/include/uapi" -I"$_t/include/uapi" \
			"$_t/perf/util/util.c" -o "$obj/perf-util.o" >"$_l.perf" 2>&1 || return 1
	fi
	if printf '%s\n' "$_files" | grep -q '^tools/testing/selftests/'; then
		rm -rf "$obj/hdr"
		kmake "$obj" INSTALL_HDR_PATH="$obj/hdr" headers_install >"$_l.headers" 2>&1 || return 1
	fi
	# Each selftest folder the patch touches, with its own Makefile (every
	# program: the vDSO folder's vdso_standalone_test_x86 links its
	# parse_vdso.c with -nostdlib).
	for _d in $(printf '%s\n' "$_files" | sed -n 's|^tools/testing/selftests/\([^/]*\)/.*|\1|p' | sort -u); do
		rm -rf "$obj/selftests-$_d"
		mkdir -p "$obj/selftests-$_d"
		make -s -C "$src/tools/testing/selftests/$_d" OUTPUT="$obj/selftests-$_d" \
			KHDR_INCLUDES="-isystem $obj/hdr/include" >"$_l.selftests-$_d" 2>&1 || return 1
		[ -n "$(find "$obj/selftests-$_d" -maxdepth 1 -type f -perm -u+x)" ] || return 1
		# The vDSO folder's build can fail: with v2's memcmp() in
		# parse_vdso.c, vdso_standalone_test_x86 (-nostdlib) must not link.
		# Where the folder builds with -O2 (6.12), gcc expands that
		# memcmp() of a constant length inline and it links: there the
		# program is built again without builtins, where the call stays
		# and finds no memcmp(); the lookup as posted must link both ways.
		_pv=$src/tools/testing/selftests/vDSO/parse_vdso.c
		_st=$obj/selftests-vDSO/vdso_standalone_test_x86
		if [ "$_d" = vDSO ] && grep -q '!strcmp(name, "Linux")' "$_pv"; then
			cp -p "$_pv" "$obj/parse_vdso.c.orig"
			sed -i 's/!strcmp(name, "Linux")/!memcmp(name, "Linux", sizeof("Linux"))/' "$_pv"
			_nb=
			for _cc in gcc "gcc -fno-builtin"; do
				rm -f "$_st"
				_rc=0
				make -s -C "$src/tools/testing/selftests/vDSO" OUTPUT="$obj/selftests-vDSO" \
					CC="$_cc" "$_st" >"$_l.selftests-v2-memcmp" 2>&1 || _rc=$?
				[ "$_rc" = 0 ] || break
				_nb=-fno-builtin
			done
			cp -p "$obj/parse_vdso.c.orig" "$_pv"
			if [ "$_rc" = 0 ] || ! grep -q "undefined reference to .memcmp" "$_l.selftests-v2-memcmp"; then
				return 1
			fi
			for _cc in gcc ${_nb:+"gcc $_nb"}; do
				rm -f "$_st"
				make -s -C "$src/tools/testing/selftests/vDSO" OUTPUT="$obj/selftests-vDSO" \
					CC="$_cc" "$_st" >>"$_l.selftests-vDSO" 2>&1 || return 1
			done
		fi
	done
	if [ -x "$obj/selftests-version/version_test" ] &&
		printf '%s\n' "$_files" | grep -q '^tools/testing/selftests/version/'; then
		# The test of this step passes on this machine's kernel.
		"$obj/selftests-version/version_test" >>"$_l.selftests-version" 2>&1 || return 1
	fi
	return 0
}

if [ "$build" = 1 ]; then
	say "building the pristine tree in $obj (the first build takes minutes)"
	out=$(configure "$obj") || die "the pristine tree: the lab's configuration fails: $out"
	kmake "$obj" -j"$jobs" bzImage >"$log/pristine.build" 2>&1 ||
		die "the pristine tree does not build (log: $log/pristine.build)"
fi

n=0
for p in $patches; do
	n=$((n + 1))
	if ! out=$(patch -p1 --dry-run --batch --forward -d "$src" <"$sdir/$p" 2>&1); then
		die "$(pname "$p"): patch -p1 --dry-run fails: $(printf '%s\n' "$out" | grep -m1 -E 'FAILED|malformed|garbage|can.t find|Reversed' || printf '%s' "$out" | head -n 1)"
	fi
	if ! out=$(git -C "$src" am -q "$sdir/$p" 2>&1); then
		git -C "$src" am --abort >/dev/null 2>&1 || true
		die "$(pname "$p"): git am fails: $(printf '%s\n' "$out" | head -n 1)"
	fi
	line="ok   $(pname "$p"): patch --dry-run, git am"
	if [ "$build" = 1 ]; then
		start=$(date +%s)
		out=$(configure "$obj") || die "$(pname "$p"): the lab's configuration fails: $out"
		kmake "$obj" -j"$jobs" bzImage >"$log/$(basename "$p").build" 2>&1 ||
			die "$(pname "$p"): the kernel does not build after this patch (log: $log/$(basename "$p").build)"
		build_tools "$p" ||
			die "$(pname "$p"): a user-space part it touches does not build (logs: $log/$(basename "$p").*)"
		line="$line, build $(($(date +%s) - start)) s"
	fi
	say "$line"
done

# Each posting or port applies alone to the pristine tree: they go to
# different trees, and none may need another.
for g in $(for p in $patches; do group "$p"; done | sort -u); do
	git -C "$src" checkout -q -b "alone-$g" pristine
	for p in $patches; do
		[ "$(group "$p")" = "$g" ] || continue
		if ! out=$(git -C "$src" am -q "$sdir/$p" 2>&1); then
			git -C "$src" am --abort >/dev/null 2>&1 || true
			die "$(pname "$p"): does not apply alone to the pristine tree (series $g): $(printf '%s\n' "$out" | head -n 1)"
		fi
	done
	git -C "$src" checkout -q -
done
say "ok   each of $(for p in $patches; do group "$p"; done | sort -u | tr '\n' ' ')applies alone to the pristine tree"

# The configurations that reach the KUnit test's #ifs, as the build bots
# would try them: x32 without IA32 emulation (only vdso_image_64 and
# vdso_image_x32 exist), then in the same folder the test as a module (its
# vDSO case compiled out), and IA32 emulation (vdso_image_32). Every other
# patch of the series touches only Documentation/ and tools/, so the tree
# with the whole series builds what the KUnit patch alone builds; that is
# checked first.
if [ "$build" = 1 ]; then
	for p in $patches; do
		sed -n 's|^+++ b/||p' "$sdir/$p" | grep -q '^init/tests/' && continue
		other=$(sed -n 's|^+++ b/||p' "$sdir/$p" | grep -v '^\(Documentation\|tools\)/' | head -n 1)
		[ -z "$other" ] || die "$(pname "$p"): touches $other, outside Documentation/ and tools/: build it alone"
	done
	x32=X86_X32_ABI
	grep -qs '^config X86_X32_ABI$' "$src/arch/x86/Kconfig" || x32=X86_X32
	printf 'CONFIG_%s=y\n# CONFIG_IA32_EMULATION is not set\n' "$x32" >"$work/x32.config"
	printf 'CONFIG_LINUX_VERSION_KUNIT_TEST=m\n' >"$work/module.config"
	printf 'CONFIG_IA32_EMULATION=y\n# CONFIG_%s is not set\n' "$x32" >"$work/ia32.config"
	kt=$src/init/tests/linux_version_kunit.c
	for c in x32 v2-guard x32+module ia32; do
		start=$(date +%s)
		case $c in
		x32 | v2-guard) o=$work/build-x32; frags=$work/x32.config ;;
		x32+module) o=$work/build-x32; frags="$work/x32.config $work/module.config" ;;
		ia32) o=$work/build-ia32; frags=$work/ia32.config ;;
		esac
		# shellcheck disable=SC2086 # one word per fragment
		out=$(configure "$o" $frags) || die "the $c configuration fails: $out"
		if [ "$c" = v2-guard ]; then
			# The x32 build can fail: with v2's guard of vdso_image_32
			# (CONFIG_COMPAT, which x32 alone turns on) it must not link.
			cp -p "$kt" "$work/kunit.c.orig"
			sed -i 's/defined(CONFIG_X86_32) || defined(CONFIG_IA32_EMULATION)/defined(CONFIG_X86_32) || defined(CONFIG_COMPAT)/' "$kt"
			rc=0
			kmake "$o" -j"$jobs" bzImage >"$log/build-$c" 2>&1 || rc=$?
			cp -p "$work/kunit.c.orig" "$kt"
			touch "$kt"
			if [ "$rc" = 0 ] || ! grep -q "undefined reference to .vdso_image_32" "$log/build-$c"; then
				die "with v2's guard the x32 kernel should not link (status $rc, log: $log/build-$c)"
			fi
			say "ok   the x32 build catches v2's guard: $(grep -m1 -o "undefined reference to .vdso_image_32." "$log/build-$c") in $(($(date +%s) - start)) s"
			continue
		fi
		kmake "$o" -j"$jobs" bzImage modules >"$log/build-$c" 2>&1 ||
			die "the series does not build with $c (log: $log/build-$c)"
		say "ok   built with $c ($(grep -E '^(# )?CONFIG_(X86_X32_ABI|X86_X32|IA32_EMULATION|LINUX_VERSION_KUNIT_TEST)[= ]' "$o/.config" | sed 's/^# \(CONFIG_[A-Z0-9_]*\) is not set/\1=n/' | tr '\n' ' ')) in $(($(date +%s) - start)) s"
	done
fi

# The postings in the form that is sent (make series-export), for
# checkpatch and git send-email --dry-run.
if [ -n "$postings" ]; then
	sh "$here/export.sh" --author "$check_author" --linux "$src" --out "$work/export" >"$log/export" 2>&1 ||
		die "make series-export fails: $(tail -n 1 "$log/export")"
	if [ -x "$(git --exec-path)/git-send-email" ]; then
		for d in $postings; do
			s=${d##*/}
			(cd "$work/export/$s" && git send-email --dry-run --confirm=never --smtp-server=/bin/true \
				--suppress-cc=self ./*.patch) >"$log/send-email-$s" 2>&1 ||
				die "$s: git send-email --dry-run refuses the export (log: $log/send-email-$s)"
			sent=$(grep -c '^Result: OK' "$log/send-email-$s" || true)
			[ "$sent" = "$(find "$work/export/$s" -name '*.patch' | wc -l)" ] ||
				die "$s: git send-email --dry-run sent $sent of its files (log: $log/send-email-$s)"
		done
		say "ok   git send-email --dry-run takes every exported posting"
	else
		say "--   git send-email is not installed: the exported postings were not dry-run"
	fi
fi

# checkpatch: the pristine tree's and the patched tree's. checkpatch writes
# a cache file into the tree it runs in, so the pristine one runs in a
# hard-link copy (new files there leave the pristine tree alone).
rm -rf "$work/pristine"
with_lock "$tree" cp -al "$pristine" "$work/pristine"
kept_file=$here/checkpatch-kept
for p in $patches; do
	name=$(pname "$p")
	file=$sdir/$p
	ignore=UNKNOWN_COMMIT_ID
	case $p in
	../v3/*) s=${p#../v3/}; file=$work/export/${s%%/*}/${p##*/} ;;
	*) ignore=$ignore,MISSING_SIGN_OFF,NO_AUTHOR_SIGN_OFF ;;
	esac
	allowed=$(sed -n "s|^$name:||p" "$kept_file" 2>/dev/null)
	for cp in "$work/pristine" "$src"; do
		out=$(cd "$cp" && scripts/checkpatch.pl --strict --terse --show-types \
			--ignore "$ignore" "$file" 2>&1) || true
		bad=$(printf '%s\n' "$out" | sed -n 's/^[^:]*:[0-9]*: \(ERROR\|WARNING\|CHECK\):\([A-Z_0-9]*\):.*/\1 \2/p' |
			while read -r level type; do
				if [ "$level" = ERROR ]; then
					echo "$level:$type"
					continue
				fi
				case " $allowed " in
				*" $type "*) ;;
				*) echo "$level:$type" ;;
				esac
			done | sort -u | tr '\n' ' ')
		[ -z "$bad" ] || die "$name: scripts/checkpatch.pl --strict of the ${cp##*/} tree reports $bad(run it by hand for details)"
	done
	say "ok   $name: checkpatch --strict$( [ "$file" = "$sdir/$p" ] || echo ' (as exported)')${allowed:+ (kept:$allowed)}"
done
rm -rf "$work/pristine"

# Each posting's cover letter names get_maintainer.pl's recipients
# (tests/series/covers.sh).
# shellcheck disable=SC2086 # one word per posting folder
[ -z "$postings" ] || sh "$here/covers.sh" "$src" $postings || exit 1

# With --history GITDIR: each patch's subject prefix against git log of
# the files it touches (tests/series/history.sh).
if [ -n "$history" ]; then
	set --
	for p in $patches; do set -- "$@" "$sdir/$p"; done
	sh "$here/history.sh" "$history" ${hmap:+"$hmap"} "$@" || exit 1
fi

"$here/host-tests.sh" "$src" || die "tests/series/host-tests.sh fails on the patched tree"

# kunit_run NAME ARCH: kunit.py run of the series' suite at SUBLEVEL 300 for
# ARCH (x86_64 in QEMU, or um, kunit.py's own default) in a build folder
# of its own (kept between runs: only the first builds the whole kernel);
# the console log it keeps is left in $log/kunit-NAME.log.
kunit_run() {
	_b=$work/kunit-$2
	rm -f "$_b/test.log"
	_start=$(date +%s)
	_rc=0
	(cd "$src" && PYTHONDONTWRITEBYTECODE=1 nice -n 10 python3 tools/testing/kunit/kunit.py run \
		--arch="$2" --kunitconfig="$kc" --build_dir="$_b" --jobs="$jobs" \
		--make_options CC="$cc" --make_options SUBLEVEL=300) >"$log/kunit.py-$1" 2>&1 || _rc=$?
	[ -f "$_b/test.log" ] || die "kunit.py ($1) left no test.log (log: $log/kunit.py-$1)"
	cp "$_b/test.log" "$log/kunit-$1.log"
	kunit_took=$(($(date +%s) - _start))
	return "$_rc"
}
if [ "$kunit" = 1 ] && ! grep -q -- '--kunitconfig' "$src/tools/testing/kunit/kunit_kernel.py" "$src/tools/testing/kunit/kunit.py" 2>/dev/null; then
	say "--   kunit.py: this tree's kunit.py has no --kunitconfig and runs only on UML (tests/series/fail-on-broken.sh runs the suite in the lab's boots)"
elif [ "$kunit" = 1 ]; then
	# The suite's own .kunitconfig, in the folder of the test it names.
	kc=$(cd "$src" && find . -path ./tools -prune -o -name .kunitconfig \
		-exec grep -l '^CONFIG_LINUX_VERSION_KUNIT_TEST=y' {} + | head -n 1)
	[ -n "$kc" ] || die "no .kunitconfig of the series enables CONFIG_LINUX_VERSION_KUNIT_TEST"
	kc=$(dirname "${kc#./}")
	say "kunit.py run --arch=x86_64 --kunitconfig=$kc at SUBLEVEL=300 (the first run builds its kernel: minutes)"
	make -s -C "$top" tools >/dev/null || die "building kver-lab failed"
	kl=$top/build/lab/kver-lab
	for arch in x86_64 um; do
		kunit_run "$arch" "$arch" || die "kunit.py run --arch=$arch fails on the tree with the series (log: $log/kunit.py-$arch)"
		sum=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log/kunit.py-$arch" | tail -n 1 | sed 's/^.*Testing/Testing/')
		line=$("$kl" ktap --test linux_version "$log/kunit-$arch.log") ||
			die "kunit.py --arch=$arch on the tree with the series: $line"
		# On UML the vDSO case has no images to read: a skip, not a pass.
		want=0
		[ "$arch" = x86_64 ] || want=3
		rc=0
		vline=$("$kl" ktap --test vdso_note_test "$log/kunit-$arch.log") || rc=$?
		[ "$rc" = "$want" ] || die "kunit.py --arch=$arch: vdso_note_test: $vline"
		say "ok   kunit.py --arch=$arch with the series: $sum in $kunit_took s; kver-lab ktap: $line"
	done
	# The same with the clamp removed: the suite must fail, each case.
	unfixed=$top/patches/variants/unfixed/$tree
	# shellcheck disable=SC2013 # patch names have no blanks
	for p in $(sed -e 's/#.*//' "$unfixed/series"); do
		patch -p1 --batch --forward --quiet -d "$src" <"$unfixed/$p" >/dev/null ||
			die "patches/variants/unfixed/$tree/$p does not apply on top of the series"
	done
	kunit_run unfixed x86_64 && die "kunit.py run passes with the clamp removed (log: $log/kunit.py-unfixed)"
	for t in linux_version linux_version_code_test kernel_version_test vdso_note_test; do
		rc=0
		line=$("$kl" ktap --test "$t" "$log/kunit-unfixed.log") || rc=$?
		[ "$rc" = 1 ] || die "kunit.py with the clamp removed: $t does not fail: $line"
	done
	say "ok   kunit.py with the clamp removed fails in $kunit_took s: $("$kl" ktap --test linux_version "$log/kunit-unfixed.log" || true)"
	git -C "$src" checkout -q -- .
fi
say "ok   $tree: $n patches apply, $( [ "$build" = 1 ] && echo 'build after each patch and in the x32, module and ia32 configurations, ')pass checkpatch and the host tests"
