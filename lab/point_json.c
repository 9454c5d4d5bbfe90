// SPDX-License-Identifier: GPL-2.0
/* A point as JSON, the one schema of a point; see point_json.h. */
#include "ktap_json.h"
#include "point_json.h"

void point_json(struct json *j, const struct boot *b)
{
	json_string(j, "dir", b->dir);
	meta_json(j, "meta", &b->meta);
	/* The boot model's verdict. */
	json_string(j, "guest", b->guest);
	json_string(j, "detail", b->detail);
	json_bool(j, "ok", b->ok);
	if (b->qemu_status < 0)
		json_null(j, "qemu_status");
	else
		json_int(j, "qemu_status", b->qemu_status);
	json_counts(j, "kunit", &b->kunit);
	json_counts(j, "guest_tests", &b->guest_tests);
	/* What the probe and the guest plugins measured. */
	json_object(j, "values");
	for (size_t k = 0; k < b->values.n; k++)
		json_string(j, b->values.p[k].key, b->values.p[k].val);
	json_end(j);
	json_array(j, "probe");
	for (size_t k = 0; b->probe && k < b->probe->root.nsub; k++)
		json_test(j, NULL, &b->probe->root.sub[k]);
	json_end(j);
	json_array(j, "kunit_suites");
	for (size_t d = 0; d < b->log.ndocs; d++) {
		if (&b->log.docs[d] == b->probe)
			continue;
		for (size_t k = 0; k < b->log.docs[d].root.nsub; k++)
			json_test(j, NULL, &b->log.docs[d].root.sub[k]);
	}
	json_end(j);
	json_array(j, "serial_tail");
	for (int k = 0; k < b->ntail; k++)
		json_string(j, NULL, b->tail[k]);
	json_end(j);
}
