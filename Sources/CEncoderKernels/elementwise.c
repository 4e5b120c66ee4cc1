#include "elementwise.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

// Each step is written once, in loops the compiler turns into vector instructions, and built
// three times: for AVX-512, for AVX2 with FMA, and for any x86-64 (or other) processor; the
// widest the processor runs is chosen at each call.
#define LANES 16

// e^x, by 2^n × a degree-6 polynomial on the remainder.
static inline __attribute__((always_inline)) float approximate_exp(float x) {
    x = x < -87 ? -87 : x;
    x = x > 88 ? 88 : x;
    // Adding 1.5 × 2^23 rounds to an integer, which then sits in the low bits.
    float shifted = x * 1.44269504f + 12582912.0f;
    float n = shifted - 12582912.0f;
    float r = x - n * 0.69314575f - n * 1.4286068e-6f;
    float p = 1.0f / 720;
    p = p * r + 1.0f / 120;
    p = p * r + 1.0f / 24;
    p = p * r + 1.0f / 6;
    p = p * r + 0.5f;
    p = p * r + 1;
    p = p * r + 1;
    int32_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    bits = (int32_t)((uint32_t)(bits - 0x4B400000 + 127) << 23);
    float power;
    memcpy(&power, &bits, sizeof power);
    return p * power;
}

// erf(x) by Abramowitz and Stegun's 7.1.26.
static inline __attribute__((always_inline)) float approximate_erf(float x) {
    float a = x < 0 ? -x : x;
    float t = 1 / (1 + 0.3275911f * a);
    float p = 1.061405429f;
    p = p * t - 1.453152027f;
    p = p * t + 1.421413741f;
    p = p * t - 0.284496736f;
    p = p * t + 0.254829592f;
    float y = 1 - p * t * approximate_exp(-a * a);
    return x < 0 ? -y : y;
}

static inline __attribute__((always_inline)) void softmax(float *matrix, int rows, int width, float scale) {
    int wide = width / LANES * LANES;
    for (int row = 0; row < rows; row++) {
        float *values = matrix + (size_t)row * width;
        float partial[LANES];
        for (int lane = 0; lane < LANES; lane++) partial[lane] = -INFINITY;
        for (int column = 0; column < wide; column += LANES)
            for (int lane = 0; lane < LANES; lane++)
                partial[lane] = values[column + lane] > partial[lane] ? values[column + lane] : partial[lane];
        float largest = -INFINITY;
        for (int lane = 0; lane < LANES; lane++) largest = partial[lane] > largest ? partial[lane] : largest;
        for (int column = wide; column < width; column++) largest = values[column] > largest ? values[column] : largest;

        for (int lane = 0; lane < LANES; lane++) partial[lane] = 0;
        for (int column = 0; column < wide; column += LANES)
            for (int lane = 0; lane < LANES; lane++) {
                float e = approximate_exp((values[column + lane] - largest) * scale);
                values[column + lane] = e;
                partial[lane] += e;
            }
        float sum = 0;
        for (int lane = 0; lane < LANES; lane++) sum += partial[lane];
        for (int column = wide; column < width; column++) {
            values[column] = approximate_exp((values[column] - largest) * scale);
            sum += values[column];
        }
        float inverse = 1 / sum;
        for (int column = 0; column < width; column++) values[column] *= inverse;
    }
}

static inline __attribute__((always_inline)) void gelu(float *values, size_t count) {
    for (size_t index = 0; index < count; index++) {
        float x = values[index];
        values[index] = 0.5f * x * (1 + approximate_erf(x * 0.70710677f));
    }
}

#if defined(__x86_64__)
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl")))
#define AVX2 __attribute__((target("avx2,fma")))

AVX512 static void softmax_avx512(float *m, int rows, int width, float scale) { softmax(m, rows, width, scale); }
AVX2 static void softmax_avx2(float *m, int rows, int width, float scale) { softmax(m, rows, width, scale); }
AVX512 static void gelu_avx512(float *values, size_t count) { gelu(values, count); }
AVX2 static void gelu_avx2(float *values, size_t count) { gelu(values, count); }

enum width { PLAIN, WIDE, WIDEST };

static enum width widest(void) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        return WIDEST;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return WIDE;
    return PLAIN;
}
#endif

void encoder_softmax(float *matrix, int rows, int width, float scale) {
#if defined(__x86_64__)
    switch (widest()) {
    case WIDEST: softmax_avx512(matrix, rows, width, scale); return;
    case WIDE: softmax_avx2(matrix, rows, width, scale); return;
    case PLAIN: break;
    }
#endif
    softmax(matrix, rows, width, scale);
}

void encoder_gelu(float *values, size_t count) {
#if defined(__x86_64__)
    switch (widest()) {
    case WIDEST: gelu_avx512(values, count); return;
    case WIDE: gelu_avx2(values, count); return;
    case PLAIN: break;
    }
#endif
    gelu(values, count);
}
