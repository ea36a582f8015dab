/*
 * fuzz_altair.c - the fuzz entry point of the Altair reader
 * (python/_chartex/altair/): arbitrary bytes as an Altair plan in its JSON
 * form, what chartex._altair.plan hands the reader -- {"vega": the Vega
 * spec, "datasets": {key: {"rows", "columns", "temporal"}}, "notes"} --
 * with its columns as JSON lists.  Vega-Lite, VegaFusion and vl-convert
 * are not reached (they are not C and run before the reader): an input
 * that is no plan is made one ({"vega": it, "datasets": {}}), so every
 * input reaches the reader.
 *
 * The reader reads Python objects, so the target embeds CPython: once, in
 * LLVMFuzzerInitialize, the interpreter the build was configured with
 * starts (its site-packages give NumPy), with every allocation through
 * malloc so that ASan sees Python's objects too, and the extension module
 * -- built into this binary with the sanitizers, not the one on disk -- is
 * made from its definition.  Then, per input: json.loads of the bytes (a
 * list is taken as the figure's data), and the module's own functions:
 * figure_to_json, figure_to_dict, figure_to_scene_json and the scene's
 * chart through the core alone.  The promises checked, any broken one an
 * abort that libFuzzer reports:
 *   - a conversion returns or raises an ordinary exception (ChartexError,
 *     TypeError, ValueError, MemoryError, RecursionError...), never a
 *     SystemError (a C function that failed without saying why);
 *   - the dict and the JSON text never disagree;
 *   - the figure's scene gives the same chart through the core alone.
 *
 * Built by make fuzz (Makefile.am: clang -fsanitize=fuzzer,address,
 * undefined, against the configured Python's libpython), seeded with
 * fuzz/altair-seeds (tools/altair_fuzz_seeds.py).  Its findings are kept
 * in fuzz/altair-regressions/ and replayed by make check through the real
 * extension (tests/test_altair_fuzz.py), with the same checks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#ifndef CHARTEX_FUZZ_PYTHON
#error "CHARTEX_FUZZ_PYTHON must name the interpreter (its venv's site-packages hold NumPy)"
#endif

PyMODINIT_FUNC PyInit__chartex(void);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,          \
                    __LINE__, #cond);                                       \
            if (PyErr_Occurred())                                           \
                PyErr_Print();                                              \
            abort();                                                        \
        }                                                                   \
    } while (0)

static PyObject *loads, *to_json, *to_dict, *to_scene, *scene_to_json;

/* The interpreter is never finalized: what it holds at exit (code objects,
 * interned strings, module state) is no leak of the reader.  A block the
 * reader or the core mallocs and loses has no libpython frame and is still
 * reported; Python objects it keeps too many references to are the
 * refcount tests' (tests/test_leaks.py, test_plotly.py's test_no_leak). */
const char *__lsan_default_suppressions(void);
const char *
__lsan_default_suppressions(void)
{
    return "leak:libpython\n";
}

/* The extension module, made from its definition (PEP 489), with a spec
 * of its real name. */
static PyObject *
make_module(void)
{
    PyObject *def = PyInit__chartex(), *machinery, *spec, *module;

    CHECK(def != NULL && PyObject_TypeCheck(def, &PyModuleDef_Type));
    machinery = PyImport_ImportModule("importlib.machinery");
    CHECK(machinery != NULL);
    spec = PyObject_CallMethod(machinery, "ModuleSpec", "sO", "chartex._chartex", Py_None);
    CHECK(spec != NULL);
    module = PyModule_FromDefAndSpec((PyModuleDef *)def, spec);
    CHECK(module != NULL);
    CHECK(PyModule_ExecDef(module, (PyModuleDef *)def) == 0);
    Py_DECREF(spec);
    Py_DECREF(machinery);
    return module;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    PyPreConfig pre;
    PyConfig config;
    PyStatus status;
    PyObject *json, *module;

    (void)argc;
    (void)argv;
    PyPreConfig_InitPythonConfig(&pre);
    pre.allocator = PYMEM_ALLOCATOR_MALLOC;   /* ASan sees every object */
    status = Py_PreInitialize(&pre);
    CHECK(!PyStatus_Exception(status));
    PyConfig_InitPythonConfig(&config);
    /* The configured interpreter: a venv's pyvenv.cfg beside it gives its
     * site-packages (NumPy). */
    status = PyConfig_SetBytesString(&config, &config.program_name, CHARTEX_FUZZ_PYTHON);
    CHECK(!PyStatus_Exception(status));
    config.install_signal_handlers = 0;
    config.parse_argv = 0;
    status = Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
    CHECK(!PyStatus_Exception(status));
    json = PyImport_ImportModule("json");
    CHECK(json != NULL);
    loads = PyObject_GetAttrString(json, "loads");
    module = make_module();
    to_json = PyObject_GetAttrString(module, "figure_to_json");
    to_dict = PyObject_GetAttrString(module, "figure_to_dict");
    to_scene = PyObject_GetAttrString(module, "figure_to_scene_json");
    scene_to_json = PyObject_GetAttrString(module, "scene_json_to_json");
    CHECK(loads && to_json && to_dict && to_scene && scene_to_json);
    /* NumPy's C API is imported on the first figure: once here. */
    Py_XDECREF(PyObject_CallFunction(to_json, "O", Py_None));
    PyErr_Clear();
    Py_DECREF(json);
    Py_DECREF(module);
    return 0;
}

