# shellcheck shell=sh disable=SC2154 # top, work: run.sh's
# dkms.sh: what Debian's dkms decides from a kernel's name, with
# guest/module's dkms.conf (BUILD_EXCLUSIVE_KERNEL_MIN or a regular
# expression); sourced by run.sh (its work folder and KTAP helpers). The
# facts compat/README.md states, measured.

# dkms_build NAME KERNEL EXTRA: Debian's dkms builds guest/module's package
# (its dkms.conf plus the line EXTRA) for a kernel named KERNEL against a
# stand-in kernel folder whose make writes the .ko; DKMS tree and sources
# in the run's folder, no signing, nothing installed. Prints dkms's status.
dkms_build() {
	d=$work/dkms/$1 kernel=$2
	mkdir -p "$d/src/kver_cmp-1.0" "$d/tree" "$d/kernel/include"
	# shellcheck disable=SC2016 # $(M) is make's
	printf 'modules:\n\t@echo stand-in >$(M)/kver_cmp.ko\n' >"$d/kernel/Makefile"
	echo 'CONFIG_MODULES=y' >"$d/kernel/.config"
	cp "$top/guest/module/kmod/Kbuild" "$top/guest/module/kmod/kver_cmp.c" \
		"$top/guest/module/kmod/dkms.conf" "$d/src/kver_cmp-1.0/"
	printf '%s\n' "$3" >>"$d/src/kver_cmp-1.0/dkms.conf"
	set -- -m kver_cmp -v 1.0 --dkmstree "$d/tree" --sourcetree "$d/src"
	sign_file=$d/no-sign-file dkms add "$@" >"$d/log" 2>&1 || { echo add-failed; return; }
	sign_file=$d/no-sign-file dkms build "$@" -k "$kernel" -a x86_64 \
		--kernelsourcedir "$d/kernel" >>"$d/log" 2>&1
	echo $?
}

# What dkms decides from the kernel's name: a 6.1.300 kernel is named
# 6.1.300 by the lab and 6.1.0-75-amd64 in Debian's style. Measured with
# Debian 12's dkms 3.0.10, which has no BUILD_EXCLUSIVE_KERNEL_MIN (it is
# ignored: built everywhere) and matches BUILD_EXCLUSIVE_KERNEL against the
# name (77: excluded). compat/README.md documents the table.
if ! command -v dkms >/dev/null 2>&1; then
	not_ok "dkms decisions" "dkms is missing (sh lab/deps.sh installs it)"
else
	# The quotes go into dkms.conf as they are.
	# shellcheck disable=SC2089,SC2090
	for c in "min-300 6.1.300 BUILD_EXCLUSIVE_KERNEL_MIN=6.1.260 0" \
		"min-debian 6.1.0-75-amd64 BUILD_EXCLUSIVE_KERNEL_MIN=6.1.260 0" \
		"min-259 6.1.259 BUILD_EXCLUSIVE_KERNEL_MIN=6.1.260 0" \
		"regex-300 6.1.300 BUILD_EXCLUSIVE_KERNEL='^6\.1\.(2[6-9][0-9]|[3-9][0-9][0-9])' 0" \
		"regex-debian 6.1.0-75-amd64 BUILD_EXCLUSIVE_KERNEL='^6\.1\.(2[6-9][0-9]|[3-9][0-9][0-9])' 77"; do
		# shellcheck disable=SC2086 # four words
		set -- $c
		got=$(dkms_build "$1" "$2" "$3")
		ko=$work/dkms/$1/tree/kver_cmp/1.0/$2/x86_64/module/kver_cmp.ko
		if [ "$got" = "$4" ] && { [ "$got" != 0 ] || [ -f "$ko" ]; }; then
			pass "dkms with $3, kernel $2: status $got"
		else
			not_ok "dkms with $3, kernel $2" "status $got, want $4: $(tail -n 3 "$work/dkms/$1/log")"
		fi
	done
fi
