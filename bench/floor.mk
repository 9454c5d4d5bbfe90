# bench/floor.mk: the floor's clock, read after the kernel's own Makefile
# and lab/replay.mk by bench/lab-point.sh:
#
#   make -C BUILD -f Makefile -f lab/replay.mk -f bench/floor.mk \
#        REPLAY_LIST=F FLOOR_TIMES=T kver-floor
#
# F lists the floor's steps in lab/replay.mk's form (the lab's replay of
# Kbuild's saved commands, one home for it): FLOOR_OBJS, the objects, wait
# for kver-floor-start; the first link waits for kver-floor-objs; then each
# step for the one before it. Nothing else of Kbuild runs: no walk of the
# tree, no prepare, no version headers (the bench writes them; it passes
# REPLAY_AFTER=kver-floor-start, so lab/replay.mk does not). FLOOR_TIMES
# gets three times: start, objects done, all done.

.PHONY: kver-floor kver-floor-start kver-floor-objs

kver-floor-start:
	@date +%s.%N >$(FLOOR_TIMES)

kver-floor-objs: $(addprefix kver-replay/,$(FLOOR_OBJS))
	@date +%s.%N >>$(FLOOR_TIMES)

kver-floor: kver-replay/$(lastword $(REPLAY_STEPS))
	@date +%s.%N >>$(FLOOR_TIMES)
	@rm -f $(replay-d-files)
