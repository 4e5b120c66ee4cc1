#define _GNU_SOURCE
#include "cprocess.h"

#include <errno.h>
#include <stdlib.h>

static int saved_argc;
static char **saved_argv;

#if defined(__linux__) && defined(__GLIBC__)
/* glibc calls constructors with (argc, argv, envp); other C libraries pass nothing. */
__attribute__((constructor)) static void xkcd_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}
#endif

int xkcd_saved_argc(void) { return saved_argv == NULL ? 0 : saved_argc; }

const char *xkcd_saved_argv(int index) {
    if (saved_argv == NULL || index < 0 || index >= saved_argc) return NULL;
    return saved_argv[index];
}

int xkcd_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}
