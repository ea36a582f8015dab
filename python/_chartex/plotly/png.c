/*
 * png.c - a PNG image given as a data URI ("data:image/png;base64,...",
 * what px.imshow puts in an image trace's source) decoded into its pixels:
 * the base64 and the zlib stream through Python's own binascii and zlib
 * (one call each), the chunks, the scanlines' filters and the samples here,
 * in C.  Grey, grey with alpha, RGB, RGBA and palette images of 1 to 16
 * bits, not interlaced (Adam7 is left out: px.imshow never writes it).
 * Every byte of the file is untrusted: lengths are checked before use and
 * an image past PX_PNG_MAX_BYTES of samples is not decoded.
 */
#include "plotly.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PX_PNG_MAX_BYTES ((size_t)1 << 26)

static const unsigned char SIGNATURE[8] = {137, 80, 78, 71, 13, 10, 26, 10};

/* What the header and the chunks before the pixels say. */
typedef struct png_info {
    uint32_t width, height;
    int depth, color;           /* bit depth; 0 grey, 2 RGB, 3 palette, 4 grey A, 6 RGBA */
    const unsigned char *plte, *trns;
    size_t n_plte, n_trns;
} png_info;

static uint32_t
be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* Samples per pixel of a colour type (0 when unknown). */
static int
samples_of(int color)
{
    return color == 0 ? 1 : color == 2 ? 3 : color == 3 ? 1 : color == 4 ? 2 : color == 6 ? 4 : 0;
}

/* The bytes of a base64 data URI of a PNG (a new bytes object), or NULL
 * without an exception when uri is none. */
static PyObject *
uri_bytes(PyObject *uri)
{
    static const char prefix[] = "data:image/png;base64,";
    const char *s = PyUnicode_Check(uri) ? PyUnicode_AsUTF8(uri) : NULL;
    PyObject *mod, *out;

    if (s == NULL || strncmp(s, prefix, sizeof prefix - 1) != 0) {
        PyErr_Clear();
        return NULL;
    }
    mod = PyImport_ImportModule("binascii");
    if (mod == NULL)
        return NULL;
    out = PyObject_CallMethod(mod, "a2b_base64", "s", s + sizeof prefix - 1);
    Py_DECREF(mod);
    if (out == NULL && chx_clear_recoverable() == 0)
        return NULL;
    return out;
}

/* Walks the chunks of file f (len bytes): the header and palette into
 * info, the image data appended to idat (a bytearray).  0 when it is no
 * PNG this reads, 1 when read, -1 on error. */
static int
chunks(const unsigned char *f, size_t len, png_info *info, PyObject *idat)
{
    size_t at = 8;
    int header = 0;

    if (len < 8 || memcmp(f, SIGNATURE, 8) != 0)
        return 0;
    while (at + 12 <= len) {
        uint32_t n = be32(f + at);
        const unsigned char *type = f + at + 4, *data = f + at + 8;

        if (n > len - at - 12)
            return 0;
        if (memcmp(type, "IHDR", 4) == 0 && n >= 13) {
            info->width = be32(data);
            info->height = be32(data + 4);
            info->depth = data[8];
            info->color = data[9];
            if (data[10] != 0 || data[11] != 0 || data[12] != 0)
                return 0;   /* another compression, filter or interlace */
            header = 1;
        }
        else if (memcmp(type, "PLTE", 4) == 0) {
            info->plte = data;
            info->n_plte = n / 3;
        }
        else if (memcmp(type, "tRNS", 4) == 0) {
            info->trns = data;
            info->n_trns = n;
        }
        else if (memcmp(type, "IDAT", 4) == 0) {
            PyObject *piece = PyBytes_FromStringAndSize((const char *)data, n);
            PyObject *r = piece != NULL ? PyNumber_InPlaceAdd(idat, piece) : NULL;

            Py_XDECREF(piece);
            if (r == NULL)
                return -1;
            Py_DECREF(r);
        }
        else if (memcmp(type, "IEND", 4) == 0)
            break;
        at += 12 + (size_t)n;
    }
    return header ? 1 : 0;
}

/* Paeth's predictor. */
static int
paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Undoes the filters of h scanlines of stride bytes (each after its
 * filter byte) in raw, in place; bpp: bytes per pixel (at least 1).  0
 * when a filter is unknown. */
static int
unfilter(unsigned char *raw, size_t h, size_t stride, size_t bpp)
{
    size_t y, x;

    for (y = 0; y < h; y++) {
        unsigned char *row = raw + y * (stride + 1) + 1, *up = y ? row - stride - 1 : NULL;
        int f = row[-1];

        for (x = 0; x < stride; x++) {
            int a = x >= bpp ? row[x - bpp] : 0, b = up ? up[x] : 0;
            int c = up && x >= bpp ? up[x - bpp] : 0;

            switch (f) {
            case 0: break;
            case 1: row[x] = (unsigned char)(row[x] + a); break;
            case 2: row[x] = (unsigned char)(row[x] + b); break;
            case 3: row[x] = (unsigned char)(row[x] + (a + b) / 2); break;
            case 4: row[x] = (unsigned char)(row[x] + paeth(a, b, c)); break;
            default: return 0;
            }
        }
    }
    return 1;
}

