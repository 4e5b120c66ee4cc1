#include "image_codecs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <jerror.h>
#include <jpeglib.h>
#include <png.h>

_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "dlsym results must fit a function pointer");

// ---------------------------------------------------------------------------------------------
// Shared

// Writes the reason for a failure and returns its status. Library messages can quote what
// they read (chunk names, marker bytes), so anything outside printable ASCII becomes '?';
// a capitalised first word ("Premature end ...") is lower-cased to read well after "error: ".
static int fail(char *reason, size_t reason_size, int status, const char *format, ...) {
    if (reason != NULL && reason_size > 0) {
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(reason, reason_size, format, arguments);
        va_end(arguments);
        for (char *c = reason; *c != '\0'; c++) {
            if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e) *c = '?';
        }
        if (reason[0] >= 'A' && reason[0] <= 'Z' && reason[1] >= 'a' && reason[1] <= 'z') {
            reason[0] = (char)(reason[0] - 'A' + 'a');
        }
    }
    return status;
}

// Whether a width x height image may be decoded; says why not otherwise.
static int check_size(uint64_t width, uint64_t height, uint64_t max_pixels, char *reason, size_t reason_size) {
    if (width == 0 || height == 0) {
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "the image is %llux%llu pixels",
                    (unsigned long long)width, (unsigned long long)height);
    }
    if (width > IMAGE_CODECS_MAX_SIDE || height > IMAGE_CODECS_MAX_SIDE || width * height > max_pixels) {
        return fail(reason, reason_size, IMAGE_CODECS_TOO_LARGE, "%llux%llu pixels",
                    (unsigned long long)width, (unsigned long long)height);
    }
    return IMAGE_CODECS_OK;
}

static uint8_t *allocate_pixels(uint32_t width, uint32_t height) {
    return calloc((size_t)width * height, 4);
}

void image_codecs_free(void *memory) {
    free(memory);
}

// ---------------------------------------------------------------------------------------------
// The libraries: none is linked, so that starting the program loads none of them. Each is
// opened the first time an image needs it; the headers give the types, constants and
// prototypes, and every call goes through a pointer resolved by name.

// Every function used from each library.
#define LIBPNG_FUNCTIONS(X) \
    X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free) X(png_image_write_to_memory)
#define LIBJPEG_FUNCTIONS(X) \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_destroy_decompress) X(jpeg_mem_src) X(jpeg_read_header) \
    X(jpeg_start_decompress) X(jpeg_read_scanlines) X(jpeg_finish_decompress)
#define GIFLIB_FUNCTIONS(X) \
    X(DGifOpen) X(DGifCloseFile) X(DGifGetRecordType) X(DGifGetImageDesc) X(DGifGetLine) X(DGifGetCode) \
    X(DGifGetCodeNext) X(DGifGetExtension) X(DGifGetExtensionNext) X(DGifExtensionToGCB) X(GifErrorString)

// libjpeg refuses callers built for another ABI than its own (jpeg_CreateDecompress checks
// the version), so only the library matching the headers is looked for.
#if JPEG_LIB_VERSION >= 80
#define LIBJPEG_ABI "8"
#elif JPEG_LIB_VERSION >= 70
#define LIBJPEG_ABI "7"
#else
#define LIBJPEG_ABI "62"
#endif

#ifdef __APPLE__
#define LIBPNG_FILES "libpng16.16.dylib"
#define LIBJPEG_FILES "libjpeg." LIBJPEG_ABI ".dylib"
#define GIFLIB_FILES "libgif.7.dylib", "libgif.dylib"
#define PACKAGE(debian, homebrew) "Homebrew: " homebrew
// Homebrew's prefixes are not on dyld's default search path.
static const char *const directories[] = {"", "/opt/homebrew/lib/", "/usr/local/lib/"};
#else
#define LIBPNG_FILES "libpng16.so.16"
#define LIBJPEG_FILES "libjpeg.so." LIBJPEG_ABI
#define GIFLIB_FILES "libgif.so.7"
#define PACKAGE(debian, homebrew) "Debian: " debian
static const char *const directories[] = {""};
#endif

