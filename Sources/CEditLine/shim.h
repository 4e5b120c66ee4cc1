// Non-variadic wrappers over libedit's native API (histedit.h).
//
// Swift cannot call C variadic functions, and C's `stdin`/`stdout`/`stderr`
// are mutable globals Swift 6 refuses to touch, so every use of `el_set`,
// `el_get`, `history` and `el_init` goes through one of these functions.
#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <string.h>

typedef char *(*cel_prompt_fn)(EditLine *);
typedef unsigned char (*cel_command_fn)(EditLine *, int);

// MARK: editing

// Reads stdin and draws on `out`, or on stdout when `out` is NULL.
static inline EditLine *cel_init(const char *prog, FILE *out) {
    return el_init(prog, stdin, out != NULL ? out : stdout, stderr);
}

static inline int cel_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

// `ignore` brackets non-printing sequences in the prompt (EL_PROMPT_ESC).
static inline int cel_set_prompt(EditLine *el, cel_prompt_fn fn, char ignore) {
    return el_set(el, EL_PROMPT_ESC, fn, ignore);
}

static inline int cel_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *cel_get_client_data(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

static inline int cel_add_function(EditLine *el, const char *name, const char *help, cel_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

// Binds `key` in the main keymap (emacs, or vi insert mode).
static inline int cel_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}

// Binds `key` in the alternate keymap (vi command mode).
static inline int cel_bind_alternate(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, "-a", key, command, NULL);
}

// `mode` is "-d" (editing), "-x" (executing) or "-q" (quoted insert).
static inline int cel_settty(EditLine *el, const char *mode, const char *setting) {
    return el_set(el, EL_SETTY, mode, setting, NULL);
}

static inline int cel_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}

// Puts the terminal into libedit's editing (raw) mode, or back to normal mode when `raw` is 0.
static inline int cel_prepare_terminal(EditLine *el, int raw) {
    return el_set(el, EL_PREP_TERM, raw);
}

// Redraws prompt and line assuming the cursor sits at the start of a fresh line.
static inline int cel_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

// A numeric terminal capability as libedit sees it ("co" columns, "li" lines), or -1.
static inline int cel_terminal_number(EditLine *el, const char *capability) {
    int value = -1;
    if (el_get(el, EL_GETTC, capability, &value, NULL) != 0) {
        return -1;
    }
    return value;
}

// Writes to the stream libedit draws on, so output interleaves correctly with its own.
static inline void cel_write(EditLine *el, const char *text) {
    FILE *out = NULL;
    if (el_get(el, EL_GETFP, 1, &out) != 0 || out == NULL) {
        return;
    }
    fputs(text, out);
    fflush(out);
}

// MARK: history

static inline int cel_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int cel_history_clear(History *h) {
    HistEvent event;
    return history(h, &event, H_CLEAR);
}

static inline int cel_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

static inline int cel_history_count(History *h) {
    HistEvent event;
    if (history(h, &event, H_GETSIZE) != 0) {
        return -1;
    }
    return event.num;
}

// MARK: locale

// Makes LC_CTYPE follow the environment, falling back to C.UTF-8 when the
// environment names no locale at all, because libedit drops non-ASCII input
// in the "C" locale. Returns 1 when the resulting codeset is UTF-8.
static inline int cel_prepare_locale(void) {
    const char *name = setlocale(LC_CTYPE, "");
    if (name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0) {
        // glibc spells it C.UTF-8 (or C.utf8); macOS has a bare "UTF-8" LC_CTYPE.
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL && setlocale(LC_CTYPE, "C.utf8") == NULL) {
            (void)setlocale(LC_CTYPE, "UTF-8");
        }
    }
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

#endif
