#include "csqlitesetup.h"

#include <math.h>
#include <sqlite3.h>
#include <stddef.h>
#include <string.h>

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

/* What search_rank keeps for a query: each phrase's inverse document frequency and the
 * average size of a row, as bm25 computes them. */
typedef struct {
    int phrases;
    double averageSize;
    double *idf;
    double *frequency;
} RankData;

static int count_row(const Fts5ExtensionApi *api, Fts5Context *fts, void *rows) {
    (void)api;
    (void)fts;
    (*(sqlite3_int64 *)rows)++;
    return SQLITE_OK;
}

static int rank_data(const Fts5ExtensionApi *api, Fts5Context *fts, RankData **out) {
    RankData *data = api->xGetAuxdata(fts, 0);
    if (data != NULL) {
        *out = data;
        return SQLITE_OK;
    }
    int phrases = api->xPhraseCount(fts);
    data = sqlite3_malloc64(sizeof(RankData) + sizeof(double) * 2 * (sqlite3_uint64)phrases);
    if (data == NULL) return SQLITE_NOMEM;
    memset(data, 0, sizeof(RankData) + sizeof(double) * 2 * (size_t)phrases);
    data->phrases = phrases;
    data->idf = (double *)&data[1];
    data->frequency = &data->idf[phrases];
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc == SQLITE_OK) data->averageSize = rows > 0 ? (double)tokens / (double)rows : 1.0;
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
        sqlite3_int64 hits = 0;
        rc = api->xQueryPhrase(fts, i, &hits, count_row);
        if (rc == SQLITE_OK) {
            double idf = log(((double)rows - (double)hits + 0.5) / ((double)hits + 0.5));
            data->idf[i] = idf <= 0.0 ? 1e-6 : idf;
        }
    }
    if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, data, sqlite3_free);
    if (rc != SQLITE_OK) {
        sqlite3_free(data);
        return rc;
    }
    *out = data;
    return SQLITE_OK;
}

/* bm25 as FTS5's own (k1 1.2, b 0.75, a weight per column), less a tier: 2e6 for a row whose
 * rowid is among the arguments after the weights (a title that is the query), 1e6 for a row
 * whose first column holds every phrase when the first argument is non-zero (a short query). */
static void search_rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int argc,
                        sqlite3_value **argv) {
    const int weights = 4;
    RankData *data = NULL;
    int rc = rank_data(api, fts, &data);
    int count = 0;
    if (rc == SQLITE_OK) rc = api->xInstCount(fts, &count);
    if (rc == SQLITE_OK) memset(data->frequency, 0, sizeof(double) * (size_t)data->phrases);
    sqlite3_uint64 inTitle = 0;
    for (int i = 0; rc == SQLITE_OK && i < count; i++) {
        int phrase, column, offset;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc != SQLITE_OK) break;
        data->frequency[phrase] += (column < weights && 1 + column < argc) ? sqlite3_value_double(argv[1 + column]) : 1.0;
        if (column == 0 && phrase < 63) inTitle |= (sqlite3_uint64)1 << phrase;
    }
    int size = 0;
    if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &size);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    double score = 0;
    for (int i = 0; i < data->phrases; i++) {
        double f = data->frequency[i];
        score += data->idf[i] * (f * 2.2) / (f + 1.2 * (0.25 + 0.75 * (double)size / data->averageSize));
    }
    double tier = 0;
    sqlite3_int64 rowid = api->xRowid(fts);
    for (int i = 1 + weights; i < argc; i++) {
        if (sqlite3_value_int64(argv[i]) == rowid) tier = 2e6;
    }
    int everyPhrase = data->phrases > 0 && data->phrases < 63 && inTitle == ((sqlite3_uint64)1 << data->phrases) - 1;
    if (tier == 0 && argc > 0 && sqlite3_value_int(argv[0]) != 0 && everyPhrase) tier = 1e6;
    sqlite3_result_double(context, -score - tier);
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
    rc = api->xCreateFunction(api, "search_rank", NULL, search_rank, NULL);
    if (rc != SQLITE_OK) return rc;
    return api->xCreateFunction(api, "search_phrases", NULL, search_phrases, NULL);
}
