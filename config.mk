# Compiler settings shared by every C part of kver (lib, cli, probe, lab tools).
CC       ?= cc
CFLAGS   ?= -O2 -g
KVER_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror $(CFLAGS)
# Sanitizer build used by the tests (make SAN=1).
ifeq ($(SAN),1)
KVER_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
KVER_LDFLAGS += -fsanitize=address,undefined
endif
# Everything built goes below build/ at the top of the repository.
TOP      := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
OUT      ?= $(abspath $(TOP))/build