// One library's loading, done once per process: `files` are tried in order, `file` is the one
// opened, and `error` says why the library is unusable when `ok` is 0.
typedef struct library {
    pthread_once_t once;
    const char *name;
    const char *package;
    const char *files[2];
    const char *file;
    void *handle;
    int ok;
    char error[200];
} library;

#define FUNCTION_POINTER(function) __typeof__(function) *function;

static struct {
    library lib;
    LIBPNG_FUNCTIONS(FUNCTION_POINTER)
} libpng = {.lib = {.once = PTHREAD_ONCE_INIT, .name = "libpng",
                    .package = PACKAGE("libpng16-16", "libpng"), .files = {LIBPNG_FILES}}};

static struct {
    library lib;
    LIBJPEG_FUNCTIONS(FUNCTION_POINTER)
} libjpeg = {.lib = {.once = PTHREAD_ONCE_INIT, .name = "libjpeg-turbo",
                     .package = PACKAGE("libjpeg62-turbo", "jpeg-turbo"), .files = {LIBJPEG_FILES}}};

static struct {
    library lib;
    GIFLIB_FUNCTIONS(FUNCTION_POINTER)
} giflib = {.lib = {.once = PTHREAD_ONCE_INIT, .name = "giflib",
                    .package = PACKAGE("libgif7", "giflib"), .files = {GIFLIB_FILES}}};

static int open_library(library *lib) {
    for (size_t f = 0; f < sizeof lib->files / sizeof lib->files[0] && lib->files[f] != NULL; f++) {
        for (size_t d = 0; d < sizeof directories / sizeof directories[0]; d++) {
            char path[256];
            snprintf(path, sizeof path, "%s%s", directories[d], lib->files[f]);
            lib->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
            if (lib->handle != NULL) {
                lib->file = lib->files[f];
                return 1;
            }
        }
    }
    snprintf(lib->error, sizeof lib->error, "%s is not installed; install %s (%s)", lib->files[0], lib->name, lib->package);
    return 0;
}

// Stores dlsym's object pointer into a function-pointer slot without an object-to-function
// cast, which ISO C does not define (POSIX guarantees the representation).
static int resolve(library *lib, const char *name, void *slot) {
    void *symbol = dlsym(lib->handle, name);
    if (symbol == NULL) {
        snprintf(lib->error, sizeof lib->error, "%s lacks %s; install a newer %s (%s)", lib->file, name, lib->name, lib->package);
        return 0;
    }
    memcpy(slot, &symbol, sizeof symbol);
    return 1;
}

#define RESOLVE(function) && resolve(&self->lib, #function, &self->function)

static void load_libpng(void) {
    __typeof__(libpng) *self = &libpng;
    self->lib.ok = open_library(&self->lib) LIBPNG_FUNCTIONS(RESOLVE);
}

static void load_libjpeg(void) {
    __typeof__(libjpeg) *self = &libjpeg;
    self->lib.ok = open_library(&self->lib) LIBJPEG_FUNCTIONS(RESOLVE);
}

static void load_giflib(void) {
    __typeof__(giflib) *self = &giflib;
    self->lib.ok = open_library(&self->lib) GIFLIB_FUNCTIONS(RESOLVE);
}

// Loads `lib` with `load` unless done already; when it cannot be used, writes why and returns 0.
static int ready(library *lib, void (*load)(void), char *reason, size_t reason_size) {
    pthread_once(&lib->once, load);
    if (!lib->ok) fail(reason, reason_size, IMAGE_CODECS_NO_LIBRARY, "%s", lib->error);
    return lib->ok;
}

// ---------------------------------------------------------------------------------------------
// PNG: libpng's simplified API, which catches libpng's errors itself

// Whether the chunks run from the signature to IEND with nothing cut short. libpng stops
// reading once it has the pixels, so without this a file missing its end would pass.
static int png_reaches_end(const uint8_t *data, size_t size) {
    size_t at = 8;
    while (size >= at && size - at >= 12) {
        size_t length = ((size_t)data[at] << 24) | ((size_t)data[at + 1] << 16) | ((size_t)data[at + 2] << 8) | data[at + 3];
        if (length > size - at - 12) return 0;
        if (memcmp(data + at + 4, "IEND", 4) == 0) return 1;
        at += 12 + length;
    }
    return 0;
}

