/* init/version.c of the stand-in kernel */
