/*
 * layout_shapes.c - layout.shapes: the lines, rectangles, circles and
 * paths drawn on a cartesian subplot, and the add_hline / add_vline /
 * add_hrect / add_vrect they come from (plotly.py makes a shape spanning
 * its subplot's domain, and an annotation for its annotation_text).
 *
 * The written rule (doc/schema.md, "Plotly figures"): a shape is read by
 * the coordinates plotly.js places it in, each of x and y being data (an
 * axis, "x2"), a fraction of the subplot ("x2 domain") or of the figure
 * ("paper"):
 *
 *   - data in one direction only: a line at one value (its two ends equal
 *     there) is a reference line, a rectangle a reference span, as
 *     matplotlib's axhline / axvspan (role REFLINE, the direction's
 *     CHARTEX_REF_*_DATA);
 *   - data in both: a line is a reference line between its two ends
 *     (CHARTEX_REF_SEGMENT); a rectangle, a circle (its ellipse, 64
 *     points) and a path (its vertices, curves at 8 points each) are free
 *     shapes, as matplotlib's patches (a PATCH of role DATA: `shapes`);
 *   - fractions in both (a frame, a logo), a slanted line or a circle or
 *     path in one data direction, a shape sized in pixels (xsizemode /
 *     ysizemode "pixel"), a hidden one: decoration, left out.
 *
 * Its name is its label's text, else the text of the annotation plotly.py
 * added for it (same references, placed at one of its ends or its
 * middle), else its name when it shows in the legend.
 */
#include "plotly.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ELLIPSE_POINTS 64
#define CURVE_STEPS 8
#define MATCH_TOL 1e-9

/* How a shape's coordinate in one direction is given. */
typedef enum ref_kind { REF_PAPER = 0, REF_DATA, REF_DOMAIN } ref_kind;

typedef struct shape_ref {
    ref_kind kind;
    char axis[16];              /* "x2" for REF_DATA and REF_DOMAIN */
    char raw[24];               /* the reference as written: "x2 domain" */
} shape_ref;

/* ---------------------------------------------------------- references */

/* Whether the figure has cartesian axes (or no subplot at all, when
 * plotly.js draws its empty xy): then a shape without a reference is in
 * the first axes', else in paper coordinates. */
static int
cartesian_figure(const preader *r)
{
    size_t i;

    for (i = 0; i < r->n_subplots; i++)
        if (r->subplots[i].kind == PX_CARTESIAN)
            return 1;
    return r->n_subplots == 0;
}

/* "x", "x2", ... ("x1" is not one): 1 when s names an axis of letter. */
static int
axis_name(const char *s, size_t len, char letter)
{
    return len >= 1 && len < 12 && s[0] == letter && strspn(s + 1, "0123456789") == len - 1
           && !(len > 1 && s[1] == '0') && !(len == 2 && s[1] == '1');
}

/* The reference of shape (or annotation) obj in direction letter. */
static void
ref_of(const preader *r, PyObject *obj, char letter, shape_ref *ref)
{
    char key[8];
    PyObject *keep = NULL;
    const char *s;
    size_t len;

    snprintf(key, sizeof key, "%cref", letter);
    s = px_str(obj, key, &keep);
    memset(ref, 0, sizeof *ref);
    if (s == NULL)
        s = cartesian_figure(r) ? (letter == 'x' ? "x" : "y") : "paper";
    len = strlen(s);
    snprintf(ref->raw, sizeof ref->raw, "%s", len < sizeof ref->raw ? s : "");
    if (len > 7 && strcmp(s + len - 7, " domain") == 0 && axis_name(s, len - 7, letter)) {
        ref->kind = REF_DOMAIN;
        snprintf(ref->axis, sizeof ref->axis, "%.*s", (int)(len - 7), s);
    }
    else if (axis_name(s, len, letter)) {
        ref->kind = REF_DATA;
        snprintf(ref->axis, sizeof ref->axis, "%s", s);
    }
    Py_XDECREF(keep);
}

