/*
 * pie.c - pie traces: wedges in plotly.js's order (sorted, clockwise from
 * 12 o'clock), the values of equal labels aggregated, their angles exact;
 * the pie's title names its Axes.  The slices are funnelarea's too.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>

/* --------------------------------------------------------------- pie */

static int
slice_order(const void *pa, const void *pb)
{
    const px_slice *a = pa, *b = pb;

    if (a->value != b->value)
        return a->value > b->value ? -1 : 1;
    return a->first < b->first ? -1 : a->first > b->first;
}

/* The label of a slice without one: label0 + i dlabel, named by the
 * number's text as plotly.js names it. */
static PyObject *
implied_label(trace_ctx *t, size_t i)
{
    double l0 = 0, dl = 1, lv;
    PyObject *f, *lab;

    px_number(t->trace, "label0", &l0);
    px_number(t->trace, "dlabel", &dl);
    lv = l0 + dl * (double)i;
    if (lv == floor(lv) && fabs(lv) < 1e15)
        return PyUnicode_FromFormat("%lld", (long long)lv);
    f = PyFloat_FromDouble(lv);
    lab = f != NULL ? PyObject_Str(f) : NULL;
    Py_XDECREF(f);
    return lab;
}

/* The label of slice i as a str (borrowed, alive in lseq or made): the
 * ith of the nl labels lseq gives (any other value than a str: its
 * str()), else the implied one; NULL on error. */
static PyObject *
slice_label(trace_ctx *t, PyObject *lseq, size_t nl, size_t i, PyObject *made)
{
    PyObject *lab, *key;

    if (lseq != NULL && i < nl && PySequence_Fast_GET_ITEM(lseq, i) != Py_None)
        lab = PySequence_Fast_GET_ITEM(lseq, i);
    else {
        lab = implied_label(t, i);
        if (lab == NULL || PyList_Append(made, lab) < 0) {
            Py_XDECREF(lab);
            return NULL;
        }
        Py_DECREF(lab);
    }
    if (PyUnicode_Check(lab))
        return lab;
    key = PyObject_Str(lab);
    if (key == NULL || PyList_Append(made, key) < 0) {
        Py_XDECREF(key);
        return NULL;
    }
    Py_DECREF(key);
    return key;
}

/* The labels given as a sequence (*nl of them), or NULL. */
static PyObject *
label_sequence(PyObject *labels, size_t *nl)
{
    PyObject *lseq;

    *nl = 0;
    if (labels == NULL || PyUnicode_Check(labels))
        return NULL;
    lseq = PySequence_Fast(labels, "");
    if (lseq == NULL)
        PyErr_Clear();
    else
        *nl = (size_t)PySequence_Fast_GET_SIZE(lseq);
    return lseq;
}

/* Value v added to the slice of label lab, a new one (the *ns-th) when
 * the label is new (index: label -> slice). */
static int
add_to_slice(PyObject *index, px_slice *sl, size_t *ns, PyObject *lab, double v)
{
    PyObject *pos = PyDict_GetItemWithError(index, lab);

    if (pos != NULL) {
        sl[PyLong_AsSize_t(pos)].value += v;
        return 0;
    }
    if (PyErr_Occurred())
        return -1;
    pos = PyLong_FromSize_t(*ns);
    if (pos == NULL || PyDict_SetItem(index, lab, pos) < 0) {
        Py_XDECREF(pos);
        return -1;
    }
    Py_DECREF(pos);
    sl[*ns].label = lab;
    sl[*ns].value = v;
    sl[*ns].first = *ns;
    (*ns)++;
    return 0;
}

