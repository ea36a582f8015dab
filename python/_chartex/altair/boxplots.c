/*
 * boxplots.c - Vega-Lite's boxplot composite, for the Altair reader.  It
 * compiles to four or five marks (styles "boxplot-box": a bar from Q1 to
 * Q3; "boxplot-median": a tick at the median; two "boxplot-rule"s: the
 * whiskers from each quartile to its whisker's end; "boxplot-outliers":
 * the points beyond the whiskers), each with a dataset of its own, whose
 * fields Vega-Lite names after the field F it summarises (lower_box_F,
 * upper_box_F, mid_box_F, lower_whisker_F, upper_whisker_F).  The parts
 * are matched by the box's position (its category) and drawn as
 * matplotlib's bxp draws a box, the geometry the core reads box plots
 * from: both whiskers, their caps, the box, the median, the outliers.
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BOX_WIDTH 0.5

/* One box's statistics and where it stands. */
typedef struct box_stats {
    double pos, q1, q3, median, low, high;
} box_stats;

/* A part of a composite: the mark, its value field and position channel. */
typedef struct box_part {
    vl_mark *m;
    vl_channel pos;             /* its position: x / xc (vertical boxes) */
    PyObject *keys;             /* dict: position text -> list of row indices */
} box_part;

/* The field F of a name PREFIX_F, a new str; NULL when not one. */
static PyObject *
suffix(PyObject *name, const char *prefix)
{
    const char *s = name != NULL && PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    size_t n = strlen(prefix);

    if (s == NULL) {
        PyErr_Clear();
        return NULL;
    }
    return strncmp(s, prefix, n) == 0 && s[n] != '\0' ? PyUnicode_FromString(s + n) : NULL;
}

/* The field of a mark's value channel (y or yc; x or xc when horizontal),
 * borrowed from ch (cleared by the caller). */
static PyObject *
value_field(vl_mark *m, int horizontal, const char *which, vl_channel *ch)
{
    char name[8];

    strcpy(name, horizontal ? "x" : "y");
    strcat(name, which);
    if (vl_channel_of(m, name, ch) < 0)
        return NULL;
    return VL_FIELD(ch);
}

/* Reads part p: its position channel and its rows by position text. */
static int
part_read(box_part *p, int horizontal)
{
    vl_mark *m = p->m;
    vl_cell *cells = NULL;
    double *pos = NULL;
    size_t i, n = m->rows.n;
    int rc = -1;

    if (vl_channel_of(m, horizontal ? "y" : "x", &p->pos) < 0)
        return -1;
    if (p->pos.kind == VL_CH_NONE) {
        vl_channel_clear(&p->pos);
        if (vl_channel_of(m, horizontal ? "yc" : "xc", &p->pos) < 0)
            return -1;
    }
    p->keys = PyDict_New();
    cells = calloc(n ? n : 1, sizeof *cells);
    pos = malloc((n ? n : 1) * sizeof *pos);
    if (p->keys == NULL || cells == NULL || pos == NULL) {
        if (p->keys != NULL)
            PyErr_NoMemory();
        goto done;
    }
    if (vl_positions(m, &p->pos, pos) < 0)
        goto done;
    for (i = 0; i < n; i++) {
        PyObject *key = PyFloat_FromDouble(isfinite(pos[i]) ? pos[i] : -1e308), *list, *at;

        if (key == NULL)
            goto done;
        list = PyDict_GetItemWithError(p->keys, key);
        if (list == NULL && (PyErr_Occurred() || (list = PyList_New(0)) == NULL
                             || PyDict_SetItem(p->keys, key, list) < 0
                             || (Py_DECREF(list), 0))) {
            Py_DECREF(key);
            goto done;
        }
        Py_DECREF(key);
        at = PyLong_FromSize_t(i);
        if (at == NULL || PyList_Append(list, at) < 0) {
            Py_XDECREF(at);
            goto done;
        }
        Py_DECREF(at);
    }
    rc = 0;
done:
    free(cells);
    free(pos);
    return rc;
}

static void
part_clear(box_part *p)
{
    vl_channel_clear(&p->pos);
    Py_CLEAR(p->keys);
}

/* The value of field in the part's first row at position pos (NaN when
 * none); with out, every such row's value (appended). */
