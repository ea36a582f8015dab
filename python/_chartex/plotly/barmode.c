/*
 * barmode.c - bar traces: rectangles with plotly.js's positions, widths,
 * bases and barmode (group, stack, relative, overlay), the stacks kept
 * per subplot; px_emit_bars draws histograms.c's bins too.
 */
#include "plotly.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's default */
#define BARGAP 0.2

/* ------------------------------------------------------------- bars */

static size_t
hash_pos(double v, size_t cap)
{
    uint64_t u;

    if (v == 0)
        v = 0;    /* -0.0 and 0.0 are one position */
    memcpy(&u, &v, sizeof u);
    u ^= u >> 33;
    u *= 0xff51afd7ed558ccdULL;
    u ^= u >> 33;
    return (size_t)(u & (cap - 1));
}

static stack_slot *
stack_find(stack_table *s, double pos)
{
    size_t h, i, cap;
    stack_slot *old;

    if (s->n * 2 >= s->cap) {
        cap = s->cap ? s->cap * 2 : 64;
        old = s->slot;
        s->slot = calloc(cap, sizeof *s->slot);
        if (s->slot == NULL) {
            s->slot = old;
            return NULL;
        }
        for (i = 0; i < s->cap; i++)
            if (old[i].used) {
                h = hash_pos(old[i].pos, cap);
                while (s->slot[h].used)
                    h = (h + 1) & (cap - 1);
                s->slot[h] = old[i];
            }
        free(old);
        s->cap = cap;
    }
    h = hash_pos(pos, s->cap);
    while (s->slot[h].used && s->slot[h].pos != pos)
        h = (h + 1) & (s->cap - 1);
    if (!s->slot[h].used) {
        s->slot[h].used = 1;
        s->slot[h].pos = pos;
        s->slot[h].up = s->slot[h].down = 0;
        s->n++;
    }
    return &s->slot[h];
}

/* Bars at positions pos with values val (n of them), in plotly.js's
 * geometry for the layout's barmode. */
int
px_emit_bars(trace_ctx *t, const double *pos, const double *val, const double *width_given,
          const double *base_given, size_t n, int horizontal, double full_width,
          size_t count, size_t mine, const char *barmode)
{
    preader *r = t->r;
    px_trace_state *ts = px_trace_state_of(t->p);
    size_t i, m = 0;
    double *bx = NULL, *by = NULL, *bw = NULL, *bh = NULL, *bv = NULL;
    int group = strcmp(barmode, "group") == 0 && count > 1;
    int stacking = strcmp(barmode, "stack") == 0 || strcmp(barmode, "relative") == 0;
    int relative = strcmp(barmode, "relative") == 0;
    chartex_artist *a;
    int rc = -1;

    if (ts == NULL)
        return -1;
    bx = malloc((n ? n : 1) * sizeof *bx);
    by = malloc((n ? n : 1) * sizeof *by);
    bw = malloc((n ? n : 1) * sizeof *bw);
    bh = malloc((n ? n : 1) * sizeof *bh);
    bv = malloc((n ? n : 1) * sizeof *bv);
    if (bx == NULL || by == NULL || bw == NULL || bh == NULL || bv == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        double w = width_given != NULL && isfinite(width_given[i]) ? width_given[i] : full_width;
        double c = pos[i], b = base_given != NULL && isfinite(base_given[i]) ? base_given[i] : 0;
        double v = val[i];

        if (!isfinite(c))
            continue;
        if (group && width_given == NULL) {
            w = full_width / (double)count;
            c = pos[i] - full_width / 2 + w * ((double)mine + 0.5);
        }
        if (stacking && isfinite(v) && base_given == NULL) {
            stack_slot *s = stack_find(&ts->stack, pos[i]);

            if (s == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            if (relative && v < 0) {
                b = s->down;
                s->down += v;
            }
            else {
                b = s->up;
                s->up += v;
                if (!relative)
                    s->down = s->up;
            }
        }
        if (horizontal) {
            bx[m] = b;
            by[m] = c - w / 2;
            bw[m] = isfinite(v) ? v : 0;
            bh[m] = w;
        }
        else {
            bx[m] = c - w / 2;
            by[m] = b;
            bw[m] = w;
            bh[m] = isfinite(v) ? v : 0;
        }
        bv[m] = v;
        m++;
    }
    a = px_new_artist(t, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    chartex_artist_set_orientation(a, horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
    if (chartex_artist_set_bars(a, m, bx, by, bw, bh, bv, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    rc = 0;
done:
    free(bx);
    free(by);
    free(bw);
    free(bh);
    free(bv);
    return rc;
}

/* One value or an array of them for n bars (width, base, offset). */
static int
per_bar(trace_ctx *t, const char *key, size_t n, double **out)
{
    double one, *v = NULL;
    size_t nv = 0, i;

    *out = NULL;
    if (px_number(t->trace, key, &one)) {
        v = malloc((n ? n : 1) * sizeof *v);
        if (v == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < n; i++)
            v[i] = one;
        *out = v;
        return 0;
    }
    if (px_values_of(t, key, NULL, &v, &nv) < 0)
        return -1;
    if (v != NULL && nv < n) {
        double *grown = realloc(v, (n ? n : 1) * sizeof *v);

        if (grown == NULL) {
            free(v);
            PyErr_NoMemory();
            return -1;
        }
        v = grown;
        for (i = nv; i < n; i++)
            v[i] = NAN;
    }
    *out = v;
    return 0;
}

int
px_read_bar(trace_ctx *t)
{
    px_subplot *p = t->p;
    int horizontal = px_horizontal(t->trace, t->type);
    px_axis *pax = p->axis[horizontal ? 1 : 0], *vax = p->axis[horizontal ? 0 : 1];
    double *pos = NULL, *val = NULL, *width = NULL, *base = NULL, dpos, gap = BARGAP;
    size_t npos = 0, nval = 0, n, count, mine;
    int rc = -1;

    if (px_values_of(t, horizontal ? "y" : "x", pax, &pos, &npos) < 0
        || px_values_of(t, horizontal ? "x" : "y", vax, &val, &nval) < 0)
        goto done;
    if (val == NULL)
        goto ok;
    if (pos == NULL) {
        npos = nval;
        pos = px_implied_positions(t, horizontal ? "y0" : "x0", horizontal ? "dy" : "dx", npos);
        if (pos == NULL)
            goto done;
    }
    n = npos < nval ? npos : nval;
    if (px_side_by_side(t, horizontal, &count, &mine, &dpos) < 0
        || per_bar(t, "width", n, &width) < 0 || per_bar(t, "base", n, &base) < 0)
        goto done;
    px_number(t->r->layout, "bargap", &gap);
    if (px_emit_bars(t, pos, val, width, base, n, horizontal, dpos * (1 - gap), count, mine,
                  t->r->barmode) < 0)
        goto done;
ok:
    rc = 0;
done:
    free(pos);
    free(val);
    free(width);
    free(base);
    return rc;
}
