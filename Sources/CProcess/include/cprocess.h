#ifndef XKCD_CPROCESS_H
#define XKCD_CPROCESS_H

/*
 * What the C library knows of this process that Swift does not reach: the argument vector as
 * it was handed over, closing descriptors in a spawned child, and signal handlers that give
 * the terminal back.
 */

#include <spawn.h>
#include <sys/types.h>

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

/**
 * Keeps the modes of the terminal on `fd` as they are now, and puts them back when a signal ends
 * the process (SIGHUP, SIGTERM, SIGQUIT and the rest whose default action ends it, a crash
 * too): the handler restores the modes, passes the signal on to the program given to
 * xkcd_guard_terminal_child, and then lets the signal's default action end the process with
 * its status (a crash goes on to the handler there was before). Signals ignored at start stay
 * ignored.
 * Once: later calls change nothing. Returns 0, or -1 with errno when `fd` is not a terminal.
 */
int xkcd_guard_terminal(int fd);

/** The program running on the terminal now (the pager), or 0 when there is none. */
void xkcd_guard_terminal_child(pid_t pid);

/**
 * Never returns once a signal handled by xkcd_guard_terminal has begun to end the process (its
 * raise then ends it); returns at once otherwise. Called before a normal exit, which would
 * otherwise race the handler: the pager it stopped ends, and the program would go on to exit 0.
 */
void xkcd_wait_if_ending_by_signal(void);

/**
 * Puts back the terminal modes xkcd_guard_terminal kept, where the process is in the terminal's
 * foreground, without discarding its input: an exit in the middle of a command (output that
 * cannot be written) leaves the terminal as the program found it, echo included.
 */
void xkcd_restore_terminal(void);

#ifdef __cplusplus
}
#endif

#endif
