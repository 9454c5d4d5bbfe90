// SPDX-License-Identifier: GPL-2.0
/*
 * What does libbpf tell BPF programs the running kernel is?
 *
 * Uses the libbpf of the tree under test and compares four values with the
 * kernel's own LINUX_VERSION_CODE:
 *   1. get_kernel_version(), libbpf's internal function that all of the
 *      others come from (reachable because libbpf is linked statically);
 *   2. bpf_object__kversion() after opening kversion.bpf.o, a socket filter
 *      that returns the LINUX_KERNEL_VERSION extern;
 *   3. LINUX_KERNEL_VERSION in the kernel's copy of the .kconfig map;
 *   4. what the loaded program returns when run (BPF_PROG_TEST_RUN).
 * 1 is skipped when the libbpf keeps get_kernel_version() static (before
 * libbpf 0.7, e.g. 5.10's: bpf_object__kversion() is then its only way
 * out, 2), 2 when libbpf cannot open objects in this guest (libbpf 1.3 and
 * later need memfd_create(): CONFIG_MEMFD_CREATE), 3 and 4 when the kernel
 * cannot load socket filters (CONFIG_BPF_SYSCALL, CONFIG_NET).
 *
 * The build script tells which libbpf it is: KVER_LIBBPF_INTERNAL when
 * libbpf.a exports get_kernel_version(); the API of libbpf before 0.7
 * (bpf_probe_prog_type(), bpf_prog_test_run(), error pointers from
 * bpf_object__open_file()) is told by LIBBPF_OPTS, which 0.7 added.
 *
 * The expected value is the version the kernel was built as (see expect.h)
 * encoded with the kernel's clamp of the sublevel at 255; it must also equal
 * the "Linux" note of the vDSO, which is LINUX_VERSION_CODE itself.
 *
 * Output is TAP; exit status 0 when nothing failed, 1 otherwise.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "expect.h"
#include "tap.h"

#define OBJ_FILE "kversion.bpf.o"

#ifdef KVER_LIBBPF_INTERNAL
/* libbpf_internal.h: hidden in libbpf.so, but linkable from libbpf.a. */
__u32 get_kernel_version(void);
#endif

#ifdef LIBBPF_OPTS
/* libbpf 0.7 and later. */
static int can_load_socket_filters(void)
{
	return libbpf_probe_bpf_prog_type(BPF_PROG_TYPE_SOCKET_FILTER, NULL) == 1;
}

static int test_run(int fd, void *pkt, unsigned int size, unsigned int *retval)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = size, .repeat = 1);
	int err = bpf_prog_test_run_opts(fd, &opts);

	*retval = opts.retval;
	return err;
}

static struct bpf_object *open_file(const char *path)
{
	return bpf_object__open_file(path, NULL);
}
#else
/* Before 0.7 (5.10's libbpf is 0.2). */
static int can_load_socket_filters(void)
{
	/* Its probe calls only EINVAL and EOPNOTSUPP a "no": ENOSYS is one too. */
	errno = 0;
	return bpf_probe_prog_type(BPF_PROG_TYPE_SOCKET_FILTER, 0) && errno != ENOSYS;
}

static int test_run(int fd, void *pkt, unsigned int size, unsigned int *retval)
{
	__u32 ret = 0, duration;
	int err = bpf_prog_test_run(fd, 1, pkt, size, NULL, NULL, &ret, &duration);

	*retval = ret;
	return err;
}

/* Errors came back as error pointers, errno unset. */
static struct bpf_object *open_file(const char *path)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	long err = libbpf_get_error(obj);

	if (err) {
		errno = (int)-err;
		return NULL;
	}
	return obj;
}
#endif

static int failed;

static int libbpf_debug;

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	char buf[512];

	if (level == LIBBPF_DEBUG && !libbpf_debug)
		return 0;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	buf[strcspn(buf, "\n")] = '\0';
	return printf("# %s\n", buf);
}

