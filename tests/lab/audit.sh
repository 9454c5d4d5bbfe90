# shellcheck shell=sh disable=SC2154 # top, work: tests/run.sh's
# audit.sh: lab_audit, the end-to-end test of make audit in make check's
# lab part (tests/lab/qemu.sh calls it). Sourced by tests/run.sh.

audit_names() {
	echo "make audit on two small DKMS packages, end to end"
}

# lab_audit: audit/run.sh --check, two small packages of Debian 11 fetched,
# linted and built with Debian's dkms against the lab's build folder of a
# tree (5.10, past 255, when the run has it), the report checked.
lab_audit() {
	n=$(audit_names)
	tap_want "$n" || return 0
	atree=${KVER_TREES%% *}
	case " $KVER_TREES " in *" 5.10 "*) atree=5.10 ;; *) ;; esac
	if [ ! -f "$(build_dir "$atree")/scripts/mod/modpost" ]; then
		need "$atree: a lab point for the audit" sh lab/run.sh --trees "$atree" --out "$work/apoint" own
	fi
	rc=0
	sh audit/run.sh --check --kernels "lab:$atree" --out "$work/audit" >"$work/audit.log" 2>&1 || rc=$?
	k=$(cat "$(build_dir "$atree")/include/config/kernel.release" 2>/dev/null)
	# v4l2loopback builds (the lab's kernel has V4L2), acpi-call is not for
	# a kernel without ACPI (its dkms.conf's own BUILD_EXCLUSIVE_ARCH), both
	# linted, a SARIF log each, and the progress said package N of 2.
	sarifs=0
	for f in "$work"/audit/sarif/*.sarif; do
		! jq -e '.runs[0].tool.driver.name == "kver-lint"' "$f" >/dev/null 2>&1 || sarifs=$((sarifs + 1))
	done
	if [ "$rc" = 0 ] && [ "$sarifs" = 2 ] && jq -e --arg k "$k" '(.packages | length) == 2 and
		(.packages[] | select(.name == "v4l2loopback-dkms") | .stage == "ok" and .lint.exit == 0
			and (.builds[] | select(.kernel == $k) | .status == "built" and .modules >= 1)) and
		(.packages[] | select(.name == "acpi-call-dkms") | .stage == "ok" and .lint.exit == 0
			and (.builds[] | select(.kernel == $k) | .status == "not for this kernel"))' \
		"$work/audit/audit.json" >/dev/null 2>&1 && grep -q '^\[2/2\] ' "$work/audit.log" &&
		jq -r --slurpfile schema docs/audit.schema.json --arg def audit -f tests/util/schema.jq \
			"$work/audit/audit.json" >"$work/audit-schema.log" 2>&1 && [ ! -s "$work/audit-schema.log" ]; then
		pass "$n"
	else
		sed 's/^/# /' "$work/audit.log" | tail -n 20
		fail "$n"
	fi
}
