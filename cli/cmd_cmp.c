// SPDX-License-Identifier: MIT
/* kver cmp A [OP] B and cmp --running [OP] B: full-precision comparison. */
#include <string.h>

#include "cli.h"

static const struct op ops[] = {
	{ { "-eq", "=" }, 0, 1, 0 },
	{ { "-ne", "!=" }, 1, 0, 1 },
	{ { "-lt", "<" }, 1, 0, 0 },
	{ { "-le", "<=" }, 1, 1, 0 },
	{ { "-gt", ">" }, 0, 0, 1 },
	{ { "-ge", ">=" }, 0, 1, 1 },
	{ { "==", "==" }, 0, 1, 0 },
};

static const struct op *find_op(const char *s)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(s, ops[i].name[0]) || !strcmp(s, ops[i].name[1]))
			return &ops[i];
	return NULL;
}


int cmd_cmp(const struct opts *o, int argc, char **argv)
{
	const struct op *op = NULL;
	struct kver_running r;
	struct kver a, b;
	const char *sb, *sop = NULL;
	char na[160], nb[160], shown[24];
	int c, truth, collide, err;

	if (o->running) {
		/* kver cmp --running [OP] B: A is the running kernel. */
		if (argc != 1 && argc != 2)
			return fail(EXIT_USAGE, "cmp: --running expects B or "
				    "OP B (try kver --help)");
		sop = argc == 2 ? argv[0] : NULL;
		sb = argv[argc - 1];
	} else if (argc == 2 || argc == 3) {
		sop = argc == 3 ? argv[1] : NULL;
		sb = argv[argc - 1];
	} else {
		return fail(EXIT_USAGE, "cmp: expects A B or A OP B (try kver --help)");
	}
	if (sop && !(op = find_op(sop)))
		return fail(EXIT_USAGE, "cmp: unknown operator '%s' "
			    "(-eq -ne -lt -le -gt -ge = != < <= > >=)",
			    clean(sop, shown, sizeof(shown)));
	if (!o->running && parse_arg("cmp", argv[0], &a))
		return EXIT_USAGE;
	if (parse_arg("cmp", sb, &b))
		return EXIT_USAGE;
	if (o->running) {
		err = get_running(o, &r);
		if (err)
			return err;
		a = r.version;
		truth = running_truth(&r, op, &b, &c);
		numbers(&a, na, sizeof(na));
		kver_format(&b, KVER_FMT_FULL, nb, sizeof(nb));
		if (truth < 0)
			return fail(EXIT_USAGE, "cmp: the running kernel is "
				    "%u.%u.255 or later (only its code tells "
				    "SUBLEVEL): cannot tell how it compares "
				    "with %s", (unsigned)a.major,
				    (unsigned)a.patchlevel, nb);
	} else {
		c = kver_cmp(&a, &b);
		truth = truth_of(op, c);
		kver_format(&a, KVER_FMT_FULL, na, sizeof(na));
		kver_format(&b, KVER_FMT_FULL, nb, sizeof(nb));
	}
	collide = kver_code_collides(&a, &b);

	if (o->json) {
		struct json j;

		json_begin(&j);
		json_string(&j, "a", na);
		json_string(&j, "b", nb);
		if (o->running)
			json_bool(&j, "running", 1);
		json_int(&j, "cmp", c);
		if (op)
			json_string(&j, "op", sop);
		json_bool(&j, "result", truth);
		json_bool(&j, "same_code", kver_code_of(&a) == kver_code_of(&b));
		json_bool(&j, "code_collision", collide);
		json_done(&j);
	} else if (!op) {
		printf("%s %s %s\n", na, c < 0 ? "<" : c > 0 ? ">" : "=", nb);
		if (collide)
			printf("note: both encode as 0x%x; LINUX_VERSION_CODE "
			       "cannot tell them apart\n",
			       (unsigned)kver_code_of(&a));
	}
	if (o->running)
		warn_disagree(&r);
	return truth ? EXIT_OK : EXIT_NO;
}
