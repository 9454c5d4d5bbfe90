# shellcheck shell=sh
# qemu.sh: lab_tests, the QEMU part of make check (make check-lab): the
# names of its tests for the name filter, the matrix run and what reads it,
# the negative tests (negative.sh) and the version-only proofs
# (version-only.sh) of each tree, and the machine's state before and
# after. Sourced by tests/run.sh.

# The names of the lab's tests, one a line, for the name filter. The
# negative tests run on the first tree only.
lab_names() {
	echo "lab tools and test inits build"
	echo "the lab left the machine's apt setup, packages and /lib/modules as they were"
	shipped_names
	audit_names
	echo "variant matrix equals tests/expected-matrix.txt"
	echo "matrix.json of real boots follows docs/results.schema.json"
	for t in $KVER_TREES; do
		echo "$t: kver series at every default SUBLEVEL: every probe check, KUnit case and guest test ok"
		echo "$t: results.json of real boots follows docs/results.schema.json"
		echo "$t: Debian-style pristine tree at 300: libbpf's kernel version is wrong"
		echo "$t: the series' KUnit suite and kselftest fail with the clamp removed"
	done
	lab_negative_names "${KVER_TREES%% *}"
	for t in $KVER_TREES; do
		echo "$t: a version-only point is bit for bit Kbuild's whole make"
		echo "$t: a version-only point whose replay fails is built by the whole make"
		echo "$t: a design switched back to builds version-only in its own folders"
		echo "$t: a design switch that changes only the version's rules builds version-only"
	done
}

# lab_matrix_tests: the tests that read one matrix run.
lab_matrix_tests() {
	# One run builds and boots every design on every tree at the default
	# points (the tree's own SUBLEVEL, 255, 256, 300, 65535): the kver rows
	# are the series' proof, the whole matrix is compared with the expected
	# verdicts, and the negative tests reuse a kver image.
	m=$work/matrix
	need "variant matrix equals tests/expected-matrix.txt" \
		sh matrix/run.sh --trees "$KVER_TREES" --out "$m"
	schema_check "matrix.json of real boots follows docs/results.schema.json" matrix "$m/matrix.json"
	sed -n '/^TREE\|^tree\|matrix/p' "$work/last.log" | head -n 60 | sed 's/^/# /'
	first=
	for tree in $KVER_TREES; do
		set -- "$m/boots/$tree"-kver-*
		n="$tree: kver series at every default SUBLEVEL: every probe check, KUnit case and guest test ok"
		if ! tap_want "$n"; then
			:
		elif [ -d "$1" ]; then
			check "$n" build/lab/kver-lab report --json "$m/kver-$tree.json" "$@"
			sed -n '/^TREE/,$p' "$work/last.log" | head -n 40 | sed 's/^/# /'
			schema_check "$tree: results.json of real boots follows docs/results.schema.json" \
				results "$m/kver-$tree.json"
		else
			fail "$tree: the matrix run left no kver boot folders"
		fi
		[ -n "$first" ] || first=$tree
	done
	# The gap the series closes, on a kernel named as Debian names it: the
	# pristine tree's libbpf takes the wrong version there. A libbpf with
	# no Debian parser (6.1's, 5.10's) reads the release there, with or
	# without the series, and its proof reports that as a skip with the
	# reason.
	for tree in $KVER_TREES; do
		n="$tree: Debian-style pristine tree at 300: libbpf's kernel version is wrong"
		if ! grep -q 'Debian ' "$(pristine_dir "$tree")/tools/lib/bpf/libbpf_probes.c" 2>/dev/null; then
			! tap_want "$n" || tap_line skip "$n" "this tree's libbpf has no Debian parser: it reads the release"
			continue
		fi
		expect_fail "$n" \
			"libbpf-kversion.*not ok|not ok.*libbpf-kversion" \
			build/lab/kver-lab report "$m/boots/$tree-mainline-debian-300"
	done
	pdir=$m/boots/$first-kver-256
	if [ -f "$pdir/bzImage" ]; then
		lab_negative "$first" "$pdir/bzImage" "$pdir"
	else
		fail "$first: no image to run the negative tests on"
	fi
}

