#if !defined(__APPLE__) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
// curl.h is used for types and constants only: every function is reached through dlsym.
// The type-checking macros would shadow nothing we call, and deprecation attributes on
// fallback options (CURLOPT_PROTOCOLS) would only add noise.
#define CURL_DISABLE_TYPECHECK 1
#define CURL_DISABLE_DEPRECATION 1
#define CURL_NO_OLDIES 1

#include "ccurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <time.h>

_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "dlsym results must fit a function pointer");

// ---------------------------------------------------------------------------------------------
// libcurl, loaded once

// The setopt and getinfo entry points are variadic in C: calling them through a variadic
// pointer type is what keeps argument passing ABI-correct (long, pointer, curl_off_t).
static struct {
    void *handle;
    int ok;
    char error[512];
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *easy, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *easy, CURLINFO info, ...);
    void (*easy_reset)(CURL *easy);
    void (*easy_cleanup)(CURL *easy);
    const char *(*easy_strerror)(CURLcode code);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *queued);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    const char *(*multi_strerror)(CURLMcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
} lib;

static pthread_once_t lib_once = PTHREAD_ONCE_INIT;

static void copy_message(char *destination, size_t size, const char *message) {
    if (destination == NULL || size == 0) return;
    snprintf(destination, size, "%s", message != NULL ? message : "");
}

// Stores dlsym's object pointer into a function-pointer slot without an object-to-function
// cast, which ISO C does not define (POSIX guarantees the representation).
static int resolve(const char *name, void *slot) {
    void *symbol = dlsym(lib.handle, name);
    if (symbol == NULL) {
        snprintf(lib.error, sizeof lib.error, "the loaded libcurl lacks %s (7.68 or newer is needed)", name);
        return 0;
    }
    memcpy(slot, &symbol, sizeof symbol);
    return 1;
}

static void load_library(void) {
    static const char *const names[] = {
#ifdef __APPLE__
        "libcurl.4.dylib", "/usr/lib/libcurl.4.dylib",
#else
        "libcurl.so.4", "libcurl-gnutls.so.4",
#endif
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0] && lib.handle == NULL; i++) {
        lib.handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (lib.handle == NULL && i == 0) {
            const char *reason = dlerror();
            copy_message(lib.error, sizeof lib.error, reason != NULL ? reason : names[0]);
        }
    }
    if (lib.handle == NULL) return;
    int ok = resolve("curl_global_init", &lib.global_init)
        && resolve("curl_easy_init", &lib.easy_init)
        && resolve("curl_easy_setopt", &lib.easy_setopt)
        && resolve("curl_easy_getinfo", &lib.easy_getinfo)
        && resolve("curl_easy_reset", &lib.easy_reset)
        && resolve("curl_easy_cleanup", &lib.easy_cleanup)
        && resolve("curl_easy_strerror", &lib.easy_strerror)
        && resolve("curl_multi_init", &lib.multi_init)
        && resolve("curl_multi_setopt", &lib.multi_setopt)
        && resolve("curl_multi_add_handle", &lib.multi_add_handle)
        && resolve("curl_multi_remove_handle", &lib.multi_remove_handle)
        && resolve("curl_multi_perform", &lib.multi_perform)
        && resolve("curl_multi_poll", &lib.multi_poll)
        && resolve("curl_multi_wakeup", &lib.multi_wakeup)
        && resolve("curl_multi_info_read", &lib.multi_info_read)
        && resolve("curl_multi_cleanup", &lib.multi_cleanup)
        && resolve("curl_multi_strerror", &lib.multi_strerror)
        && resolve("curl_slist_append", &lib.slist_append)
        && resolve("curl_slist_free_all", &lib.slist_free_all);
    if (!ok) return;
    CURLcode code = lib.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(lib.error, sizeof lib.error, "curl_global_init failed: %s", lib.easy_strerror(code));
        return;
    }
    lib.ok = 1;
}

// ---------------------------------------------------------------------------------------------
// Requests

typedef struct buffer {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
} buffer;

