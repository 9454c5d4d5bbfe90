# shellcheck shell=sh disable=SC2154 # top, work: tests/run.sh's
# negative.sh: the lab's negative tests on real boots (lab_negative_names,
# lab_negative): a wrong expected version, a hung guest, a crashing probe,
# no /init, a patch that does not apply. Sourced by tests/run.sh.

# lab_negative_names TREE: the negative tests' names, in the order
# lab_negative runs them.
lab_negative_names() {
	echo "$1: a wrong expected version is a FAIL"
	echo "$1: a hung guest is reported as hung"
	echo "$1: the hung guest was stopped within 40 s (timeout 20 s)"
	echo "$1: a crashing probe is reported as crashed"
	echo "$1: a guest without a working /init is reported"
	echo "$1: a patch that does not apply is named"
}

# Negative tests reuse a kver image the lab built and booted well, in the
# upstream style: its release is the one its point.meta expected.
lab_negative() {
	tree=$1
	img=$2
	pdir=$3
	build=$(build_dir "$tree")
	good=$(sed -n 's/^expect=//p' "$pdir/point.meta")
	wrong=${good%.*}.$((${good##*.} + 1))
	neg() {
		d=$work/neg-$1
		rm -rf "$d"
		mkdir -p "$d"
		sed "s/^expect=.*/expect=$4/" "$pdir/point.meta" >"$d/point.meta"
		# boot.sh fails on a bad boot; the report below judges it.
		KVER_GEN_INIT_CPIO=$build/usr/gen_init_cpio KVER_BOOT_TIMEOUT=${5:-120} \
			sh lab/boot.sh "$img" "$2" "$3" "$4" "$d" || true
	}

	# Each boot runs only when a test that judges it passes the filter.
	lab_negative_names "$tree" >"$work/neg-names"
	{ read -r n1; read -r n2; read -r n3; read -r n4; read -r n5; read -r n6; } <"$work/neg-names"
	if tap_want "$n1"; then
		neg wrong "$top/build/probe/kver-probe" "$pdir/guest" "$wrong"
		expect_fail "$n1" \
			"uname_release: got '$good', expected a release starting with '$wrong'" \
			build/lab/kver-lab report "$work/neg-wrong"
	fi

	if tap_want "$n2" || tap_want "$n3"; then
		start=$(date +%s)
		neg hang "$top/build/tests/inits/hang" "$pdir/nothing" "$good" 20
		took=$(($(date +%s) - start))
		expect_fail "$n2" "guest hung after /init started: no exit within 20 s" \
			build/lab/kver-lab report "$work/neg-hang"
		echo "# the hung guest was stopped after ${took}s"
		if [ "$took" -le 40 ]; then pass "$n3"; else fail "$n3"; fi
	fi

	if tap_want "$n4"; then
		neg crash "$top/build/tests/inits/crash" "$pdir/nothing" "$good"
		expect_fail "$n4" "probe crashed: kernel panic: Attempted to kill init" \
			build/lab/kver-lab report "$work/neg-crash"
	fi

	if tap_want "$n5"; then
		printf 'not a program\n' >"$work/garbage-init"
		chmod +x "$work/garbage-init"
		neg noinit "$work/garbage-init" "$pdir/nothing" "$good"
		expect_fail "$n5" "kernel panicked before /init" \
			build/lab/kver-lab report "$work/neg-noinit"
	fi

	# A patch that does not apply names itself, the tree and the hunk.
	mkdir -p "$work/badseries"
	cp tests/lab/0001-does-not-apply.patch "$work/badseries/"
	echo 0001-does-not-apply.patch >"$work/badseries/series"
	expect_fail "$n6" \
		"patch 0001-does-not-apply.patch does not apply to linux-source-$tree .*Makefile: Hunk #1 FAILED" \
		with_lock "$tree" sh lab/prepare.sh "$tree" "$work/badseries"
}
