# bench/floor.mk: read after the kernel's own Makefile by bench/lab-point.sh,
#
#   make -C BUILD -f Makefile -f bench/floor.mk FLOOR_LIST=F FLOOR_TIMES=T kver-floor
#
# replays, with the environment Kbuild exports to its commands, the command
# Kbuild saved in each target's .cmd file: first every object of
# FLOOR_OBJS (side by side, as make -j allows), then the FLOOR_STEPS one
# after the other (the links and the bzImage steps). Nothing else of Kbuild
# runs: no walk of the tree, no prepare. FLOOR_TIMES gets three times:
# start, objects done, all done.

include $(FLOOR_LIST)

# The saved commands escape '#' as $(pound) (scripts/Kbuild.include).
pound := \#
floor-cmd-files := $(foreach t,$(FLOOR_OBJS) $(FLOOR_STEPS),$(dir $(t)).$(notdir $(t)).cmd)
$(foreach f,$(floor-cmd-files),$(if $(wildcard $(f)),,$(error no $(f): run a whole make first)))
include $(floor-cmd-files)

# 6.1 saves cmd_<target>, later trees savedcmd_<target>.
floor-cmd = $(or $(savedcmd_$(1)),$(cmd_$(1)))

.PHONY: kver-floor kver-floor-start kver-floor-objs
kver-floor-start:
	@date +%s.%N >$(FLOOR_TIMES)

$(addprefix kver-floor-obj/,$(FLOOR_OBJS)): kver-floor-obj/%: kver-floor-start
	@$(call floor-cmd,$*)

kver-floor-objs: $(addprefix kver-floor-obj/,$(FLOOR_OBJS))
	@date +%s.%N >>$(FLOOR_TIMES)

kver-floor: kver-floor-objs
	@$(foreach t,$(FLOOR_STEPS),($(call floor-cmd,$(t))) && ) true
	@date +%s.%N >>$(FLOOR_TIMES)
