#include "cprocess.h"

#include <errno.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

/*
 * Everything here is read by a signal handler, so it lives in C: set once before the handlers
 * are installed (the modes, the descriptor), or sig_atomic_t (the child, the signal ending the
 * program).
 */

/* The signals whose default action ends the process, that a handler may catch. */
static const int fatal_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
    SIGIO,
    /* A crash, too: the Tab key runs Swift code while the terminal is raw. */
    SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS,
};
enum { fatal_signal_count = sizeof fatal_signals / sizeof fatal_signals[0] };

static struct sigaction earlier_actions[fatal_signal_count];
static struct termios kept_modes;
static int kept_terminal = -1;
static volatile sig_atomic_t terminal_child = 0;
static volatile sig_atomic_t ending_signal = 0;

static int is_crash(int signo) {
    return signo == SIGILL || signo == SIGTRAP || signo == SIGABRT || signo == SIGBUS || signo == SIGFPE
        || signo == SIGSEGV || signo == SIGSYS;
}

/* Async-signal-safe throughout: kill, tcgetpgrp, getpgrp, tcsetattr, sigaction and raise. */
static void end_with_terminal_restored(int signo) {
    int saved_errno = errno;
    ending_signal = signo;
    pid_t child = terminal_child;
    /* The pager would go on drawing on a terminal the shell has taken back. */
    if (child > 0) {
        /* less ignores SIGQUIT (and a pager may ignore others), and would go on reading the
           keys the shell is given: SIGTERM follows the signal itself. */
        if (!is_crash(signo)) kill(child, signo);
        if (signo != SIGTERM) kill(child, SIGTERM);
    }
    /* Only from the foreground: a background process changing the terminal would be stopped. */
    if (kept_terminal >= 0 && tcgetpgrp(kept_terminal) == getpgrp()) {
        tcsetattr(kept_terminal, TCSANOW, &kept_modes);
    }
    /* A crash goes on to the handler there was (Swift's backtrace), if any. Any other signal
       gets its default action, which ends the process with the signal's status: the runtime
       would take SIGQUIT for a crash, print a backtrace and wait for a key. */
    struct sigaction then = {0};
    then.sa_handler = SIG_DFL;
    sigemptyset(&then.sa_mask);
    for (int index = 0; index < fatal_signal_count; index++) {
        if (fatal_signals[index] == signo && is_crash(signo)) then = earlier_actions[index];
    }
    sigaction(signo, &then, NULL);
    /* Blocked until this handler returns; then that action takes it (a fault that raised it
       happens again as well). */
    raise(signo);
    errno = saved_errno;
}

int xkcd_guard_terminal(int fd) {
    if (kept_terminal >= 0) return 0;
    if (tcgetattr(fd, &kept_modes) != 0) return -1;
    kept_terminal = fd;
    struct sigaction action = {0};
    action.sa_handler = end_with_terminal_restored;
    /* A crash from a stack overflow runs on the alternate stack where the runtime set one up. */
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < fatal_signal_count; index++) {
        int signo = fatal_signals[index];
        if (sigaction(signo, NULL, &earlier_actions[index]) != 0) continue;
        /* Ignored from the start (nohup): left ignored. */
        if (earlier_actions[index].sa_handler == SIG_IGN) continue;
        sigaction(signo, &action, NULL);
    }
    return 0;
}

void xkcd_guard_terminal_child(pid_t pid) { terminal_child = pid; }

void xkcd_wait_if_ending_by_signal(void) {
    /* The handler's thread is between passing the signal on and raising it: that raise ends
       the process with the signal's status, which an exit from here would otherwise win. */
    while (ending_signal != 0) pause();
}

void xkcd_restore_terminal(void) {
    if (kept_terminal >= 0 && tcgetpgrp(kept_terminal) == getpgrp()) {
        tcsetattr(kept_terminal, TCSANOW, &kept_modes);
    }
}
