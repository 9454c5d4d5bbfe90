#!/bin/sh
# check-series.sh [--build] [--kunit] [--keep]
#                 [--history GITDIR [--history-path TREE_DIR=GIT_DIR]] TREE
#
# Checks the kver series of one tree (patches/TREE/series) against the
# pristine Debian source tree, patch by patch:
#   - `patch -p1 --dry-run` applies it to the tree as the previous patches
#     left it (the lab applies the series with patch -p1);
#   - `git am` applies it to a fresh git copy of the pristine tree;
#   - with --build: the kernel, configured by the lab's own recipe
#     (lab/configure.sh: tinyconfig + lab/kernel.config +
#     patches/TREE/config, every option checked), builds incrementally in one
#     out-of-tree folder after the patch, and so do the user-space parts the
#     patch touches (libbpf, perf's util.c, the version kselftest, which
#     also runs on this machine's kernel);
#   - `scripts/checkpatch.pl --strict`, both from the pristine tree and from
#     the tree with the whole series, reports no error, and no warning or
#     check other than those listed for the patch in
#     tests/series/checkpatch-kept (each one is justified in the patch's
#     notes, below its "---").
#   - the cover letter lists, per patch, exactly the recipients that
#     scripts/get_maintainer.pl gives for it;
#   - when spatch is installed, the semantic patches the series adds
#     report, over the patched tree, exactly the findings listed in
#     tests/series/cocci-expected;
#   - with --history: each patch's subject prefix is one that git log
#     shows for a file it touches, in GITDIR.
# Then tests/series/host-tests.sh runs on the patched tree, and with --kunit
# the series' KUnit suite runs under the kernel's own runner, kunit.py, in
# QEMU (its own x86_64 build of the suite's .kunitconfig); the lab's KTAP
# reader (kver-lab ktap) judges the console log kunit.py keeps.
#
# checkpatch's UNKNOWN_COMMIT_ID check is skipped: it looks commit ids up in
# the local git history, and the Debian source trees have none; the ids that
# the commit messages cite are mainline commits.
#
# The work folder is $KVER_CACHE/TREE/check-series (removed at the end unless
# --keep). Exit status 0 when every step passed; otherwise one line on stderr
# names the patch and the step that failed.
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

usage() {
	echo "usage: $me [--build] [--kunit] [--keep] [--history GITDIR [--history-path TREE_DIR=GIT_DIR]] TREE"
	echo "       (TREE: one of $KVER_KNOWN_TREES)"
}

build=0
kunit=0
keep=0
history=
hmap=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=1; shift ;;
	--kunit) kunit=1; shift ;;
	--keep) keep=1; shift ;;
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

patches=$(sed -e 's/#.*//' "$sdir/series")
[ -n "$patches" ] || die "$sdir/series lists no patch"
for p in $patches; do
	[ -f "$sdir/$p" ] || die "$sdir/series names $p, which does not exist"
done

work=$cache/$tree/check-series
src=$work/src
obj=$work/build
log=$work/log
cleanup() {
	rm -rf "$work/pristine"
	[ "$keep" = 1 ] || rm -rf "$src"
}
trap cleanup EXIT
rm -rf "$src" "$log"
mkdir -p "$work" "$log"

# Results on stdout, one line each (lab/common.sh's say is for progress).
say() {
	printf '%s\n' "$*"
}

# A fresh git copy of the pristine tree, under the tree's lock (lab/fetch.sh
# replaces it).
say "copying $pristine to $src"
with_lock "$tree" cp -a "$pristine" "$src"
chmod -R u+w "$src"
rm -f "$src/.kver-tree"
git -C "$src" init -q
git -C "$src" config user.name "kver check"
git -C "$src" config user.email kver@example.org
# No packing behind our back: the folder is removed at the end.
git -C "$src" config gc.auto 0
# Debian's top-level .gitignore ignores everything.
git -C "$src" add -A -f .
git -C "$src" commit -q -m pristine

