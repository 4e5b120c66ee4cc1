#include "int8_products.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define VNNI __attribute__((target("avx512f,avx512bw,avx512vnni")))
#endif

bool int8_products_available(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vnni");
#else
    return false;
#endif
}

size_t int8_packed_bytes(int n, int k) { return (size_t)n * (size_t)k; }

// Sixteen rows of W make a block; within it, for each four columns, the sixteen rows' four
// bytes side by side: what one VNNI instruction multiplies by four bytes of a row of A.
void int8_pack(const int8_t *w, int n, int k, int8_t *packed, int32_t *row_sums) {
    int quads = k / 4;
    for (int j = 0; j < n; j++) {
        int32_t sum = 0;
        for (int p = 0; p < k; p++) sum += w[(size_t)j * k + p];
        row_sums[j] = sum;
    }
    for (int block = 0; block < n / 16; block++) {
        for (int quad = 0; quad < quads; quad++) {
            int8_t *out = packed + ((size_t)block * quads + quad) * 64;
            for (int lane = 0; lane < 16; lane++) {
                memcpy(out + lane * 4, w + (size_t)(block * 16 + lane) * k + quad * 4, 4);
            }
        }
    }
}

// Row i of A becomes bytes q with A[i][p] ≈ scale[i] · (q[p] − zero[i]); the range holds 0, so
// zero is a level of its own.
static void quantize_rows(int m, int k, const float *a, int lda, uint8_t *q, float *scale, int32_t *zero) {
    for (int i = 0; i < m; i++) {
        const float *row = a + (size_t)i * lda;
        float least = 0, greatest = 0;
        for (int p = 0; p < k; p++) {
            least = row[p] < least ? row[p] : least;
            greatest = row[p] > greatest ? row[p] : greatest;
        }
        float step = (greatest - least) / 255.0f;
        if (!(step > 0)) step = 1;
        float inverse = 1 / step;
        float offset = (float)(int)(-least * inverse + 0.5f);
        if (offset > 255) offset = 255;
        scale[i] = step;
        zero[i] = (int32_t)offset;
        uint8_t *out = q + (size_t)i * k;
        for (int p = 0; p < k; p++) {
            float v = row[p] * inverse + offset;
            // A NaN fails both tests and becomes level 0.
            v = v > 0 ? v : 0;
            v = v < 255 ? v : 255;
            out[p] = (uint8_t)(v + 0.5f);
        }
    }
}

#if defined(__x86_64__)
// Up to 4 rows of A by up to 3 blocks of 16 rows of W: 12 sums held in registers over all of k.
VNNI static inline __attribute__((always_inline)) void tile(int rows, int blocks, int k, const uint8_t *a,
                                                              const int8_t *w, const float *row_scale,
                                                              const int32_t *zero, const float *scales,
                                                              const int32_t *sums, float beta, float *c, int ldc) {
    __m512i acc[4][3];
    for (int r = 0; r < rows; r++)
        for (int b = 0; b < blocks; b++) acc[r][b] = _mm512_setzero_si512();
    size_t block_bytes = (size_t)k * 16;
    for (int quad = 0; quad < k / 4; quad++) {
        __m512i wv[3];
        for (int b = 0; b < blocks; b++) wv[b] = _mm512_loadu_si512(w + b * block_bytes + (size_t)quad * 64);
        for (int r = 0; r < rows; r++) {
            int32_t four;
            memcpy(&four, a + (size_t)r * k + quad * 4, 4);
            __m512i av = _mm512_set1_epi32(four);
            for (int b = 0; b < blocks; b++) acc[r][b] = _mm512_dpbusd_epi32(acc[r][b], av, wv[b]);
        }
    }
    for (int b = 0; b < blocks; b++) {
        __m512 column_scale = _mm512_loadu_ps(scales + b * 16);
        __m512i column_sum = _mm512_loadu_si512(sums + b * 16);
        for (int r = 0; r < rows; r++) {
            __m512i exact = _mm512_sub_epi32(acc[r][b], _mm512_mullo_epi32(_mm512_set1_epi32(zero[r]), column_sum));
            __m512 v = _mm512_mul_ps(_mm512_cvtepi32_ps(exact), _mm512_mul_ps(column_scale, _mm512_set1_ps(row_scale[r])));
            float *out = c + (size_t)r * ldc + b * 16;
            if (beta != 0) v = _mm512_fmadd_ps(_mm512_set1_ps(beta), _mm512_loadu_ps(out), v);
            _mm512_storeu_ps(out, v);
        }
    }
}

// Four rows of A at a time (in L1) against all of W (in L2).
VNNI static void multiply_vnni(int m, int n, int k, const uint8_t *q, const int8_t *packed, const float *row_scale,
                               const int32_t *zero, const float *scales, const int32_t *sums, float beta, float *c,
                               int ldc) {
    int blocks = n / 16;
    size_t block_bytes = (size_t)k * 16;
    for (int i = 0; i < m; i += 4) {
        int rows = m - i < 4 ? m - i : 4;
        for (int block = 0; block < blocks; block += 3) {
            int count = blocks - block < 3 ? blocks - block : 3;
            const uint8_t *a = q + (size_t)i * k;
            const int8_t *w = packed + block * block_bytes;
            float *out = c + (size_t)i * ldc + block * 16;
            if (rows == 4 && count == 3) {
                tile(4, 3, k, a, w, row_scale + i, zero + i, scales + block * 16, sums + block * 16, beta, out, ldc);
            } else {
                tile(rows, count, k, a, w, row_scale + i, zero + i, scales + block * 16, sums + block * 16, beta, out,
                     ldc);
            }
        }
    }
}
#endif

bool int8_multiply(int m, int n, int k, const float *a, int lda, const int8_t *packed, const float *scales,
                   const int32_t *row_sums, float beta, float *c, int ldc) {
#if defined(__x86_64__)
    if (m <= 0 || n <= 0) return true;
    size_t bytes = (size_t)m * k;
    uint8_t *q = malloc(bytes + 3 + (size_t)m * (sizeof(float) + sizeof(int32_t)));
    if (q == NULL) return false;
    float *row_scale = (float *)(q + ((bytes + 3) & ~(size_t)3));
    int32_t *zero = (int32_t *)(row_scale + m);
    quantize_rows(m, k, a, lda, q, row_scale, zero);
    multiply_vnni(m, n, k, q, packed, row_scale, zero, scales, row_sums, beta, c, ldc);
    free(q);
    return true;
#else
    (void)m, (void)n, (void)k, (void)a, (void)lda, (void)packed, (void)scales, (void)row_sums, (void)beta, (void)c,
        (void)ldc;
    return false;
#endif
}
