#!/usr/bin/env node
/*
 * plotly_reference_records.js - run plotly.js's own calc for the trace
 * families whose values it derives besides statistics (a treemap's,
 * sunburst's or icicle's node values, a waterfall's totals and bars, a
 * funnel's bars and ratios) in node, without a browser, and print what it
 * computed: the reference python/_chartex/plotly/tree.c and derived.c are
 * tested against (tests/data/plotly_reference_records.json, by
 * tests/test_plotly_derived.c).
 *
 *   node tools/plotly_reference_records.js CASES.json [plotly.min.js] > out.json
 *
 * plotly.min.js defaults to $PLOTLY_JS (plotly.py ships one:
 * plotly/package_data/plotly.min.js).  CASES.json is a list of
 *   {"name", "kind": "tree", "trace": {treemap / sunburst / icicle attributes}}
 *   {"name", "kind": "waterfall" | "funnel", "trace": {...}, "layout": {...}}
 * Each comes back with plotly.js's results: for a tree, "values" (the
 * value plotly.js gives each row, null for a row it leaves out), "root"
 * ({"id", "value"} of the root it adds when one parent names no row, or
 * null) and "drawn" (false when it builds no hierarchy); for a waterfall
 * or funnel, each bar's "s0" and "s1" (start and end) and "v" (waterfall:
 * the value it shows), "begR", "difR", "sumR" (funnel: its ratios).
 *
 * plotly.js runs as tools/plotly_node.js loads it (plotly.js 4.1.1's
 * bundle), with no edit of its own.
 */
'use strict';
const {num, calc, run} = require('./plotly_node.js');

function treeCase(Plotly, c) {
    const gd = calc(Plotly, [Object.assign({type: 'treemap'}, c.trace)], c.layout);
    const cd = gd.calcdata[0];
    const h = cd && cd[0] && cd[0].hierarchy;
    const n = Math.max((c.trace.ids || []).length, (c.trace.labels || []).length);
    const values = new Array(n).fill(null);
    let root = null;
    if(!h) return {drawn: false, values: values, root: null};
    h.each(function(node) {
        const d = node.data.data;
        if(d.hasImpliedRoot) root = {id: d.id, value: num(node.value)};
        else if(d.i !== undefined) values[d.i] = num(node.value);
    });
    return {drawn: true, values: values, root: root};
}

function barsCase(Plotly, c) {
    const gd = calc(Plotly, [Object.assign({type: c.kind}, c.trace)], c.layout);
    return gd.calcdata[0].filter(d => d.p !== undefined).map(d => ({
        s0: num(d.s0), s1: num(d.s1), v: num(d.v),
        begR: num(d.begR), difR: num(d.difR), sumR: num(d.sumR)
    }));
}

run([], (Plotly, c) => c.kind === 'tree' ? treeCase(Plotly, c) : barsCase(Plotly, c));