static double
part_value(box_part *p, PyObject *field, double pos, double **out, size_t *n_out, int *err)
{
    PyObject *key = PyFloat_FromDouble(pos), *list;
    double *v = NULL, first = NAN;
    size_t i, n = p->m->rows.n;

    *err = 0;
    if (p->m == NULL || key == NULL || field == NULL) {
        *err = key == NULL;
        Py_XDECREF(key);
        return NAN;
    }
    list = PyDict_GetItemWithError(p->keys, key);
    Py_DECREF(key);
    v = malloc((n ? n : 1) * sizeof *v);
    if (list == NULL || v == NULL || vl_numbers(p->m, field, v) < 0) {
        *err = PyErr_Occurred() != NULL || v == NULL;
        if (v == NULL)
            PyErr_NoMemory();
        free(v);
        return NAN;
    }
    for (i = 0; i < (size_t)PyList_GET_SIZE(list); i++) {
        size_t row = PyLong_AsSize_t(PyList_GET_ITEM(list, (Py_ssize_t)i));

        if (row >= n)
            continue;
        if (i == 0)
            first = v[row];
        if (out != NULL && isfinite(v[row]))
            (*out)[(*n_out)++] = v[row];
    }
    free(v);
    return first;
}

/* A line of n points of a box's part (x and y swapped when horizontal). */
static int
box_line(vl_mark *m, const double *xy, size_t n, int horizontal, unsigned flags, PyObject *label)
{
    chartex_artist *a = vl_new_artist(m, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, flags, label);
    double *sw = malloc((n ? 2 * n : 1) * sizeof *sw);
    size_t i;
    int rc = -1;

    if (sw == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        sw[2 * i] = xy[2 * i + (horizontal ? 1 : 0)];
        sw[2 * i + 1] = xy[2 * i + (horizontal ? 0 : 1)];
    }
    if (a != NULL) {
        if (chartex_artist_set_points(a, n, sw, &m->v->r->err) < 0)
            vl_core_fail(m->v->r);
        else
            rc = 0;
    }
    free(sw);
    return rc;
}

/* One box drawn as matplotlib's bxp draws it. */
static int
draw_box(vl_mark *m, const box_stats *s, const double *out, size_t n_out, int horizontal)
{
    double c = s->pos, l = c - BOX_WIDTH / 2, rr = c + BOX_WIDTH / 2, cw = BOX_WIDTH / 4;
    double whisk1[4] = {c, s->q1, c, s->low}, whisk2[4] = {c, s->q3, c, s->high};
    double cap1[4] = {c - cw, s->low, c + cw, s->low};
    double cap2[4] = {c - cw, s->high, c + cw, s->high};
    double box[10] = {l, s->q1, rr, s->q1, rr, s->q3, l, s->q3, l, s->q1};
    double med[4] = {l, s->median, rr, s->median};
    double *fl = malloc((n_out ? 2 * n_out : 1) * sizeof *fl);
    size_t i;
    int rc = -1;

    if (fl == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n_out; i++) {
        fl[2 * i] = c;
        fl[2 * i + 1] = out[i];
    }
    if (box_line(m, whisk1, 2, horizontal, 0, NULL) == 0
        && box_line(m, whisk2, 2, horizontal, 0, NULL) == 0
        && box_line(m, cap1, 2, horizontal, 0, NULL) == 0
        && box_line(m, cap2, 2, horizontal, 0, NULL) == 0
        && box_line(m, box, 5, horizontal, 0, NULL) == 0
        && box_line(m, med, 2, horizontal, 0, NULL) == 0
        && box_line(m, fl, n_out, horizontal, CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER,
                    NULL) == 0)
        rc = 0;
    free(fl);
    return rc;
}

/* The parts of the composite whose box is parts[0], found among marks by
 * their styles and the summarised field F. */
static void
find_parts(vl_mark *marks, size_t n, box_part parts[5], PyObject *field, int horizontal)
{
    static const char *const prefix[5] = {NULL, "mid_box_", "lower_whisker_",
                                          "upper_whisker_", NULL};
    size_t i;
    int k;

    for (i = 0; i < n; i++) {
        vl_mark *m = &marks[i];
        vl_channel a, b;
        PyObject *fa, *fb;

        if (m->used || m == parts[0].m)
            continue;
        memset(&b, 0, sizeof b);
        fa = value_field(m, horizontal, "", &a);
        if (fa == NULL)
            fa = (vl_channel_clear(&a), value_field(m, horizontal, "c", &a));
        fb = value_field(m, horizontal, "2", &b);
        for (k = 1; k < 5; k++) {
            PyObject *fs = NULL;

            if (parts[k].m != NULL)
                continue;
            if (k == 4) {
                if (vl_has_style(m->mark, "boxplot-outliers") && vl_same(fa, field))
                    parts[4].m = m;
                continue;
            }
            if (!vl_has_style(m->mark, k == 1 ? "boxplot-median" : "boxplot-rule"))
                continue;
            fs = suffix(k == 3 ? fb : fa, prefix[k]);
            if (fs != NULL && vl_same(fs, field))
                parts[k].m = m;
            Py_XDECREF(fs);
        }
        vl_channel_clear(&a);
        vl_channel_clear(&b);
        PyErr_Clear();
    }
}

