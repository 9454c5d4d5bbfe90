/*
 * The numbers kver_compat.h names, compared in #if with the WANT_* the
 * test defines (a wrong one stops the build, naming it), and printed as C
 * reads them: KVER_FULL_VERSION KVER_MAJOR KVER_PATCHLEVEL KVER_SUBLEVEL.
 */
#include <stdio.h>

#include "kver_compat.h"

#if KVER_FULL_VERSION != WANT_FULL
#error "KVER_FULL_VERSION in #if"
#endif
#if KVER_MAJOR != WANT_MAJOR
#error "KVER_MAJOR in #if"
#endif
#if KVER_PATCHLEVEL != WANT_PATCHLEVEL
#error "KVER_PATCHLEVEL in #if"
#endif
#if KVER_SUBLEVEL != WANT_SUBLEVEL
#error "KVER_SUBLEVEL in #if"
#endif

int main(void)
{
	printf("%d %d %d %d\n", (int)KVER_FULL_VERSION, (int)KVER_MAJOR, (int)KVER_PATCHLEVEL,
	       (int)KVER_SUBLEVEL);
	return 0;
}
