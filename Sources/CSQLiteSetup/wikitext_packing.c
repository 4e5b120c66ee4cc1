#include "csqlitesetup.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* A packed page: its length in bytes (4, little-endian), then the page as a zlib stream. */
enum { HEADER = 4, LARGEST = 64 << 20 };

static void pack_wikitext(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
        sqlite3_result_value(context, argv[0]);
        return;
    }
    const unsigned char *text = sqlite3_value_text(argv[0]);
    uLong length = (uLong)sqlite3_value_bytes(argv[0]);
    if (text == NULL || length > LARGEST) {
        sqlite3_result_value(context, argv[0]);
        return;
    }
    uLongf size = compressBound(length);
    unsigned char *packed = sqlite3_malloc64(HEADER + size);
    if (packed == NULL) {
        sqlite3_result_error_nomem(context);
        return;
    }
    for (int i = 0; i < HEADER; i++) packed[i] = (unsigned char)(length >> (8 * i));
    if (compress2(packed + HEADER, &size, text, length, Z_DEFAULT_COMPRESSION) != Z_OK) {
        sqlite3_free(packed);
        sqlite3_result_value(context, argv[0]);
        return;
    }
    sqlite3_result_blob64(context, packed, HEADER + size, sqlite3_free);
}

static void unpack_wikitext(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    if (sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
        sqlite3_result_value(context, argv[0]);
        return;
    }
    const unsigned char *packed = sqlite3_value_blob(argv[0]);
    int size = sqlite3_value_bytes(argv[0]);
    uLong length = 0;
    if (packed != NULL && size > HEADER) {
        for (int i = 0; i < HEADER; i++) length |= (uLong)packed[i] << (8 * i);
    }
    // A damaged page reads as an empty one: the rest of the store stays readable.
    if (length == 0 || length > LARGEST) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    unsigned char *text = sqlite3_malloc64(length + 1);
    if (text == NULL) {
        sqlite3_result_error_nomem(context);
        return;
    }
    uLongf unpacked = length;
    if (uncompress(text, &unpacked, packed + HEADER, (uLong)(size - HEADER)) != Z_OK || unpacked != length) {
        sqlite3_free(text);
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    text[length] = 0;
    sqlite3_result_text64(context, (const char *)text, length, sqlite3_free, SQLITE_UTF8);
}

int xkcd_sqlite_add_wikitext_functions(sqlite3 *db) {
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    int rc = sqlite3_create_function_v2(db, "pack_wikitext", 1, flags, NULL, pack_wikitext, NULL, NULL, NULL);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_create_function_v2(db, "wikitext", 1, flags, NULL, unpack_wikitext, NULL, NULL, NULL);
}