# The lab's configuration (lab/configure.sh: tinyconfig plus
# lab/kernel.config and the series' fragment, each option checked after
# olddefconfig). Regenerated after every patch, so that options a patch adds
# are taken up; when nothing changed, make rebuilds nothing for it. Before
# the patch that adds one of the series' options, the tree has no such
# symbol: until then the series' fragment is given without it.
# ccache, as the lab uses it (KVER_CCACHE=0 turns it off); paths below the
# work folder are hashed relative to it, so reruns hit the cache.
cc=gcc
if command -v ccache >/dev/null 2>&1 && [ "${KVER_CCACHE:-1}" = 1 ]; then
	export CCACHE_DIR="${CCACHE_DIR:-$cache/ccache}"
	export CCACHE_BASEDIR="$work"
	cc="ccache gcc"
fi
kmake() {
	nice -n 10 make -s -C "$src" O="$obj" ARCH=x86_64 CC="$cc" "$@"
}
configure() {
	_frags=$top/lab/kernel.config
	if [ -f "$sdir/config" ]; then
		_sc=$work/patches-$tree-config
		: >"$_sc"
		grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$sdir/config" |
			while IFS= read -r _opt; do
				_sym=$(printf '%s\n' "$_opt" | sed -n 's/^\(# \)\{0,1\}CONFIG_\([A-Za-z0-9_]*\).*/\2/p')
				if grep -rqsE --include='Kconfig*' "^[[:space:]]*(menu)?config[[:space:]]+$_sym\$" "$src"; then
					printf '%s\n' "$_opt" >>"$_sc"
				fi
			done
		_frags="$_frags $_sc"
	fi
	# shellcheck disable=SC2086 # one word per fragment
	if ! _out=$(nice -n 10 sh "$top/lab/configure.sh" "$src" "$obj" $_frags -- \
		ARCH=x86_64 CC="$cc" 2>&1); then
		printf '%s\n' "$_out" | tail -n 1 | sed 's/^[^ :]*: error: //'
		return 1
	fi
}

# User-space parts that a patch touches, built as their own makefiles do.
build_tools() {
	_p=$1
	_files=$(sed -n 's|^+++ b/||p' "$sdir/$_p")
	if printf '%s\n' "$_files" | grep -q '^tools/lib/bpf/'; then
		rm -rf "$obj/libbpf"
		mkdir -p "$obj/libbpf"
		make -s -C "$src/tools/lib/bpf" OUTPUT="$obj/libbpf/" "$obj/libbpf/libbpf.a" \
			>"$log/$_p.libbpf" 2>&1 || return 1
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
			"$_t/perf/util/util.c" -o "$obj/perf-util.o" >"$log/$_p.perf" 2>&1 || return 1
	fi
	if printf '%s\n' "$_files" | grep -q '^tools/testing/selftests/version/'; then
		rm -rf "$obj/kselftest" "$obj/hdr"
		mkdir -p "$obj/kselftest"
		kmake INSTALL_HDR_PATH="$obj/hdr" headers_install >"$log/$_p.headers" 2>&1 || return 1
		make -s -C "$src/tools/testing/selftests/version" OUTPUT="$obj/kselftest" \
			KHDR_INCLUDES="-isystem $obj/hdr/include" >"$log/$_p.kselftest" 2>&1 || return 1
		# The test of this step passes on this machine's kernel, so no
		# later patch is needed for it.
		"$obj/kselftest/version_test" >>"$log/$_p.kselftest" 2>&1 || return 1
	fi
	return 0
}

if [ "$build" = 1 ]; then
	say "building the pristine tree in $obj (the first build takes minutes)"
	out=$(configure) || die "the pristine tree: the lab's configuration fails: $out"
	kmake -j"$jobs" bzImage >"$log/pristine.build" 2>&1 ||
		die "the pristine tree does not build (log: $log/pristine.build)"
fi