static int buffer_reserve(buffer *b, size_t capacity) {
    if (capacity <= b->capacity) return 1;
    unsigned char *bytes = realloc(b->bytes, capacity);
    if (bytes == NULL) return 0;
    b->bytes = bytes;
    b->capacity = capacity;
    return 1;
}

static int buffer_append(buffer *b, const void *bytes, size_t count) {
    if (count > SIZE_MAX - b->length) return 0;
    size_t needed = b->length + count;
    if (needed > b->capacity) {
        size_t capacity = b->capacity < 1024 ? 1024 : b->capacity;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        if (!buffer_reserve(b, capacity)) return 0;
    }
    memcpy(b->bytes + b->length, bytes, count);
    b->length = needed;
    return 1;
}

typedef struct transfer {
    struct transfer *next;
    struct transfer *previous;
    uint64_t id;
    char *url;
    char *user_agent;
    // The request's extra header lines; libcurl reads them during the transfer and does
    // not copy them, so they live until the transfer is freed (after its handle is reset).
    struct curl_slist *request_headers;
    int bad_header;
    long timeout_ms;
    long total_timeout_ms;
    long max_bytes;
    xkcd_http_done done;
    void *context;
    CURL *easy;
    int in_multi;
    int too_large;
    int out_of_memory;
    // Set once the transfer holds a connection: only then do the silence and total
    // deadlines run, so waiting for a free connection never times a request out.
    int on_connection;
    int64_t connected_ms;
    int64_t last_activity_ms;
    buffer body;
    buffer headers;
    char error_detail[CURL_ERROR_SIZE];
} transfer;

enum { spare_handles_max = 16 };

struct xkcd_http {
    pthread_mutex_t lock;
    // The CA bundle that verifies TLS peers instead of libcurl's own; set before the first request.
    char *ca_file;
    pthread_t thread;
    CURLM *multi;
    // Guarded by lock.
    transfer *queue_head;
    transfer *queue_tail;
    uint64_t *cancels;
    size_t cancel_count;
    size_t cancel_capacity;
    uint64_t next_id;
    int stopping;
    int frees_itself;
    // Set while the loop waits in curl_multi_poll: only then does new work need to wake it.
    int polling;
    // Owned by the loop thread.
    transfer *active;
    CURL *spare[spare_handles_max];
    int spare_count;
};

static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static char *copy_string(const char *s) {
    if (s == NULL) return NULL;
    size_t length = strlen(s) + 1;
    char *copy = malloc(length);
    if (copy != NULL) memcpy(copy, s, length);
    return copy;
}

static void free_transfer(transfer *t) {
    free(t->url);
    free(t->user_agent);
    if (t->request_headers != NULL) lib.slist_free_all(t->request_headers);
    free(t->body.bytes);
    free(t->headers.bytes);
    free(t);
}

static xkcd_http_outcome classify(CURLcode code, const transfer *t) {
    switch (code) {
    case CURLE_OK:
        return XKCD_HTTP_OK;
    case CURLE_OPERATION_TIMEDOUT:
        return XKCD_HTTP_TIMED_OUT;
    case CURLE_COULDNT_CONNECT:
        return XKCD_HTTP_CANNOT_CONNECT;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return XKCD_HTTP_CANNOT_RESOLVE;
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_PARTIAL_FILE:
        return XKCD_HTTP_CONNECTION_LOST;
    case CURLE_GOT_NOTHING:
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_BAD_CONTENT_ENCODING:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
        return XKCD_HTTP_BAD_RESPONSE;
    case CURLE_TOO_MANY_REDIRECTS:
        return XKCD_HTTP_TOO_MANY_REDIRECTS;
    case CURLE_FILESIZE_EXCEEDED:
        return XKCD_HTTP_TOO_LARGE;
    case CURLE_WRITE_ERROR:
        return t->too_large ? XKCD_HTTP_TOO_LARGE : XKCD_HTTP_FAILED;
    // libcurl before 8.6 reports a header past its limit as being out of memory, with no
    // message; its own allocations failing otherwise are far rarer.
    case CURLE_OUT_OF_MEMORY:
        return t->out_of_memory ? XKCD_HTTP_FAILED : XKCD_HTTP_HEADER_TOO_LARGE;
    // CURLE_TOO_LARGE from 8.6 on, which the library loaded may be where the headers are older.
    case (CURLcode)100:
        return XKCD_HTTP_HEADER_TOO_LARGE;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_USE_SSL_FAILED:
        return XKCD_HTTP_TLS_FAILED;
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
        return XKCD_HTTP_BAD_URL;
    default:
        return XKCD_HTTP_FAILED;
    }
}