# lab_negative_alone TREE: the negative tests on one kver point of their own.
lab_negative_alone() {
	pdir=$work/point/$1-kver-256
	need "$1: a kver point at 256 for the negative tests" \
		sh lab/run.sh --trees "$1" --out "$work/point" 256
	if [ -f "$pdir/bzImage" ]; then
		lab_negative "$1" "$pdir/bzImage" "$pdir"
	else
		fail "$1: no image to run the negative tests on"
	fi
}

lab_tests() {
	lab_names >"$work/lab-names"
	tap_want_any "$work/lab-names" || return 0
	echo "# lab tests (QEMU)"
	need "lab tools and test inits build" make -s tools
	# Whatever the lab runs below, the machine's apt and kernel modules
	# stay as they were; the trees of another suite are fetched again
	# here with fresh lists (apt-get update through the lab's own state).
	host_n="the lab left the machine's apt setup, packages and /lib/modules as they were"
	sh tests/lab/host-state.sh >"$work/host.before"
	if tap_want "$host_n"; then
		for tree in $KVER_TREES; do
			[ -z "$(tree_suite "$(tree_base "$tree")")" ] ||
				KVER_APT_MAX_AGE=0 sh lab/fetch.sh "$tree" >>"$work/host-fetch.log" 2>&1 ||
				echo "# fetching $tree failed: $(tail -n 1 "$work/host-fetch.log")"
		done
	fi
	# The version-only proofs build on no matrix run, and the negative
	# tests need only one kver point: asked alone, they run alone.
	lab_negative_names "${KVER_TREES%% *}" >"$work/neg-names"
	matrix_wanted=
	neg_wanted=
	while read -r n; do
		if ! tap_want "$n"; then
			continue
		elif grep -qxF -- "$n" "$work/neg-names"; then
			neg_wanted=1
		else
			case $n in
			"lab tools"* | *"a version-only point"* | *"a design switch"* | "shipped"* | "make audit"* | \
				*"with the clamp removed") ;;
			*) matrix_wanted=1 ;;
			esac
		fi
	done <"$work/lab-names"
	# Debian's own images first: a download and a boot, no build.
	lab_shipped
	if [ -n "$matrix_wanted" ]; then
		lab_matrix_tests
	elif [ -n "$neg_wanted" ]; then
		lab_negative_alone "${KVER_TREES%% *}"
	fi
	# The series' tests can fail: on the unfixed design (nothing clamped)
	# with the series' test patches, at 300 (and 5.10's own 262), the
	# KUnit suite and the kselftest fail (tests/series/fail-on-broken.sh);
	# that they pass on the kver series is the matrix's kver rows.
	for tree in $KVER_TREES; do
		check "$tree: the series' KUnit suite and kselftest fail with the clamp removed" \
			sh tests/series/fail-on-broken.sh --only broken --out "$work/fob-$tree" "$tree"
	done
	# Each tree's version-only proofs use its own folders: the trees run
	# side by side (a whole make's walk of the tree is serial), each into
	# a work folder of its own, and their results are counted in order.
	for tree in $KVER_TREES; do
		(
			# shellcheck disable=SC2030 # the subshell's own folder
			work=$work/$tree
			mkdir -p "$work"
			lab_fast_point "$tree"
			lab_replay_fallback "$tree"
			lab_shelf "$tree"
			lab_switch "$tree"
			: >"$work/finished"
		) >"$work/versions-$tree.tap" 2>&1 &
	done
	wait
	# shellcheck disable=SC2031 # this shell's folder
	for tree in $KVER_TREES; do
		tap_collect "$work/versions-$tree.tap"
		# A part that stopped on an error (set -e) says so.
		[ -f "$work/$tree/finished" ] ||
			tap_line "not ok" "$tree: the version-only proofs stopped before their end"
	done
	# The audit's dkms builds, before the machine's state is compared.
	lab_audit
	# git am, checkpatch --strict and the build after every patch take a
	# git copy of each tree: 'make series-check', outside this command.
	# shellcheck disable=SC2031 # this shell's folder
	check "$host_n" sh -c "sh tests/lab/host-state.sh | diff '$work/host.before' -"
}
