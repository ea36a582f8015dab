/*
 * barmode.c - bar and histogram traces: their bars where plotly.js places
 * them.  The bar-like traces of a subplot are placed together once
 * (calc/barplace.c, plotly.js's cross_trace_calc.js: barmode, bargap,
 * bargroupgap, barnorm, offset and alignment groups, each trace's width,
 * offset and base); each bar is drawn as the rectangle plotly.js draws
 * and carries the position it stands at (its x: the category, number or
 * date plotly.js names it by, whatever offset it is drawn at) and, for a
 * histogram, the bin it counts (histograms.c's bins) and how its values
 * merge under the budget; their error bars (error_extents.c).
 */
#include "plotly.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One bar-like trace of the subplot: its inputs (owned) and its bars. */
typedef struct bar_slot {
    PyObject *trace;            /* borrowed from the subplot's list */
    int horizontal, histogram;
    double unit;                /* plotly.js's positions per the scene's:
                                   a day's milliseconds on a date axis */
    double *p, *s, *base, *width, *offset, *bin_lo, *bin_hi;
    double *c, *w, *b, *size;
    px_bar_trace in;
} bar_slot;

struct px_bar_state {
    size_t n;
    bar_slot *slot;
};

static void
bar_state_free(px_bar_state *bs)
{
    size_t i;

    if (bs == NULL)
        return;
    for (i = 0; i < bs->n; i++) {
        bar_slot *s = &bs->slot[i];

        free(s->p);
        free(s->s);
        free(s->base);
        free(s->width);
        free(s->offset);
        free(s->bin_lo);
        free(s->bin_hi);
        free(s->c);
        free(s->w);
        free(s->b);
        free(s->size);
    }
    free(bs->slot);
    free(bs);
}

static int
bar_like(const char *type)
{
    return strcmp(type, "bar") == 0 || strcmp(type, "histogram") == 0;
}

/* ------------------------------------------------------ the inputs */

/* One number or an array of them for n bars (width, base, offset) on
 * axis ax (NULL: plain numbers).  *one receives the number, *v the array
 * (NULL when a number or none); 1 when given. */
static int
per_bar(trace_ctx *t, const char *key, px_axis *ax, size_t n, double *one, double **v)
{
    PyObject *obj = px_get(t->trace, key);
    double *vals = NULL, *grown;
    size_t nv = 0, i;
    int given = 0;

    *one = NAN;
    *v = NULL;
    if (obj == NULL)
        return PyErr_Occurred() ? -1 : 0;
    if (px_number_of(obj, one)) {
        given = 1;
    } else if (!PyUnicode_Check(obj)) {
        if (px_values(t->r, obj, ax, &vals, &nv) < 0) {
            Py_DECREF(obj);
            return -1;
        }
        given = vals != NULL;
    } else if (ax != NULL && px_values(t->r, obj, ax, &vals, &nv) == 0 && vals != NULL
               && nv == 1) {
        /* one date given as text: a base on a date axis */
        *one = vals[0];
        free(vals);
        vals = NULL;
        given = isfinite(*one);
    }
    Py_DECREF(obj);
    if (PyErr_Occurred())
        return -1;
    if (vals != NULL) {
        grown = px_calc_grow(vals, n, sizeof *vals);
        if (grown == NULL) {
            free(vals);
            PyErr_NoMemory();
            return -1;
        }
        vals = grown;
        for (i = nv; i < n; i++)
            vals[i] = NAN;
        *v = vals;
    }
    return given;
}

