/*
 * module.c - the extension module chartex._chartex: its definition and the
 * functions of its Python API.
 *
 * Multi-phase initialisation (PEP 489): PyInit__chartex only returns the
 * module definition; chx_exec fills a fresh module state (state.c: interned
 * names, the ChartexError type) for every module object.  Nothing heavy
 * happens at import: what reading a figure needs is imported on the first
 * call that reads one (chx_ready, state.c).
 */
#include "state.h"
#include "args.h"
#include "pysink.h"
#include "readers.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static chx_state *
get_state(PyObject *module)
{
    return (chx_state *)PyModule_GetState(module);
}

/* PyModule_AddObjectRef appeared in 3.10. */
static int
add_object_ref(PyObject *module, const char *name, PyObject *value)
{
#if PY_VERSION_HEX >= 0x030A0000
    return PyModule_AddObjectRef(module, name, value);
#else
    Py_XINCREF(value);
    if (PyModule_AddObject(module, name, value) < 0) {
        Py_XDECREF(value);
        return -1;
    }
    return 0;
#endif
}

/* The figure argument, read into a new scene: a matplotlib Figure or
 * SubFigure (the walker), or a Plotly figure or its JSON form (the Plotly
 * reader).  The scene may borrow the buffers of the arrays the reader
 * appends to keep: release keep only after the scene is freed. */
static chartex_scene *
scene_of(chx_state *st, PyObject *fig, const char *fname, PyObject *keep)
{
    chartex_scene *scene = NULL;
    int ok = chx_is_figure(st, fig);

    if (ok < 0)
        return NULL;
    if (ok)
        scene = mpl_read_figure(st, fig, keep);
    else if ((ok = px_is_figure(st, fig)) < 0)
        return NULL;
    else if (ok)
        scene = px_read_figure(st, fig, keep);
    if (ok) {
        /* An exception a reader kept for its caller (a ^C met where a
         * value was being read as missing) ends the call, scene or not. */
        if (scene != NULL && PyErr_Occurred()) {
            chartex_scene_free(scene);
            scene = NULL;
        }
        return scene;
    }
    PyErr_Format(PyExc_TypeError,
                 "%s() argument must be a matplotlib Figure or SubFigure or a Plotly "
                 "figure, not '%.100s'", fname, Py_TYPE(fig)->tp_name);
    return NULL;
}

/* Scene JSON text from str (UTF-8) or a bytes-like object.  On success the
 * caller releases view when view->obj != NULL. */
static int
text_arg(PyObject *obj, const char **s, Py_ssize_t *len, Py_buffer *view)
{
    view->obj = NULL;
    if (PyUnicode_Check(obj)) {
        *s = PyUnicode_AsUTF8AndSize(obj, len);
        return *s == NULL ? -1 : 0;
    }
    if (PyObject_CheckBuffer(obj)) {
        if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0)
            return -1;
        *s = view->buf;
        *len = view->len;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "scene JSON must be str or bytes, not '%.100s'",
                 Py_TYPE(obj)->tp_name);
    return -1;
}