n=0
for p in $patches; do
	n=$((n + 1))
	if ! out=$(patch -p1 --dry-run --batch --forward -d "$src" <"$sdir/$p" 2>&1); then
		die "$p: patch -p1 --dry-run fails: $(printf '%s\n' "$out" | grep -m1 -E 'FAILED|malformed|garbage|can.t find|Reversed' || printf '%s' "$out" | head -n 1)"
	fi
	if ! out=$(git -C "$src" am -q "$sdir/$p" 2>&1); then
		git -C "$src" am --abort >/dev/null 2>&1 || true
		die "$p: git am fails: $(printf '%s\n' "$out" | head -n 1)"
	fi
	line="ok   $p: patch --dry-run, git am"
	if [ "$build" = 1 ]; then
		start=$(date +%s)
		out=$(configure) || die "$p: the lab's configuration fails: $out"
		kmake -j"$jobs" bzImage >"$log/$p.build" 2>&1 ||
			die "$p: the kernel does not build after this patch (log: $log/$p.build)"
		build_tools "$p" ||
			die "$p: a user-space part it touches does not build (logs: $log/$p.*)"
		line="$line, build $(($(date +%s) - start)) s"
	fi
	say "$line"
done

# checkpatch: the pristine tree's and the patched tree's. checkpatch writes
# a cache file into the tree it runs in, so the pristine one runs in a
# hard-link copy (new files there leave the pristine tree alone).
rm -rf "$work/pristine"
with_lock "$tree" cp -al "$pristine" "$work/pristine"
kept_file=$here/checkpatch-kept
for p in $patches; do
	allowed=$(sed -n "s|^$tree/$p:||p" "$kept_file" 2>/dev/null)
	for cp in "$work/pristine" "$src"; do
		out=$(cd "$cp" && scripts/checkpatch.pl --strict --terse --show-types \
			--ignore UNKNOWN_COMMIT_ID "$sdir/$p" 2>&1) || true
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
		[ -z "$bad" ] || die "$p: scripts/checkpatch.pl --strict of the ${cp##*/} tree reports $bad(run it by hand for details)"
	done
	say "ok   $p: checkpatch --strict${allowed:+ (kept:$allowed)}"
done
rm -rf "$work/pristine"

# The cover letter lists, for each patch, the recipients that
# scripts/get_maintainer.pl gives for it ("  to: ..." lines after the line
# that starts with the patch's number); they must be the same set.
cover=$(find "$sdir" -maxdepth 1 -name '*0000-cover-letter.patch' | head -n 1)
[ -n "$cover" ] || die "no cover letter (*0000-cover-letter.patch) in $sdir"
for p in $patches; do
	num=$(printf '%s\n' "$p" | sed -n 's/^\(v[0-9]*-\)\{0,1\}\([0-9]\{4\}\)-.*/\2/p')
	[ -n "$num" ] || die "$p: no patch number in the file name"
	want=$(cd "$src" && scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
		"$sdir/$p" 2>/dev/null | sort) || die "$p: scripts/get_maintainer.pl fails"
	have=$(sed -n "/^$num /,/^\$/s/^  to: //p" "$cover" | sort)
	[ "$want" = "$have" ] ||
		die "$p: the cover letter's recipients differ from get_maintainer.pl's: $(printf '%s\n' "$want" | tr '\n' ';')"
done
say "ok   cover letter: the recipients of every patch are get_maintainer.pl's"

# The series' own semantic patches (scripts/coccinelle/ files that a patch
# adds), when spatch is installed: each runs in report mode over the tree
# with the whole series, and its findings must be exactly the ones listed
# for the tree in tests/series/cocci-expected. spatch parses only the files
# that the list's "grep" line for the semantic patch pre-selects, as
# coccicheck's --use-idutils would (a whole-tree run takes tens of minutes
# and found nothing more; see the patch's notes).
cocci_expected=$here/cocci-expected
coccis=$(for p in $patches; do
	sed -n '/^--- \/dev\/null$/{n;s|^+++ b/\(scripts/coccinelle/.*\.cocci\)$|\1|p;}' "$sdir/$p"
done)
if [ -n "$coccis" ] && ! command -v spatch >/dev/null 2>&1; then
	say "--   coccinelle: spatch is not installed; the series' semantic patches were not run"
