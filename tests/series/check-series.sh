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
#
# This file takes the command line and holds what the steps share (the
# tree, its series and postings, the work folder, the names of patches in
# messages); each step is a file of tests/series/check/, sourced in order.
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

patches=$(series_patches "$sdir") || exit 1
[ -n "$patches" ] || die "$sdir/series lists no patch"
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

# The steps, in order; each is a file of check/ that runs when sourced
# (kbuild.sh and user-space.sh hold what the others build with).
# shellcheck source=SCRIPTDIR/check/git-copy.sh
. "$here/check/git-copy.sh"
# shellcheck source=SCRIPTDIR/check/drafts.sh
. "$here/check/drafts.sh"
# shellcheck source=SCRIPTDIR/check/kbuild.sh
. "$here/check/kbuild.sh"
# shellcheck source=SCRIPTDIR/check/user-space.sh
. "$here/check/user-space.sh"
# shellcheck source=SCRIPTDIR/check/apply.sh
. "$here/check/apply.sh"
# shellcheck source=SCRIPTDIR/check/configs.sh
. "$here/check/configs.sh"
# shellcheck source=SCRIPTDIR/check/send-email.sh
. "$here/check/send-email.sh"
# shellcheck source=SCRIPTDIR/check/checkpatch.sh
. "$here/check/checkpatch.sh"

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

# shellcheck source=SCRIPTDIR/check/kunit.sh
. "$here/check/kunit.sh"
say "ok   $tree: $n patches apply, $( [ "$build" = 1 ] && echo 'build after each patch and in the x32, module and ia32 configurations, ')pass checkpatch and the host tests"
