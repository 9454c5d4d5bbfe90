# The stand-in kernel's objects: the folders of the vmlinux walk, the
# objects of each (objs-DIR), and the headers each object reads but its
# source (deps-OBJECT). init/version.o, kernel/sys.o and the boot image's
# version.o read the version; lib/x.o and drivers/foo/bar.o do not.
vmlinux-dirs := init kernel lib drivers/foo
objs-init := init/main.o init/version.o
objs-kernel := kernel/sys.o kernel/fork.o
objs-lib := lib/x.o
objs-drivers/foo := drivers/foo/bar.o
objs-arch/x86/boot := arch/x86/boot/version.o
deps-init/version.o := include/generated/utsrelease.h include/generated/compile.h
deps-init/version-timestamp.o := include/generated/utsrelease.h
deps-kernel/sys.o := include/generated/uapi/linux/version.h
deps-kernel/fork.o := $(srctree)/include/linux/foo.h
deps-drivers/foo/bar.o := $(srctree)/include/linux/foo.h
deps-arch/x86/boot/version.o := include/generated/utsrelease.h
