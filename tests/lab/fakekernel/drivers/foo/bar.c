/* drivers/foo/bar.c of the stand-in kernel */
