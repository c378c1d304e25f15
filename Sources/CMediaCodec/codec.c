// The server's only contact with image bytes: libvips calls with the options the server relies on.
// libvips' API is variadic (option lists ended by NULL), which Swift cannot call, hence this file.
#include "CMediaCodec.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <vips/vips.h>

static pthread_once_t started = PTHREAD_ONCE_INIT;
static int start_result = -1;

/// libvips reports what it tolerates (a damaged tile, an unknown EXIF tag) through GLib's log; the
/// server's answer says what matters, so these do not reach its output.
static void ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

/// Every loader is blocked but the four the server reads: `vips_thumbnail_buffer` picks its loader by
/// sniffing the bytes, and libvips also carries loaders for TIFF, HEIF, JPEG 2000, JPEG XL, PDF, SVG
/// and, through ImageMagick, dozens more. Blocking a loader class blocks its buffer, file and source
/// variants too.
static void allow_only_four_loaders(void) {
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
}

static void start_once(void) {
    if (VIPS_INIT("endpoint") != 0) return;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG, ignore_log, NULL);
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    vips_block_untrusted_set(TRUE);
    allow_only_four_loaders();
    start_result = 0;
}

int endpoint_media_start(void) {
    pthread_once(&started, start_once);
    return start_result;
}

/// The loader of each format: only these four ever read outside bytes (never a loader chosen by
/// sniffing, so no SVG, PDF or matrix loader runs on an upload).
typedef int (*buffer_loader)(void *buffer, size_t length, VipsImage **out, ...);
static const buffer_loader loaders[] = {
    [ENDPOINT_MEDIA_JPEG] = vips_jpegload_buffer,
    [ENDPOINT_MEDIA_PNG] = vips_pngload_buffer,
    [ENDPOINT_MEDIA_WEBP] = vips_webpload_buffer,
    [ENDPOINT_MEDIA_GIF] = vips_gifload_buffer,
};

/// Loads `buffer` with the loader of `format`, failing on truncation.
static VipsImage *load(const void *buffer, size_t length, int format, VipsAccess access) {
    if (format < ENDPOINT_MEDIA_JPEG || format > ENDPOINT_MEDIA_GIF) return NULL;
    VipsImage *image = NULL;
    if (loaders[format]((void *)buffer, length, &image, "access", access, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)) {
        vips_error_clear();
        return NULL;
    }
    return image;
}

static int has_field(VipsImage *image, const char *name) {
    return vips_image_get_typeof(image, name) != 0;
}

int endpoint_media_read_header(const void *buffer, size_t length, int format, endpoint_media_header *header) {
    if (endpoint_media_start() != 0) return -1;
    VipsImage *image = load(buffer, length, format, VIPS_ACCESS_SEQUENTIAL);
    if (image == NULL) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = vips_image_get_orientation(image);
    header->has_alpha = vips_image_hasalpha(image);
    header->has_metadata = has_field(image, VIPS_META_EXIF_NAME) || has_field(image, VIPS_META_XMP_NAME) ||
        has_field(image, VIPS_META_IPTC_NAME) || has_field(image, VIPS_META_ICC_NAME);
    g_object_unref(image);
    return 0;
}

int endpoint_media_check_decodes(const void *buffer, size_t length, int format) {
    if (endpoint_media_start() != 0) return -1;
    VipsImage *image = load(buffer, length, format, VIPS_ACCESS_SEQUENTIAL);
    if (image == NULL) return -1;
    double average;
    int failed = vips_avg(image, &average, NULL);
    g_object_unref(image);
    if (failed) vips_error_clear();
    return failed ? -1 : 0;
}

/// Whether the field `name` of an image is metadata a saver could write out: EXIF (the blob and the
/// tags libvips parsed from it, which the JPEG saver writes back), XMP, IPTC, an ICC profile, or a
/// format's own comments and chunks.
static int is_metadata(const char *name) {
    static const char *const prefixes[] = {"exif", "xmp", "iptc", "icc", "png-comment", "gif-comment", "heif", "webp"};
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
        if (g_str_has_prefix(name, prefixes[i])) return 1;
    }
    return 0;
}

/// Removes every metadata field from `image` (a copy of the caller's own). The savers' `strip` is not
/// enough: libvips 8.14's WebP saver writes the EXIF blob (a photo's GPS position, camera and serial)
/// even when asked to strip.
static void remove_metadata(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (int i = 0; fields[i] != NULL; i++) {
        if (is_metadata(fields[i])) vips_image_remove(image, fields[i]);
    }
    g_strfreev(fields);
}