int image_codecs_decode_png(const uint8_t *data, size_t size, uint64_t max_pixels,
                            image_codecs_raster *out, char *reason, size_t reason_size) {
    memset(out, 0, sizeof *out);
    if (!ready(&libpng.lib, load_libpng, reason, reason_size)) return IMAGE_CODECS_NO_LIBRARY;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!libpng.png_image_begin_read_from_memory(&image, data, size)) {
        libpng.png_image_free(&image);
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "%s", image.message);
    }
    int status = check_size(image.width, image.height, max_pixels, reason, reason_size);
    if (status != IMAGE_CODECS_OK) {
        libpng.png_image_free(&image);
        return status;
    }
    if (!png_reaches_end(data, size)) {
        libpng.png_image_free(&image);
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "the data ends before the IEND chunk");
    }
    image.format = PNG_FORMAT_RGBA;
    // Without this, libpng takes 16-bit samples that carry no gamma (gAMA, sRGB) as linear
    // light and brightens them on the way to 8 bits; browsers and other viewers take them as
    // sRGB, like 8-bit ones.
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    uint8_t *pixels = allocate_pixels(image.width, image.height);
    if (pixels == NULL) {
        libpng.png_image_free(&image);
        return fail(reason, reason_size, IMAGE_CODECS_NO_MEMORY, "no memory for %ux%u pixels", image.width, image.height);
    }
    // finish_read releases the image whether it succeeds or not.
    if (!libpng.png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "%s", image.message);
    }
    out->pixels = pixels;
    out->width = image.width;
    out->height = image.height;
    return IMAGE_CODECS_OK;
}

int image_codecs_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height,
                            uint8_t **out, size_t *out_size, char *reason, size_t reason_size) {
    *out = NULL;
    *out_size = 0;
    if (!ready(&libpng.lib, load_libpng, reason, reason_size)) return IMAGE_CODECS_NO_LIBRARY;
    if (width == 0 || height == 0 || (uint64_t)width * height > (UINT64_C(1) << 30)) {
        return fail(reason, reason_size, IMAGE_CODECS_TOO_LARGE, "%ux%u pixels", width, height);
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    // The bound can never be reached, so the image is compressed once; the rest is given back.
    png_alloc_size_t capacity = PNG_IMAGE_PNG_SIZE_MAX(image);
    uint8_t *memory = malloc(capacity);
    if (memory == NULL) {
        return fail(reason, reason_size, IMAGE_CODECS_NO_MEMORY, "no memory for %zu bytes", (size_t)capacity);
    }
    png_alloc_size_t used = capacity;
    if (!libpng.png_image_write_to_memory(&image, memory, &used, 0, rgba, 0, NULL)) {
        free(memory);
        libpng.png_image_free(&image);
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "%s", image.message);
    }
    uint8_t *shrunk = realloc(memory, used);
    *out = shrunk != NULL ? shrunk : memory;
    *out_size = used;
    return IMAGE_CODECS_OK;
}

// ---------------------------------------------------------------------------------------------
// JPEG: libjpeg's classic API; its errors come back here through longjmp

// More scans than any real encoder writes: a hostile progressive file can hold thousands,
// each a pass over the whole image.
#define JPEG_MAX_SCANS 1000

typedef struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    // Set between setjmp and longjmp, so volatile (C11 7.13.2.1).
    const char *volatile own_reason;
} jpeg_failure;

static void jpeg_fail(j_common_ptr cinfo) {
    longjmp(((jpeg_failure *)cinfo->err)->jump, 1);
}

// libjpeg reports missing or garbled image data as a warning and fills the rest of the image
// with grey: that must fail. Other warnings (extraneous bytes between markers, an odd JFIF
// version, ...) are common in real files whose pixels are right, so they are tolerated.
static void jpeg_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    cinfo->err->num_warnings++;
    switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
        jpeg_fail(cinfo);
        break;
    default:
        break;
    }
}