/* Offset of LINUX_KERNEL_VERSION in the .kconfig map, from the object's BTF. */
static int extern_offset(struct bpf_object *obj)
{
	struct btf *btf = bpf_object__btf(obj);
	const struct btf_var_secinfo *vs;
	const struct btf_type *sec;
	int id, i;

	if (!btf)
		return -1;
	id = btf__find_by_name_kind(btf, ".kconfig", BTF_KIND_DATASEC);
	if (id < 0)
		return -1;
	sec = btf__type_by_id(btf, id);
	vs = btf_var_secinfos(sec);
	for (i = 0; i < btf_vlen(sec); i++, vs++) {
		const struct btf_type *var = btf__type_by_id(btf, vs->type);

		if (!strcmp(btf__name_by_offset(btf, var->name_off),
			    "LINUX_KERNEL_VERSION"))
			return vs->offset;
	}
	return -1;
}

int main(void)
{
	struct guest_expect e;
	struct bpf_map *kconfig;
	struct bpf_program *prog;
	struct bpf_object *obj;
	unsigned int v;
	int err, off;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..4\n");
	libbpf_set_print(print_libbpf);
	if (guest_expect(&e))
		return 1;

#ifdef KVER_LIBBPF_INTERNAL
	failed |= guest_check(&e, 1, get_kernel_version(), "get_kernel_version()");
#else
	printf("ok 1 get_kernel_version() # SKIP static in this libbpf: its value is bpf_object__kversion()'s (2)\n");
#endif

	obj = open_file(OBJ_FILE);
	if (!obj) {
		err = errno;
		if (err == ENOSYS) {
			printf("ok 2 bpf_object__kversion() # SKIP libbpf cannot open objects here: %s (memfd_create(), CONFIG_MEMFD_CREATE)\n",
			       strerror(err));
			printf("ok 3 .kconfig LINUX_KERNEL_VERSION # SKIP no object\n");
			printf("ok 4 program return value # SKIP no object\n");
			return failed;
		}
		/* Once more, with libbpf's debug output. */
		libbpf_debug = 1;
		open_file(OBJ_FILE);
		printf("Bail out! cannot open %s: %s\n", OBJ_FILE, strerror(err));
		return 1;
	}

	failed |= guest_check(&e, 2, bpf_object__kversion(obj),
			      "bpf_object__kversion() after open");

	if (!can_load_socket_filters()) {
		printf("ok 3 .kconfig LINUX_KERNEL_VERSION # SKIP the kernel cannot load socket filters (CONFIG_BPF_SYSCALL, CONFIG_NET)\n");
		printf("ok 4 program return value # SKIP the kernel cannot load socket filters\n");
		goto out;
	}

	err = bpf_object__load(obj);
	if (err) {
		failed |= guest_result(3, 0, ".kconfig LINUX_KERNEL_VERSION # load failed: %s",
				       strerror(-err));
		failed |= guest_result(4, 0, "program return value # load failed");
		goto out;
	}

	kconfig = bpf_object__find_map_by_name(obj, ".kconfig");
	off = extern_offset(obj);
	if (!kconfig || off < 0) {
		failed |= guest_result(3, 0, ".kconfig LINUX_KERNEL_VERSION # no .kconfig map or extern");
	} else {
		unsigned int key = 0;
		unsigned char *val = calloc(1, bpf_map__value_size(kconfig));

		err = val ? bpf_map_lookup_elem(bpf_map__fd(kconfig), &key, val) : -ENOMEM;
		if (err) {
			failed |= guest_result(3, 0, ".kconfig LINUX_KERNEL_VERSION # lookup failed: %s",
					       strerror(errno));
		} else {
			memcpy(&v, val + off, sizeof(v));
			failed |= guest_check(&e, 3, v, ".kconfig LINUX_KERNEL_VERSION");
		}
		free(val);
	}

	prog = bpf_object__find_program_by_name(obj, "kversion");
	if (prog) {
		unsigned char pkt[64] = { 0 };
		unsigned int retval;

		err = test_run(bpf_program__fd(prog), pkt, sizeof(pkt), &retval);
		if (err) {
			printf("ok 4 program return value # SKIP BPF_PROG_TEST_RUN: %s\n",
			       strerror(errno));
		} else {
			failed |= guest_check(&e, 4, retval, "program return value");
		}
	} else {
		failed |= guest_result(4, 0, "program return value # program not found");
	}
out:
	bpf_object__close(obj);
	return failed;
}
