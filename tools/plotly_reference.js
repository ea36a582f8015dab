#!/usr/bin/env node
/*
 * plotly_reference.js - run plotly.js's own calc (histogram bins, box
 * statistics) in node, without a browser, and print what it computed, as
 * the reference python/_chartex/plotly/stats.h is tested against
 * (tests/data/plotly_reference.json).
 *
 *   node tools/plotly_reference.js CASES.json [plotly.min.js] > out.json
 *
 * plotly.min.js defaults to $PLOTLY_JS.  CASES.json is a list of
 *   {"name", "kind": "hist", "axis": "linear|log|date|category",
 *    "barmode", "traces": [plotly histogram trace attributes]}
 *   {"name", "kind": "box", "y": [...], "quartilemethod", "boxpoints"}
 *   {"name", "kind": "hist2d", "xaxis": "linear|date|category",
 *    "yaxis": ..., "trace": {plotly histogram2d trace attributes}}
 * Each case comes back with its input and plotly.js's results: for a
 * histogram trace its positions as plotly.js's calcdata numbers ("pos":
 * milliseconds on dates, indices on categories), the drawn bins' edges and
 * values (null where plotly.js draws no bar); for a box, its statistics;
 * for a 2-D histogram its x and y positions ("xpos", "ypos"), the bins'
 * edges on each axis ("xedges", "yedges") and z, one row per y bin (null
 * where plotly.js leaves null).
 *
 * plotly.js runs as tools/plotly_node.js loads it; three more edits to
 * the bundle's text (plotly.js 4.1.1's) keep each histogram's bin edges,
 * which calcdata holds only as centres.
 */
'use strict';
const {num, calc, run} = require('./plotly_node.js');

/* The bin loops, made to keep their edges. */
const EDITS = [
    [/v\.push\(c\),!p&&a\.type==="date"/,
        'v.push(c),t._chxEdges=v,t._chxCenters=r,!p&&a.type==="date"', 'the histogram bin loop'],
    [/S\.push\(f\);var G=T\.length,Q=\(f-X\)\/G/,
        'S.push(f),r._chxXEdges=S;var G=T.length,Q=(f-X)/G', 'the 2-D histogram x bin loop'],
    [/C\.push\(f\);var he=x\.length/,
        'C.push(f),r._chxYEdges=C;var he=x.length', 'the 2-D histogram y bin loop']];

function histCase(Plotly, c) {
    const layout = {barmode: c.barmode || 'group', xaxis: {type: c.axis || 'linear'}};
    const data = c.traces.map(t => Object.assign({type: 'histogram'}, t));
    const gd = calc(Plotly, data, layout);
    const ax = gd._fullLayout.xaxis;
    const out = [];
    gd._fullData.forEach((ft, i) => {
        const cd = gd.calcdata[i].filter(p => p.p !== undefined);
        const pos = Array.from(ax.makeCalcdata(ft, 'x'), v => num(v));
        const res = {pos: pos, edges: [], values: []};
        const centers = ft._chxCenters || [], edges = ft._chxEdges || [];
        if(cd.length) {
            const first = centers.indexOf(cd[0].p), last = centers.indexOf(cd[cd.length - 1].p);
            if(first < 0 || last < 0) throw new Error(c.name + ': calcdata centre not among the bins');
            const byP = new Map(cd.map(p => [p.p, p.s]));
            for(let k = first; k <= last; k++) {
                res.edges.push(edges[k]);
                res.values.push(byP.has(centers[k]) ? num(byP.get(centers[k])) : null);
            }
            res.edges.push(edges[last + 1]);
        }
        out.push(res);
    });
    return out;
}

function boxCase(Plotly, c) {
    const tr = {type: 'box', y: c.y, boxmean: 'sd', quartilemethod: c.quartilemethod || 'linear',
        boxpoints: c.boxpoints === undefined ? 'outliers' : c.boxpoints};
    const gd = calc(Plotly, [tr], {});
    const ft = gd._fullData[0], d = gd.calcdata[0][0];
    if(d.t && d.t.empty) return {empty: true};
    /* box/plot.js: without points (or sized by sd) the whiskers go to min / max */
    const toMinMax = d.lf === undefined || ft.boxpoints === false;
    return {
        n: d.y.length, min: num(d.min), q1: num(d.q1), median: num(d.med), q3: num(d.q3),
        max: num(d.max), lf: num(d.lf), uf: num(d.uf), mean: num(d.mean), sd: num(d.sd),
        lowerfence: num(toMinMax ? d.min : d.lf), upperfence: num(toMinMax ? d.max : d.uf),
        outliers: toMinMax ? [] : d.pts.map(p => p.v).filter(v => v < d.lf || v > d.uf),
        pts2: d.pts2.map(p => p.v)
    };
}

function hist2dCase(Plotly, c) {
    const layout = {xaxis: {type: c.xaxis || 'linear'}, yaxis: {type: c.yaxis || 'linear'}};
    const gd = calc(Plotly, [Object.assign({type: 'histogram2d'}, c.trace)], layout);
    const ft = gd._fullData[0], d = gd.calcdata[0][0];
    const fl = gd._fullLayout;
    return {
        xpos: Array.from(fl.xaxis.makeCalcdata(ft, 'x'), v => num(v)),
        ypos: Array.from(fl.yaxis.makeCalcdata(ft, 'y'), v => num(v)),
        xedges: ft._chxXEdges || [], yedges: ft._chxYEdges || [],
        z: (d.z || []).map(row => Array.from(row, v => num(v)))
    };
}

run(EDITS, (Plotly, c) => c.kind === 'box' ? boxCase(Plotly, c)
    : c.kind === 'hist2d' ? hist2dCase(Plotly, c) : histCase(Plotly, c));
