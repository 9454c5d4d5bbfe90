/* init/main.c of the stand-in kernel */