/* *obj as a plan the reader reads directly: a dict with "vega" and a dict
 * "datasets" (made so when it lacks them: {"vega": obj, "datasets": {}}).
 * 0 when it cannot be one (not a dict). */
static int
as_plan(PyObject **obj)
{
    PyObject *d = *obj, *vega, *data, *plan;

    if (!PyDict_Check(d))
        return 0;
    vega = PyDict_GetItemString(d, "vega");
    data = PyDict_GetItemString(d, "datasets");
    if (vega != NULL && PyDict_Check(vega) && data != NULL && PyDict_Check(data))
        return 1;
    plan = Py_BuildValue("{s:O,s:{}}", "vega", vega != NULL && PyDict_Check(vega) ? vega : d,
                         "datasets");
    CHECK(plan != NULL);
    if (data != NULL && PyDict_Check(data))
        CHECK(PyDict_SetItemString(plan, "datasets", data) == 0);
    Py_DECREF(d);
    *obj = plan;
    return 1;
}

/* A conversion that failed: an ordinary exception, never SystemError.
 * Returns 0 when it failed (the exception cleared). */
static int
succeeded(PyObject *result)
{
    if (result != NULL)
        return 1;
    CHECK(PyErr_Occurred() != NULL);
    CHECK(!PyErr_ExceptionMatches(PyExc_SystemError));
    PyErr_Clear();
    return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    PyObject *text = NULL, *fig = NULL, *json = NULL, *dict = NULL, *parsed = NULL;
    PyObject *scene = NULL, *again = NULL;

    text = PyUnicode_DecodeUTF8((const char *)data, (Py_ssize_t)size, "replace");
    if (text == NULL) {
        PyErr_Clear();
        return 0;
    }
    fig = PyObject_CallFunctionObjArgs(loads, text, NULL);
    if (fig == NULL) {
        PyErr_Clear();  /* not JSON: the reader is not reached */
        goto done;
    }
    if (!as_plan(&fig))
        goto done;
    json = PyObject_CallFunctionObjArgs(to_json, fig, NULL);
    if (!succeeded(json))
        goto done;
    dict = PyObject_CallFunctionObjArgs(to_dict, fig, NULL);
    CHECK(dict != NULL);
    /* the dict and the JSON text never disagree */
    parsed = PyObject_CallFunctionObjArgs(loads, json, NULL);
    CHECK(parsed != NULL);
    CHECK(PyObject_RichCompareBool(parsed, dict, Py_EQ) == 1);
    /* the scene gives the same chart through the core alone */
    scene = PyObject_CallFunctionObjArgs(to_scene, fig, NULL);
    CHECK(scene != NULL);
    again = PyObject_CallFunctionObjArgs(scene_to_json, scene, NULL);
    CHECK(again != NULL);
    CHECK(PyUnicode_Compare(again, json) == 0);
done:
    Py_XDECREF(text);
    Py_XDECREF(fig);
    Py_XDECREF(json);
    Py_XDECREF(dict);
    Py_XDECREF(parsed);
    Py_XDECREF(scene);
    Py_XDECREF(again);
    return 0;
}
