// SPDX-License-Identifier: GPL-2.0
/*
 * JSON pieces of kver-lab's output (ktap_json.h).
 */
#include "ktap_json.h"

void json_test(FILE *f, const struct ktap_test *t)
{
	fputs("{\"name\":", f);
	json_str(f, t->name);
	fprintf(f, ",\"status\":\"%s\"", ktap_status_name(t->status));
	if (t->directive) {
		fputs(",\"directive\":", f);
		json_str(f, t->directive);
	}
	if (t->ndiag) {
		fputs(",\"diag\":[", f);
		for (size_t i = 0; i < t->ndiag; i++) {
			fputs(i ? "," : "", f);
			json_str(f, t->diag[i]);
		}
		fputc(']', f);
	}
	if (t->nsub) {
		fputs(",\"subtests\":[", f);
		for (size_t i = 0; i < t->nsub; i++) {
			fputs(i ? "," : "", f);
			json_test(f, &t->sub[i]);
		}
		fputc(']', f);
	}
	fputc('}', f);
}

void json_counts(FILE *f, const char *key, const struct ktap_counts *c)
{
	fprintf(f, ",\"%s\":{\"pass\":%d,\"fail\":%d,\"skip\":%d,\"missing\":%d}", key, c->pass,
		c->fail, c->skip, c->missing);
}
