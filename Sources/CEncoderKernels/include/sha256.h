#ifndef SHA256_H
#define SHA256_H

#include <stddef.h>
#include <stdint.h>

/// The SHA-256 digest (FIPS 180-4) of the `count` bytes at `bytes`, written to `digest`.
void encoder_sha256(const void *bytes, size_t count, uint8_t digest[32]);

#endif
