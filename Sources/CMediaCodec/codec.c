// The server's only contact with image bytes: libvips calls with the options the server relies on.
// libvips' API is variadic (option lists ended by NULL), which Swift cannot call, hence this file.
#include "CMediaCodec.h"

#include <pthread.h>
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

static void start_once(void) {
    if (VIPS_INIT("endpoint") != 0) return;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG, ignore_log, NULL);
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    vips_block_untrusted_set(TRUE);
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

static int save(VipsImage *image, int format, int quality, void **output, size_t *output_length) {
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
