/*
 * bingroups.c - which bins each histogram trace gets (histogram/calc.js
 * calcAllAutoBins, cross_trace_defaults.js): a bin group's attributes,
 * each from the first trace that gives it, merged with autobin.c's
 * automatic bins; the single-value overlay case; a trace's own start and
 * end on its group's grid.  See calc.h.
 */
#include "calc_shared.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int
size_given(const px_hist_input *t)
{
    return t->size_months > 0 || !isnan(t->size);
}

/* Uve.dtick (clean_ticks.js) on a given bin size. */
static dtick
clean_size(const px_hist_input *t, px_axis_type axtype)
{
    dtick d = {0, 0};
    int is_date = axtype == PX_AXTYPE_DATE;

    if (t->size_months > 0 && is_date) {
        d.months = t->size_months;
        return d;
    }
    if (t->size_months > 0 || !js_isnum(t->size) || t->size <= 0) {
        d.num = is_date ? ONEDAY : 1;
        return d;
    }
    d.num = is_date ? (t->size > 0.1 ? t->size : 0.1) : t->size;
    return d;
}

/* The group's attributes as cross_trace_defaults.js finds them: each
 * from the first trace of the group that gives it. */
static void
group_inputs(hist_ctx *cx, size_t g)
{
    group_opts *o = &cx->g[g];
    size_t i;

    for (i = 0; i < cx->n; i++) {
        const px_hist_input *t = &cx->in[i];

        if (cx->gid[i] != g)
            continue;
        if (!o->start_found && !isnan(t->start)) {
            o->start_found = 1;
            o->start = t->start;
        }
        if (!o->end_found && !isnan(t->end)) {
            o->end_found = 1;
            o->end = t->end;
        }
        if (!o->size_found && size_given(t)) {
            o->size_found = 1;
            o->size = clean_size(t, cx->axtype);
            o->raw_size = t->size_months > 0 ? NAN : t->size;
        }
        if (!o->nbins && t->nbins > 0)
            o->nbins = t->nbins;
    }
    if (o->size_found)
        o->nbins = 0;
}

/* All positions of a group, in trace order (calcAllAutoBins' concat). */
static double *
group_positions(hist_ctx *cx, size_t g, size_t *len)
{
    size_t i, k = 0, total = 0;
    double *all;

    for (i = 0; i < cx->n; i++)
        if (cx->gid[i] == g)
            total += cx->in[i].n;
    all = px_calc_alloc(total, sizeof *all);
    if (!all)
        return NULL;
    for (i = 0; i < cx->n; i++)
        if (cx->gid[i] == g && cx->in[i].n) {
            memcpy(all + k, cx->in[i].pos, cx->in[i].n * sizeof *all);
            k += cx->in[i].n;
        }
    *len = total;
    return all;
}

/* The narrowest bin size of the traces other than ti (those before it
 * as their groups stand, those after it computed now), into *l; the
 * single-value traces after ti, which take the width too, appended to
 * lst (*nl of them).  -1 when out of memory. */
static int
overlay_width(hist_ctx *cx, size_t ti, size_t *lst, size_t *nl, double *l)
{
    size_t i;
    int passed = 0;

    for (i = 0; i < cx->n; i++) {
        if (i == ti) {
            passed = 1;
        } else if (!passed) {
            group_opts *o = &cx->g[cx->gid[i]];
            dtick sz = o->size;

            /* Math.min with a month string is NaN, and stays NaN */
            *l = sz.months > 0 ? NAN : (isnan(*l) ? *l : fmin(*l, sz.num));
        } else {
            binspec be;
            int early = 0;

            if (px_compute_group(cx, i, 1, &be, &early) < 0)
                return -1;
            if (early) {
                lst[(*nl)++] = i;
            } else {
                dtick sz = cx->g[cx->gid[i]].size;

                *l = sz.months > 0 ? NAN : (isnan(*l) ? *l : fmin(*l, sz.num));
            }
        }
    }
    return 0;
}

/* The first defined position of each of the nl traces lst (NaN when
 * none); NULL when out of memory. */
static double *
first_positions(const hist_ctx *cx, const size_t *lst, size_t nl)
{
    double *first = px_calc_zalloc(nl, sizeof *first);
    size_t i, j;

    if (!first)
        return NULL;
    for (i = 0; i < nl; i++) {
        const px_hist_input *t = &cx->in[lst[i]];

        first[i] = NAN;
        for (j = 0; j < t->n; j++)
            if (js_isnum(t->pos[j])) {     /* the first defined pos0 */
                first[i] = t->pos[j];
                break;
            }
    }
    return first;
}

