# shellcheck shell=sh disable=SC2154 # work and top are tests/run.sh's
# Sourced by tests/run.sh (its $work, check, expect_fail and KTAP helpers):
# the lab tests of Debian's own images, booted as shipped (lab/shipped.sh).
# One Debian 11 image end to end, Debian 11's newest, 5.10.262
# (linux-image-5.10.0-46-amd64-unsigned): downloaded with the lab's own apt
# state (lists fetched afresh), booted with the drivers of every device
# channel and the example module DKMS built against its own headers with
# kver-sublevel.mk; then the failures the mode must name: a wrong expected
# version, a module built against 5.10.257's headers, an image whose init
# cannot run, a version the suite lacks, a version no suite serves, a
# download that fails and headers that are not the image's.

shipped_image=5.10.262
shipped_older=5.10.257

# shipped_names: the tests' names, one a line, in the order they run.
shipped_names() {
	echo "shipped $shipped_image: Debian's own image boots as shipped: every probe check, device channel and guest test ok"
	echo "shipped $shipped_image: every device channel is read from Debian's own drivers, none absent"
	echo "shipped $shipped_image: the DKMS module built against its own headers loads in the guest"
	echo "shipped $shipped_image: the module says KVER_AT_LEAST(5, 10, 258) is true and SUBLEVEL 262, from kver-sublevel.mk"
	echo "shipped $shipped_image: without kver-sublevel.mk, KVER_AT_LEAST(5, 10, 258) is refused against its own headers"
	echo "shipped $shipped_image: with kver-sublevel.mk, the same module builds against its own headers"
	echo "shipped $shipped_image: a wrong expected version is a FAIL"
	echo "shipped $shipped_image: a module built against $shipped_older's headers is refused by the kernel"
	echo "shipped $shipped_image: an image whose /init cannot run is reported as a panic before /init"
	echo "shipped: a version the suite lacks is named with the ones it has"
	echo "shipped: a version no suite serves is named"
	echo "shipped: a download that fails is named in one line"
	echo "shipped: headers that are not the image's are refused"
}

# shipped_build_at258 HEADERS FRAGMENT: a module asking KVER_AT_LEAST(5, 10,
# 258), built with make against Debian's HEADERS folder, with the Kbuild
# fragment or without it (FRAGMENT 1 or 0); make's output in $work/at258.log.
shipped_build_at258() {
	d=$work/at258-$2
	rm -rf "$d"
	mkdir -p "$d"
	cp "$top/compat/kver_compat.h" "$top/compat/kver-sublevel.mk" "$d/"
	printf '%s\n' '#include <linux/module.h>' '#include "kver_compat.h"' \
		'#if KVER_AT_LEAST(5, 10, 258)' 'static int at258 = 1;' '#else' 'static int at258;' '#endif' \
		'module_param(at258, int, 0444);' 'MODULE_LICENSE("GPL");' >"$d/at258.c"
	{
		# shellcheck disable=SC2016 # $(src) is Kbuild's
		[ "$2" = 0 ] || echo 'include $(src)/kver-sublevel.mk'
		echo 'obj-m := at258.o'
	} >"$d/Kbuild"
	nice -n 10 make -C "$1" M="$d" CC="${CC:-gcc}" modules >"$work/at258.log" 2>&1 && [ -f "$d/at258.ko" ]
}

