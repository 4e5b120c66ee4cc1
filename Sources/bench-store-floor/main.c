// The floors of the benchmark's rows that start xkcd on a stored comic: a C program that opens
// the same SQLite file and reads that comic, then either prints it (`show`) or shows a libedit
// prompt naming it on the terminal and reads lines until Ctrl-D (`prompt`).
//
//   bench-store-floor show DATABASE NUM
//   bench-store-floor prompt DATABASE NUM
//
// `make bench` builds it with the C compiler, not as a SwiftPM product, which would link the
// Swift runtime into it.
#include <histedit.h>
#include <locale.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char prompt_text[64];

static char *prompt(EditLine *editor) {
    (void)editor;
    return prompt_text;
}

// The comic's title, alt text and date, read into `row`; 0 when it is there.
static int read_comic(const char *path, int num, sqlite3 **database, sqlite3_stmt **row) {
    if (sqlite3_open_v2(path, database, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        fprintf(stderr, "bench-store-floor: cannot open %s\n", path);
        return 1;
    }
    const char *query = "SELECT safe_title, alt, year, month, day FROM comic WHERE num = ?";
    if (sqlite3_prepare_v2(*database, query, -1, row, NULL) != SQLITE_OK) {
        fprintf(stderr, "bench-store-floor: %s\n", sqlite3_errmsg(*database));
        return 1;
    }
    sqlite3_bind_int(*row, 1, num);
    if (sqlite3_step(*row) != SQLITE_ROW) {
        fprintf(stderr, "bench-store-floor: no comic %d in %s\n", num, path);
        return 1;
    }
    return 0;
}

static int show(sqlite3_stmt *row, int num) {
    printf(
        "#%d · %s · %04d-%02d-%02d\n\n  %s\n", num, (const char *)sqlite3_column_text(row, 0),
        sqlite3_column_int(row, 2), sqlite3_column_int(row, 3), sqlite3_column_int(row, 4),
        (const char *)sqlite3_column_text(row, 1));
    return fflush(stdout) == 0 ? 0 : 1;
}

static int edit(int num) {
    setlocale(LC_CTYPE, "");
    EditLine *editor = el_init("bench-store-floor", stdin, stdout, stderr);
    History *history_ = history_init();
    if (editor == NULL || history_ == NULL) {
        fprintf(stderr, "bench-store-floor: libedit cannot start here\n");
        return 1;
    }
    HistEvent event;
    history(history_, &event, H_SETSIZE, 1000);
    el_set(editor, EL_HIST, history, history_);
    el_set(editor, EL_EDITOR, "emacs");
    el_source(editor, NULL);
    snprintf(prompt_text, sizeof prompt_text, "floor #%d> ", num);
    el_set(editor, EL_PROMPT, prompt);
    int count = 0;
    // As xkcd does: el_gets prints the prompt before it switches to raw mode, where a Ctrl-D
    // typed in between would be lost.
    el_set(editor, EL_PREP_TERM, 1);
    while (el_gets(editor, &count) != NULL && count > 0) {
        el_set(editor, EL_PREP_TERM, 1);
    }
    history_end(history_);
    el_end(editor);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "show") != 0 && strcmp(argv[1], "prompt") != 0)) {
        fprintf(stderr, "usage: bench-store-floor show|prompt DATABASE NUM\n");
        return 2;
    }
    int num = atoi(argv[3]);
    sqlite3 *database = NULL;
    sqlite3_stmt *row = NULL;
    int status = read_comic(argv[2], num, &database, &row);
    if (status == 0) {
        status = strcmp(argv[1], "show") == 0 ? show(row, num) : edit(num);
    }
    sqlite3_finalize(row);
    sqlite3_close(database);
    return status;
}
