/*
 * marks.c - one Vega mark of a view into the scene: its family by type
 * and style (Vega-Lite's mark names survive as styles: "point", "bar",
 * "tick", "errorbar-rule", ...).
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- marks */

/* An image or another mark that draws what no element holds: counted,
 * so that its view is a chart. */
static int
other(vl_mark *m)
{
    chartex_artist *a = vl_new_artist(m, CHARTEX_ARTIST_OTHER, CHARTEX_ROLE_DATA, 0, NULL);

    return a == NULL ? -1 : 0;
}

static int
read_rect(vl_mark *m)
{
    if (vl_has_style(m->mark, "tick") && !vl_has_style(m->mark, "errorbar-ticks"))
        return vl_read_symbols(m);
    if (vl_has_style(m->mark, "errorbar-ticks") || vl_has_style(m->mark, "boxplot-ticks"))
        return 0;       /* an error bar's or a box's caps: drawn with them */
    return vl_read_rects(m);
}

int
vl_read_mark(vl_mark *m)
{
    const char *t = m->type;

    if (m->used || t == NULL || m->rows.data == NULL || m->pane == NULL)
        return 0;
    if (strcmp(t, "symbol") == 0)
        return vl_read_symbols(m);
    if (strcmp(t, "rect") == 0)
        return read_rect(m);
    if (strcmp(t, "line") == 0 || strcmp(t, "trail") == 0) {
        if (vl_has_style(m->mark, "errorband-borders"))
            return 0;   /* the band's edges: its area holds them */
        return vl_read_lines(m);
    }
    if (strcmp(t, "area") == 0)
        return vl_read_areas(m);
    if (strcmp(t, "arc") == 0)
        return vl_read_arcs(m);
    if (strcmp(t, "rule") == 0)
        return vl_read_rules(m);
    if (strcmp(t, "text") == 0)
        return vl_read_texts(m);
    if (strcmp(t, "shape") == 0)
        return vl_read_geoshapes(m);
    if (strcmp(t, "image") == 0 || strcmp(t, "path") == 0)
        return other(m);
    return 0;
}