static void recycle_handle(xkcd_http *http, CURL *easy) {
    if (easy == NULL) return;
    if (http->spare_count < spare_handles_max) {
        lib.easy_reset(easy);
        http->spare[http->spare_count++] = easy;
    } else {
        lib.easy_cleanup(easy);
    }
}

// Ends `t`: takes it out of the multi handle and the active list, reports it, frees it.
static void finish(xkcd_http *http, transfer *t, CURLcode code, int forced_outcome) {
    long status = 0;
    long os_errno = 0;
    long http_version = 0;
    char *address = NULL;
    if (t->in_multi) {
        lib.multi_remove_handle(http->multi, t->easy);
        t->in_multi = 0;
        if (t->previous != NULL) t->previous->next = t->next;
        else http->active = t->next;
        if (t->next != NULL) t->next->previous = t->previous;
    }
    if (t->easy != NULL) {
        lib.easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &status);
        lib.easy_getinfo(t->easy, CURLINFO_OS_ERRNO, &os_errno);
        if (status != 0) lib.easy_getinfo(t->easy, CURLINFO_HTTP_VERSION, &http_version);
        lib.easy_getinfo(t->easy, CURLINFO_EFFECTIVE_URL, &address);
    }
    xkcd_http_result result;
    memset(&result, 0, sizeof result);
    result.id = t->id;
    result.outcome = forced_outcome >= 0 ? (xkcd_http_outcome)forced_outcome : classify(code, t);
    result.code = (int)code;
    result.os_errno = (int)os_errno;
    result.status = status;
    result.http_version = http_version == CURL_HTTP_VERSION_2_0 ? 20
        : http_version == CURL_HTTP_VERSION_1_1                 ? 11
        : http_version == CURL_HTTP_VERSION_1_0                 ? 10
        : http_version == CURL_HTTP_VERSION_3                   ? 30
                                                                : 0;
    result.error = code == CURLE_OK ? "" : lib.easy_strerror(code);
    if (t->out_of_memory) result.error = "out of memory";
    result.detail = t->error_detail;
    result.address = address != NULL ? address : "";
    result.body = t->body.length > 0 ? t->body.bytes : NULL;
    result.body_length = t->body.length;
    if (buffer_append(&t->headers, "", 1)) {
        result.headers = (const char *)t->headers.bytes;
        result.headers_length = t->headers.length - 1;
    } else {
        result.headers = "";
    }
    t->done(t->context, &result);
    recycle_handle(http, t->easy);
    free_transfer(t);
}

static size_t on_body(char *data, size_t size, size_t count, void *user) {
    transfer *t = user;
    size_t n = size * count;
    t->last_activity_ms = now_ms();
    if (t->max_bytes > 0 && (n > (size_t)t->max_bytes || t->body.length > (size_t)t->max_bytes - n)) {
        t->too_large = 1;
        return 0;
    }
    if (t->body.capacity == 0) {
        // Size the buffer once from Content-Length when the server sends one.
        curl_off_t expected = -1;
        lib.easy_getinfo(t->easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected);
        if (expected > 0 && (t->max_bytes <= 0 || expected <= t->max_bytes) && (uint64_t)expected < SIZE_MAX) {
            buffer_reserve(&t->body, (size_t)expected);
        }
    }
    if (!buffer_append(&t->body, data, n)) {
        t->out_of_memory = 1;
        return 0;
    }
    return n;
}

static size_t on_header(char *data, size_t size, size_t count, void *user) {
    transfer *t = user;
    size_t n = size * count;
    t->last_activity_ms = now_ms();
    // A status line starts a new response (after a redirect or a 100 Continue): keep only the last.
    if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        t->headers.length = 0;
        t->body.length = 0;
    }
    if (!buffer_append(&t->headers, data, n)) {
        t->out_of_memory = 1;
        return 0;
    }
    return n;
}