/* Sample s of pixel x of a scanline (depth bits each), 0..255 (16 bits:
 * scaled to 0..255; below 8: the raw index or level, see pixel_value). */
static unsigned
sample(const unsigned char *row, size_t x, int spp, int s, int depth)
{
    size_t i = x * (size_t)spp + (size_t)s;

    if (depth == 8)
        return row[i];
    if (depth == 16)
        return ((unsigned)row[2 * i] << 8 | row[2 * i + 1]);
    return (row[i * (size_t)depth / 8] >> (8 - depth - (int)(i * (size_t)depth % 8)))
           & ((1u << depth) - 1);
}

/* The channels of pixel x of a scanline into out (*channels of them). */
static void
pixel_value(const png_info *info, const unsigned char *row, size_t x, int channels, double *out)
{
    int spp = samples_of(info->color), k;
    double scale = info->depth == 16 ? 257.0 : 255.0 / ((1u << info->depth) - 1);

    if (info->color == 3) {
        unsigned idx = sample(row, x, 1, 0, info->depth);

        for (k = 0; k < 3; k++)
            out[k] = idx < info->n_plte ? info->plte[3 * idx + (unsigned)k] : 0;
        if (channels == 4)
            out[3] = idx < info->n_trns ? info->trns[idx] : 255;
        return;
    }
    for (k = 0; k < channels; k++) {
        /* grey: its level in each of R, G, B; then its alpha */
        int s = spp >= 3 ? k : (k < 3 ? 0 : 1);
        double v = sample(row, x, spp, s, info->depth);

        out[k] = info->depth == 16 ? v / scale : v * scale;
    }
}

/* The pixels of raw (the inflated scanlines) as rows x cols x channels
 * doubles. */
static double *
pixels_of(const png_info *info, unsigned char *raw, size_t n_raw, size_t *channels)
{
    size_t w = info->width, h = info->height, spp = (size_t)samples_of(info->color);
    size_t stride = (w * spp * (size_t)info->depth + 7) / 8, y, x;
    size_t bpp = spp * (size_t)info->depth / 8 ? spp * (size_t)info->depth / 8 : 1;
    double *out;

    *channels = info->color == 4 || info->color == 6 || (info->color == 3 && info->n_trns > 0)
                    ? 4 : 3;
    if (n_raw < h * (stride + 1) || !unfilter(raw, h, stride, bpp))
        return NULL;
    out = px_calc_alloc(w * h, *channels * sizeof *out);
    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            pixel_value(info, raw + y * (stride + 1) + 1, x, (int)*channels,
                        out + (y * w + x) * *channels);
    return out;
}

/* The inflated image data of idat, at most limit bytes (a stream that
 * would inflate to more is cut there, and found too short to be read), or
 * NULL (exception set when an error, not for a stream zlib refuses). */
static PyObject *
inflate(PyObject *idat, size_t limit)
{
    PyObject *zlib = PyImport_ImportModule("zlib"), *d, *raw = NULL;

    if (zlib == NULL)
        return NULL;
    d = PyObject_CallMethod(zlib, "decompressobj", NULL);
    Py_DECREF(zlib);
    if (d != NULL)
        raw = PyObject_CallMethod(d, "decompress", "On", idat, (Py_ssize_t)limit);
    Py_XDECREF(d);
    if (raw == NULL)
        chx_clear_recoverable();
    return raw;
}

int
px_png_decode(PyObject *uri, double **out, size_t *rows, size_t *cols, size_t *channels)
{
    PyObject *file = uri_bytes(uri), *idat = NULL, *raw = NULL;
    png_info info;
    int got, spp, rc = -1;

    *out = NULL;
    memset(&info, 0, sizeof info);
    if (file == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    idat = PyByteArray_FromStringAndSize(NULL, 0);
    if (idat == NULL)
        goto done;
    got = chunks((const unsigned char *)PyBytes_AS_STRING(file), (size_t)PyBytes_GET_SIZE(file),
                 &info, idat);
    spp = samples_of(info.color);
    if (got <= 0 || spp == 0 || info.width == 0 || info.height == 0
        || !(info.depth == 1 || info.depth == 2 || info.depth == 4 || info.depth == 8
             || info.depth == 16)
        || (info.color != 0 && info.color != 3 && info.depth < 8)
        || (double)info.width * info.height * spp * info.depth / 8 > (double)PX_PNG_MAX_BYTES) {
        rc = got < 0 ? -1 : 0;
        goto done;
    }
    raw = inflate(idat, (size_t)info.height
                            * ((info.width * (size_t)spp * (size_t)info.depth + 7) / 8 + 1));
    if (raw == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    *out = pixels_of(&info, (unsigned char *)PyBytes_AS_STRING(raw), (size_t)PyBytes_GET_SIZE(raw),
                     channels);
    *rows = info.height;
    *cols = info.width;
    rc = *out != NULL ? 1 : PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(file);
    Py_XDECREF(idat);
    Py_XDECREF(raw);
    return rc;
}
