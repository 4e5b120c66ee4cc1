#ifndef INT8_PRODUCTS_H
#define INT8_PRODUCTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Whether this processor multiplies bytes in one instruction (AVX-512 VNNI), which the
/// products below need.
bool int8_products_available(void);

/// The bytes `int8_pack` writes for an n × k matrix; n must be a multiple of 16 and k of 4.
size_t int8_packed_bytes(int n, int k);

/// Reorders the row-major n × k int8 matrix `w` for `int8_multiply`, into `packed`
/// (`int8_packed_bytes(n, k)` bytes), and writes each row's sum into `row_sums` (n values).
void int8_pack(const int8_t *w, int n, int k, int8_t *packed, int32_t *row_sums);

/// C = beta · C + A · Wᵀ, where A is m × k floats (row stride lda) and W the n × k matrix
/// packed by `int8_pack`, its row j scaled by scales[j]; C is m × n (row stride ldc). Each row
/// of A is first rounded to 256 levels between its least and greatest value; the byte
/// products are summed exactly, so the result depends on A, W and the scales alone.
/// Returns false, C untouched, when memory for the rounded A cannot be had.
bool int8_multiply(int m, int n, int k, const float *a, int lda, const int8_t *packed, const float *scales,
                   const int32_t *row_sums, float beta, float *c, int ldc);

#endif
