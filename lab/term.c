// SPDX-License-Identifier: GPL-2.0
/* What the terminal can show (term.h). */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "term.h"

int term_colour(int fd)
{
	const char *nc = getenv("NO_COLOR");

	return isatty(fd) && !(nc && nc[0]);
}

int term_width(int fd)
{
	struct winsize ws;
	const char *cols;

	if (!isatty(fd))
		return 0;
	if (!ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	cols = getenv("COLUMNS");
	if (cols && atoi(cols) > 0)
		return atoi(cols);
	return 80;
}
