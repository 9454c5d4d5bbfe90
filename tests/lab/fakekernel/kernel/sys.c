/* kernel/sys.c of the stand-in kernel */