static int save_as(VipsImage *image, int format, int quality, void **output, size_t *output_length) {
    switch (format) {
    case ENDPOINT_MEDIA_JPEG:
        return vips_jpegsave_buffer(image, output, output_length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    case ENDPOINT_MEDIA_PNG:
        return vips_pngsave_buffer(image, output, output_length, "strip", TRUE, "compression", 6, NULL);
    case ENDPOINT_MEDIA_WEBP:
        return vips_webpsave_buffer(image, output, output_length, "Q", quality, "strip", TRUE, NULL);
    default:
        return -1;
    }
}

static uint32_t read_le32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static void write_le32(unsigned char *bytes, uint32_t value) {
    for (int i = 0; i < 4; i++) bytes[i] = (unsigned char)(value >> (8 * i));
}

/// Takes the metadata chunks (`EXIF`, `XMP `, `ICCP`) out of a WebP file in place, clears their flags
/// in its `VP8X` header and fixes the RIFF size; returns the new length. libvips 8.14's WebP saver
/// writes an EXIF chunk whatever it is told: the image's own, or one it makes up when the image has
/// none. Anything that is not a well-formed RIFF WebP is left as it is.
static size_t without_webp_metadata(unsigned char *bytes, size_t length) {
    if (length < 12 || memcmp(bytes, "RIFF", 4) != 0 || memcmp(bytes + 8, "WEBP", 4) != 0) return length;
    size_t read = 12, written = 12;
    while (read + 8 <= length) {
        size_t size = read_le32(bytes + read + 4);
        size_t whole = 8 + size + (size & 1);
        if (whole > length - read) return length;
        int metadata = memcmp(bytes + read, "EXIF", 4) == 0 || memcmp(bytes + read, "XMP ", 4) == 0 || memcmp(bytes + read, "ICCP", 4) == 0;
        if (!metadata) {
            memmove(bytes + written, bytes + read, whole);
            // VP8X flags: ICC profile 0x20, EXIF 0x08, XMP 0x04.
            if (memcmp(bytes + written, "VP8X", 4) == 0 && size >= 1) bytes[written + 8] &= (unsigned char)~(0x20 | 0x08 | 0x04);
            written += whole;
        }
        read += whole;
    }
    if (read != length) return length;
    write_le32(bytes + 4, (uint32_t)(written - 8));
    return written;
}

/// Saves a copy of `image` without its metadata (``remove_metadata``, and for WebP
/// ``without_webp_metadata``) in `format`.
static int save(VipsImage *image, int format, int quality, void **output, size_t *output_length) {
    VipsImage *copy = NULL;
    if (vips_copy(image, &copy, NULL)) return -1;
    remove_metadata(copy);
    int failed = save_as(copy, format, quality, output, output_length);
    g_object_unref(copy);
    if (!failed && format == ENDPOINT_MEDIA_WEBP) *output_length = without_webp_metadata(*output, *output_length);
    return failed;
}

int endpoint_media_make(
    const void *buffer, size_t length, int width, int height, int crop, int output_format, int quality,
    void **output, size_t *output_length, int *made_width, int *made_height) {
    if (endpoint_media_start() != 0) return -1;
    VipsImage *made = NULL;
    // Shrink-on-load (JPEG, WebP) and auto-rotation by EXIF orientation are thumbnail's own.
    if (vips_thumbnail_buffer(
            (void *)buffer, length, &made, width, "height", height, "size", VIPS_SIZE_DOWN,
            "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL)) {
        vips_error_clear();
        return -1;
    }
    // JPEG has no alpha: flatten onto white rather than let the saver guess.
    if (output_format == ENDPOINT_MEDIA_JPEG && vips_image_hasalpha(made)) {
        VipsImage *flat = NULL;
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int failed = vips_flatten(made, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(made);
        if (failed) {
            vips_error_clear();
            return -1;
        }
        made = flat;
    }
    *made_width = vips_image_get_width(made);
    *made_height = vips_image_get_height(made);
    int failed = save(made, output_format, quality, output, output_length);
    g_object_unref(made);
    if (failed) vips_error_clear();
    return failed ? -1 : 0;
}

void endpoint_media_free(void *output) {
    g_free(output);
}

int endpoint_media_pixel(const void *buffer, size_t length, int x, int y, double *values, int capacity) {
    if (endpoint_media_start() != 0) return -1;
    VipsImage *image = vips_image_new_from_buffer((void *)buffer, length, "", NULL);
    if (image == NULL) {
        vips_error_clear();
        return -1;
    }
    double *vector = NULL;
    int count = 0;
    int failed = vips_getpoint(image, &vector, &count, x, y, NULL);
    g_object_unref(image);
    if (failed) {
        vips_error_clear();
        return -1;
    }
    int written = count < capacity ? count : capacity;
    for (int band = 0; band < written; band++) values[band] = vector[band];
    g_free(vector);
    return written;
}
