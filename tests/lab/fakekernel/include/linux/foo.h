/* include/linux/foo.h of the stand-in kernel */
