/*
 * plotly_node.js - plotly.js in node, without a browser, for the tools that
 * record what plotly.js computes (tools/plotly_reference.js,
 * tools/plotly_reference_records.js): the browser stubbed just enough for
 * the bundle to load (no drawing happens, only Plots.supplyDefaults and
 * Plots.doCalcdata), the bundle's text edited where a tool needs more than
 * it exports (each edit checked to match exactly once, so a tool is tied to
 * the bundle it was written for, plotly.js 4.1.1's), and the calc of a
 * figure.
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

/* Plots whole, where the bundle exports three of its functions. */
const PLOTS_EXPORT = [
    /([\w$]+)\.Plots=\{resize:([\w$]+)\.resize,graphJson:[\w$]+\.graphJson,sendDataToCloud:[\w$]+\.sendDataToCloud\}/,
    '$1.Plots=$2', 'the Plots export'];

/* The bundle at path, with Plots exported whole and then each of edits
 * ([regexp, replacement, what it is]) made. */
function loadPlotly(path, edits) {
    stubBrowser();
    let src = fs.readFileSync(path, 'utf8');
    for(const [re, to, what] of [PLOTS_EXPORT].concat(edits || [])) src = editOnce(src, re, to, what);
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

/* node TOOL CASES.json [plotly.min.js]: each case with its result(Plotly,
 * case) added, as JSON on stdout. */
function run(edits, result) {
    const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
    const path = process.argv[3] || process.env.PLOTLY_JS;
    if(!path) throw new Error('name plotly.min.js (argument or $PLOTLY_JS)');
    const Plotly = loadPlotly(path, edits);
    const results = cases.map(c => Object.assign({}, c, {result: result(Plotly, c)}));
    process.stdout.write(JSON.stringify({plotly_version: Plotly.version, cases: results}, null, 1) + '\n');
}

module.exports = {num, calc, run, loadPlotly};
