/*
 * derived.c - the values plotly.js derives from a trace's arrays before it
 * draws, for the trace families that are no statistics: a waterfall's
 * running totals and each bar's start and end (waterfall/calc.js and its
 * cross-trace step), a funnel's centred bars and its ratios to the first,
 * previous and total values (funnel/calc.js), a sankey's node values
 * (sankey/calc.js's links, d3-sankey's node value).  Plain C on doubles.
 */
#include "calc.h"

#include <math.h>
#include <stdlib.h>

void
px_waterfall(const double *size, const px_measure *measure, size_t n, double base, double *s0,
             double *s1, double *own)
{
    double previous = 0;
    size_t i;

    if (!isfinite(base))
        base = 0;
    for (i = 0; i < n; i++) {
        double amount = isfinite(size[i]) ? size[i] : 0;
        px_measure m = measure != NULL ? measure[i] : PX_MEASURE_RELATIVE;

        if (m == PX_MEASURE_ABSOLUTE || m == PX_MEASURE_TOTAL) {
            /* a sum: from the base to the total (an absolute bar sets it) */
            if (m == PX_MEASURE_ABSOLUTE)
                previous = amount;
            s0[i] = base;
            own[i] = previous;
        }
        else {
            /* from the running total before it to the one after it */
            s0[i] = base + previous;
            previous += amount;
            own[i] = isfinite(size[i]) ? size[i] : NAN;
        }
        s1[i] = base + previous;
    }
}

void
px_funnel(const double *v, size_t n, double *s0, double *s1, double *initial, double *prev,
          double *total)
{
    double sum = 0, first, good = NAN;
    size_t i;

    /* negative values are no value, as missing ones */
    for (i = 0; i < n; i++)
        if (isfinite(v[i]) && v[i] >= 0)
            sum += v[i];
    first = n > 0 && isfinite(v[0]) && v[0] >= 0 ? v[0] : 0;
    for (i = 0; i < n; i++) {
        int ok = isfinite(v[i]) && v[i] >= 0;
        double fixed = ok ? v[i] : 0;

        /* a bar centred on the axis line */
        s0[i] = ok ? -0.5 * v[i] : 0;
        s1[i] = ok ? 0.5 * v[i] : NAN;
        /* percents, multiplied first: 60 of 100 is 60, not 60.000000000000007 */
        initial[i] = fixed * 100 / first;
        if (!isfinite(initial[i]))
            initial[i] = NAN;
        if (!ok) {
            prev[i] = total[i] = NAN;
            continue;
        }
        total[i] = v[i] * 100 / sum;
        prev[i] = isnan(good) ? 100 : v[i] * 100 / good;
        if (!isfinite(total[i]))
            total[i] = NAN;
        if (!isfinite(prev[i]))
            prev[i] = NAN;
        good = v[i];
    }
}

/* A node index: an integer in [0, count). */
static int
is_index(double v, size_t count)
{
    return isfinite(v) && v >= 0 && v == floor(v) && v < (double)count;
}

size_t
px_sankey_nodes(size_t n_labels, const double *source, const double *target, size_t n_links)
{
    double most = -1;
    size_t i;

    /* plotly.js: as many nodes as the largest index names (and labels) */
    for (i = 0; i < n_links; i++) {
        if (isfinite(source[i]) && source[i] > most)
            most = source[i];
        if (isfinite(target[i]) && target[i] > most)
            most = target[i];
    }
    if (!(most + 1 > (double)n_labels))
        return n_labels;
    /* Past the labels, a node is drawn only when a link names it: an
     * index far beyond the labels and links (hostile) is not one of them
     * (which also bounds what is allocated). */
    if (most + 1 > (double)n_labels + 2.0 * (double)n_links)
        return n_labels + 2 * n_links;
    return (size_t)(most + 1);
}

int
px_sankey_values(size_t n_nodes, const double *source, const double *target, const double *value,
                 size_t n_links, double *node_value)
{
    double *in = px_calc_zalloc(n_nodes, sizeof *in);
    double *out = px_calc_zalloc(n_nodes, sizeof *out);
    unsigned char *linked = px_calc_zalloc(n_nodes, 1);
    size_t i;

    if (in == NULL || out == NULL || linked == NULL) {
        free(in);
        free(out);
        free(linked);
        return -1;
    }
    for (i = 0; i < n_links; i++) {
        size_t s, t;

        /* plotly.js keeps a link with a value above 0 between two nodes */
        if (!(value[i] > 0 && isfinite(value[i])) || !is_index(source[i], n_nodes)
            || !is_index(target[i], n_nodes))
            continue;
        s = (size_t)source[i];
        t = (size_t)target[i];
        out[s] += value[i];
        in[t] += value[i];
        linked[s] = linked[t] = 1;
    }
    /* d3-sankey: a node's value is the larger of what comes in and what
     * goes out; a node without a link is not drawn */
    for (i = 0; i < n_nodes; i++)
        node_value[i] = linked[i] ? fmax(in[i], out[i]) : NAN;
    free(in);
    free(out);
    free(linked);
    return 0;
}