lab_shipped() {
	shipped_names >"$work/shipped-names"
	tap_want_any "$work/shipped-names" || return 0
	{
		read -r n_boot; read -r n_devices; read -r n_module; read -r n_answers; read -r n_refused
		read -r n_builds; read -r n_wrong; read -r n_other; read -r n_panic; read -r n_lacks
		read -r n_nosuite; read -r n_download; read -r n_headers
	} <"$work/shipped-names"
	echo "# Debian's own images (lab/shipped.sh)"
	s=$work/shipped
	rm -rf "$s"
	start=$(date +%s)
	need "$n_boot" env KVER_APT_MAX_AGE=0 sh lab/run.sh --shipped --out "$s" "$shipped_image"
	echo "# $shipped_image from a fresh apt-get update to its verdict: $(($(date +%s) - start)) s"
	sed -n '/^TREE/,$p' "$work/last.log" | head -n 8 | sed 's/^/# /'
	set -- "$s"/5.10-shipped-262-*
	pdir=$1
	if [ ! -f "$pdir/point.meta" ]; then
		fail "shipped $shipped_image: the run left no boot folder"
		return 0
	fi
	# The console's lines end in CR LF.
	log=$work/shipped-serial.log
	tr -d '\r' <"$pdir/serial.log" >"$log"
	release=$(sed -n 's/^expect=//p' "$pdir/point.meta")
	uts=$(sed -n 's/^uts_version=//p' "$pdir/point.meta")
	image=$(sed -n 's/^image=//p' "$pdir/point.meta")
	pkgver=$(sed -n 's/^package=//p' "$pdir/point.meta")
	headers=$KVER_CACHE/shipped/$(sed -n 's/^headers=//p' "$pdir/point.meta")_$pkgver/root/usr/src/$(sed -n 's/^headers=//p' "$pdir/point.meta")
	vmlinuz=$KVER_CACHE/shipped/${image}_$pkgver/image/boot/vmlinuz-$release

	if tap_want "$n_devices"; then
		if grep -q 'value: \(v4l2\|media\|cec\|usb\)\..*=absent' "$log" ||
			[ "$(grep -c 'value: \(v4l2.version\|media.media_version\|media.driver_version\|cec.version\)=0x050aff$' "$log")" != 4 ] ||
			! grep -qx '# value: usb.bcdDevice=0510' "$log" || ! grep -qx 'ok [0-9]* device_codes' "$log"; then
			grep 'value: \(v4l2\|media\|cec\|usb\|module\)' "$log" | sed 's/^/# /'
			fail "$n_devices"
		else
			pass "$n_devices"
		fi
	fi
	tap_has -x "$n_module" '    ok [0-9]+ load_kver_cmp' "$log"
	if tap_want "$n_answers"; then
		if grep -qx '    # report: ge 5 10 258 1 1 1 1 0' "$log" &&
			grep -qx '    # SUBLEVEL: KVER_SUBLEVEL 262, LINUX_VERSION_CODE & 0xff 255' "$log"; then
			pass "$n_answers"
		else
			grep '# report: \|SUBLEVEL' "$log" | sed 's/^/# /'
			fail "$n_answers"
		fi
	fi

	# The fragment is what makes the difference, on Debian's own headers.
	if tap_want "$n_refused"; then
		rc=0
		shipped_build_at258 "$headers" 0 || rc=$?
		tap_status "$n_refused" '!0' "$rc" \
			'kver_error_SUBLEVEL_above_255_but_this_kernel_has_no_LINUX_VERSION_SUBLEVEL' "$work/at258.log"
	fi
	if tap_want "$n_builds"; then
		rc=0
		shipped_build_at258 "$headers" 1 || rc=$?
		tap_status "$n_builds" 0 "$rc"
	fi

	# Two failures in one boot, each named: the version the probe expects
	# is wrong (5.10.263), and the module was built against the headers of
	# another image (5.10.257's linux-headers-5.10.0-44-amd64).
	if tap_want "$n_wrong" || tap_want "$n_other"; then
		neg=$work/shipped-neg
		rm -rf "$neg" "$work/shipped-neg-guest"
		mkdir -p "$neg" "$work/shipped-neg-guest/module"
		older=$(
			# shellcheck source=SCRIPTDIR/../../lab/apt.sh
			. "$top/lab/apt.sh"
			# shellcheck source=SCRIPTDIR/../../lab/shipped-fetch.sh
			. "$top/lab/shipped-fetch.sh"
			shipped_lock
			# shellcheck disable=SC2046 # the package and its version
			set -- $(apt_listing bullseye-security linux-image-5.10 |
				build/lab/kver-lab shipped pick --suite bullseye-security "$shipped_older")
			rel=${1#linux-image-}
			rel=${rel%-unsigned}
			h=$(fetch_headers bullseye-security "$rel" "$2")
			printf '%s %s\n' "$rel" "$h"
		) 2>"$work/shipped-older.log" || older=
		if [ -z "$older" ]; then
			sed 's/^/# /' "$work/shipped-older.log"
			fail "$n_other (fetching $shipped_older's headers failed)"
		else
			mkdir -p "$work/shipped-neg-uapi/include/linux"
			cp "${older#* }/include/generated/uapi/linux/version.h" "$work/shipped-neg-uapi/include/linux/"
			KVER_SUBLEVEL=257 KVER_RELEASE=${older%% *} KVER_STYLE=shipped KVER_MAKE_VARS='' \
				KVER_WORK=$work/shipped-neg-dkms CC=${CC:-gcc} \
				sh guest/module/build "${older#* }" "${older#* }" "$work/shipped-neg-uapi" \
				"$work/shipped-neg-guest/module" >"$work/shipped-neg-build.log" 2>&1 ||
				fail "$n_other (building the module against ${older%% *}'s headers failed)"
		fi
		sed 's/^version=.*/version=5.10.263/; s/^sublevel=.*/sublevel=263/' "$pdir/point.meta" >"$neg/point.meta"
		KVER_VERSION=5.10.263 KVER_UTS_VERSION=$uts KVER_MODULES=$pdir/modules KVER_DEVICES=required \
			KVER_BOOT_TIMEOUT=120 sh lab/boot.sh "$vmlinuz" "$top/build/probe/kver-probe" \
			"$work/shipped-neg-guest" "$release" "$neg" || true
		expect_fail "$n_wrong" "libkver_running: reconciled version 5.10.262, expected " \
			build/lab/kver-lab report "$neg"
		if [ -n "$older" ]; then
			expect_fail "$n_other" "load_kver_cmp: not ok" build/lab/kver-lab report "$neg"
			grep 'finit_module\|kernel: .*kver_cmp' "$neg/serial.log" | head -n 3 | sed 's/^/# /'
		fi
	fi

	if tap_want "$n_panic"; then
		printf 'not a program\n' >"$work/shipped-garbage-init"
		chmod +x "$work/shipped-garbage-init"
		rm -rf "$work/shipped-panic"
		mkdir -p "$work/shipped-panic"
		cp "$pdir/point.meta" "$work/shipped-panic/"
		KVER_VERSION=5.10.262 KVER_BOOT_TIMEOUT=120 sh lab/boot.sh "$vmlinuz" "$work/shipped-garbage-init" \
			"$work/nothing" "$release" "$work/shipped-panic" || true
		expect_fail "$n_panic" "kernel panicked before /init: kernel panic: " \
			build/lab/kver-lab report "$work/shipped-panic"
	fi

	expect_fail "$n_lacks" \
		"bullseye-security has no linux-image of 5.10.258 \(its 5.10 images: .*5.10.257-1 .*5.10.262-1.*\)" \
		sh lab/run.sh --shipped --out "$work/shipped-bad" 5.10.258
	expect_fail "$n_nosuite" "no suite serves 4.19's images" \
		sh lab/run.sh --shipped --out "$work/shipped-bad" 4.19.300
	# A cache of its own with the lists of the suite, and apt sent to a
	# proxy that is not there: the download, not the lists, fails.
	if tap_want "$n_download"; then
		c=$work/shipped-cache
		rm -rf "$c"
		mkdir -p "$c/apt"
		cp -a "$KVER_CACHE/apt/bullseye-security" "$c/apt/"
		printf 'Acquire::http::Proxy "http://127.0.0.1:9";\nAcquire::https::Proxy "http://127.0.0.1:9";\nAcquire::Retries "0";\n' \
			>"$work/apt-dead-proxy.conf"
		expect_fail "$n_download" \
			"downloading linux-image-5.10.0-46-amd64-unsigned 5.10.262-1 from bullseye-security failed: E: " \
			env APT_CONFIG="$work/apt-dead-proxy.conf" KVER_CACHE="$c" \
			sh lab/run.sh --shipped --out "$work/shipped-bad" "$shipped_image"
		rm -rf "$c"
	fi
	expect_fail "$n_headers" \
		"the headers are for $release, the image is 5.10.0-44-amd64" \
		build/lab/kver-lab shipped headers "$headers" 5.10.0-44-amd64 '#1 SMP Debian 5.10.257-1 (2026-05-27)'
}