/* A bar trace's positions and sizes, and its width, offset and base. */
static int
bar_inputs(trace_ctx *t, bar_slot *s)
{
    px_subplot *p = t->p;
    px_axis *pax = p->axis[s->horizontal ? 1 : 0], *vax = p->axis[s->horizontal ? 0 : 1];
    int vcat = vax != NULL && vax->type == PX_AXTYPE_CATEGORY;
    double *pos = NULL, *val = NULL;
    size_t npos = 0, nval = 0, n, i;
    int given;

    if (px_values_of(t, s->horizontal ? "y" : "x", pax, &pos, &npos) < 0
        || px_values_of(t, s->horizontal ? "x" : "y", vax, &val, &nval) < 0)
        goto fail;
    if (val == NULL) {
        free(pos);
        return 0;
    }
    if (pos == NULL) {
        npos = nval;
        pos = px_implied_positions(t, s->horizontal ? "y0" : "x0", s->horizontal ? "dy" : "dx",
                                   npos);
        if (pos == NULL)
            goto fail;
    }
    n = npos < nval ? npos : nval;
    for (i = 0; i < n; i++)
        pos[i] *= s->unit;
    s->p = pos;
    s->s = val;
    s->in.n = n;
    /* A width or offset on a date axis: plotly.js's milliseconds. */
    if ((given = per_bar(t, "width", NULL, n, &s->in.width1, &s->width)) < 0)
        return -1;
    s->in.has_width = given;
    if ((given = per_bar(t, "offset", NULL, n, &s->in.offset1, &s->offset)) < 0)
        return -1;
    s->in.has_offset = given;
    /* A base on a category axis means nothing to plotly.js. */
    if (!vcat) {
        if ((given = per_bar(t, "base", vax, n, &s->in.base1, &s->base)) < 0)
            return -1;
        s->in.has_base = given;
    } else {
        s->in.base1 = NAN;
    }
    return 0;
fail:
    free(pos);
    free(val);
    return -1;
}

/* A histogram trace's bins: positions their centres, sizes their values. */
static int
histogram_inputs(trace_ctx *t, bar_slot *s)
{
    const px_hist_output *h = NULL;
    size_t i, n;

    if (px_histogram_bins(t, s->trace, &h, &s->horizontal) < 0)
        return -1;
    s->in.base1 = s->in.width1 = s->in.offset1 = NAN;
    if (h == NULL || h->nbins == 0 || h->edges == NULL)
        return 0;
    n = h->nbins;
    s->p = px_calc_alloc(n, sizeof *s->p);
    s->s = px_calc_alloc(n, sizeof *s->s);
    s->bin_lo = px_calc_alloc(n, sizeof *s->bin_lo);
    s->bin_hi = px_calc_alloc(n, sizeof *s->bin_hi);
    if (s->p == NULL || s->s == NULL || s->bin_lo == NULL || s->bin_hi == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        double lo = h->edges[i], hi = h->edges[i + 1];   /* plotly.js's units */

        s->bin_lo[i] = lo;
        s->bin_hi[i] = hi;
        s->p[i] = (lo + hi) / 2;
        s->s[i] = h->values[i];
    }
    s->in.n = n;
    if (n == 1)
        s->in.width1_hist = s->bin_hi[0] - s->bin_lo[0];
    return 0;
}

/* --------------------------------------------------- offset groups */

/* The axis a trace's bars stand along ("x2"), and the root of its
 * "matches" chain (plotly.js's axis group: facets share alignment). */
static void
position_root(preader *r, PyObject *trace, int horizontal, char *out, size_t size)
{
    const char *key = horizontal ? "yaxis" : "xaxis";
    PyObject *v = px_get(trace, key), *keep = NULL;
    char ref[32];
    int hops;

    snprintf(ref, sizeof ref, "%s", horizontal ? "y" : "x");
    if (v != NULL && PyUnicode_Check(v)) {
        const char *s = PyUnicode_AsUTF8(v);

        if (s != NULL && strlen(s) < sizeof ref)
            snprintf(ref, sizeof ref, "%s", s);
    }
    Py_XDECREF(v);
    PyErr_Clear();
    for (hops = 0; hops < 16; hops++) {
        char axkey[48];
        PyObject *ax;
        const char *m;

        snprintf(axkey, sizeof axkey, "%caxis%s", ref[0], ref + 1);
        ax = px_get(r->layout, axkey);
        m = ax != NULL ? px_str(ax, "matches", &keep) : NULL;
        if (m == NULL || strlen(m) >= sizeof ref || m[0] != ref[0]
            || strcmp(m, ref) == 0) {
            Py_XDECREF(ax);
            Py_CLEAR(keep);
            break;
        }
        snprintf(ref, sizeof ref, "%s", m);
        Py_XDECREF(ax);
        Py_CLEAR(keep);
    }
    PyErr_Clear();
    snprintf(out, size, "%s%c", ref, horizontal ? 'h' : 'v');
}