// libjpeg's default prints to stderr; every message is reported through the reason instead.
static void jpeg_print_nothing(j_common_ptr cinfo) {
    (void)cinfo;
}

static void jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > JPEG_MAX_SCANS) {
        ((jpeg_failure *)cinfo->err)->own_reason = "too many progressive scans";
        jpeg_fail(cinfo);
    }
}

static int jpeg_status(int code) {
    switch (code) {
    case JERR_OUT_OF_MEMORY: return IMAGE_CODECS_NO_MEMORY;
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_ARITH_NOTIMPL: return IMAGE_CODECS_UNSUPPORTED;
    default: return IMAGE_CODECS_CORRUPT;
    }
}

// CMYK as RGB, in place. Adobe's files (Photoshop's, Pillow's) store the inks inverted.
static void jpeg_cmyk_to_rgba(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++, row += 4) {
        unsigned c = row[0], m = row[1], y = row[2], k = row[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        row[0] = (uint8_t)((c * k + 127) / 255);
        row[1] = (uint8_t)((m * k + 127) / 255);
        row[2] = (uint8_t)((y * k + 127) / 255);
        row[3] = 255;
    }
}

int image_codecs_decode_jpeg(const uint8_t *data, size_t size, uint64_t max_pixels,
                             image_codecs_raster *out, char *reason, size_t reason_size) {
    memset(out, 0, sizeof *out);
    if (!ready(&libjpeg.lib, load_libjpeg, reason, reason_size)) return IMAGE_CODECS_NO_LIBRARY;
    struct jpeg_decompress_struct cinfo;
    jpeg_failure failure;
    struct jpeg_progress_mgr progress;
    uint8_t *volatile pixels = NULL;

    memset(&cinfo, 0, sizeof cinfo);
    memset(&progress, 0, sizeof progress);
    cinfo.err = libjpeg.jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_message;
    failure.manager.output_message = jpeg_print_nothing;
    failure.own_reason = NULL;
    if (setjmp(failure.jump)) {
        char message[JMSG_LENGTH_MAX] = "";
        int status = IMAGE_CODECS_CORRUPT;
        if (failure.own_reason == NULL) {
            failure.manager.format_message((j_common_ptr)&cinfo, message);
            status = jpeg_status(failure.manager.msg_code);
        }
        libjpeg.jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return fail(reason, reason_size, status, "%s", failure.own_reason != NULL ? failure.own_reason : message);
    }
    // jpeg_create_decompress, a macro over this, would call the linked symbol.
    libjpeg.jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    progress.progress_monitor = jpeg_progress;
    cinfo.progress = &progress;
    libjpeg.jpeg_mem_src(&cinfo, data, (unsigned long)size);
    libjpeg.jpeg_read_header(&cinfo, TRUE);

    int cmyk = 0;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
        cinfo.out_color_space = JCS_EXT_RGBA;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo.out_color_space = JCS_CMYK;
        cmyk = 1;
        break;
    default: {
        int components = cinfo.num_components;
        libjpeg.jpeg_destroy_decompress(&cinfo);
        return fail(reason, reason_size, IMAGE_CODECS_UNSUPPORTED, "%d colour components of unknown meaning", components);
    }
    }
    int status = check_size(cinfo.image_width, cinfo.image_height, max_pixels, reason, reason_size);
    if (status != IMAGE_CODECS_OK) {
        libjpeg.jpeg_destroy_decompress(&cinfo);
        return status;
    }
    libjpeg.jpeg_start_decompress(&cinfo);
    uint32_t width = cinfo.output_width, height = cinfo.output_height;
    pixels = allocate_pixels(width, height);
    if (pixels == NULL) {
        libjpeg.jpeg_destroy_decompress(&cinfo);
        return fail(reason, reason_size, IMAGE_CODECS_NO_MEMORY, "no memory for %ux%u pixels", width, height);
    }
    while (cinfo.output_scanline < height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * width * 4;
        // A memory source never suspends; zero lines would mean no progress at all.
        if (libjpeg.jpeg_read_scanlines(&cinfo, &row, 1) != 1) {
            failure.own_reason = "the decoder stopped early";
            jpeg_fail((j_common_ptr)&cinfo);
        }
        if (cmyk) jpeg_cmyk_to_rgba(row, width, cinfo.saw_Adobe_marker);
    }
    libjpeg.jpeg_finish_decompress(&cinfo);
    libjpeg.jpeg_destroy_decompress(&cinfo);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return IMAGE_CODECS_OK;
}

