# shellcheck shell=sh disable=SC2154 # here, src, work, log, postings, check_author: check-series.sh's
# send-email.sh, sourced by check-series.sh: the postings exported as they
# are sent, and git send-email --dry-run takes each of them (checkpatch.sh
# then checks the export).

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