elif [ -n "$coccis" ]; then
	for c in $coccis; do
		name=${c##*/}
		greps=$(sed -n "s/^grep $name //p" "$cocci_expected")
		[ -n "$greps" ] || die "$name: no 'grep $name REGEX' line in tests/series/cocci-expected"
		start=$(date +%s)
		# Each grep line selects the files that match all of its extended
		# regular expressions (" && " between them), ignoring case.
		files=$(printf '%s\n' "$greps" | while IFS= read -r g; do
			set --
			while :; do
				set -- "$@" -e "${g%% && *}"
				case $g in *" && "*) g=${g#* && } ;; *) break ;; esac
			done
			(cd "$src" && git grep -l -I -i -E --all-match "$@" -- '*.c' '*.h') || true
		done | LC_ALL=C sort -u)
		n_files=$(printf '%s\n' "$files" | grep -c . || true)
		# Paths as spatch prints them, relative to the tree; the columns are
		# left out.
		# One file per group: files given on spatch's command line are one
		# group, matched as one unit, on one core, under one time limit.
		printf '%s\n' "$files" | sed '/^$/d; G' >"$log/$name.groups"
		: >"$log/$name.report"
		# The semantic patch's own "Options:", as coccicheck passes them.
		opts=$(sed -n 's|^// Options:||p' "$src/$c")
		# shellcheck disable=SC2086 # one word per option
		[ -z "$files" ] || (cd "$src" && nice -n 10 spatch --sp-file "$c" -D report --no-show-diff \
			--very-quiet $opts -j "$jobs" --file-groups "$log/$name.groups") \
			>"$log/$name.report" 2>"$log/$name.err" ||
			die "$name: spatch fails (log: $log/$name.err)"
		! grep -qiE 'timeout|exception|error' "$log/$name.err" ||
			die "$name: spatch did not finish every file: $(grep -m1 -iE 'timeout|exception|error' "$log/$name.err" | cut -c1-100) (log: $log/$name.err)"
		sed -n 's|^\(\./\)\{0,1\}\([^:]*:[0-9]*\):[0-9-]*: \(.*\)$|'"$tree $name"' \2: \3|p' \
			"$log/$name.report" | LC_ALL=C sort >"$log/$name.found"
		grep "^$tree $name " "$cocci_expected" | LC_ALL=C sort >"$log/$name.expected" || true
		if ! diff -u "$log/$name.expected" "$log/$name.found" >"$log/$name.diff"; then
			extra=$(grep -c '^+[^+]' "$log/$name.diff" || true)
			missing=$(grep -c '^-[^-]' "$log/$name.diff" || true)
			die "$name: findings differ from tests/series/cocci-expected: $extra new, $missing missing (diff: $log/$name.diff)"
		fi
		say "ok   coccinelle $name: $(grep -c . "$log/$name.found" || true) findings as expected, $n_files files in $(($(date +%s) - start)) s"
	done
fi

# With --history GITDIR (a git directory with the history of the tree's
# files, such as a mainline clone; --history-path TREE_DIR=GIT_DIR when it
# holds only one folder of the tree under another name, as libbpf's GitHub
# mirror holds tools/lib/bpf as src): each patch's subject prefix, the
# subject up to its last ": ", must be the prefix of one of the last
# KVER_HISTORY_DEPTH (10) commits of one of the files it touches; for a new
# file, of the nearest folder above it with history. A patch none of whose
# files has history there is named, not failed.
# history_path FILE: FILE's path in GITDIR, or status 1 outside it.
history_path() {
	if [ -z "$hmap" ]; then
		printf '%s\n' "$1"
		return 0
	fi
	case $1 in
	"${hmap%%=*}"/*) printf '%s/%s\n' "${hmap#*=}" "${1#"${hmap%%=*}"/}" ;;
	*) return 1 ;;
	esac
}
# prefixes PATH: the subject prefixes of PATH's last commits, one a line.
prefixes() {
	git --git-dir="$history" log --no-merges --format=%s -n "${KVER_HISTORY_DEPTH:-10}" -- "$1" |
		sed -n 's/^\(.*\): .*$/\1/p' | sort -u
}
if [ -n "$history" ]; then
	hroot=.
	[ -z "$hmap" ] || hroot=${hmap#*=}
	for p in $patches; do
		subj=$(git mailinfo /dev/null /dev/null <"$sdir/$p" | sed -n 's/^Subject: //p')
		want=$(printf '%s\n' "$subj" | sed -n 's/^\(.*\): .*$/\1/p')
		[ -n "$want" ] || die "$p: the subject '$subj' has no prefix"
		covered=
		match=
		while IFS= read -r f; do
			g=$(history_path "$f") || continue
			have=
			while [ "$g" != "$hroot" ] && [ "$g" != . ]; do
				have=$(prefixes "$g")
				[ -z "$have" ] || break
				g=$(dirname -- "$g")
			done
			[ -n "$have" ] || continue
			covered="$covered $g"
			if printf '%s\n' "$have" | grep -qxF -- "$want"; then
				match=$g
				break
			fi
			seen_prefixes="${seen_prefixes:-}$(printf '%s\n' "$have" | sed "s|^|$g: |")
"
		done <<EOF
$(sed -n 's|^+++ b/||p' "$sdir/$p")
EOF
		if [ -n "$match" ]; then
			say "ok   $p: subject prefix '$want' is in git log of $match"
		elif [ -z "$covered" ]; then
			say "--   $p: subject prefix '$want' not checked: no history of its files in $history"
		else
			printf '%s' "${seen_prefixes:-}" >"$log/$p.prefixes"
			die "$p: subject prefix '$want' is not among the last ${KVER_HISTORY_DEPTH:-10} prefixes of$covered (they are in $log/$p.prefixes)"
		fi
		seen_prefixes=
	done
fi

"$here/host-tests.sh" "$src" || die "tests/series/host-tests.sh fails on the patched tree"

if [ "$kunit" = 1 ]; then
	# The suite's own .kunitconfig, in the folder of the test it names.
	kc=$(cd "$src" && find . -path ./tools -prune -o -name .kunitconfig \
		-exec grep -l '^CONFIG_LINUX_VERSION_KUNIT_TEST=y' {} + | head -n 1)
	[ -n "$kc" ] || die "no .kunitconfig of the series enables CONFIG_LINUX_VERSION_KUNIT_TEST"
	kc=$(dirname "${kc#./}")
	say "kunit.py run --arch=x86_64 --kunitconfig=$kc (the first run builds its kernel: minutes)"
	make -s -C "$top" tools >/dev/null || die "building kver-lab failed"
	# The build folder is kept: kunit.py rebuilds it incrementally, and
	# only the first run pays for its full kernel build.
	rm -f "$work/kunit/test.log"
	start=$(date +%s)
	(cd "$src" && nice -n 10 python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
		--kunitconfig="$kc" --build_dir="$work/kunit" --jobs="$jobs" \
		--make_options CC="$cc") >"$log/kunit.py" 2>&1 ||
		die "kunit.py run fails (log: $log/kunit.py)"
	sum=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log/kunit.py" | tail -n 1 | sed 's/^.*Testing/Testing/')
	[ -n "$sum" ] || die "kunit.py printed no summary (log: $log/kunit.py)"
	"$top/build/lab/kver-lab" ktap "$work/kunit/test.log" >"$log/kunit.ktap" 2>&1 ||
		die "kver-lab ktap does not pass kunit.py's console log: $(head -n 1 "$log/kunit.ktap")"
	say "ok   kunit.py: $sum in $(($(date +%s) - start)) s; kver-lab ktap agrees: $(tail -n 1 "$log/kunit.ktap")"
fi
say "ok   $tree: $n patches apply, $( [ "$build" = 1 ] && echo 'build after each patch, ')pass checkpatch and the host tests"
