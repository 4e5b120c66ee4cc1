#ifndef ELEMENTWISE_H
#define ELEMENTWISE_H

#include <stddef.h>

/// Each of `rows` rows of `width` floats becomes softmax(scale × row), with e^x approximated
/// to about 1e-7 of its value.
void encoder_softmax(float *matrix, int rows, int width, float scale);

/// Each of `count` floats x becomes x × Φ(x), Φ the normal distribution function (the erf
/// form, not the tanh one), to about 1e-6.
void encoder_gelu(float *values, size_t count);

#endif
