#include "ccommandline.h"

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