/* A scene parsed from the text argument, or NULL with an exception. */
static chartex_scene *
scene_of_text(chx_state *st, PyObject *obj)
{
    chartex_scene *scene = NULL;
    chartex_error err = {0};
    Py_buffer view;
    const char *s;
    Py_ssize_t len;

    if (text_arg(obj, &s, &len, &view) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    scene = chartex_scene_from_json(s, (size_t)len, &err);
    Py_END_ALLOW_THREADS
    if (view.obj != NULL)
        PyBuffer_Release(&view);
    if (scene == NULL)
        chx_raise_core_error(st, &err);
    return scene;
}

/* -------------------------------------------------------------- outputs */

static PyObject *
chart_dict(chx_state *st, const chartex_scene *scene, const chartex_options *opts)
{
    chartex_chart *chart = NULL;
    chartex_error err = {0};
    PyObject *result = NULL;

    Py_BEGIN_ALLOW_THREADS
    chart = chartex_chart_from_scene_opts(scene, opts, &err);
    Py_END_ALLOW_THREADS
    if (chart == NULL) {
        chx_raise_core_error(st, &err);
        goto done;
    }
    {
        /* A chart of n points makes n + 1 lists, all fresh and holding only
         * floats and strings, so they cannot form cycles; letting the cyclic
         * collector run over them as they are made tripled the cost of a
         * 200k-point chart.  It is paused for the build and restored. */
#if PY_VERSION_HEX >= 0x030A0000
        int gc_was_enabled = PyGC_Disable();
#endif
        result = chx_chart_to_python(st, chart);
#if PY_VERSION_HEX >= 0x030A0000
        if (gc_was_enabled)
            PyGC_Enable();
#endif
    }
done:
    chartex_chart_free(chart);
    return result;
}

/* Text this long or longer is decoded in pieces by json_str. */
#define JSON_PIECE (1 << 20)

/* JSON text the core streamed (chartex_chart_dump, chartex_scene_dump),
 * gathered in memory of this module's own (malloc): the core's memory is
 * never touched here.  Written with the GIL released: no Python inside. */
typedef struct chx_text {
    char *data;
    size_t len, cap;
    int nomem;
} chx_text;

static int
text_write(const char *buf, size_t len, void *ctx)
{
    chx_text *t = ctx;

    if (len > t->cap - t->len) {
        size_t cap = t->cap ? t->cap : 1 << 16;
        char *data;

        while (cap - t->len < len) {
            if (cap > SIZE_MAX / 2) {
                t->nomem = 1;
                return -1;
            }
            cap *= 2;
        }
        data = realloc(t->data, cap);
        if (data == NULL) {
            t->nomem = 1;
            return -1;
        }
        t->data = data;
        t->cap = cap;
    }
    memcpy(t->data + t->len, buf, len);
    t->len += len;
    return 0;
}

/* After a dump: the text, or NULL with an exception set (MemoryError when
 * the text did not fit, else the core's error). */
static char *
text_take(chx_state *st, chx_text *t, int rc, const chartex_error *err, size_t *len)
{
    char *text = t->data;

    t->data = NULL;
    if (rc == 0 && text == NULL)
        text = malloc(1);  /* the dump wrote nothing: "" */
    if (rc < 0) {
        free(text);
        if (t->nomem)
            PyErr_NoMemory();
        else
            chx_raise_core_error(st, err);
        return NULL;
    }
    if (text == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    *len = t->len;
    return text;
}

/* Hands JSON text (malloc'd, see chx_text) to Python as str and frees it.
 *
 * PyUnicode_DecodeUTF8 first fills an ASCII str as long as the text and,
 * at the first other character (a U+2212 minus in a tick label comes after
 * all the points), copies it into a wider one: for a large chart the text,
 * that str and the wider one were alive at once, over five times the
 * text's size.  Here one pass finds the str's length and width and the str
 * is made once, untouched: its pages cost nothing until written.  The text
 * is then decoded into it a piece at a time from the end, and after each
 * piece the text is cut short (realloc returns its tail pages), so that
 * what the str gains the text loses: the peak is about the str alone,
 * not the text plus the str. */
static PyObject *
json_str(char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    PyObject *result = NULL, *piece = NULL;
    Py_UCS4 maxchar;
    size_t i, start, end, nchars = 0;
    Py_ssize_t at;
    unsigned char top = 0;
    char *shorter;

    if (len > PY_SSIZE_T_MAX) {
        PyErr_NoMemory();
        goto done;
    }
    if (len < JSON_PIECE) {
        /* The core writes valid UTF-8; "replace" only keeps a core bug
         * from becoming a decoding error here. */
        result = PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "replace");
        goto done;
    }
    /* Characters are the bytes that are not continuation bytes; the
     * largest byte gives the width: 0xc4 and up start a code point from
     * U+0100, 0xf0 and up one above U+FFFF. */
    for (i = 0; i < len; i++) {
        /* Eight ASCII bytes at a time: the text is almost all numbers. */
        while (i + 8 <= len) {
            uint64_t word;

            memcpy(&word, s + i, 8);
            if (word & UINT64_C(0x8080808080808080))
                break;
            nchars += 8;
            i += 8;
        }
        if (i == len)
            break;
        nchars += (s[i] & 0xc0) != 0x80;
        top = s[i] > top ? s[i] : top;
    }
    maxchar = top >= 0xf0 ? 0x10ffff : top >= 0xc4 ? 0xffff : top >= 0x80 ? 0xff : 0x7f;
    result = PyUnicode_New((Py_ssize_t)nchars, maxchar);
    if (result == NULL)
        goto done;
    at = (Py_ssize_t)nchars;    /* where the decoded text ends in result */
    for (end = len; end > 0; end = start) {
        start = end > JSON_PIECE ? end - JSON_PIECE : 0;
        while (start > 0 && (s[start] & 0xc0) == 0x80)
            start--;    /* never cut a character */
        piece = PyUnicode_DecodeUTF8(text + start, (Py_ssize_t)(end - start), "replace");
        if (piece == NULL)
            goto fail;
        /* Invalid UTF-8 (a core bug) would change the count or the width:
         * reported below, since the decoded part of the text is gone. */
        if (PyUnicode_GET_LENGTH(piece) > at || PyUnicode_MAX_CHAR_VALUE(piece) > maxchar)
            goto fallback;
        at -= PyUnicode_GET_LENGTH(piece);
        if (PyUnicode_CopyCharacters(result, at, piece, 0, PyUnicode_GET_LENGTH(piece)) < 0)
            goto fail;
        Py_CLEAR(piece);
        if (start > 0) {
            /* Should shrinking fail, the text stays as it is, which only
             * raises the peak. */
            shorter = realloc(text, start);
            if (shorter != NULL) {
                text = shorter;
                s = (const unsigned char *)text;
            }
        }
    }
    if (at == 0)
        goto done;
fallback:
    /* Only a core bug (invalid UTF-8) gets here, with the text cut to
     * [0, end): the whole text is gone, so the error is reported. */
    Py_CLEAR(piece);
    Py_CLEAR(result);
    PyErr_SetString(PyExc_RuntimeError, "chartex: the core wrote invalid UTF-8");
    goto done;
fail:
    Py_CLEAR(piece);
    Py_CLEAR(result);
done:
    free(text);
    return result;
}

/* The chart of scene as JSON text, in memory of this module's (chx_text);
 * the caller turns it into a str with json_str. */
static char *
chart_json_text(chx_state *st, const chartex_scene *scene, const chartex_options *opts,
                int indent, size_t *len)
{
    chartex_chart *chart = NULL;
    chartex_error err = {0};
    chx_text text = {0};
    int rc = -1;

    Py_BEGIN_ALLOW_THREADS
    chart = chartex_chart_from_scene_opts(scene, opts, &err);
    if (chart != NULL)
        rc = chartex_chart_dump(chart, indent, text_write, &text, &err);
    chartex_chart_free(chart);
    Py_END_ALLOW_THREADS
    return text_take(st, &text, rc, &err, len);
}

/* The scene as scene JSON text, in memory of this module's (chx_text);
 * the caller turns it into a str with json_str. */
static char *
scene_json_text(chx_state *st, const chartex_scene *scene, int indent, size_t *len)
{
    chartex_error err = {0};
    chx_text text = {0};
    int rc;

    Py_BEGIN_ALLOW_THREADS
    rc = chartex_scene_dump(scene, indent, text_write, &text, &err);
    Py_END_ALLOW_THREADS
    return text_take(st, &text, rc, &err, len);
}

/* ----------------------------------------------------------- conversion */

/* What a function of the module reads, and what it returns. */
typedef enum source {
    FROM_FIGURE,        /* a Figure or SubFigure, read by the walker */
    FROM_SCENE_JSON     /* scene JSON text, read by the core */
} source;

typedef enum output {
    TO_DICT,            /* the chart as a dict: max_points */
    TO_CHART_JSON,      /* the chart as JSON text: indent, max_points */
    TO_SCENE_JSON       /* the scene as JSON text: indent */
} output;

/* The one conversion behind every function of the module.  Parses the
 * arguments with format (its name after ':' names the function in error
 * messages): the source, then the keyword-only arguments of the output,
 * which are checked before the source is read.  Then reads the source
 * into a scene and returns the output. */
static PyObject *
convert(PyObject *module, PyObject *args, PyObject *kwargs, const char *format,
        source from, output to)
{
    static char *dict_kwlist[] = {"", "max_points", "points_per_pixel",
                                  "max_total_points", "max_string", NULL};
    static char *chart_json_kwlist[] = {"", "indent", "max_points", "points_per_pixel",
                                        "max_total_points", "max_string", NULL};
    static char *scene_json_kwlist[] = {"", "indent", NULL};
    chx_state *st = get_state(module);
    chartex_scene *scene = NULL;
    chartex_options opts = {0};
    PyObject *src, *indent_obj = Py_None, *max_obj = Py_None, *result = NULL, *keep = NULL;
    PyObject *ppp_obj = Py_None, *total_obj = Py_None, *string_obj = Py_None;
    char *text = NULL;
    size_t len = 0, max_string = 0;
    int indent = 0, parsed, has_string = 0;

    if (to == TO_DICT)
        parsed = PyArg_ParseTupleAndKeywords(args, kwargs, format, dict_kwlist,
                                             &src, &max_obj, &ppp_obj, &total_obj,
                                             &string_obj);
    else if (to == TO_CHART_JSON)
        parsed = PyArg_ParseTupleAndKeywords(args, kwargs, format, chart_json_kwlist,
                                             &src, &indent_obj, &max_obj, &ppp_obj,
                                             &total_obj, &string_obj);
    else
        parsed = PyArg_ParseTupleAndKeywords(args, kwargs, format, scene_json_kwlist,
                                             &src, &indent_obj);
    if (!parsed)
        goto done;
    if ((to != TO_DICT && chx_parse_indent(indent_obj, &indent) < 0)
        || (to != TO_SCENE_JSON && chx_parse_options(max_obj, ppp_obj, total_obj, &opts) < 0)
        || (to != TO_SCENE_JSON
            && chx_parse_count(string_obj, "max_string", 1, &max_string, &has_string) < 0))
        goto done;
    opts.max_string = has_string ? max_string : 0;
    /* The arrays whose buffers the scene borrows, alive until it is
     * freed (below, before keep). */
    keep = PyList_New(0);
    if (keep == NULL)
        goto done;
    scene = from == FROM_FIGURE ? scene_of(st, src, strchr(format, ':') + 1, keep)
                                : scene_of_text(st, src);
    if (scene == NULL)
        goto done;
    if (to == TO_DICT) {
        result = chart_dict(st, scene, &opts);
        goto done;
    }
    text = to == TO_CHART_JSON ? chart_json_text(st, scene, &opts, indent, &len)
                               : scene_json_text(st, scene, indent, &len);
    /* The scene holds a copy of most points: free it before the text is
     * copied into a str, so that the peak holds one of the three, not all. */
    chartex_scene_free(scene);
    scene = NULL;
    Py_CLEAR(keep);
    if (text != NULL)
        result = json_str(text, len);
done:
    chartex_scene_free(scene);
    Py_XDECREF(keep);
    return result;
}

/* --------------------------------------------------------------- tables */

/* The JSON text of table, in memory of this module's (chx_text). */
static char *
table_json_text(chx_state *st, const chartex_table *table, int indent, size_t *len)
{
    chartex_error err = {0};
    chx_text text = {0};
    int rc;

    Py_BEGIN_ALLOW_THREADS
    rc = chartex_table_dump(table, indent, text_write, &text, &err);
    Py_END_ALLOW_THREADS
    return text_take(st, &text, rc, &err, len);
}

/* The one conversion behind frame_to_dict and frame_to_json: parses the
 * arguments (format as for convert), reads the frame into a table (the
 * table reader, table/), bounds it when asked and returns the output. */
static PyObject *
convert_frame(PyObject *module, PyObject *args, PyObject *kwargs, const char *format,
              output to)
{
    static char *dict_kwlist[] = {"", "max_rows", "max_bytes", "max_string", "max_columns",
                                  NULL};
    static char *json_kwlist[] = {"", "indent", "max_rows", "max_bytes", "max_string",
                                  "max_columns", NULL};
    chx_state *st = get_state(module);
    chartex_table *table = NULL;
    chartex_error err = {0};
    PyObject *src, *indent_obj = Py_None, *rows_obj = Py_None, *bytes_obj = Py_None;
    PyObject *string_obj = Py_None, *columns_obj = Py_None, *result = NULL;
    size_t max_rows, max_bytes, max_string, max_columns, total = 0, total_columns = 0, len = 0;
    int indent = 0, parsed, has_rows, has_bytes, has_string, has_columns, ok;
    char *text;

    if (to == TO_DICT)
        parsed = PyArg_ParseTupleAndKeywords(args, kwargs, format, dict_kwlist, &src,
                                             &rows_obj, &bytes_obj, &string_obj,
                                             &columns_obj);
    else
        parsed = PyArg_ParseTupleAndKeywords(args, kwargs, format, json_kwlist, &src,
                                             &indent_obj, &rows_obj, &bytes_obj,
                                             &string_obj, &columns_obj);
    if (!parsed)
        goto done;
    if ((to != TO_DICT && chx_parse_indent(indent_obj, &indent) < 0)
        || chx_parse_count(rows_obj, "max_rows", 0, &max_rows, &has_rows) < 0
        || chx_parse_count(bytes_obj, "max_bytes", 1, &max_bytes, &has_bytes) < 0
        || chx_parse_count(string_obj, "max_string", 1, &max_string, &has_string) < 0
        || chx_parse_count(columns_obj, "max_columns", 0, &max_columns, &has_columns) < 0)
        goto done;
    ok = tbl_is_frame(st, src);
    if (ok < 0)
        goto done;
    if (!ok) {
        PyErr_Format(PyExc_TypeError,
                     "%s() argument must be a pandas DataFrame or Series or a polars "
                     "DataFrame or Series, not '%.100s'", strchr(format, ':') + 1,
                     Py_TYPE(src)->tp_name);
        goto done;
    }
    if (has_rows && max_rows > (size_t)PY_SSIZE_T_MAX)
        has_rows = 0;
    if (has_columns && max_columns > (size_t)PY_SSIZE_T_MAX)
        has_columns = 0;
    table = tbl_read_frame(st, src, has_rows ? (Py_ssize_t)max_rows : -1,
                           has_columns ? (Py_ssize_t)max_columns : -1, &total, &total_columns);
    if (table == NULL)
        goto done;
    if ((has_bytes || has_string)
        && chartex_table_limit(table, max_bytes, max_string, &err) < 0) {
        chx_raise_core_error(st, &err);
        goto done;
    }
    if (to == TO_DICT) {
        /* As for a chart: the lists hold atoms only (pysink.c). */
#if PY_VERSION_HEX >= 0x030A0000
        int gc_was_enabled = PyGC_Disable();
#endif
        result = chx_table_to_python(st, table);
#if PY_VERSION_HEX >= 0x030A0000
        if (gc_was_enabled)
            PyGC_Enable();
#endif
        goto done;
    }
    text = table_json_text(st, table, indent, &len);
    chartex_table_free(table);
    table = NULL;
    if (text != NULL)
        result = json_str(text, len);
done:
    chartex_table_free(table);
    return result;
}

/* ------------------------------------------------------------ functions */

PyDoc_STRVAR(figure_to_dict_doc,
"figure_to_dict($module, fig, /, *, max_points=None, points_per_pixel=None,\n"
"               max_total_points=None, max_string=None)\n--\n\n"
"Return the chart of a matplotlib Figure (or SubFigure) as a dict in E2B's\n"
"chart schema; {} when the figure shows no data.  Every point is kept\n"
"unless a bound is given (doc/schema.md, \"Point limits\"):\n\n"
"max_points=N (at least 6) keeps at most N points per line or scatter\n"
"series, keeping its shape; points_per_pixel=P (above 0) at most\n"
"ceil(P * width) + 2, width being the series' Axes' width in pixels as\n"
"rendered, and at most one value per pixel of an image (block means);\n"
"max_total_points=B (at least 6) bounds the points, image cells and\n"
"elements of every kind of the whole chart (doc/schema.md, \"Bounds\");\n"
"max_string=N cuts longer texts to N code points and U+2026.  A reduced\n"
"element says so in its \"downsampled\" key, a chart the budget bounded\n"
"in its \"budget\" key and what it left out in \"left_out\".  Raises\n"
"TypeError when\n"
"fig is not a Figure or SubFigure and ChartexError when the figure cannot\n"
"be read.");

static PyObject *
figure_to_dict(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert(module, args, kwargs, "O|$OOOO:figure_to_dict", FROM_FIGURE, TO_DICT);
}

PyDoc_STRVAR(figure_to_json_doc,
"figure_to_json($module, fig, /, *, indent=None, max_points=None,\n"
"               points_per_pixel=None, max_total_points=None,\n"
"               max_string=None)\n--\n\n"
"Return the chart of a matplotlib Figure (or SubFigure) as JSON text:\n"
"compact like json.dumps(d, separators=(',', ':'), ensure_ascii=False), or\n"
"like json.dumps(d, indent=indent, ensure_ascii=False) for an indent from\n"
"1 to 100.  json.loads(figure_to_json(fig)) == figure_to_dict(fig);\n"
"max_points, points_per_pixel and max_total_points as for figure_to_dict.");

static PyObject *
figure_to_json(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert(module, args, kwargs, "O|$OOOOO:figure_to_json", FROM_FIGURE,
                   TO_CHART_JSON);
}

PyDoc_STRVAR(figure_to_scene_json_doc,
"figure_to_scene_json($module, fig, /, *, indent=None)\n--\n\n"
"Return the scene the walker read from a matplotlib Figure (or SubFigure)\n"
"as scene JSON (see doc/scene.md): what to attach to a bug report.\n"
"scene_json_to_dict() runs the core on it.");

static PyObject *
figure_to_scene_json(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert(module, args, kwargs, "O|$O:figure_to_scene_json", FROM_FIGURE,
                   TO_SCENE_JSON);
}

PyDoc_STRVAR(scene_json_to_dict_doc,
"scene_json_to_dict($module, text, /, *, max_points=None,\n"
"                   points_per_pixel=None, max_total_points=None,\n"
"                   max_string=None)\n--\n\n"
"Run the core on a scene JSON text (str or bytes) and return the chart as\n"
"a dict (the bounds as for figure_to_dict).  Raises ChartexError when the\n"
"text is not a valid scene.");

static PyObject *
scene_json_to_dict(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert(module, args, kwargs, "O|$OOOO:scene_json_to_dict", FROM_SCENE_JSON,
                   TO_DICT);
}

PyDoc_STRVAR(scene_json_to_json_doc,
"scene_json_to_json($module, text, /, *, indent=None, max_points=None,\n"
"                   points_per_pixel=None, max_total_points=None,\n"
"                   max_string=None)\n--\n\n"
"Run the core on a scene JSON text (str or bytes) and return the chart as\n"
"JSON text (indent and the bounds as for figure_to_json).");

static PyObject *
scene_json_to_json(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert(module, args, kwargs, "O|$OOOOO:scene_json_to_json", FROM_SCENE_JSON,
                   TO_CHART_JSON);
}

PyDoc_STRVAR(frame_to_dict_doc,
"frame_to_dict($module, obj, /, *, max_rows=None, max_bytes=None,\n"
"              max_string=None, max_columns=None)\n--\n\n"
"Return a pandas DataFrame or Series, or a polars DataFrame or Series, as\n"
"E2B's column dict {column name: [values...]} (the MIME type e2b/data):\n"
"the index first, as the columns reset_index() would make (but for a\n"
"default RangeIndex); every name a str (MultiIndex levels joined with\n"
"'_', a duplicate as NAME.1); every value strict JSON (doc/schema.md,\n"
"\"Tables\", has each dtype's form).  Every row unless bounded:\n\n"
"max_rows=N keeps the first ceil(N/2) and the last floor(N/2) rows;\n"
"max_columns=N the first ceil(N/2) and the last floor(N/2) of the frame's\n"
"own columns (the index columns are always kept);\n"
"max_string=N cuts longer strings to N code points and U+2026;\n"
"max_bytes=N keeps the most rows, from both ends, whose compact JSON\n"
"fits in N bytes (ChartexError when the names alone do not).  Raises\n"
"TypeError for anything else.");

static PyObject *
frame_to_dict(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert_frame(module, args, kwargs, "O|$OOOO:frame_to_dict", TO_DICT);
}

PyDoc_STRVAR(frame_to_json_doc,
"frame_to_json($module, obj, /, *, indent=None, max_rows=None,\n"
"              max_bytes=None, max_string=None, max_columns=None)\n--\n\n"
"Return frame_to_dict(obj) as JSON text (indent as for figure_to_json):\n"
"json.loads(frame_to_json(obj)) == frame_to_dict(obj).");

static PyObject *
frame_to_json(PyObject *module, PyObject *args, PyObject *kwargs)
{
    return convert_frame(module, args, kwargs, "O|$OOOOO:frame_to_json", TO_CHART_JSON);
}

static PyMethodDef module_methods[] = {
    {"figure_to_dict", (PyCFunction)(void (*)(void))figure_to_dict,
     METH_VARARGS | METH_KEYWORDS, figure_to_dict_doc},
    {"figure_to_json", (PyCFunction)(void (*)(void))figure_to_json,
     METH_VARARGS | METH_KEYWORDS, figure_to_json_doc},
    {"figure_to_scene_json", (PyCFunction)(void (*)(void))figure_to_scene_json,
     METH_VARARGS | METH_KEYWORDS, figure_to_scene_json_doc},
    {"scene_json_to_dict", (PyCFunction)(void (*)(void))scene_json_to_dict,
     METH_VARARGS | METH_KEYWORDS, scene_json_to_dict_doc},
    {"scene_json_to_json", (PyCFunction)(void (*)(void))scene_json_to_json,
     METH_VARARGS | METH_KEYWORDS, scene_json_to_json_doc},
    {"frame_to_dict", (PyCFunction)(void (*)(void))frame_to_dict,
     METH_VARARGS | METH_KEYWORDS, frame_to_dict_doc},
    {"frame_to_json", (PyCFunction)(void (*)(void))frame_to_json,
     METH_VARARGS | METH_KEYWORDS, frame_to_json_doc},
    {NULL, NULL, 0, NULL}
};

/* --------------------------------------------------------- module state */

static int
module_traverse(PyObject *module, visitproc visit, void *arg)
{
    chx_state *st = get_state(module);

    if (st == NULL)
        return 0;
    return chx_state_traverse(st, visit, arg);
}

static int
module_clear(PyObject *module)
{
    chx_state *st = get_state(module);

    if (st != NULL)
        chx_state_clear(st);
    return 0;
}

static void
module_free(void *module)
{
    module_clear((PyObject *)module);
}

static int
chx_exec(PyObject *module)
{
    chx_state *st = get_state(module);

    /* On failure, module_clear releases whatever was made. */
    if (chx_state_init(st) < 0)
        return -1;
    if (add_object_ref(module, "ChartexError", st->ChartexError) < 0)
        return -1;
    if (PyModule_AddStringConstant(module, "__version__", chartex_version()) < 0)
        return -1;
    /* The constants of include/chartex.h that the package's Python files
     * use (chartex.ipython, chartex._matplotlib.compat): read from here, never copied. */
    if (PyModule_AddIntConstant(module, "MIN_MAX_POINTS", CHARTEX_MIN_MAX_POINTS) < 0
        || PyModule_AddIntConstant(module, "AXIS_NUMERIC", CHARTEX_AXIS_NUMERIC) < 0
        || PyModule_AddIntConstant(module, "AXIS_DATE", CHARTEX_AXIS_DATE) < 0
        || PyModule_AddIntConstant(module, "AXIS_CATEGORY", CHARTEX_AXIS_CATEGORY) < 0)
        return -1;
    return 0;
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, (void *)chx_exec},
#if PY_VERSION_HEX >= 0x030C0000
    /* NumPy does not support sub-interpreters. */
    {Py_mod_multiple_interpreters, Py_MOD_MULTIPLE_INTERPRETERS_NOT_SUPPORTED},
#endif
#if PY_VERSION_HEX >= 0x030D0000
    {Py_mod_gil, Py_MOD_GIL_USED},
#endif
    {0, NULL}
};

PyDoc_STRVAR(module_doc,
"chartex._chartex: the walker (matplotlib Figure -> scene), the core\n"
"(scene -> chart) and the sinks (chart -> dict or JSON).  Use the chartex\n"
"package, which re-exports these functions.");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "chartex._chartex",
    .m_doc = module_doc,
    .m_size = sizeof(chx_state),
    .m_methods = module_methods,
    .m_slots = module_slots,
    .m_traverse = module_traverse,
    .m_clear = module_clear,
    .m_free = module_free,
};

PyMODINIT_FUNC
PyInit__chartex(void)
{
    return PyModuleDef_Init(&module_def);
}
