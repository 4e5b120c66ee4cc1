#ifndef XKCD_CCURL_H
#define XKCD_CCURL_H

/*
 * A small, non-variadic HTTP GET client over libcurl's multi interface.
 *
 * libcurl is not linked: it is opened with dlopen ("libcurl.so.4", macOS "libcurl.4.dylib")
 * the first time a client is created, so programs that never make a request never load it.
 * This header deliberately does not include <curl/curl.h>: callers need neither curl's
 * headers nor its symbols.
 *
 * One client owns one background thread that runs every transfer; connections are kept
 * alive and reused between requests.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A client: one libcurl multi handle driven by one background thread. */
typedef struct xkcd_http xkcd_http;

/** How a request ended; `code` in the result keeps libcurl's own CURLcode. */
typedef enum xkcd_http_outcome {
    /** A complete HTTP response arrived (any status, 404 and 500 included). */
    XKCD_HTTP_OK = 0,
    /** `xkcd_http_cancel` or `xkcd_http_destroy` stopped the request. */
    XKCD_HTTP_CANCELLED = 1,
    /** Connecting took longer than the timeout, or the server was silent longer than it. */
    XKCD_HTTP_TIMED_OUT = 2,
    /** No connection could be made; `os_errno` says why (ECONNREFUSED, EHOSTUNREACH, ...). */
    XKCD_HTTP_CANNOT_CONNECT = 3,
    /** The host name could not be resolved. */
    XKCD_HTTP_CANNOT_RESOLVE = 4,
    /** The connection broke while sending or receiving, or the body ended early. */
    XKCD_HTTP_CONNECTION_LOST = 5,
    /** The server closed without answering, or answered with something that is not HTTP. */
    XKCD_HTTP_BAD_RESPONSE = 6,
    /** More than five redirects. */
    XKCD_HTTP_TOO_MANY_REDIRECTS = 7,
    /** The body is larger than `max_bytes`. */
    XKCD_HTTP_TOO_LARGE = 8,
    /** TLS handshake or certificate verification failed. */
    XKCD_HTTP_TLS_FAILED = 9,
    /** The URL is malformed or its scheme is not http or https (also after a redirect). */
    XKCD_HTTP_BAD_URL = 10,
    /** Anything else; see `code` and `error`. */
    XKCD_HTTP_FAILED = 11,
    /** A request header line held CR or LF; nothing was sent. */
    XKCD_HTTP_BAD_HEADER = 12,
    /** The server kept sending, but the whole transfer took longer than the total timeout. */
    XKCD_HTTP_TOO_SLOW = 13,
    /** The response's headers were larger than libcurl reads. */
    XKCD_HTTP_HEADER_TOO_LARGE = 14
} xkcd_http_outcome;

/** What `done` receives. Every pointer is valid only during the callback. */
typedef struct xkcd_http_result {
    /** The id `xkcd_http_get` returned. */
    uint64_t id;
    /** How the request ended. */
    xkcd_http_outcome outcome;
    /** libcurl's CURLcode (0 is CURLE_OK). */
    int code;
    /** The errno of the last failed socket operation, 0 when none. */
    int os_errno;
    /** The HTTP status of the last response, 0 when none arrived. */
    long status;
    /** The HTTP version that response came over: 10, 11, 20 or 30; 0 when none arrived. */
    int http_version;
    /** A short description of `code` (curl_easy_strerror); "" on success. */
    const char *error;
    /** libcurl's detailed message for the failure (may be ""). */
    const char *detail;
    /** The body of the last response (after redirects); NULL when empty. */
    const unsigned char *body;
    /** Bytes at `body`. */
    size_t body_length;
    /** The header lines of the last response, status line first, each ending in "\r\n";
        NUL-terminated. */
    const char *headers;
    /** Bytes at `headers`, without the NUL. */
    size_t headers_length;
    /** The URL last asked for, after any redirects; "" when unknown. */
    const char *address;
} xkcd_http_result;

/** Called exactly once per request, on the client's thread; must not block for long. */
typedef void (*xkcd_http_done)(void *context, const xkcd_http_result *result);

/**
 * Starts loading libcurl and running its global initialisation on a thread of its own, if not
 * done yet (xkcd_http_create does it otherwise, and waits for a load in progress). Returns 0
 * when no thread could be started (the load then happens on first use).
 */
int xkcd_http_preload_async(void);

/**
 * Returns once a load started by xkcd_http_preload_async has finished (at once if none was
 * started). Call it before exit: exiting mid-load runs OpenSSL's exit handler while another
 * thread initialises it, or the dynamic linker's cleanup while it loads, and either can crash
 * or hang the process.
 */
void xkcd_http_preload_wait(void);

/**
 * Loads libcurl (once per process), creates a multi handle keeping up to `max_connections`
 * connections per host, and starts the client's thread. Requests to a host that speaks HTTP/2
 * share one connection, up to `max_streams` at once (fewer when the server says so); https
 * requests made while a host's first connection is still being set up wait for it to say
 * whether it multiplexes (plain HTTP never does here). Returns NULL and writes a message
 * to `error` (of `error_size` bytes) when libcurl cannot be loaded or set up.
 */
xkcd_http *xkcd_http_create(int max_connections, int max_streams, char *error, size_t error_size);

/**
 * Verifies TLS peers against the CA bundle at `path` (NULL or empty: libcurl's own) from the
 * next request on; call it before the first. Returns 0, or -1 when out of memory.
 */
int xkcd_http_set_ca_file(xkcd_http *http, const char *path);

/**
 * Queues a GET of `url` and returns its id. Safe from any thread.
 *
 * `headers` holds `header_count` extra request header lines, each "Name: value" ("Name;"
 * sends an empty value, "Name:" removes a header libcurl would add); they are copied, and
 * may be NULL when `header_count` is 0. A line holding CR or LF is never sent: the request
 * ends in XKCD_HTTP_BAD_HEADER without being made. (A NUL ends a C string, so callers must
 * refuse values that hold one before they get here.)
 *
 * `timeout_ms` bounds connecting and every silence of the server once the request is on a
 * connection; `total_timeout_ms` (0: none) bounds the whole transfer from then on. Time a
 * request spends waiting for a free connection counts for neither. Bodies larger than
 * `max_bytes` (0: no limit) end in XKCD_HTTP_TOO_LARGE. `user_agent` may be NULL.
 * Redirects (at most 5, http and https only) are followed. `done(context, result)` is
 * called exactly once, on the client's thread, also when the request fails at once; only
 * when memory runs out before the request is queued does it run on the calling thread,
 * before this returns 0.
 */
uint64_t xkcd_http_get(xkcd_http *http, const char *url, const char *const *headers, size_t header_count,
                       long timeout_ms, long total_timeout_ms, long max_bytes, const char *user_agent,
                       xkcd_http_done done, void *context);

/**
 * Stops request `id` if it has not finished: its `done` gets XKCD_HTTP_CANCELLED.
 * Safe from any thread (the client's own included) and a no-op for finished or unknown ids.
 */
void xkcd_http_cancel(xkcd_http *http, uint64_t id);

/**
 * Cancels every request (each `done` gets XKCD_HTTP_CANCELLED), stops the thread and frees
 * the client. No other call may use `http` concurrently or afterwards. libcurl stays loaded.
 */
void xkcd_http_destroy(xkcd_http *http);

#ifdef __cplusplus
}
#endif

#endif
