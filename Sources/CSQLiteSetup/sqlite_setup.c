#include "csqlitesetup.h"

#include <sqlite3.h>
#include <stddef.h>

int xkcd_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* The lowest column of the row that holds an instance of any phrase, or NULL. */
static void search_field(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                         int argc, sqlite3_value **argv) {
    (void)argc;
    (void)argv;
    int count = 0;
    int rc = api->xInstCount(fts, &count);
    int lowest = -1;
    for (int i = 0; rc == SQLITE_OK && i < count; i++) {
        int phrase, column, offset;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK && (lowest < 0 || column < lowest)) lowest = column;
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
    } else if (lowest >= 0) {
        sqlite3_result_int(context, lowest);
    } else {
        sqlite3_result_null(context);
    }
}

/* Bit i set for each phrase i (below 63) of which the row holds an instance. */
static void search_phrases(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                           int argc, sqlite3_value **argv) {
    (void)argc;
    (void)argv;
    sqlite3_uint64 held = 0;
    int phrases = api->xPhraseCount(fts);
    for (int i = 0; i < phrases && i < 63; i++) {
        Fts5PhraseIter iter;
        int column = -1, offset = -1;
        int rc = api->xPhraseFirst(fts, i, &iter, &column, &offset);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        if (column >= 0) held |= (sqlite3_uint64)1 << i;
    }
    sqlite3_result_int64(context, (sqlite3_int64)held);
}

int xkcd_sqlite_add_search_functions(sqlite3 *db) {
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (api == NULL || api->iVersion < 2) return SQLITE_ERROR;
    rc = api->xCreateFunction(api, "search_field", NULL, search_field, NULL);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "search_phrases", NULL, search_phrases, NULL);
}
