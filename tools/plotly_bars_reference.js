#!/usr/bin/env node
/*
 * plotly_bars_reference.js - where plotly.js places each bar: the oracle
 * of the Plotly bar tests (tests/test_truth_plotly.py), run in node
 * without a browser as tools/plotly_node.js loads plotly.js.
 *
 *   node tools/plotly_bars_reference.js [plotly.min.js] < figures.ndjson
 *
 * plotly.min.js defaults to $PLOTLY_JS.  Each line of stdin is a figure,
 * {"data": [traces], "layout": {...}}; each line of stdout is what
 * plotly.js's calc and cross-trace calc (bar/cross_trace_calc.js) made of
 * it: {"version", "traces": [{"index": the trace's index in data,
 * "type", "orientation", "xaxis", "yaxis", "bars": [{"p", "c", "w",
 * "b", "s", "bin0", "bin1"}]}], "axes": {"x": {"type", "categories"},
 * ...}} for every bar and histogram trace plotly.js draws: p the position
 * the bar stands at (a category's index, a number, a date in ms), c its
 * centre as drawn, w its width, b its base, s its size, bin0 and bin1 a
 * histogram bar's bin (null for a bar, and with a bundle the bin edit
 * does not fit).  A line that fails gives
 * {"error": message}.  One process serves any number of figures, so a
 * test starts node once.
 */
'use strict';
const readline = require('readline');
const {num, calc, loadPlotly} = require('./plotly_node.js');

const path = process.argv[2] || process.env.PLOTLY_JS;
if(!path) throw new Error('name plotly.min.js (argument or $PLOTLY_JS)');
/* plotly.js keeps a histogram bin's centre (p) and its hover span (ph0,
 * ph1, rounded to the data's precision), not its edges: the bin loop is
 * made to keep them (tools/plotly_reference.js's edit), where the bundle
 * is the one that edit was written for; elsewhere the bins are not
 * given (null). */
const EDGES = [[/v\.push\(c\),!p&&a\.type==="date"/,
    'v.push(c),t._chxEdges=v,t._chxCenters=r,!p&&a.type==="date"', 'the histogram bin loop']];
let Plotly, haveEdges = true;
try {
    Plotly = loadPlotly(path, EDGES);
} catch(e) {
    haveEdges = false;
    Plotly = loadPlotly(path, []);
}

function axisOf(fl, id) {
    const ax = fl[id.charAt(0) + 'axis' + id.slice(1)] || {};
    return {type: ax.type, categories: (ax._categories || []).map(String)};
}

function place(fig) {
    const gd = calc(Plotly, fig.data || [], fig.layout || {});
    const fl = gd._fullLayout, out = {version: Plotly.version, traces: [], axes: {}};
    gd._fullData.forEach((ft, i) => {
        if(ft.visible !== true || (ft.type !== 'bar' && ft.type !== 'histogram')) return;
        const h = ft.orientation === 'h', pl = h ? 'y' : 'x';
        const centers = ft._chxCenters || [], edges = ft._chxEdges || [];
        const bars = (gd.calcdata[i] || []).map(d => {
            const k = ft.type === 'histogram' && haveEdges ? centers.indexOf(d.p) : -1;
            return {p: num(d.p), c: num(d[pl]), w: num(d.w), b: num(d.b), s: num(d.s),
                bin0: k >= 0 ? num(edges[k]) : null, bin1: k >= 0 ? num(edges[k + 1]) : null};
        });
        out.traces.push({index: ft.index, type: ft.type, orientation: ft.orientation,
            xaxis: ft.xaxis, yaxis: ft.yaxis, bars: bars});
        [ft.xaxis, ft.yaxis].forEach(id => { out.axes[id] = axisOf(fl, id); });
    });
    return out;
}

const rl = readline.createInterface({input: process.stdin, terminal: false});
rl.on('line', line => {
    if(!line.trim()) return;
    let res;
    try {
        res = place(JSON.parse(line));
    } catch(e) {
        res = {error: String(e && e.stack || e)};
    }
    process.stdout.write(JSON.stringify(res) + '\n');
});