// ---------------------------------------------------------------------------------------------
// GIF: giflib's record-level API, so that only the first frame is decoded and its size is
// checked before anything is allocated for it (DGifSlurp decodes every frame, allocating
// each one's raster as its descriptor claims, before the caller sees any of them)

typedef struct gif_source {
    const uint8_t *data;
    size_t size;
    size_t at;
} gif_source;

static int gif_read(GifFileType *gif, GifByteType *buffer, int length) {
    gif_source *source = gif->UserData;
    size_t count = length < 0 ? 0 : (size_t)length;
    if (count > source->size - source->at) count = source->size - source->at;
    memcpy(buffer, source->data + source->at, count);
    source->at += count;
    return (int)count;
}

static const char *gif_reason(int error) {
    switch (error) {
    case D_GIF_ERR_READ_FAILED: return "the data ends too soon";
    case D_GIF_ERR_NOT_ENOUGH_MEM: return "out of memory";
    // giflib fails without an error code when a frame's LZW code size byte is missing.
    case 0: return "a frame's image data is missing";
    default: {
        const char *message = giflib.GifErrorString(error);
        return message != NULL ? message : "unknown giflib error";
    }
    }
}

static int gif_fail(GifFileType *gif, char *reason, size_t reason_size) {
    int error = gif->Error;
    int ignored;
    giflib.DGifCloseFile(gif, &ignored);
    return fail(reason, reason_size, error == D_GIF_ERR_NOT_ENOUGH_MEM ? IMAGE_CODECS_NO_MEMORY : IMAGE_CODECS_CORRUPT,
                "%s", gif_reason(error));
}

// Decodes the frame whose descriptor was just read onto the canvas. giflib's DGifGetLine
// hands lines over in file order, so interlaced rows are placed here (DGifSlurp, by
// contrast, already de-interlaces while its descriptor still says "interlaced").
static int gif_draw_frame(GifFileType *gif, uint8_t *canvas, int transparent, uint64_t max_pixels,
                          char *reason, size_t reason_size) {
    const GifImageDesc *frame = &gif->Image;
    const ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    if (map == NULL) {
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "the first frame has no colour map");
    }
    if (frame->Width <= 0 || frame->Height <= 0) {
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "the first frame is %dx%d pixels", frame->Width, frame->Height);
    }
    int status = check_size((uint64_t)frame->Width, (uint64_t)frame->Height, max_pixels, reason, reason_size);
    if (status != IMAGE_CODECS_OK) return status;
    GifPixelType *line = malloc((size_t)frame->Width);
    if (line == NULL) return fail(reason, reason_size, IMAGE_CODECS_NO_MEMORY, "out of memory");

    static const int first_row[] = {0, 4, 2, 1};
    static const int row_step[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? first_row[pass] : 0;
        int step = frame->Interlace ? row_step[pass] : 1;
        for (int row = start; row < frame->Height; row += step) {
            if (giflib.DGifGetLine(gif, line, frame->Width) == GIF_ERROR) {
                free(line);
                return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "%s", gif_reason(gif->Error));
            }
            long y = (long)frame->Top + row;
            if (y >= gif->SHeight || frame->Left >= gif->SWidth) continue;
            uint8_t *pixel = canvas + ((size_t)y * (size_t)gif->SWidth + (size_t)frame->Left) * 4;
            for (long x = 0; x < frame->Width && frame->Left + x < gif->SWidth; x++, pixel += 4) {
                int index = line[x];
                // Out-of-range indices show what is behind them, as browsers do.
                if (index == transparent || index >= map->ColorCount) continue;
                pixel[0] = map->Colors[index].Red;
                pixel[1] = map->Colors[index].Green;
                pixel[2] = map->Colors[index].Blue;
                pixel[3] = 255;
            }
        }
    }
    free(line);
    return IMAGE_CODECS_OK;
}