/* The statistics of the box at row i of the box part, and its outliers
 * (out: room for every outlier row). */
static int
box_of(box_part parts[5], PyObject *field, size_t i, const double *pos, box_stats *s,
       double **out, size_t *n_out)
{
    PyObject *names[5] = {NULL, NULL, NULL, NULL, NULL};
    static const char *const fmt[5] = {"lower_box_%U", "upper_box_%U", "mid_box_%U",
                                       "lower_whisker_%U", "upper_whisker_%U"};
    int k, err = 0, rc = -1;

    for (k = 0; k < 5; k++)
        if ((names[k] = PyUnicode_FromFormat(fmt[k], field)) == NULL)
            goto done;
    s->pos = pos[i];
    s->q1 = part_value(&parts[0], names[0], pos[i], NULL, NULL, &err);
    s->q3 = err ? NAN : part_value(&parts[0], names[1], pos[i], NULL, NULL, &err);
    s->median = err || parts[1].m == NULL ? NAN
                                          : part_value(&parts[1], names[2], pos[i], NULL, NULL, &err);
    s->low = err || parts[2].m == NULL ? s->q1
                                       : part_value(&parts[2], names[3], pos[i], NULL, NULL, &err);
    s->high = err || parts[3].m == NULL ? s->q3
                                        : part_value(&parts[3], names[4], pos[i], NULL, NULL, &err);
    *n_out = 0;
    if (!err && parts[4].m != NULL)
        (void)part_value(&parts[4], field, pos[i], out, n_out, &err);
    rc = err ? -1 : 0;
done:
    for (k = 0; k < 5; k++)
        Py_XDECREF(names[k]);
    return rc;
}

/* One composite: its box part is parts[0].m, summarising field. */
static int
composite(vl_mark *marks, size_t n, box_part parts[5], PyObject *field, int horizontal)
{
    vl_mark *box = parts[0].m;
    double *pos = NULL, *out = NULL;
    size_t i, n_out, most = 0;
    box_stats s;
    int k, rc = -1;

    find_parts(marks, n, parts, field, horizontal);
    for (k = 0; k < 5; k++)
        if (parts[k].m != NULL) {
            parts[k].m->used = 1;
            if (part_read(&parts[k], horizontal) < 0)
                goto done;
        }
    most = parts[4].m != NULL ? parts[4].m->rows.n : 0;
    pos = malloc((box->rows.n ? box->rows.n : 1) * sizeof *pos);
    out = malloc((most ? most : 1) * sizeof *out);
    if (pos == NULL || out == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (vl_positions(box, &parts[0].pos, pos) < 0)
        goto done;
    for (i = 0; i < box->rows.n; i++) {
        if (!isfinite(pos[i]))
            continue;
        if (box_of(parts, field, i, pos, &s, &out, &n_out) < 0
            || draw_box(box, &s, out, n_out, horizontal) < 0)
            goto done;
    }
    rc = 0;
done:
    free(pos);
    free(out);
    return rc;
}

int
vl_read_boxplots(vl_mark *marks, size_t n)
{
    size_t i;
    int k, rc = 0;

    for (i = 0; i < n && rc == 0; i++) {
        box_part parts[5];
        vl_channel ch;
        PyObject *field = NULL;
        int horizontal = 0;

        if (marks[i].used || !vl_has_style(marks[i].mark, "boxplot-box")
            || marks[i].rows.data == NULL || marks[i].pane == NULL)
            continue;
        memset(parts, 0, sizeof parts);
        parts[0].m = &marks[i];
        field = suffix(value_field(&marks[i], 0, "", &ch), "lower_box_");
        vl_channel_clear(&ch);
        if (field == NULL) {
            horizontal = 1;
            field = suffix(value_field(&marks[i], 1, "", &ch), "lower_box_");
            vl_channel_clear(&ch);
        }
        if (field == NULL) {
            if (PyErr_Occurred())
                return -1;
            continue;   /* no box of Vega-Lite's: read as the bar it is */
        }
        rc = composite(marks, n, parts, field, horizontal);
        for (k = 0; k < 5; k++)
            part_clear(&parts[k]);
        Py_DECREF(field);
    }
    return rc;
}
