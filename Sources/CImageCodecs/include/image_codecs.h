#ifndef XKCD_IMAGE_CODECS_H
#define XKCD_IMAGE_CODECS_H

/*
 * PNG, JPEG and GIF decoding to 8-bit RGBA (not premultiplied, rows from the top), and PNG
 * encoding, over libpng, libjpeg(-turbo) and giflib.
 *
 * None of the three is linked: each is opened with dlopen (libpng16.so.16, libjpeg.so.62 or
 * the version jpeglib.h is for, libgif.so.7; on macOS Homebrew's dylibs) the first time a call
 * needs it, so programs that decode nothing never load them, and run without them.
 *
 * Every function returns IMAGE_CODECS_OK (0) on success. Otherwise it writes a short,
 * printable ASCII reason into `reason` (always NUL-terminated when `reason_size` > 0) and
 * returns another status; nothing is allocated then. Decoders check the image's size against
 * `max_pixels` and IMAGE_CODECS_MAX_SIDE before they allocate pixel memory. Memory handed
 * back is released with image_codecs_free.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** No side of a decoded image may be longer than this many pixels. */
#define IMAGE_CODECS_MAX_SIDE 30000

/** How a call ended. */
typedef enum image_codecs_status {
    /** Success. */
    IMAGE_CODECS_OK = 0,
    /** The data is truncated or corrupt. */
    IMAGE_CODECS_CORRUPT = 1,
    /** The image is larger than the caller allows. */
    IMAGE_CODECS_TOO_LARGE = 2,
    /** A valid image using a variant the libraries cannot decode (12-bit JPEG, ...). */
    IMAGE_CODECS_UNSUPPORTED = 3,
    /** Memory ran out. */
    IMAGE_CODECS_NO_MEMORY = 4,
    /** The format's library cannot be loaded, or lacks a function used here; the reason
        names the file and what to install. */
    IMAGE_CODECS_NO_LIBRARY = 5,
} image_codecs_status;

/** A decoded image: `width * height * 4` bytes of RGBA at `pixels`. */
typedef struct image_codecs_raster {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
} image_codecs_raster;

/** Decodes a PNG file (any colour type and bit depth; 16-bit samples are reduced to 8). */
int image_codecs_decode_png(const uint8_t *data, size_t size, uint64_t max_pixels,
                            image_codecs_raster *out, char *reason, size_t reason_size);

/** Decodes a JPEG file (colour, greyscale, CMYK and YCCK; baseline and progressive). */
int image_codecs_decode_jpeg(const uint8_t *data, size_t size, uint64_t max_pixels,
                             image_codecs_raster *out, char *reason, size_t reason_size);

/** Decodes the first frame of a GIF file onto a transparent canvas of its screen size. */
int image_codecs_decode_gif(const uint8_t *data, size_t size, uint64_t max_pixels,
                            image_codecs_raster *out, char *reason, size_t reason_size);

/** Encodes `width * height` RGBA pixels as a PNG file of `*out_size` bytes at `*out`. */
int image_codecs_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height,
                            uint8_t **out, size_t *out_size, char *reason, size_t reason_size);

/** Releases memory returned by this library (NULL is fine). */
void image_codecs_free(void *memory);

#ifdef __cplusplus
}
#endif

#endif
