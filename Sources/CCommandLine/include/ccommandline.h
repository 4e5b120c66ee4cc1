#ifndef XKCD_CCOMMANDLINE_H
#define XKCD_CCOMMANDLINE_H

/*
 * The program's argument vector as the C library handed it over. Swift's CommandLine reads
 * /proc/self/cmdline on Linux, which a minimal chroot or container may not have mounted; glibc
 * passes argc and argv to every constructor in the executable, and this keeps them.
 */

#ifdef __cplusplus
extern "C" {
#endif

/** The number of arguments kept at start-up (0 where the C library passes none). */
int xkcd_saved_argc(void);

/** Argument `index` (0 is the program), or NULL past the end. */
const char *xkcd_saved_argv(int index);

#ifdef __cplusplus
}
#endif

#endif
