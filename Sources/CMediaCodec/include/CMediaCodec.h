#ifndef ENDPOINT_MEDIA_CODEC_H
#define ENDPOINT_MEDIA_CODEC_H

#include <stddef.h>

/// The encoded formats the server reads and writes (the caller tells which one a buffer holds, from
/// its magic bytes, so only these four libvips loaders are ever run on outside bytes).
enum endpoint_media_format {
    ENDPOINT_MEDIA_JPEG = 1,
    ENDPOINT_MEDIA_PNG = 2,
    ENDPOINT_MEDIA_WEBP = 3,
    ENDPOINT_MEDIA_GIF = 4,
};

/// What an image's header says, read without decoding its pixels.
typedef struct {
    int width;
    int height;
    /// EXIF orientation, 1 (upright) to 8.
    int orientation;
    int has_alpha;
    /// Whether EXIF, XMP, IPTC or an ICC profile is attached.
    int has_metadata;
} endpoint_media_header;

/// Starts libvips once per process, with the settings the server relies on: no operation cache, one
/// worker thread per operation (the server's own pool bounds the parallelism), untrusted loaders
/// blocked. Returns 0 when libvips is usable.
int endpoint_media_start(void);

/// Reads the header of `buffer` as `format`. Returns 0, or -1 when it is not a readable header.
int endpoint_media_read_header(const void *buffer, size_t length, int format, endpoint_media_header *header);

/// Decodes every pixel of `buffer` (the first frame of a GIF), streaming, and fails on a truncated or
/// corrupt image. Returns 0 when the whole image decodes.
int endpoint_media_check_decodes(const void *buffer, size_t length, int format);

/// A new encoding of `buffer` fitted within `width` × `height` (never enlarged), turned upright by its
/// EXIF orientation, centre-cropped to exactly that box when `crop` is set, without any metadata, in
/// `output_format` at `quality` (JPEG and WebP). On success returns 0 and sets `*output` (free it with
/// `endpoint_media_free`), `*output_length` and the size made.
int endpoint_media_make(
    const void *buffer, size_t length, int width, int height, int crop, int output_format, int quality,
    void **output, size_t *output_length, int *made_width, int *made_height);

/// Frees what `endpoint_media_make` returned.
void endpoint_media_free(void *output);

/// The band values of the pixel at (`x`, `y`) of an encoded image (for checking what was made).
/// Returns the number of bands written (at most `capacity`), or -1.
int endpoint_media_pixel(const void *buffer, size_t length, int x, int y, double *values, int capacity);

#endif
