#ifndef XKCD_CSQLITESETUP_H
#define XKCD_CSQLITESETUP_H

/*
 * Process-wide SQLite settings that only sqlite3_config can make. sqlite3_config is variadic,
 * which Swift cannot call, and it must run before SQLite initialises (the first connection):
 * afterwards it returns SQLITE_MISUSE and changes nothing.
 */

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Stops SQLite from keeping memory statistics (SQLITE_CONFIG_MEMSTATUS), which take a global
 * mutex around every allocation. Returns SQLite's result code (0 when done).
 */
int xkcd_sqlite_disable_memory_statistics(void);

#ifdef __cplusplus
}
#endif

#endif
