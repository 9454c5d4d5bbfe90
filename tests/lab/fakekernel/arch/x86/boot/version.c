/* arch/x86/boot/version.c of the stand-in kernel */