#if LIBCURL_VERSION_NUM >= 0x075000
static int on_connection(void *user, char *primary_ip, char *local_ip, int primary_port, int local_port) {
    (void)primary_ip;
    (void)local_ip;
    (void)primary_port;
    (void)local_port;
    transfer *t = user;
    t->last_activity_ms = now_ms();
    if (!t->on_connection) {
        t->on_connection = 1;
        t->connected_ms = t->last_activity_ms;
    }
    return CURL_PREREQFUNC_OK;
}
#endif

static void set_protocols(CURL *easy) {
#if LIBCURL_VERSION_NUM >= 0x075500
    if (lib.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK) {
        lib.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        return;
    }
#endif
    // The loaded libcurl predates 7.85, which added the string form.
    lib.easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    lib.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
}

static int is_https(const char *url) {
    static const char scheme[] = "https:";
    for (size_t i = 0; i < sizeof scheme - 1; i++) {
        char c = url[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != scheme[i]) return 0;
    }
    return 1;
}

static void start(xkcd_http *http, transfer *t) {
    if (t->bad_header) {
        finish(http, t, CURLE_BAD_FUNCTION_ARGUMENT, XKCD_HTTP_BAD_HEADER);
        return;
    }
    CURL *easy = http->spare_count > 0 ? http->spare[--http->spare_count] : lib.easy_init();
    if (easy == NULL) {
        finish(http, t, CURLE_OUT_OF_MEMORY, XKCD_HTTP_FAILED);
        return;
    }
    t->easy = easy;
    if (http->ca_file != NULL) lib.easy_setopt(easy, CURLOPT_CAINFO, http->ca_file);
    CURLcode code = lib.easy_setopt(easy, CURLOPT_URL, t->url);
    if (code != CURLE_OK) {
        finish(http, t, code, -1);
        return;
    }
    lib.easy_setopt(easy, CURLOPT_PRIVATE, (void *)t);
    lib.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    lib.easy_setopt(easy, CURLOPT_ERRORBUFFER, t->error_detail);
    set_protocols(easy);
    lib.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 1L);
    lib.easy_setopt(easy, CURLOPT_MAXREDIRS, 5L);
    lib.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    // Until the first connection to a host says whether it multiplexes, later requests wait
    // for it rather than each opening a connection of their own. Only TLS can say yes (HTTP/2
    // is agreed on in the handshake): over plain HTTP they would wait for its first answer.
    if (is_https(t->url)) lib.easy_setopt(easy, CURLOPT_PIPEWAIT, 1L);
    if (t->user_agent != NULL) lib.easy_setopt(easy, CURLOPT_USERAGENT, t->user_agent);
    if (t->request_headers != NULL) lib.easy_setopt(easy, CURLOPT_HTTPHEADER, t->request_headers);
    if (t->timeout_ms > 0) lib.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, t->timeout_ms);
    if (t->max_bytes > 0) lib.easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)t->max_bytes);
    lib.easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    lib.easy_setopt(easy, CURLOPT_WRITEDATA, (void *)t);
    lib.easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    lib.easy_setopt(easy, CURLOPT_HEADERDATA, (void *)t);
    CURLcode prerequisite = CURLE_UNKNOWN_OPTION;
#if LIBCURL_VERSION_NUM >= 0x075000
    prerequisite = lib.easy_setopt(easy, CURLOPT_PREREQFUNCTION, on_connection);
    if (prerequisite == CURLE_OK) lib.easy_setopt(easy, CURLOPT_PREREQDATA, (void *)t);
#endif
    t->last_activity_ms = now_ms();
    if (prerequisite != CURLE_OK) {
        // Without the callback (libcurl before 7.80) the clocks start now.
        t->on_connection = 1;
        t->connected_ms = t->last_activity_ms;
    }
    CURLMcode added = lib.multi_add_handle(http->multi, easy);
    if (added != CURLM_OK) {
        finish(http, t, CURLE_FAILED_INIT, XKCD_HTTP_FAILED);
        return;
    }
    t->in_multi = 1;
    t->previous = NULL;
    t->next = http->active;
    if (http->active != NULL) http->active->previous = t;
    http->active = t;
    // libcurl keeps its own copies of the strings.
    free(t->url);
    t->url = NULL;
    free(t->user_agent);
    t->user_agent = NULL;
}