/* The axis an axis of the layout is anchored to ("x" for yaxis2 by
 * default). */
static void
anchor_of(preader *r, const char *axis, char out[16])
{
    char key[32];
    PyObject *spec, *keep = NULL;
    const char *a;
    char other = axis[0] == 'x' ? 'y' : 'x';

    snprintf(key, sizeof key, "%caxis%s", axis[0], axis + 1);
    spec = px_get(r->layout, key);
    a = px_str(spec, "anchor", &keep);
    if (a != NULL && axis_name(a, strlen(a), other))
        snprintf(out, 16, "%s", a);
    else
        snprintf(out, 16, "%c", other);
    Py_XDECREF(keep);
    Py_XDECREF(spec);
}

/* Whether a shape is drawn and sized in its coordinates: visible, not
 * sized in pixels. */
static int
drawn(PyObject *shape)
{
    PyObject *vis = px_get(shape, "visible");
    int shown = vis == NULL || vis == Py_True;

    Py_XDECREF(vis);
    px_absent();
    return shown && !px_str_is(shape, "xsizemode", "pixel", 0)
           && !px_str_is(shape, "ysizemode", "pixel", 0);
}

int
px_shape_place(preader *r, PyObject *shape, char xr[16], char yr[16])
{
    shape_ref x, y;

    if (!PyMapping_Check(shape) || !drawn(shape))
        return 0;
    ref_of(r, shape, 'x', &x);
    ref_of(r, shape, 'y', &y);
    if (x.kind == REF_PAPER && y.kind == REF_PAPER)
        return 0;
    if (x.kind != REF_PAPER)
        snprintf(xr, 16, "%s", x.axis);
    else
        anchor_of(r, y.axis, xr);
    if (y.kind != REF_PAPER)
        snprintf(yr, 16, "%s", y.axis);
    else
        anchor_of(r, x.axis, yr);
    return !PyErr_Occurred();
}

/* ---------------------------------------------------------- coordinates */

/* A category's index on ax without adding one: a name of its categories,
 * or a number (plotly.js's getCategoryPosition); NaN otherwise. */
static double
category_position(const px_axis *ax, PyObject *v)
{
    PyObject *idx;
    double d;

    if (PyUnicode_Check(v)) {
        idx = ax->cat_index != NULL ? PyDict_GetItemWithError(ax->cat_index, v) : NULL;
        if (idx == NULL) {
            px_absent();
            return NAN;
        }
        return PyFloat_AsDouble(idx);
    }
    return px_number_of(v, &d) ? d : NAN;
}

/* One coordinate v of a shape on ax (NULL: a fraction) as the scene's
 * value: a number, a date's days, a category's index; NaN when it is no
 * position there.  -1 on error. */
static int
coord(preader *r, px_axis *ax, PyObject *v, double *out)
{
    PyObject *one;
    double *vals = NULL;
    size_t n = 0;

    *out = NAN;
    if (v == NULL)
        return 0;
    if (ax == NULL || ax->multi) {
        if (ax == NULL)
            px_number_of(v, out);
        return 0;
    }
    if (ax->type == PX_AXTYPE_CATEGORY) {
        *out = category_position(ax, v);
        return PyErr_Occurred() ? -1 : 0;
    }
    one = PyTuple_Pack(1, v);
    if (one == NULL || px_values(r, one, ax, &vals, &n) < 0) {
        Py_XDECREF(one);
        return -1;
    }
    if (n == 1)
        *out = vals[0];
    free(vals);
    Py_DECREF(one);
    return 0;
}

/* The axis of a reference in direction d of subplot p: NULL for a
 * fraction. */
static px_axis *
ref_axis(px_subplot *p, const shape_ref *ref, int d)
{
    return ref->kind == REF_DATA ? p->axis[d] : NULL;
}