int
px_pie_slices(trace_ctx *t, int sort, px_slice **out, size_t *count, PyObject **keep)
{
    PyObject *labels = px_get(t->trace, "labels"), *lseq = NULL, *index = NULL;
    PyObject *made = NULL, *lab;
    double *vals = NULL;
    size_t nv = 0, nl = 0, n, i, ns = 0;
    px_slice *sl = NULL;
    int rc = -1;

    *out = NULL;
    *count = 0;
    *keep = NULL;
    if (px_values_of(t, "values", NULL, &vals, &nv) < 0)
        goto done;
    lseq = label_sequence(labels, &nl);
    n = vals != NULL ? (lseq != NULL ? (nl > nv ? nl : nv) : nv) : nl;
    if (n == 0) {
        rc = 0;
        goto done;
    }
    made = PyList_New(0);
    index = PyDict_New();
    sl = px_calc_zalloc(n, sizeof *sl);
    if (made == NULL || index == NULL || sl == NULL) {
        if (sl == NULL)
            PyErr_NoMemory();
        goto done;
    }
    /* The labels and their slices live in made: the sequence of labels
     * is let go before the slices are used. */
    if (lseq != NULL && PyList_Append(made, lseq) < 0)
        goto done;
    /* plotly.js adds up the values of equal labels (counting the labels
     * when no values are given); labels past the values count nothing. */
    for (i = 0; i < n; i++) {
        double v = vals != NULL ? (i < nv ? vals[i] : NAN) : 1;

        if ((lab = slice_label(t, lseq, nl, i, made)) == NULL)
            goto done;
        /* plotly.js draws no negative or missing value */
        if (isfinite(v) && v >= 0 && add_to_slice(index, sl, &ns, lab, v) < 0)
            goto done;
    }
    if (sort)
        qsort(sl, ns, sizeof *sl, slice_order);
    *out = sl;
    *count = ns;
    *keep = made;
    sl = NULL;
    made = NULL;
    rc = 0;
done:
    free(vals);
    free(sl);
    Py_XDECREF(labels);
    Py_XDECREF(lseq);
    Py_XDECREF(index);
    Py_XDECREF(made);
    return rc;
}

int
px_read_pie(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *title = NULL, *keep = NULL;
    double total = 0, rot = 0, start, at;
    size_t i, ns = 0;
    px_slice *sl = NULL;
    int clockwise, rc = -1;
    chartex_artist *a;

    if (px_pie_slices(t, px_bool(t->trace, "sort", 1), &sl, &ns, &keep) < 0)
        goto done;
    clockwise = !px_str_is(t->trace, "direction", "counterclockwise", 0);
    px_number(t->trace, "rotation", &rot);
    for (i = 0; i < ns; i++)
        total += sl[i].value;
    if (!(total > 0)) {
        rc = 0;
        goto done;
    }
    start = 90 - rot;     /* plotly.js: the first slice starts at 12 o'clock */
    at = start;
    for (i = 0; i < ns; i++) {
        double ang = sl[i].value / total * 360, t1, t2;

        if (clockwise) {
            t2 = at;
            t1 = at - ang;
            at = t1;
        }
        else {
            t1 = at;
            t2 = at + ang;
            at = t2;
        }
        a = chartex_axes_add_artist(t->p->axes, CHARTEX_ARTIST_WEDGE, &r->err);
        if (a == NULL || chartex_artist_set_class(a, "plotly.pie", 10, &r->err) < 0) {
            px_core_fail(r);
            goto done;
        }
        /* exact doubles: the angle keeps their digits (no float32 rule) */
        chartex_artist_set_flags(a, CHARTEX_WEDGE_EXACT);
        chartex_artist_set_wedge(a, t1, t2, 1.0);
        SET_TEXT(r, sl[i].label, chartex_artist_set_label(a, s, len, &r->err));
    }
    /* A pie's own title names its Axes. */
    title = px_title(t->trace, "title");
    if (title != NULL)
        SET_TEXT(r, title, chartex_axes_set_title(t->p->axes, CHARTEX_TITLE_CENTER, s, len,
                                                  &r->err));
    rc = 0;
done:
    free(sl);
    Py_XDECREF(keep);
    Py_XDECREF(title);
    return rc;
}
