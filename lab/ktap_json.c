// SPDX-License-Identifier: GPL-2.0
/* KTAP as JSON; see ktap_json.h. */
#include "ktap_json.h"

void json_test(struct json *j, const char *key, const struct ktap_test *t)
{
	json_object(j, key);
	json_string(j, "name", t->name);
	json_string(j, "status", ktap_status_name(t->status));
	if (t->directive)
		json_string(j, "directive", t->directive);
	if (t->ndiag) {
		json_array(j, "diag");
		for (size_t i = 0; i < t->ndiag; i++)
			json_string(j, NULL, t->diag[i]);
		json_end(j);
	}
	if (t->nsub) {
		json_array(j, "subtests");
		for (size_t i = 0; i < t->nsub; i++)
			json_test(j, NULL, &t->sub[i]);
		json_end(j);
	}
	json_end(j);
}

void json_counts(struct json *j, const char *key, const struct ktap_counts *c)
{
	json_object(j, key);
	json_int(j, "pass", c->pass);
	json_int(j, "fail", c->fail);
	json_int(j, "skip", c->skip);
	json_int(j, "missing", c->missing);
	json_end(j);
}