/* histogram/calc.js handleSingleValueOverlays: on an overlay axis a trace
 * whose samples are all one value gets a bin as wide as the narrowest
 * bins of the other traces, centred on its value. */
static int
single_value_overlays(hist_ctx *cx, size_t ti, binspec *e)
{
    size_t *lst = px_calc_alloc(cx->n, sizeof *lst), nl = 0, i;
    double l = INFINITY, *first = NULL;
    int rc = -1;

    if (!lst)
        goto done;
    lst[nl++] = ti;
    if (overlay_width(cx, ti, lst, &nl, &l) < 0)
        goto done;
    first = first_positions(cx, lst, nl);
    if (!first)
        goto done;
    if (!isfinite(l) && px_min_diff(first, nl, &l) < 0)
        goto done;
    for (i = 0; i < nl; i++) {
        group_opts *o = &cx->g[cx->gid[lst[i]]];

        o->start = c2r(cx->axtype, first[i] - l / 2);
        o->end = c2r(cx->axtype, first[i] + l / 2);
        o->size.num = l;
        o->size.months = 0;
        o->done = 1;
        if (lst[i] == ti) {
            e->start = first[i] - l / 2;
            e->end = first[i] + l / 2;
            e->size = o->size;
        }
    }
    rc = 0;
done:
    free(first);
    free(lst);
    return rc;
}

/* The middle of calcAllAutoBins: a group's automatic bins, merged with
 * the attributes its traces give.  With early_ok (the single-value
 * overlay search) a one-value trace returns its autoBin unmerged. */
int
px_compute_group(hist_ctx *cx, size_t ti, int early_ok, binspec *out_e, int *early)
{
    size_t g = cx->gid[ti], len = 0, i, last = ti;
    group_opts *o = &cx->g[g];
    const px_hist_input *t = &cx->in[ti], *lt;
    double *all = NULL;
    binspec e;
    int rc = -1;

    *early = 0;
    if (o->done)
        return 0;
    group_inputs(cx, g);
    all = group_positions(cx, g, &len);
    if (!all)
        goto done;
    if (px_auto_bin(all, len, cx->axtype, o->nbins, o->size_found ? &o->size : NULL,
                 o->raw_size, cx->is2d, &e) < 0)
        goto done;
    /* the single-value case: overlay, not categories, no bingroup, no size */
    if (cx->overlay && e.span == 0 && cx->axtype != PX_AXTYPE_CATEGORY
        && !(t->bingroup && *t->bingroup) && !size_given(t)) {
        if (early_ok) {
            *out_e = e;
            *early = 1;
            rc = 0;
            goto done;
        }
        if (single_value_overlays(cx, ti, &e) < 0)
            goto done;
    }
    e.start = c2r(cx->axtype, e.start);
    e.end = c2r(cx->axtype, e.end);
    /* the cumulative edge case, on the group's last trace's settings */
    for (i = 0; i < cx->n; i++)
        if (cx->gid[i] == g)
            last = i;
    lt = &cx->in[last];
    if (lt->cumulative && lt->cumulative_currentbin != 0) {
        if (lt->cumulative_decreasing)
            e.start = c2r(cx->axtype, px_tick_increment(r2c(cx->axtype, e.start), e.size, 1));
        else
            e.end = c2r(cx->axtype, px_tick_increment(r2c(cx->axtype, e.end), e.size, 0));
    }
    o->size = e.size;
    if (!o->start_found)
        o->start = e.start;
    if (!o->end_found)
        o->end = e.end;
    o->done = 1;
    *out_e = e;
    rc = 0;
done:
    free(all);
    return rc;
}

/* The end of calcAllAutoBins: a trace of a shared group whose own start
 * differs starts on the group's grid at or before its own start (or
 * data), and ends at its own end (or data). */
void
px_trace_bins(hist_ctx *cx, size_t ti)
{
    const px_hist_input *t = &cx->in[ti];
    group_opts *o = &cx->g[cx->gid[ti]];
    double start = o->start, end = o->end, dmin, dmax;
    int own_start = !isnan(t->start), own_end = !isnan(t->end);

    px_data_range(t->pos, t->n, &dmin, &dmax);
    if ((o->start_found || own_start) && !(own_start && t->start == o->start)) {
        double r = own_start ? t->start : dmin;
        double first = px_tick_first(r, px_tick_increment(r, o->size, 0), o->start, o->size);

        if (first > r)
            first = px_tick_increment(first, o->size, 1);
        start = first;
    }
    if ((o->end_found || own_end) && !(own_end && t->end == o->end))
        end = own_end ? t->end : dmax;
    cx->tstart[ti] = start;
    cx->tend[ti] = end;
    cx->tsize[ti] = o->size;
}