/* obj[key] in direction d as a value (see coord). */
static int
coord_of(preader *r, px_subplot *p, PyObject *obj, const char *key, const shape_ref *ref,
         int d, double *out)
{
    PyObject *v = px_get(obj, key);
    int rc = coord(r, ref_axis(p, ref, d), v, out);

    Py_XDECREF(v);
    return rc;
}

/* ---------------------------------------------------------------- name */

/* Whether a (in direction d, reference ref) is one of a shape's ends
 * c0, c1 or its middle. */
static int
near_any(double a, double c0, double c1)
{
    double m = (c0 + c1) / 2, scale = fmax(fmax(fabs(c0), fabs(c1)), 1);

    return fabs(a - c0) <= MATCH_TOL * scale || fabs(a - c1) <= MATCH_TOL * scale
           || fabs(a - m) <= MATCH_TOL * scale;
}

/* Whether annotation note is the one plotly.py added for the shape at
 * c[0..3] (x0, x1, y0, y1) with references x, y. */
static int
note_matches(preader *r, px_subplot *p, PyObject *note, const shape_ref *x,
             const shape_ref *y, const double c[4])
{
    shape_ref nx, ny;
    double ax, ay;

    ref_of(r, note, 'x', &nx);
    ref_of(r, note, 'y', &ny);
    if (strcmp(nx.raw, x->raw) != 0 || strcmp(ny.raw, y->raw) != 0)
        return 0;
    if (coord_of(r, p, note, "x", x, 0, &ax) < 0 || coord_of(r, p, note, "y", y, 1, &ay) < 0)
        return -1;
    return near_any(ax, c[0], c[1]) && near_any(ay, c[2], c[3]);
}

/* The text of the first annotation not yet taken that names the shape;
 * a new reference or NULL. */
static PyObject *
note_text(preader *r, px_subplot *p, const shape_ref *x, const shape_ref *y, const double c[4])
{
    PyObject *notes = px_get(r->layout, "annotations"), *seq = NULL, *text = NULL;
    Py_ssize_t i, n;
    int m;

    if (notes == NULL || (seq = PySequence_Fast(notes, "")) == NULL)
        goto done;
    n = PySequence_Fast_GET_SIZE(seq);
    if (r->notes_taken == NULL) {
        r->notes_taken = px_calc_zalloc((size_t)n, 1);
        r->n_notes = r->notes_taken != NULL ? n : 0;
    }
    for (i = 0; i < n && i < r->n_notes; i++) {
        PyObject *note = PySequence_Fast_GET_ITEM(seq, i);

        if (r->notes_taken[i] || !PyMapping_Check(note))
            continue;
        m = note_matches(r, p, note, x, y, c);
        if (m < 0)
            goto done;
        if (m == 0)
            continue;
        text = px_get(note, "text");
        if (text != NULL && PyUnicode_Check(text)) {
            r->notes_taken[i] = 1;
            break;
        }
        Py_CLEAR(text);
    }
done:
    Py_XDECREF(seq);
    Py_XDECREF(notes);
    px_absent();
    return text;
}

/* The name a reader sees of a shape (a new reference, or NULL). */
static PyObject *
shape_name(preader *r, px_subplot *p, PyObject *shape, const shape_ref *x, const shape_ref *y,
           const double c[4])
{
    PyObject *label = px_get(shape, "label"), *text = px_get(label, "text");

    Py_XDECREF(label);
    if (text != NULL && PyUnicode_Check(text) && PyUnicode_GetLength(text) > 0)
        return text;
    Py_XDECREF(text);
    text = note_text(r, p, x, y, c);
    if (text != NULL || PyErr_Occurred())
        return text;
    if (px_bool(shape, "showlegend", 0)) {
        text = px_get(shape, "name");
        if (text != NULL && PyUnicode_Check(text))
            return text;
        Py_XDECREF(text);
    }
    return px_absent();
}

/* ------------------------------------------------------------- drawing */