static void cancel_active(xkcd_http *http, uint64_t id) {
    for (transfer *t = http->active; t != NULL; t = t->next) {
        if (t->id == id) {
            finish(http, t, CURLE_ABORTED_BY_CALLBACK, XKCD_HTTP_CANCELLED);
            return;
        }
    }
}

static void collect_finished(xkcd_http *http) {
    CURLMsg *message;
    int queued;
    while ((message = lib.multi_info_read(http->multi, &queued)) != NULL) {
        if (message->msg != CURLMSG_DONE) continue;
        CURL *easy = message->easy_handle;
        CURLcode code = message->data.result;
        void *user = NULL;
        lib.easy_getinfo(easy, CURLINFO_PRIVATE, &user);
        if (user != NULL) finish(http, user, code, -1);
    }
}

// Times out transfers whose server was silent or slow too long; returns how many
// milliseconds the loop may sleep before the next deadline (at most a second).
static int enforce_deadlines(xkcd_http *http) {
    int64_t now = now_ms();
    int64_t wait = 1000;
    transfer *next;
    for (transfer *t = http->active; t != NULL; t = next) {
        next = t->next;
        if (!t->on_connection) continue;
        int64_t deadline = INT64_MAX;
        if (t->timeout_ms > 0) deadline = t->last_activity_ms + t->timeout_ms;
        if (t->total_timeout_ms > 0 && t->connected_ms + t->total_timeout_ms < deadline) {
            deadline = t->connected_ms + t->total_timeout_ms;
        }
        if (deadline == INT64_MAX) continue;
        if (deadline <= now) {
            int silent = t->timeout_ms > 0 && t->last_activity_ms + t->timeout_ms <= now;
            finish(http, t, CURLE_OPERATION_TIMEDOUT, silent ? XKCD_HTTP_TIMED_OUT : XKCD_HTTP_TOO_SLOW);
        } else if (deadline - now < wait) {
            wait = deadline - now;
        }
    }
    return (int)wait;
}

static void free_client(xkcd_http *http) {
    for (int i = 0; i < http->spare_count; i++) lib.easy_cleanup(http->spare[i]);
    lib.multi_cleanup(http->multi);
    free(http->cancels);
    free(http->ca_file);
    pthread_mutex_destroy(&http->lock);
    free(http);
}

int xkcd_http_set_ca_file(xkcd_http *http, const char *path) {
    pthread_mutex_lock(&http->lock);
    free(http->ca_file);
    http->ca_file = path != NULL && path[0] != '\0' ? strdup(path) : NULL;
    int failed = path != NULL && path[0] != '\0' && http->ca_file == NULL;
    pthread_mutex_unlock(&http->lock);
    return failed ? -1 : 0;
}

static void *run_loop(void *argument) {
    xkcd_http *http = argument;
    for (;;) {
        pthread_mutex_lock(&http->lock);
        transfer *queued = http->queue_head;
        http->queue_head = NULL;
        http->queue_tail = NULL;
        uint64_t *cancels = http->cancels;
        size_t cancel_count = http->cancel_count;
        http->cancels = NULL;
        http->cancel_count = 0;
        http->cancel_capacity = 0;
        int stopping = http->stopping;
        pthread_mutex_unlock(&http->lock);

        while (queued != NULL) {
            transfer *t = queued;
            queued = t->next;
            t->next = NULL;
            if (stopping) finish(http, t, CURLE_ABORTED_BY_CALLBACK, XKCD_HTTP_CANCELLED);
            else start(http, t);
        }
        for (size_t i = 0; i < cancel_count; i++) cancel_active(http, cancels[i]);
        free(cancels);
        if (stopping) {
            while (http->active != NULL) finish(http, http->active, CURLE_ABORTED_BY_CALLBACK, XKCD_HTTP_CANCELLED);
            break;
        }

        int running = 0;
        lib.multi_perform(http->multi, &running);
        collect_finished(http);
        int wait = enforce_deadlines(http);
        // Work queued while the loop was busy is taken at once; otherwise the loop waits, and
        // whoever queues work from now on wakes it.
        pthread_mutex_lock(&http->lock);
        int idle = http->queue_head == NULL && http->cancel_count == 0 && !http->stopping;
        http->polling = idle;
        pthread_mutex_unlock(&http->lock);
        if (idle) {
            lib.multi_poll(http->multi, NULL, 0, wait, NULL);
            pthread_mutex_lock(&http->lock);
            http->polling = 0;
            pthread_mutex_unlock(&http->lock);
        }
    }
    pthread_mutex_lock(&http->lock);
    int frees_itself = http->frees_itself;
    pthread_mutex_unlock(&http->lock);
    if (frees_itself) free_client(http);
    return NULL;
}

