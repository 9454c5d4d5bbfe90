/* init/kunit.c of the stand-in kernel */