static int
has_key(PyObject *trace, const char *key)
{
    PyObject *v = px_get(trace, key);
    int has = v != NULL;

    Py_XDECREF(v);
    px_absent();
    return has;
}

/* How many values trace[key] holds (a typed array: some). */
static Py_ssize_t
length_of(PyObject *trace, const char *key)
{
    PyObject *v = px_get(trace, key);
    Py_ssize_t n = 0;

    if (v != NULL && px_is_typed_array(v))
        n = 1;
    else if (v != NULL && !PyUnicode_Check(v) && !PyDict_Check(v) && PySequence_Check(v))
        n = PySequence_Size(v);
    Py_XDECREF(v);
    px_absent();
    return n < 0 ? 0 : n;
}

/* Whether a bar-like trace is drawn or in its legend (plotly.js groups a
 * "legendonly" one all the same): not visible false, and data to draw (a
 * bar: x and y, or one of them; a histogram: either). */
static int
grouped_trace(PyObject *trace, const char **type, PyObject **keep)
{
    PyObject *vis = px_get(trace, "visible");
    int off = vis == Py_False;
    Py_ssize_t nx, ny;

    Py_XDECREF(vis);
    PyErr_Clear();
    *type = px_str(trace, "type", keep);
    if (*type == NULL)
        *type = "scatter";
    if (off || !bar_like(*type))
        return 0;
    nx = length_of(trace, "x");
    ny = length_of(trace, "y");
    if (strcmp(*type, "bar") == 0 && has_key(trace, "x") && has_key(trace, "y"))
        return nx > 0 && ny > 0;
    return nx + ny > 0;
}

static int
trace_horizontal(PyObject *trace, const char *type)
{
    return strcmp(type, "bar") == 0 ? px_horizontal(trace, type)
                                    : px_histogram_horizontal(trace);
}

/* The index of text s among names[0..*n) (added when new), or SIZE_MAX
 * when there is no room. */
