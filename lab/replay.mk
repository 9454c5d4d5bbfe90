# lab/replay.mk: read after the kernel's own Makefile for a point that
# changes nothing but the version, once the lab has seen Kbuild build such a
# point on the same series, config and make variables (lab/build.sh):
#
#   make -C BUILD -f Makefile -f lab/replay.mk REPLAY_LIST=F INSTALL_HDR_PATH=H kver-replay
#
# F (written by lab/build.sh from the .cmd files that point rewrote) names,
# in the order Kbuild ran them, the targets a new version rebuilds
# (REPLAY_STEPS; not the thin archives, which that point wrote again as
# they were but for their members' sizes) and, for each, what it waits
# for: an object compiled from a version header waits only for the
# headers, every other step for all the steps before it. The headers are
# written by Kbuild's own rules (the top Makefile's and init/'s, so a
# design that changes how the version is encoded is honoured); each step
# then runs the command Kbuild saved in its .cmd file, with the
# environment the top Makefile exports; last, the UAPI headers are
# installed as headers_install does. No walk of the tree, no prepare, no
# modpost of its own: tests/run.sh proves the result bit for bit against
# Kbuild's whole make.
#
# F may also set REPLAY_LEAN and export the variables of the top Makefile
# that its compiler probes decide (KBUILD_CFLAGS, RETPOLINE_CFLAGS, ...),
# as they were when the steps were learned: lab/build.sh then passes
# need-compiler=, so the top Makefile is read without its ~30 probes (1.2 s
# of a point here), and these lines give every step the environment the
# probes would have given it.

include $(REPLAY_LIST)

replay-cmd-files := $(foreach t,$(REPLAY_STEPS),$(dir $(t)).$(notdir $(t)).cmd)
$(foreach f,$(replay-cmd-files),$(if $(wildcard $(f)),,$(error no $(f): the learned steps are stale)))
include $(replay-cmd-files)

# 6.1 saves cmd_<target>, later trees savedcmd_<target>.
# A step whose command carries the SUBLEVEL it was learned at
# (REPLAY_SUBLEVEL, lab/plan_steps.c) runs with this point's, as Kbuild's
# walk would run it.
replay-saved = $(or $(savedcmd_$(1)),$(cmd_$(1)),$(error no saved command for $(1)))
replay-cmd = $(if $(REPLAY_SUBLEVEL),$(subst SUBLEVEL=$(REPLAY_SUBLEVEL) ,SUBLEVEL=$(SUBLEVEL) ,$(call replay-saved,$(1)) ),$(call replay-saved,$(1)))

.PHONY: kver-replay kver-replay-headers $(addprefix kver-replay/,$(REPLAY_STEPS))

# Steps learned at a point that left version.h as it was (REPLAY_VERSION_H
# := 0: 5.10 writes the same one at every point from 255 on) do not
# rebuild what depends on it alone: a point that writes a new one is no
# replay's (lab/build.sh builds it with the whole make).
# From 6.1 on init/ writes the UTS version's headers and the top Makefile
# compile.h; before (5.10) init/ writes compile.h itself.
ifneq ($(shell grep -c utsversion-tmp.h $(srctree)/init/Makefile),0)
replay-init-headers := init/utsversion-tmp.h include/generated/utsversion.h
else
replay-init-headers := include/generated/compile.h
endif

kver-replay-headers: include/config/kernel.release $(version_h) \
		include/generated/utsrelease.h $(filter-out $(replay-init-headers),include/generated/compile.h)
	$(Q)$(MAKE) $(build)=init $(replay-init-headers)
	$(if $(filter 0,$(REPLAY_VERSION_H)),$(Q)if [ $(version_h) -nt .kver-t0 ]; then \
		echo "kver-replay: $(version_h) changed; the steps were learned where it did not" >&2; \
		exit 1; fi)

# The top Makefile exports KERNELRELEASE (and MODLIB and INSTALL_DTBS_PATH,
# built on it) as a $(shell cat ...), 6.1 PAHOLE_FLAGS as a $(shell) of a
# script; make runs those again for the environment of every step (five
# processes a step). Once REPLAY_AFTER (the headers) is made they no longer
# change: they are read once here, before the first step's recipe.
REPLAY_AFTER ?= kver-replay-headers
.PHONY: kver-replay-env
kver-replay-env: $(REPLAY_AFTER)
	$(eval KERNELRELEASE := $(KERNELRELEASE))
	$(if $(filter recursive,$(flavor PAHOLE_FLAGS)),$(eval PAHOLE_FLAGS := $(PAHOLE_FLAGS)))
	@:

$(addprefix kver-replay/,$(REPLAY_STEPS)): kver-replay-env

# '+': some saved commands run make themselves (link-vmlinux.sh, the
# postlink), and share the jobs.
# A step that carried REPLAY_SUBLEVEL leaves its .cmd file, and the
# steps' list, with this point's number, as Kbuild's own rule would.
$(addprefix kver-replay/,$(REPLAY_STEPS)): kver-replay/%:
	+@$(call replay-cmd,$*)
	$(if $(REPLAY_SUBLEVEL),@f=$(dir $*).$(notdir $*).cmd; \
		if grep -q 'SUBLEVEL=$(REPLAY_SUBLEVEL) ' "$$f"; then \
			sed -i 's/SUBLEVEL=$(REPLAY_SUBLEVEL) /SUBLEVEL=$(SUBLEVEL) /g' "$$f" && \
			sed -i 's/^REPLAY_SUBLEVEL := .*/REPLAY_SUBLEVEL := $(SUBLEVEL)/' $(REPLAY_LIST); \
		fi)

# The compilers' dependency files are left behind by the saved commands
# alone (Kbuild's fixdep turns them into the .cmd files, which stay the
# same); removed at the end, in one process.
replay-d-files = $(foreach t,$(REPLAY_STEPS),$(dir $(t)).$(notdir $(t)).d)

kver-replay: $(addprefix kver-replay/,$(REPLAY_STEPS))
	@rm -f $(replay-d-files)
	$(call cmd,headers_install)

# The environment the top Makefile gives a recipe, NUL-separated, into
# REPLAY_ENV_OUT: lab/build.sh learns from two of them (with and without
# the compiler probes) what the probes decide, and checks the result.
.PHONY: kver-replay-env-dump
kver-replay-env-dump:
	@env -0 >$(REPLAY_ENV_OUT)
