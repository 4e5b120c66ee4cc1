#ifndef XKCD_CSQLITESETUP_H
#define XKCD_CSQLITESETUP_H

/*
 * SQLite for Swift: its C API, and what it offers only to C: process-wide settings that only
 * sqlite3_config can make (variadic, which Swift cannot call), and FTS5 auxiliary functions.
 */

#include <sqlite3.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Stops SQLite from keeping memory statistics (SQLITE_CONFIG_MEMSTATUS), which take a global
 * mutex around every allocation. Returns SQLite's result code (0 when done). It must run before
 * SQLite initialises (the first connection): afterwards it returns SQLITE_MISUSE and changes
 * nothing.
 */
int xkcd_sqlite_disable_memory_statistics(void);

/**
 * Adds three FTS5 auxiliary functions to the connection `db`, for the row a full-text query is
 * on: `search_field(t)`, the lowest column holding a match (NULL: none);
 * `search_phrases(t)`, an integer with bit i set when the row holds phrase i of the query
 * (phrases counted from 0 in the order they are written; only the first 63); and the ranking
 * `search_rank(t, short, w0, w1, w2, w3, rowid...)`: bm25 as FTS5's own computes it with the
 * weight wN for column N, less 2e6 for a row among the rowids that follow (a title that is the
 * query) and 1e6, when `short` is non-zero, for a row whose first column holds every phrase.
 * Returns SQLite's result code.
 */
int xkcd_sqlite_add_search_functions(sqlite3 *db);

/**
 * Adds two SQL functions to the connection `db` for explanations' wiki pages, which the store
 * keeps packed (zlib, with the text's length before it): `pack_wikitext(text)`, the packed blob
 * of a text (any other value as it is); `wikitext(value)`, the text of a packed blob (a text, as
 * stored before pages were packed, or NULL as it is; a damaged blob reads as ''). Returns
 * SQLite's result code.
 */
int xkcd_sqlite_add_wikitext_functions(sqlite3 *db);

/** SQLITE_TRANSIENT, a macro Swift cannot import: SQLite copies a bound value at once. */
static inline sqlite3_destructor_type xkcd_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#ifdef __cplusplus
}
#endif

#endif
