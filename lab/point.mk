# lab/point.mk: read after the kernel's own Makefile, only for a point that
# changes nothing but the version (lab/build.sh, "fast" points):
#
#   make -C BUILD -f Makefile -f lab/point.mk build-dir="DIR..." bzImage ...
#
# build-dir is the kernel's own name for the directories the top Makefile
# descends into ("." for the whole tree); the lab sets it to the directories
# whose objects depend on the version (as their .cmd files say), so the rest
# of the tree is not walked again. vmlinux's archive must then wait for
# those directories, which "." alone gave it.
$(sort $(KBUILD_VMLINUX_OBJS)): $(build-dir)

# build-dir came from the command line, and command-line variables reach
# every sub-make; tools/ (objtool's build) has a build-dir of its own.
MAKEOVERRIDES := $(filter-out build-dir=%,$(MAKEOVERRIDES))