// Reads past a later frame's image data without decoding it.
static int gif_skip_frame(GifFileType *gif) {
    int code_size;
    GifByteType *block;
    if (giflib.DGifGetCode(gif, &code_size, &block) == GIF_ERROR) return GIF_ERROR;
    while (block != NULL) {
        if (giflib.DGifGetCodeNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
    }
    return GIF_OK;
}

int image_codecs_decode_gif(const uint8_t *data, size_t size, uint64_t max_pixels,
                            image_codecs_raster *out, char *reason, size_t reason_size) {
    memset(out, 0, sizeof *out);
    if (!ready(&giflib.lib, load_giflib, reason, reason_size)) return IMAGE_CODECS_NO_LIBRARY;
    gif_source source = {data, size, 0};
    int error = 0;
    GifFileType *gif = giflib.DGifOpen(&source, gif_read, &error);
    if (gif == NULL) return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "%s", gif_reason(error));
    int status = check_size((uint64_t)(gif->SWidth < 0 ? 0 : gif->SWidth), (uint64_t)(gif->SHeight < 0 ? 0 : gif->SHeight),
                            max_pixels, reason, reason_size);
    if (status != IMAGE_CODECS_OK) {
        giflib.DGifCloseFile(gif, &error);
        return status;
    }
    uint8_t *canvas = allocate_pixels((uint32_t)gif->SWidth, (uint32_t)gif->SHeight);
    if (canvas == NULL) {
        giflib.DGifCloseFile(gif, &error);
        return fail(reason, reason_size, IMAGE_CODECS_NO_MEMORY, "no memory for %dx%d pixels", gif->SWidth, gif->SHeight);
    }

    int transparent = NO_TRANSPARENT_COLOR;
    int drawn = 0;
    int ok = 1;
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    // Every record is read up to the trailer, so a file cut short is noticed even when the
    // first frame is whole.
    while (ok && record != TERMINATE_RECORD_TYPE) {
        ok = giflib.DGifGetRecordType(gif, &record) == GIF_OK;
        if (ok && record == IMAGE_DESC_RECORD_TYPE) {
            ok = giflib.DGifGetImageDesc(gif) == GIF_OK;
            if (ok && drawn) {
                ok = gif_skip_frame(gif) == GIF_OK;
            } else if (ok) {
                status = gif_draw_frame(gif, canvas, transparent, max_pixels, reason, reason_size);
                if (status != IMAGE_CODECS_OK) {
                    free(canvas);
                    giflib.DGifCloseFile(gif, &error);
                    return status;
                }
                drawn = 1;
            }
        } else if (ok && record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *block;
            ok = giflib.DGifGetExtension(gif, &code, &block) == GIF_OK;
            GraphicsControlBlock control;
            // The graphics control block before the first frame says which index is clear;
            // a malformed one is ignored, as browsers do.
            if (ok && !drawn && code == GRAPHICS_EXT_FUNC_CODE && block != NULL &&
                giflib.DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
                transparent = control.TransparentColor;
            }
            while (ok && block != NULL) {
                ok = giflib.DGifGetExtensionNext(gif, &block) == GIF_OK;
            }
        }
    }
    if (!ok) {
        free(canvas);
        return gif_fail(gif, reason, reason_size);
    }
    uint32_t width = (uint32_t)gif->SWidth, height = (uint32_t)gif->SHeight;
    giflib.DGifCloseFile(gif, &error);
    if (!drawn) {
        free(canvas);
        return fail(reason, reason_size, IMAGE_CODECS_CORRUPT, "the file holds no frame");
    }
    out->pixels = canvas;
    out->width = width;
    out->height = height;
    return IMAGE_CODECS_OK;
}
