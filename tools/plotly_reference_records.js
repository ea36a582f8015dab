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
 * The browser is stubbed as in tools/plotly_reference.js; the one edit to
 * the bundle's text exports Plots whole (plotly.js 4.1.1's bundle).
 */
'use strict';
process.env.TZ = 'UTC';

const fs = require('fs');
const Module = require('module');

function element(tag) {
    return {
        tagName: tag, nodeType: 1, childNodes: [], children: [], attributes: {},
        style: {setProperty() {}, getPropertyValue() { return ''; }, removeProperty() {}},
        setAttribute() {}, getAttribute() { return null; }, removeAttribute() {},
        appendChild(c) { return c; }, insertBefore(c) { return c; }, removeChild() {},
        addEventListener() {}, removeEventListener() {},
        querySelector() { return null; }, querySelectorAll() { return []; },
        getElementsByTagName() { return []; }, getContext() { return null; },
        classList: {add() {}, remove() {}, contains() { return false; }},
        getBoundingClientRect() { return {left: 0, top: 0, width: 0, height: 0, right: 0, bottom: 0}; },
        sheet: {insertRule() {}, cssRules: []}
    };
}

function stubBrowser() {
    const doc = {
        createElement: element, createElementNS: (ns, t) => element(t),
        createTextNode: () => element('#text'),
        head: element('head'), body: element('body'), documentElement: element('html'),
        querySelector() { return null; }, querySelectorAll() { return []; },
        getElementById() { return null; }, getElementsByTagName() { return []; },
        addEventListener() {}, removeEventListener() {}
    };
    global.Element = function() {};
    global.HTMLElement = function() {};
    global.SVGElement = function() {};
    global.DOMParser = function() { this.parseFromString = () => doc; };
    global.XMLSerializer = function() { this.serializeToString = () => ''; };
    global.CSSStyleDeclaration = function() {};
    global.window = global;
    global.self = global;
    global.document = doc;
    if(!global.navigator) global.navigator = {userAgent: 'node'};
    global.getComputedStyle = () => ({getPropertyValue() { return ''; }});
    global.requestAnimationFrame = f => setTimeout(f, 0);
    global.Image = function() {};
}

function editOnce(src, re, to, what) {
    const m = src.match(new RegExp(re.source, 'g'));
    if(!m || m.length !== 1) throw new Error('plotly.min.js: cannot find ' + what + ' (another version?)');
    return src.replace(re, to);
}

function loadPlotly(path) {
    stubBrowser();
    let src = fs.readFileSync(path, 'utf8');
    src = editOnce(src,
        /([\w$]+)\.Plots=\{resize:([\w$]+)\.resize,graphJson:[\w$]+\.graphJson,sendDataToCloud:[\w$]+\.sendDataToCloud\}/,
        '$1.Plots=$2', 'the Plots export');
    const mod = new Module('plotly.min.js');
    mod._compile(src, path);
    return mod.exports;
}


function num(v) { return (typeof v === 'number' && isFinite(v)) ? v : null; }

function calc(Plotly, data, layout) {
    const gd = {data: data, layout: Object.assign({width: 700, height: 450}, layout || {}),
        _context: {locale: 'en-US', locales: {}, edits: {}, staticPlot: true}};
    Plotly.Plots.supplyDefaults(gd);
    Plotly.Plots.doCalcdata(gd);
    return gd;
}

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

function main() {
    const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
    const path = process.argv[3] || process.env.PLOTLY_JS;
    if(!path) throw new Error('name plotly.min.js (argument or $PLOTLY_JS)');
    const Plotly = loadPlotly(path);
    const results = cases.map(c => Object.assign({}, c,
        {result: c.kind === 'tree' ? treeCase(Plotly, c) : barsCase(Plotly, c)}));
    process.stdout.write(JSON.stringify({plotly_version: Plotly.version, cases: results}, null, 1) + '\n');
}

main();
