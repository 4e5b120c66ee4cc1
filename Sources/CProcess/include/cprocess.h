#ifndef XKCD_CPROCESS_H
#define XKCD_CPROCESS_H

/*
 * What the C library knows of this process that Swift does not reach: the argument vector as
 * it was handed over, and closing descriptors in a spawned child.
 */

#include <spawn.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Swift's CommandLine reads /proc/self/cmdline on Linux, which a minimal chroot or container
 * may not have mounted; glibc passes argc and argv to every constructor in the executable,
 * and these keep them.
 */

/** The number of arguments kept at start-up (0 where the C library passes none). */
int xkcd_saved_argc(void);

/** Argument `index` (0 is the program), or NULL past the end. */
const char *xkcd_saved_argv(int index);

/**
 * Makes the child of a posix_spawn close every descriptor from `lowest` up (glibc's
 * posix_spawn_file_actions_addclosefrom_np, which needs _GNU_SOURCE). Returns 0, or an error
 * number where the C library has no such action.
 */
int xkcd_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#ifdef __cplusplus
}
#endif

#endif