// ---------------------------------------------------------------------------------------------
// Public API

// Blocks every signal but the synchronous ones for the calling thread (and threads it starts
// meanwhile); `previous` receives the mask to restore.
static void block_async_signals(sigset_t *previous) {
    sigset_t all;
    sigfillset(&all);
    sigdelset(&all, SIGSEGV);
    sigdelset(&all, SIGBUS);
    sigdelset(&all, SIGFPE);
    sigdelset(&all, SIGILL);
    sigdelset(&all, SIGTRAP);
    sigdelset(&all, SIGABRT);
    pthread_sigmask(SIG_SETMASK, &all, previous);
}

static atomic_int preload_started;

static void *preload(void *unused) {
    (void)unused;
    pthread_once(&lib_once, load_library);
    return NULL;
}

int xkcd_http_preload_async(void) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return 0;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Like the loop thread, the loader takes no asynchronous signals: Ctrl-C belongs to the program.
    sigset_t previous;
    block_async_signals(&previous);
    pthread_t thread;
    int created = pthread_create(&thread, &attributes, preload, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
    if (created == 0) atomic_store(&preload_started, 1);
    return created == 0;
}

void xkcd_http_preload_wait(void) {
    if (atomic_load(&preload_started)) pthread_once(&lib_once, load_library);
}

xkcd_http *xkcd_http_create(int max_connections, int max_streams, char *error, size_t error_size) {
    pthread_once(&lib_once, load_library);
    if (!lib.ok) {
        copy_message(error, error_size, lib.error);
        return NULL;
    }
    if (max_connections < 1) max_connections = 1;
    if (max_streams < 1) max_streams = 1;
    xkcd_http *http = calloc(1, sizeof *http);
    if (http == NULL) {
        copy_message(error, error_size, "out of memory");
        return NULL;
    }
    if (pthread_mutex_init(&http->lock, NULL) != 0) {
        free(http);
        copy_message(error, error_size, "cannot create a mutex");
        return NULL;
    }
    http->next_id = 1;
    http->multi = lib.multi_init();
    if (http->multi == NULL) {
        pthread_mutex_destroy(&http->lock);
        free(http);
        copy_message(error, error_size, "curl_multi_init failed");
        return NULL;
    }
    lib.multi_setopt(http->multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)max_connections);
    // HTTP/2 carries the requests to a host on one connection, as many at once as the server
    // and `max_streams` allow.
    lib.multi_setopt(http->multi, CURLMOPT_PIPELINING, (long)CURLPIPE_MULTIPLEX);
#if LIBCURL_VERSION_NUM >= 0x074300
    lib.multi_setopt(http->multi, CURLMOPT_MAX_CONCURRENT_STREAMS, (long)max_streams);
#endif
    // Room to keep every host's connections alive: the API, the image host, explainxkcd.
    lib.multi_setopt(http->multi, CURLMOPT_MAXCONNECTS, (long)max_connections * 3);

    // The loop thread takes no asynchronous signals (Ctrl-C belongs to the program), and a
    // SIGPIPE from writing to a closed socket stays pending there instead of killing the process.
    sigset_t previous;
    block_async_signals(&previous);
    int created = pthread_create(&http->thread, NULL, run_loop, http);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (created != 0) {
        lib.multi_cleanup(http->multi);
        pthread_mutex_destroy(&http->lock);
        free(http);
        copy_message(error, error_size, "cannot start the HTTP thread");
        return NULL;
    }
    return http;
}

