#include "openblas_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

// cblas.h's values, which are part of the CBLAS ABI.
enum { CBLAS_ROW_MAJOR = 101, CBLAS_NO_TRANS = 111, CBLAS_TRANS = 112 };

typedef void (*sgemm_function)(int order, int transpose_a, int transpose_b, int m, int n, int k, float alpha,
                               const float *a, int lda, const float *b, int ldb, float beta, float *c, int ldc);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static sgemm_function sgemm;

static void open_library(void) {
#ifdef __APPLE__
    const char *names[] = {"libopenblas.dylib", "/opt/homebrew/opt/openblas/lib/libopenblas.dylib",
                           "/usr/local/opt/openblas/lib/libopenblas.dylib"};
#else
    const char *names[] = {"libopenblas.so.0", "libopenblas.so"};
#endif
    // OpenBLAS starts its pool of threads when it is loaded, as many as this variable says
    // (else one a processor), and they wait for work by yielding the processor over and over:
    // with one, there is no pool. A value the user set stays.
    setenv("OPENBLAS_NUM_THREADS", "1", 0);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) continue;
        void *symbol = dlsym(library, "cblas_sgemm");
        if (symbol != NULL) {
            // One thread per product: the encoder runs products on its own threads, and
            // OpenBLAS's threads, which wait for work by spinning, lose their time slices to
            // other processes on a busy machine.
            void (*set_threads)(int);
            *(void **)&set_threads = dlsym(library, "openblas_set_num_threads");
            if (set_threads != NULL) set_threads(1);
            *(void **)&sgemm = symbol;
            return;
        }
        dlclose(library);
    }
}

bool openblas_shim_available(void) {
    pthread_once(&once, open_library);
    return sgemm != NULL;
}

void openblas_shim_sgemm(bool transpose_b, int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                         float beta, float *c, int ldc) {
    if (!openblas_shim_available()) return;
    sgemm(CBLAS_ROW_MAJOR, CBLAS_NO_TRANS, transpose_b ? CBLAS_TRANS : CBLAS_NO_TRANS, m, n, k, 1.0f, a, lda, b, ldb,
          beta, c, ldc);
}