/* A new artist of the shape on p: kind, role, flags, named. */
static chartex_artist *
shape_artist(preader *r, px_subplot *p, chartex_artist_kind kind, chartex_artist_role role,
             unsigned flags, PyObject *name)
{
    chartex_artist *a = chartex_axes_add_artist(p->axes, kind, &r->err);
    static const char cls[] = "plotly.shape";

    if (a == NULL || chartex_artist_set_class(a, cls, sizeof cls - 1, &r->err) < 0) {
        px_core_fail(r);
        return NULL;
    }
    chartex_artist_set_role(a, role);
    chartex_artist_set_flags(a, flags);
    if (name != NULL) {
        const char *s;
        size_t len;
        PyObject *keep = NULL;

        if (px_text(name, &s, &len, &keep) < 0)
            return NULL;
        if (s != NULL && chartex_artist_set_label(a, s, len, &r->err) < 0) {
            Py_XDECREF(keep);
            px_core_fail(r);
            return NULL;
        }
        Py_XDECREF(keep);
    }
    return a;
}

/* A line or rectangle with data in one direction (data: REF_X_DATA or
 * REF_Y_DATA): a reference line at one value, or a span. */
static int
reference(preader *r, px_subplot *p, int rect, const double c[4], unsigned data, PyObject *name)
{
    double xy[10] = {c[0], c[2], c[1], c[2], c[1], c[3], c[0], c[3], c[0], c[2]};
    double line[4] = {c[0], c[2], c[1], c[3]};
    const double *v = data == CHARTEX_REF_X_DATA ? c : c + 2;
    chartex_artist *a;

    if (!rect && !(fabs(v[0] - v[1]) <= MATCH_TOL * fmax(fabs(v[0]), 1)))
        return 0;   /* slanted across the plot: no one value */
    a = shape_artist(r, p, rect ? CHARTEX_ARTIST_PATCH : CHARTEX_ARTIST_LINE,
                     CHARTEX_ROLE_REFLINE, data, name);
    if (a == NULL)
        return -1;
    if ((rect ? chartex_artist_add_polygon(a, 5, xy, &r->err)
              : chartex_artist_set_points(a, 2, line, &r->err)) < 0)
        return px_core_fail(r);
    return 0;
}

/* A point of a circle's ellipse, in the axis' own scale (log10 on a log
 * axis, where plotly.js draws it). */
static double
ellipse_coord(const px_axis *ax, double lo, double hi, double f)
{
    int lg = ax != NULL && ax->type == PX_AXTYPE_LOG && lo > 0 && hi > 0;
    double a = lg ? log10(lo) : lo, b = lg ? log10(hi) : hi;
    double v = (a + b) / 2 + (b - a) / 2 * f;

    return lg ? pow(10, v) : v;
}

/* A rectangle's outline or a circle's ellipse (x0, x1, y0, y1 in c) as
 * a free shape's polygon: the ellipse closed, the rectangle its four
 * corners (closed, it would read as a box's outline, and a rectangle
 * drawn over a box plot would leave the core no box plot to read:
 * src/chart/box.c). */
static int
box_shape(preader *r, px_subplot *p, int circle, const double c[4], PyObject *name)
{
    double xy[2 * (ELLIPSE_POINTS + 1)];
    double rect[10] = {c[0], c[2], c[1], c[2], c[1], c[3], c[0], c[3], c[0], c[2]};
    chartex_artist *a = shape_artist(r, p, CHARTEX_ARTIST_PATCH, CHARTEX_ROLE_DATA, 0, name);
    size_t k;

    if (a == NULL)
        return -1;
    if (!circle)
        return chartex_artist_add_polygon(a, 4, rect, &r->err) < 0 ? px_core_fail(r) : 0;
    for (k = 0; k <= ELLIPSE_POINTS; k++) {
        double th = 2 * M_PI * (double)(k % ELLIPSE_POINTS) / ELLIPSE_POINTS;

        xy[2 * k] = ellipse_coord(p->axis[0], c[0], c[1], cos(th));
        xy[2 * k + 1] = ellipse_coord(p->axis[1], c[2], c[3], sin(th));
    }
    return chartex_artist_add_polygon(a, ELLIPSE_POINTS + 1, xy, &r->err) < 0 ? px_core_fail(r)
                                                                              : 0;
}