// A header line may hold neither CR nor LF: either would let it smuggle in other fields.
static int is_single_line(const char *line) {
    return line != NULL && strpbrk(line, "\r\n") == NULL;
}

// Copies `lines` into `t`'s list; 0 when memory ran out. A line holding CR or LF (or a
// NULL line) is not copied and marks the request refused.
static int copy_headers(transfer *t, const char *const *lines, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (!is_single_line(lines[i])) {
            t->bad_header = 1;
            continue;
        }
        struct curl_slist *list = lib.slist_append(t->request_headers, lines[i]);
        if (list == NULL) return 0;
        t->request_headers = list;
    }
    return 1;
}

uint64_t xkcd_http_get(xkcd_http *http, const char *url, const char *const *headers, size_t header_count,
                       long timeout_ms, long total_timeout_ms, long max_bytes, const char *user_agent,
                       xkcd_http_done done, void *context) {
    transfer *t = calloc(1, sizeof *t);
    int copied = 0;
    if (t != NULL) {
        t->url = copy_string(url != NULL ? url : "");
        t->user_agent = copy_string(user_agent);
        copied = copy_headers(t, headers, headers != NULL ? header_count : 0);
    }
    if (t == NULL || t->url == NULL || (user_agent != NULL && t->user_agent == NULL) || !copied) {
        // Out of memory before anything was queued: report at once, on this thread.
        xkcd_http_result result;
        memset(&result, 0, sizeof result);
        result.outcome = XKCD_HTTP_FAILED;
        result.code = CURLE_OUT_OF_MEMORY;
        result.error = "out of memory";
        result.detail = "";
        result.headers = "";
        if (t != NULL) free_transfer(t);
        done(context, &result);
        return 0;
    }
    t->timeout_ms = timeout_ms;
    t->total_timeout_ms = total_timeout_ms;
    t->max_bytes = max_bytes;
    t->done = done;
    t->context = context;
    pthread_mutex_lock(&http->lock);
    t->id = http->next_id++;
    uint64_t id = t->id;
    if (http->queue_tail != NULL) http->queue_tail->next = t;
    else http->queue_head = t;
    http->queue_tail = t;
    int wake = http->polling;
    pthread_mutex_unlock(&http->lock);
    if (wake) lib.multi_wakeup(http->multi);
    return id;
}

void xkcd_http_cancel(xkcd_http *http, uint64_t id) {
    if (http == NULL || id == 0) return;
    int queued = 0;
    pthread_mutex_lock(&http->lock);
    if (id < http->next_id) {
        if (http->cancel_count == http->cancel_capacity) {
            size_t capacity = http->cancel_capacity == 0 ? 8 : http->cancel_capacity * 2;
            uint64_t *cancels = realloc(http->cancels, capacity * sizeof *cancels);
            if (cancels != NULL) {
                http->cancels = cancels;
                http->cancel_capacity = capacity;
            }
        }
        if (http->cancel_count < http->cancel_capacity) {
            http->cancels[http->cancel_count++] = id;
            queued = 1;
        }
    }
    pthread_mutex_unlock(&http->lock);
    if (queued) lib.multi_wakeup(http->multi);
}

void xkcd_http_destroy(xkcd_http *http) {
    if (http == NULL) return;
    int on_loop_thread = pthread_equal(pthread_self(), http->thread);
    pthread_mutex_lock(&http->lock);
    http->stopping = 1;
    http->frees_itself = on_loop_thread;
    pthread_mutex_unlock(&http->lock);
    lib.multi_wakeup(http->multi);
    if (on_loop_thread) {
        // Called from a `done` callback: the loop frees the client once it unwinds.
        pthread_detach(http->thread);
        return;
    }
    pthread_join(http->thread, NULL);
    free_client(http);
}
