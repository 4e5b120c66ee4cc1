#ifndef XKCD_OPENBLAS_SHIM_H
#define XKCD_OPENBLAS_SHIM_H

/*
 * OpenBLAS's single-precision matrix product, opened with dlopen (libopenblas.so.0; on macOS
 * Homebrew's libopenblas.dylib) the first time it is asked for, so that the program runs
 * where OpenBLAS is not installed. Each product runs on its caller's thread alone.
 */

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Whether OpenBLAS could be opened (tried once, from any thread). */
bool openblas_shim_available(void);

/**
 * C = A · op(B) + beta · C, row-major, where A is m×k (row stride lda), op(B) is k×n: B
 * itself (row stride ldb) or, with transpose_b, the transpose of the n×k matrix B, and C is
 * m×n (row stride ldc). Does nothing when OpenBLAS is not available.
 */
void openblas_shim_sgemm(bool transpose_b, int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                         float beta, float *c, int ldc);

#ifdef __cplusplus
}
#endif

#endif
