# config.mk: the build settings of every C part of kver, included by every
# Makefile. Change a flag here, not in a part's Makefile.
#
#   SAN=1       build with ASan+UBSan (the tests build this variant below
#               $(OUT)/san whatever SAN says)
#   VALGRIND    the command the tests run a plain build under
#   T=NAME      run only the tests whose name matches the shell glob *NAME*
#               (a plain word is a substring), as KVER_T in the environment
CC       ?= cc
CFLAGS   ?= -O2 -g
KVER_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror $(CFLAGS)
# Header dependencies: every object and binary also writes its .d file.
DEPFLAGS  = -MMD -MP
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ifeq ($(SAN),1)
KVER_CFLAGS  += $(SANFLAGS)
KVER_LDFLAGS += -fsanitize=address,undefined
endif
VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=all --show-leak-kinds=all
ifneq ($(T),)
export KVER_T := $(T)
endif
# Everything built goes below build/ at the top of the repository.
TOP      := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
ROOT     := $(abspath $(TOP))
OUT      ?= $(ROOT)/build
.DEFAULT_GOAL := all

# Objects of the programs and tests: $(call objs,SOURCES) names the object
# of each source, $(OUT)/obj/<path from the top>.o. Each is compiled alone,
# so its .d file lists every header it includes.
KVER_CPPFLAGS := -I$(ROOT)/lib -I$(ROOT)/lab -I$(ROOT)/matrix -I$(ROOT)/probe -I$(ROOT)/tests -I$(ROOT)/util
objs = $(patsubst $(ROOT)/%.c,$(OUT)/obj/%.o,$(abspath $(1)))
$(OUT)/obj/%.o: $(ROOT)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(KVER_CFLAGS) $(DEPFLAGS) $(KVER_CPPFLAGS) -c -o $@ $<
# Every .d file is two or three folders down ($(OUT)/lib/obj/, $(OUT)/obj/lab/):
# an older build's $(OUT)/probe/kver-probe.d names probe.c, which is gone.
-include $(wildcard $(OUT)/*/*/*.d $(OUT)/obj/*/*/*.d)

# $(call lab_conf,KEY): the words of KEY in lab/lab.conf, as lab/common.sh's
# lab_conf gives them to the scripts.
lab_conf = $(shell sed -n 's/^$(1): *//p' $(ROOT)/lab/lab.conf)
# The matrix's designs, in the order it shows them, from lab/lab.conf (the
# lab's one list of them), compiled into matrix.c.
KVER_VARIANTS := $(call lab_conf,variants)
$(call objs,$(ROOT)/matrix/matrix.c): KVER_CPPFLAGS += -D'KVER_VARIANTS=$(foreach v,$(KVER_VARIANTS),"$(v)",)'
$(call objs,$(ROOT)/matrix/matrix.c): $(ROOT)/lab/lab.conf
