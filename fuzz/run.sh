#!/bin/sh
# run.sh TARGET...: run each libFuzzer target from $OUT/fuzz for an equal
# share of $FUZZ_SECONDS, starting from the seed corpus in corpus/NAME.
# New inputs go below $OUT, never into the repository. Prints one line per
# target (runs, edges and features covered), in KTAP (tests/tap.sh).
set -u
cd "$(dirname -- "$0")" || exit 2
n=$#
[ "$n" -gt 0 ] || { echo "usage: run.sh TARGET..." >&2; exit 2; }
share=$(( ${FUZZ_SECONDS:-30} / n ))
[ "$share" -ge 1 ] || share=1
# shellcheck source=SCRIPTDIR/../tests/tap.sh
. ../tests/tap.sh
for t in "$@"; do
	tap_want "$t" || continue
	name=${t#fuzz_}
	work=$OUT/fuzz/corpus-$name
	log=$OUT/fuzz/$t.log
	mkdir -p "$work" "$OUT/fuzz/crashes"
	if "$OUT/fuzz/$t" -max_total_time="$share" -timeout=10 \
		-rss_limit_mb=2048 -max_len=4096 \
		-artifact_prefix="$OUT/fuzz/crashes/$t-" \
		"$work" "corpus/$name" >"$log" 2>&1; then
		runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log")
		cov=$(sed -n 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*cov: \([0-9]*\) ft: \([0-9]*\).*/, coverage \1 edges, \2 features/p' "$log")
		pass "$t"
		echo "# $t: ${runs:-done}${cov}, no crash"
	else
		fail "$t"
		echo "# log: $log"
		tail -n 30 "$log" | sed 's/^/# /'
	fi
done
tap_end fuzz