static size_t
name_index(char (*names)[64], size_t *n, size_t cap, const char *s)
{
    size_t i;

    for (i = 0; i < *n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    if (*n == cap)
        return SIZE_MAX;
    snprintf(names[*n], 64, "%s", s);
    return (*n)++;
}

/* The offset group of each slot's trace among the alignment groups of the
 * figure (handleGroupingDefaults): every bar-like trace of the same axis
 * group and orientation, in the order plotly.js meets them (a module's
 * traces together, modules in the order their first trace comes).
 * plotly.js 3: in barmode "group" a trace without an offsetgroup takes
 * none, in the other modes the alignment group's "" one; plotly.js 2
 * (legacy): only traces with an offsetgroup take one, and only barmode
 * "group" reads them. */
static int
offset_groups(preader *r, bar_slot *slots, size_t n_slots, int group_mode, int legacy)
{
    enum { CAP = 256 };
    char (*keys)[64] = NULL;      /* each offset group: "<its alignment group>|<name>" */
    char (*aligns)[64] = NULL;    /* each alignment group: "<axis group>|<name>" */
    size_t *key_align = NULL, *per_align = NULL, n_keys = 0, n_aligns = 0, i, k, pass;
    Py_ssize_t j, m = PyList_GET_SIZE(r->data);
    const char *order[2] = {NULL, NULL};
    int rc = -1;

    keys = px_calc_zalloc(CAP, sizeof *keys);
    aligns = px_calc_zalloc(CAP, sizeof *aligns);
    key_align = px_calc_zalloc(CAP, sizeof *key_align);
    per_align = px_calc_zalloc(CAP, sizeof *per_align);
    if (keys == NULL || aligns == NULL || key_align == NULL || per_align == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (j = 0; j < m && order[1] == NULL; j++) {
        PyObject *keep = NULL;
        const char *type;

        if (grouped_trace(PyList_GET_ITEM(r->data, j), &type, &keep)
            && (order[0] == NULL || strcmp(order[0], type) != 0))
            order[order[0] == NULL ? 0 : 1] = strcmp(type, "bar") == 0 ? "bar" : "histogram";
        Py_XDECREF(keep);
    }
    for (pass = 0; pass < 2 && order[pass] != NULL; pass++)
        for (j = 0; j < m; j++) {
            PyObject *tr = PyList_GET_ITEM(r->data, j), *keep = NULL, *k1 = NULL, *k2 = NULL;
            const char *type, *ag, *og;
            char root[40], akey[64], okey[64];
            size_t a, o = SIZE_MAX, idx = 0;
            int has_og, takes;

            if (!grouped_trace(tr, &type, &keep) || strcmp(type, order[pass]) != 0) {
                Py_XDECREF(keep);
                continue;
            }
            position_root(r, tr, trace_horizontal(tr, type), root, sizeof root);
            ag = px_str(tr, "alignmentgroup", &k1);
            og = px_str(tr, "offsetgroup", &k2);
            PyErr_Clear();
            has_og = og != NULL && og[0] != '\0';
            snprintf(akey, sizeof akey, "%.39s|%.20s", root, ag != NULL ? ag : "");
            a = name_index(aligns, &n_aligns, CAP, akey);
            takes = legacy ? has_og && (group_mode || strcmp(type, "bar") != 0)
                           : has_og || !group_mode;
            if (a != SIZE_MAX && takes) {
                size_t before = n_keys;

                snprintf(okey, sizeof okey, "%zu|%.40s", a, has_og ? og : "");
                o = name_index(keys, &n_keys, CAP, okey);
                if (o != SIZE_MAX && n_keys > before) {
                    key_align[o] = a;
                    per_align[a]++;
                }
                for (k = 0; o != SIZE_MAX && k < o; k++)
                    idx += key_align[k] == a;
            }
            for (i = 0; i < n_slots; i++) {
                if (slots[i].trace != tr)
                    continue;
                slots[i].in.offset_index = o != SIZE_MAX ? idx : legacy ? SIZE_MAX : 0;
                slots[i].in.n_offset_groups = a;     /* the alignment group, for now */
            }
            Py_XDECREF(keep);
            Py_XDECREF(k1);
            Py_XDECREF(k2);
        }
    for (i = 0; i < n_slots; i++) {
        size_t a = slots[i].in.n_offset_groups;

        slots[i].in.n_offset_groups = a < n_aligns ? per_align[a] : 0;
    }
    rc = 0;
done:
    free(keys);
    free(aligns);
    free(key_align);
    free(per_align);
    return rc;
}

/* ----------------------------------------------------- the layout */

/* layout.bargap, or plotly.js's default: 0 when a histogram stands on a
 * non-category axis and no subplot groups two bar-like traces, else 0.2. */
static double
bar_gap(preader *r, int group_mode)
{
    Py_ssize_t k;
    double gap;
    int gapless = 0, gapped = 0;
    size_t s;

    if (px_number(r->layout, "bargap", &gap))
        return gap;
    for (s = 0; s < r->n_subplots; s++) {
        px_subplot *p = &r->subplots[s];
        int count = 0;

        if (p->types == NULL)
            continue;
        for (k = 0; k < PyList_GET_SIZE(p->types); k++) {
            const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
            PyObject *tr = PyList_GET_ITEM(p->traces, k);

            if (ty == NULL) {
                PyErr_Clear();
                continue;
            }
            if (!bar_like(ty))
                continue;
            count++;
            if (strcmp(ty, "histogram") == 0) {
                px_axis *pax = p->axis[trace_horizontal(tr, ty) ? 1 : 0];

                if (pax == NULL || pax->type != PX_AXTYPE_CATEGORY)
                    gapless = 1;
            }
        }
        if (group_mode && count >= 2)
            gapped = 1;
    }
    return gapless && !gapped ? 0 : 0.2;
}

/* Whether the figure is drawn by plotly.js 2: plotly.py 5 is imported
 * (its offset groups act in barmode "group" only). */
static int
plotly_js_2(void)
{
    PyObject *mod = PyDict_GetItemString(PyImport_GetModuleDict(), "plotly"), *v;
    const char *s;
    int old = 0;

    if (mod == NULL)
        return 0;
    v = PyObject_GetAttrString(mod, "__version__");
    if (v != NULL && PyUnicode_Check(v) && (s = PyUnicode_AsUTF8(v)) != NULL)
        old = s[0] >= '0' && s[0] <= '5' && s[1] == '.';
    Py_XDECREF(v);
    PyErr_Clear();
    return old;
}

static px_barmode
barmode_of(const char *s)
{
    return strcmp(s, "overlay") == 0 ? PX_BARMODE_OVERLAY
           : strcmp(s, "stack") == 0 ? PX_BARMODE_STACK
           : strcmp(s, "relative") == 0 ? PX_BARMODE_RELATIVE : PX_BARMODE_GROUP;
}

/* Places the slots of one orientation. */
static int
place_orientation(trace_ctx *t, bar_slot *slots, size_t n, int horizontal,
                  const px_bar_layout *base)
{
    px_bar_trace *in = px_calc_zalloc(n, sizeof *in);
    px_axis *pax = t->p->axis[horizontal ? 1 : 0];
    px_bar_layout L = *base;
    size_t i, m = 0;
    int rc;

    if (in == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    L.category = pax != NULL && pax->type == PX_AXTYPE_CATEGORY;
    for (i = 0; i < n; i++)
        if (slots[i].horizontal == horizontal && slots[i].in.n > 0)
            in[m++] = slots[i].in;
    rc = px_place_bars(in, m, &L);
    if (rc < 0)
        PyErr_NoMemory();
    free(in);
    return rc;
}

/* The bar-like traces of t's subplot, read and placed (once). */
static int
subplot_bars(trace_ctx *t, px_trace_state *ts)
{
    px_subplot *p = t->p;
    Py_ssize_t k, m = PyList_GET_SIZE(p->traces);
    px_bar_state *bs;
    px_bar_layout L;
    PyObject *keep = NULL;
    const char *norm;
    size_t i;

    bs = calloc(1, sizeof *bs);
    if (bs == NULL || (bs->slot = px_calc_zalloc((size_t)m, sizeof *bs->slot)) == NULL) {
        free(bs);
        PyErr_NoMemory();
        return -1;
    }
    ts->bars = bs;
    ts->bars_free = bar_state_free;
    for (k = 0; k < m; k++) {
        trace_ctx o = *t;
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
        bar_slot *s;
        px_axis *pax;

        if (ty == NULL)
            return -1;
        if (!bar_like(ty))
            continue;
        s = &bs->slot[bs->n++];
        o.trace = s->trace = PyList_GET_ITEM(p->traces, k);
        o.type = ty;
        s->histogram = ty[0] == 'h';
        s->horizontal = trace_horizontal(s->trace, ty);
        pax = p->axis[s->horizontal ? 1 : 0];
        s->unit = pax != NULL && pax->type == PX_AXTYPE_DATE ? MS_PER_DAY : 1;
        s->in.width1_hist = s->in.base1 = s->in.width1 = s->in.offset1 = NAN;
        if ((s->histogram ? histogram_inputs(&o, s) : bar_inputs(&o, s)) < 0)
            return -1;
        s->in.p = s->p;
        s->in.s = s->s;
        s->in.base = s->base;
        s->in.width = s->width;
        s->in.offset = s->offset;
        s->c = px_calc_alloc(s->in.n, sizeof *s->c);
        s->w = px_calc_alloc(s->in.n, sizeof *s->w);
        s->b = px_calc_alloc(s->in.n, sizeof *s->b);
        s->size = px_calc_alloc(s->in.n, sizeof *s->size);
        if (s->c == NULL || s->w == NULL || s->b == NULL || s->size == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        s->in.c = s->c;
        s->in.w = s->w;
        s->in.b = s->b;
        s->in.size = s->size;
    }
    memset(&L, 0, sizeof L);
    L.mode = barmode_of(t->r->barmode);
    L.legacy = plotly_js_2();
    L.gap = bar_gap(t->r, L.mode == PX_BARMODE_GROUP);
    px_number(t->r->layout, "bargroupgap", &L.groupgap);
    norm = L.mode == PX_BARMODE_OVERLAY ? NULL : px_str(t->r->layout, "barnorm", &keep);
    L.norm = norm == NULL ? 0 : strcmp(norm, "fraction") == 0 ? 1
             : strcmp(norm, "percent") == 0 ? 2 : 0;
    Py_XDECREF(keep);
    PyErr_Clear();
    if (offset_groups(t->r, bs->slot, bs->n, L.mode == PX_BARMODE_GROUP, L.legacy) < 0)
        return -1;
    for (i = 0; i < 2; i++)
        if (place_orientation(t, bs->slot, bs->n, (int)i, &L) < 0)
            return -1;
    return 0;
}

/* ------------------------------------------------------- the bars */

/* The bars of slot s as plotly.js draws them, with the positions they
 * stand at and their bins. */
static int
emit(trace_ctx *t, const bar_slot *s)
{
    preader *r = t->r;
    size_t i, m = 0, n = s->in.n;
    double *buf, *bx, *by, *bw, *bh, *bv, *at, *lo = NULL, *hi = NULL;
    size_t *src;                /* the trace's value each bar drawn shows */
    chartex_artist *a;
    int rc = -1;

    buf = px_calc_alloc(n * 8, sizeof *buf);
    src = px_calc_alloc(n, sizeof *src);
    if (buf == NULL || src == NULL) {
        free(buf);
        free(src);
        PyErr_NoMemory();
        return -1;
    }
    bx = buf;
    by = bx + n;
    bw = by + n;
    bh = bw + n;
    bv = bh + n;
    at = bv + n;
    if (s->bin_lo != NULL) {
        lo = at + n;
        hi = lo + n;
    }
    for (i = 0; i < n; i++) {
        double c = s->c[i] / s->unit, w = s->w[i] / s->unit, b = s->b[i];
        double size = isfinite(s->size[i]) ? s->size[i] : 0;

        if (!isfinite(s->p[i]) || !isfinite(c) || !isfinite(w))
            continue;
        if (s->horizontal) {
            bx[m] = b;
            by[m] = c - w / 2;
            bw[m] = size;
            bh[m] = w;
        } else {
            bx[m] = c - w / 2;
            by[m] = b;
            bw[m] = w;
            bh[m] = size;
        }
        bv[m] = s->s[i];
        at[m] = s->p[i] / s->unit;
        if (lo != NULL) {
            lo[m] = s->bin_lo[i] / s->unit;
            hi[m] = s->bin_hi[i] / s->unit;
        }
        src[m++] = i;
    }
    if (m == 0) {
        rc = 0;         /* plotly.js draws none of its bars */
        goto done;
    }
    a = px_new_artist(t, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA,
                      s->histogram ? px_histogram_flags(t, s->horizontal) : 0, 0, 1);
    if (a == NULL)
        goto done;
    chartex_artist_set_orientation(a, s->horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
    if (chartex_artist_set_bars(a, m, bx, by, bw, bh, bv, &r->err) < 0
        || chartex_artist_set_bar_positions(a, m, at, lo, hi, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    if (px_bar_errors(t, a, bx, by, bw, bh, src, m, n, s->horizontal) < 0)
        goto done;
    rc = 0;
done:
    free(buf);
    free(src);
    return rc;
}

int
px_read_bar(trace_ctx *t)
{
    px_trace_state *ts = px_trace_state_of(t->p);
    size_t i;

    if (ts == NULL)
        return -1;
    if (ts->bars == NULL && subplot_bars(t, ts) < 0)
        return -1;
    for (i = 0; i < ts->bars->n; i++)
        if (ts->bars->slot[i].trace == t->trace)
            return ts->bars->slot[i].in.n > 0 ? emit(t, &ts->bars->slot[i]) : 0;
    return 0;
}

int
px_read_histogram(trace_ctx *t)
{
    return px_read_bar(t);
}
