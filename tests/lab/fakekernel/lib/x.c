/* lib/x.c of the stand-in kernel */