/* ---------------------------------------------------------------- paths */

/* The points of one path being read: the current subpath's, the current
 * point, the last control point (for S and T). */
typedef struct path_pen {
    double *xy;
    size_t n, cap;
    double cx, cy, ctl_x, ctl_y;
    char last;
} path_pen;

static int
pen_put(path_pen *pen, double x, double y)
{
    if (pen->n == pen->cap) {
        size_t cap = pen->cap ? 2 * pen->cap : 64;
        double *xy = px_calc_grow(pen->xy, cap, 2 * sizeof *xy);

        if (xy == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        pen->xy = xy;
        pen->cap = cap;
    }
    pen->xy[2 * pen->n] = x;
    pen->xy[2 * pen->n + 1] = y;
    pen->n++;
    pen->cx = x;
    pen->cy = y;
    return 0;
}

/* The subpath drawn so far as one polygon of a; the pen starts anew. */
static int
pen_flush(preader *r, chartex_artist *a, path_pen *pen)
{
    int rc = 0;

    if (pen->n >= 2 && chartex_artist_add_polygon(a, pen->n, pen->xy, &r->err) < 0)
        rc = px_core_fail(r);
    pen->n = 0;
    return rc;
}

/* A Bezier curve from the current point through controls (x1, y1)
 * [(x2, y2)] to (x, y): CURVE_STEPS points on it (cubic when cubic). */
static int
pen_curve(path_pen *pen, int cubic, const double *q)
{
    double x0 = pen->cx, y0 = pen->cy;
    int k;

    for (k = 1; k <= CURVE_STEPS; k++) {
        double t = (double)k / CURVE_STEPS, u = 1 - t, px, py;

        if (cubic) {
            px = u * u * u * x0 + 3 * u * u * t * q[0] + 3 * u * t * t * q[2] + t * t * t * q[4];
            py = u * u * u * y0 + 3 * u * u * t * q[1] + 3 * u * t * t * q[3] + t * t * t * q[5];
        }
        else {
            px = u * u * x0 + 2 * u * t * q[0] + t * t * q[2];
            py = u * u * y0 + 2 * u * t * q[1] + t * t * q[3];
        }
        if (pen_put(pen, px, py) < 0)
            return -1;
    }
    return 0;
}

/* One parameter of a path command as a value of ax (NULL: a number):
 * plotly.js's params are split at white space and commas, a date's space
 * written as "_". */
static int
path_value(preader *r, px_axis *ax, const char *s, size_t len, double *out)
{
    PyObject *text = PyUnicode_FromStringAndSize(s, (Py_ssize_t)len), *fixed;
    int rc;

    if (text == NULL)
        return -1;
    fixed = PyObject_CallMethod(text, "replace", "ss", "_", " ");
    Py_DECREF(text);
    if (fixed == NULL)
        return -1;
    if (ax == NULL || ax->type == PX_AXTYPE_LINEAR || ax->type == PX_AXTYPE_LOG) {
        PyObject *f = PyFloat_FromString(fixed);

        *out = f != NULL ? PyFloat_AsDouble(f) : NAN;
        Py_XDECREF(f);
        PyErr_Clear();
        rc = 0;
    }
    else
        rc = coord(r, ax, fixed, out);
    Py_DECREF(fixed);
    return rc;
}

/* How many parameters a command takes at a time, and which of them are
 * y (bit k set: parameter k is along y). */
static int
command_shape(char c, unsigned *ymask)
{
    switch (c) {
    case 'M': case 'L': case 'T':
        *ymask = 0x2;
        return 2;
    case 'H':
        *ymask = 0;
        return 1;
    case 'V':
        *ymask = 0x1;
        return 1;
    case 'Q': case 'S':
        *ymask = 0xa;
        return 4;
    case 'C':
        *ymask = 0x2a;
        return 6;
    default:
        *ymask = 0;
        return 0;
    }
}

/* Draws one command c with its parameters q (n of them). */
static int
pen_command(preader *r, chartex_artist *a, path_pen *pen, char c, const double *q)
{
    double s[6];

    switch (c) {
    case 'M':
        if (pen_flush(r, a, pen) < 0)
            return -1;
        /* fall through */
    case 'L':
        return pen_put(pen, q[0], q[1]);
    case 'H':
        return pen_put(pen, q[0], pen->cy);
    case 'V':
        return pen_put(pen, pen->cx, q[0]);
    case 'T': case 'S':
        /* the first control point: the last one reflected, or the
         * current point */
        s[0] = pen->last == (c == 'T' ? 'Q' : 'C') || pen->last == c
                   ? 2 * pen->cx - pen->ctl_x : pen->cx;
        s[1] = pen->last == (c == 'T' ? 'Q' : 'C') || pen->last == c
                   ? 2 * pen->cy - pen->ctl_y : pen->cy;
        memcpy(s + 2, q, (c == 'T' ? 2 : 4) * sizeof *q);
        pen->ctl_x = c == 'T' ? s[0] : q[0];
        pen->ctl_y = c == 'T' ? s[1] : q[1];
        return pen_curve(pen, c == 'S', s);
    case 'Q': case 'C':
        pen->ctl_x = q[c == 'Q' ? 0 : 2];
        pen->ctl_y = q[c == 'Q' ? 1 : 3];
        return pen_curve(pen, c == 'C', q);
    default:
        return 0;
    }
}

/* The parameters of one command (from s up to the next command) read and
 * drawn, as many times as they are given. */
static int
path_segment(preader *r, px_subplot *p, chartex_artist *a, path_pen *pen, char c,
             const char *s, size_t len)
{
    unsigned ymask;
    int per = command_shape(c, &ymask), k = 0;
    double q[6];
    size_t i = 0;

    while (per > 0 && i < len) {
        size_t j;

        while (i < len && (s[i] == ' ' || s[i] == ',' || s[i] == '\t' || s[i] == '\n'))
            i++;
        for (j = i; j < len && s[j] != ' ' && s[j] != ',' && s[j] != '\t' && s[j] != '\n'; j++)
            ;
        if (j == i)
            break;
        if (path_value(r, p->axis[(ymask >> k) & 1], s + i, j - i, &q[k]) < 0)
            return -1;
        i = j;
        if (++k == per) {
            if (pen_command(r, a, pen, c, q) < 0)
                return -1;
            pen->last = c;
            k = 0;
        }
    }
    return 0;
}

/* A path's subpaths as polygons of a, in data values: M, L, H, V, Q, C,
 * T, S and Z, absolute (plotly.js draws no relative command). */
static int
shape_path(preader *r, px_subplot *p, chartex_artist *a, const char *path)
{
    static const char cmds[] = "MLHVQCTSZ";
    path_pen pen;
    const char *at = path, *next;
    int rc = -1;

    memset(&pen, 0, sizeof pen);
    if (strpbrk(path, "mlhvqctsaA") != NULL) {
        rc = 0;     /* relative commands or arcs: not read */
        goto done;
    }
    while ((at = strpbrk(at, cmds)) != NULL) {
        char c = *at++;

        next = strpbrk(at, cmds);
        if (c == 'Z') {
            if (pen.n > 0 && pen_put(&pen, pen.xy[0], pen.xy[1]) < 0)
                goto done;
            if (pen_flush(r, a, &pen) < 0)
                goto done;
            continue;
        }
        if (path_segment(r, p, a, &pen, c, at, next != NULL ? (size_t)(next - at) : strlen(at))
            < 0)
            goto done;
    }
    rc = pen_flush(r, a, &pen);
done:
    free(pen.xy);
    return rc;
}

/* One shape of the layout on subplot p (whose place px_shape_place
 * gave). */
static int
read_shape(preader *r, px_subplot *p, PyObject *shape)
{
    PyObject *type = px_get(shape, "type"), *path = px_get(shape, "path"), *name = NULL;
    const char *ty = type != NULL && PyUnicode_Check(type) ? PyUnicode_AsUTF8(type) : NULL;
    shape_ref x, y;
    double c[4];
    unsigned data;
    int rc = -1;

    if (ty == NULL)
        ty = path != NULL && PyUnicode_Check(path) ? "path" : "rect";
    ref_of(r, shape, 'x', &x);
    ref_of(r, shape, 'y', &y);
    data = (x.kind == REF_DATA ? CHARTEX_REF_X_DATA : 0)
           | (y.kind == REF_DATA ? CHARTEX_REF_Y_DATA : 0);
    if (coord_of(r, p, shape, "x0", &x, 0, &c[0]) < 0
        || coord_of(r, p, shape, "x1", &x, 0, &c[1]) < 0
        || coord_of(r, p, shape, "y0", &y, 1, &c[2]) < 0
        || coord_of(r, p, shape, "y1", &y, 1, &c[3]) < 0)
        goto done;
    if (strcmp(ty, "path") != 0 && !(isfinite(c[0]) && isfinite(c[1]) && isfinite(c[2])
                                     && isfinite(c[3]))) {
        rc = 0;
        goto done;
    }
    name = shape_name(r, p, shape, &x, &y, c);
    if (name == NULL && PyErr_Occurred())
        goto done;
    if (strcmp(ty, "line") == 0 && data == (CHARTEX_REF_X_DATA | CHARTEX_REF_Y_DATA)) {
        double line[4] = {c[0], c[2], c[1], c[3]};
        chartex_artist *a = shape_artist(r, p, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_REFLINE,
                                         data | CHARTEX_REF_SEGMENT, name);

        rc = a == NULL ? -1
             : chartex_artist_set_points(a, 2, line, &r->err) < 0 ? px_core_fail(r) : 0;
    }
    else if (data != (CHARTEX_REF_X_DATA | CHARTEX_REF_Y_DATA))
        rc = strcmp(ty, "line") == 0 || strcmp(ty, "rect") == 0
                 ? reference(r, p, strcmp(ty, "rect") == 0, c, data, name) : 0;
    else if (strcmp(ty, "rect") == 0 || strcmp(ty, "circle") == 0)
        rc = box_shape(r, p, strcmp(ty, "circle") == 0, c, name);
    else if (strcmp(ty, "path") == 0 && path != NULL && PyUnicode_Check(path)) {
        chartex_artist *a = shape_artist(r, p, CHARTEX_ARTIST_PATCH, CHARTEX_ROLE_DATA, 0, name);
        const char *s = a != NULL ? PyUnicode_AsUTF8(path) : NULL;

        rc = s == NULL ? -1 : shape_path(r, p, a, s);
    }
    else
        rc = 0;
done:
    Py_XDECREF(type);
    Py_XDECREF(path);
    Py_XDECREF(name);
    return rc;
}

int
px_read_shapes(preader *r, px_subplot *p)
{
    PyObject *shapes, *seq;
    Py_ssize_t i;
    char xr[16], yr[16];
    int rc = 0;

    if (p->kind != PX_CARTESIAN)
        return 0;
    shapes = px_get(r->layout, "shapes");
    if (shapes == NULL || PyUnicode_Check(shapes)
        || (seq = PySequence_Fast(shapes, "")) == NULL) {
        Py_XDECREF(shapes);
        px_absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq) && rc == 0; i++) {
        PyObject *shape = PySequence_Fast_GET_ITEM(seq, i);

        if (px_shape_place(r, shape, xr, yr) != 1 || strcmp(xr, p->axis[0]->ref) != 0
            || strcmp(yr, p->axis[1]->ref) != 0)
            continue;
        rc = read_shape(r, p, shape);
    }
    Py_DECREF(seq);
    Py_DECREF(shapes);
    if (rc < 0)
        return px_fail(r, "a shape of the layout");
    return 0;
}
