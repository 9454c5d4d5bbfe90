/* init/version-timestamp.c of the stand-in kernel */
