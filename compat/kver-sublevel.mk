# kver-sublevel.mk: the kernel's full version for kver_compat.h, where
# <linux/version.h> has no LINUX_VERSION_SUBLEVEL (5.13 and older, such
# as Debian 11's 5.10) but the headers a module is built against carry the
# version as a string. Debian's linux-headers packages do, in two places:
#
#   include/generated/package.h   #define LINUX_PACKAGE_ID " Debian 5.10.262-1"
#   include/generated/compile.h   #define UTS_VERSION "#1 SMP Debian 5.10.262-1 (2026-07-31)"
#
# Include it from the module's Kbuild file, with kver_compat.h beside it:
#
#   include $(src)/kver-sublevel.mk
#   obj-m := mymod.o
#
# (a DKMS package copies both files into its source folder; dkms.conf needs
# nothing else). When one of those strings names a version, it adds
# -DKVER_HEADERS_MAJOR=5 -DKVER_HEADERS_PATCHLEVEL=10 -DKVER_HEADERS_SUBLEVEL=262
# to ccflags-y; kver_compat.h then compares at full precision, and stops the
# build if those numbers are not what LINUX_VERSION_CODE encodes. When
# neither string names one, it adds nothing and kver_compat.h answers from
# LINUX_VERSION_CODE alone. KVER_HEADERS_SUBLEVEL given on make's command
# line (with the other two) wins. Kbuild runs in the kernel's build or
# headers folder, $(objtree).

ifeq ($(origin KVER_HEADERS_SUBLEVEL),undefined)
kver_generated := $(objtree)/include/generated
# "M P S" from " Debian M.P.S-..." (package.h), else from "... Debian M.P.S-... (date)" (compile.h).
kver_headers_version := $(wordlist 1,3,$(shell sed -n \
	's/^.define LINUX_PACKAGE_ID " Debian \([0-9][0-9]*\)\.\([0-9][0-9]*\)\.\([0-9][0-9]*\)[-+~][^ "]*"$$/\1 \2 \3/p' \
	$(kver_generated)/package.h 2>/dev/null))
ifeq ($(words $(kver_headers_version)),0)
kver_headers_version := $(wordlist 1,3,$(shell sed -n \
	's/^.define UTS_VERSION "[^"]* Debian \([0-9][0-9]*\)\.\([0-9][0-9]*\)\.\([0-9][0-9]*\)[-+~][^ ]* ([^"]*)"$$/\1 \2 \3/p' \
	$(kver_generated)/compile.h 2>/dev/null))
endif
ifeq ($(words $(kver_headers_version)),3)
ccflags-y += -DKVER_HEADERS_MAJOR=$(word 1,$(kver_headers_version)) \
	-DKVER_HEADERS_PATCHLEVEL=$(word 2,$(kver_headers_version)) \
	-DKVER_HEADERS_SUBLEVEL=$(word 3,$(kver_headers_version))
endif
else
ccflags-y += -DKVER_HEADERS_MAJOR=$(KVER_HEADERS_MAJOR) \
	-DKVER_HEADERS_PATCHLEVEL=$(KVER_HEADERS_PATCHLEVEL) \
	-DKVER_HEADERS_SUBLEVEL=$(KVER_HEADERS_SUBLEVEL)
endif
