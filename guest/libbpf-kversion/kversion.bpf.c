// SPDX-License-Identifier: GPL-2.0
/* The smallest BPF object that reads the LINUX_KERNEL_VERSION extern. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;

SEC("socket")
int kversion(void *ctx)
{
	return LINUX_KERNEL_VERSION;
}

char LICENSE[] SEC("license") = "GPL";
