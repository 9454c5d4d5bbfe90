// SPDX-License-Identifier: MIT
/* kver check [--at-least VERSION]: every source this machine offers agrees. */
#include <string.h>

#include "cli.h"

int cmd_check(const struct opts *o, int argc)
{
	struct kver_running r;
	struct kver want;
	char num[160], what[256], nw[160];
	int err, bad = 0, used = 0, enough = 1, c;

	if (argc != 0)
		return fail(EXIT_USAGE, "check: takes no arguments (try kver --help)");
	if (o->at_least && parse_arg("check: --at-least", o->at_least, &want))
		return EXIT_USAGE;
	err = read_running(o, &r);
	if (err && err != KVER_ENOSOURCE)
		return EXIT_USAGE;
	for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
		const char *state = source_state(&r, s);

		if (!strcmp(state, "FAIL"))
			bad++;
		else if (!strcmp(state, "ok"))
			used++;
	}
	if (!err && o->at_least) {
		static const struct op ge = { { "-ge", ">=" }, 0, 1, 1 };

		enough = running_truth(&r, &ge, &want, &c);
		kver_format(&want, KVER_FMT_FULL, nw, sizeof(nw));
	}
	if (o->json) {
		struct json j;

		json_begin(&j);
		json_running(&j, &r, err);
		json_bool(&j, "ok", !err && !bad && enough == 1);
		if (o->at_least && !err) {
			json_string(&j, "at_least", nw);
			if (enough >= 0)
				json_bool(&j, "at_least_ok", enough);
		}
		json_done(&j);
	} else {
		for (int s = KVER_SRC_UNAME; s < KVER_SRC_COUNT; s++) {
			source_text(&r, s, what, sizeof(what));
			printf("%-5s %-18s %s\n", source_state(&r, s),
			       kver_source_name(s), what);
		}
	}
	if (err)
		return no_source(&r, EXIT_NO);
	numbers(&r.version, num, sizeof(num));
	if (bad)
		return fail(EXIT_NO, "check: %d of %d sources do not agree "
			    "with %s", bad, bad + used, num);
	if (enough < 0)
		return fail(EXIT_USAGE, "check: the running kernel is %u.%u.255 "
			    "or later (only its code tells SUBLEVEL): cannot "
			    "tell whether it is at least %s",
			    (unsigned)r.version.major,
			    (unsigned)r.version.patchlevel, nw);
	if (!enough)
		return fail(EXIT_NO, "check: the running kernel %s is older "
			    "than %s", num, nw);
	if (!o->json)
		printf("%d sources agree on %s%s%s\n", used, num,
		       o->at_least ? ", at least " : "",
		       o->at_least ? nw : "");
	return EXIT_OK;
}
