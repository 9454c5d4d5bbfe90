/* kernel/fork.c of the stand-in kernel */
