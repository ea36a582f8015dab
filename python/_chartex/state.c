/*
 * state.c - the module state of chartex._chartex and the services every
 * other file of the extension uses: the lazy imports (chx_ready), the
 * figure test (chx_is_figure) and the one place where a core error becomes
 * a Python exception (chx_raise_core_error).  It calls no other file of
 * the extension.
 *
 * Nothing heavy happens at import: NumPy's C API, the matplotlib classes
 * and the walker's Python side (chartex._matplotlib.compat, _artists, _legend) are
 * imported on the first call that reads a figure
 * (chx_ready), because a figure cannot exist before matplotlib (and so
 * NumPy) has been imported, and `import chartex` must stay cheap for
 * programs that never plot.
 */
#define CHX_NUMPY_OWNER 1
#include "state.h"

#include <string.h>

/* The NumPy C API table is process-wide (PyArray_API), not per module, so
 * importing it once is enough for every module object and interpreter
 * that loads this file. */
static int numpy_api_imported = 0;

/* ---------------------------------------------------------------- state */

PyDoc_STRVAR(ChartexError_doc,
"Raised when chartex cannot read a figure or a scene.  When a matplotlib\n"
"call failed, the message says what was being read and __cause__ holds the\n"
"original exception.");

int
chx_state_init(chx_state *st)
{
    /* Owned by the state from here on; chx_state_clear releases whatever
     * was made if a later step fails. */
#define CHX_INTERN_NAME(n)                                  \
    st->s_##n = PyUnicode_InternFromString(#n);             \
    if (st->s_##n == NULL)                                  \
        return -1;
    CHX_NAMES(CHX_INTERN_NAME)
#undef CHX_INTERN_NAME
    st->ChartexError = PyErr_NewExceptionWithDoc("chartex.ChartexError",
                                                 ChartexError_doc,
                                                 PyExc_Exception, NULL);
    if (st->ChartexError == NULL)
        return -1;
    return 0;
}

int
chx_state_traverse(chx_state *st, visitproc visit, void *arg)
{
    int i;

    Py_VISIT(st->ChartexError);
    Py_VISIT(st->compat);
    Py_VISIT(st->artists);
    Py_VISIT(st->legend);
    Py_VISIT(st->numpy_ma);
    Py_VISIT(st->frames);
    Py_VISIT(st->altair);
    for (i = 0; i < CHX_CLASS_COUNT; i++)
        Py_VISIT(st->cls[i]);
    return 0;
}

void
chx_state_clear(chx_state *st)
{
    int i;

    Py_CLEAR(st->ChartexError);
    Py_CLEAR(st->compat);
    Py_CLEAR(st->artists);
    Py_CLEAR(st->legend);
    Py_CLEAR(st->numpy_ma);
    Py_CLEAR(st->frames);
    Py_CLEAR(st->altair);
    for (i = 0; i < CHX_CLASS_COUNT; i++)
        Py_CLEAR(st->cls[i]);
    st->ready = 0;
#define CHX_CLEAR_NAME(n) Py_CLEAR(st->s_##n);
    CHX_NAMES(CHX_CLEAR_NAME)
#undef CHX_CLEAR_NAME
}

/* ---------------------------------------------------------- lazy imports */

static const struct {
    const char *module;
    const char *name;
} class_table[CHX_CLASS_COUNT] = {
    [CHX_FIGUREBASE] = {"matplotlib.figure", "FigureBase"},
    [CHX_LINE2D] = {"matplotlib.lines", "Line2D"},
    [CHX_PATHCOLLECTION] = {"matplotlib.collections", "PathCollection"},
    [CHX_POLYCOLLECTION] = {"matplotlib.collections", "PolyCollection"},
    [CHX_LINECOLLECTION] = {"matplotlib.collections", "LineCollection"},
    [CHX_WEDGE] = {"matplotlib.patches", "Wedge"},
    [CHX_RECTANGLE] = {"matplotlib.patches", "Rectangle"},
    [CHX_AXESIMAGE] = {"matplotlib.image", "AxesImage"},
    [CHX_BARCONTAINER] = {"matplotlib.container", "BarContainer"},
    [CHX_ERRORBARCONTAINER] = {"matplotlib.container", "ErrorbarContainer"},
    [CHX_STEMCONTAINER] = {"matplotlib.container", "StemContainer"},
    [CHX_MASKEDARRAY] = {"numpy.ma", "MaskedArray"},
    [CHX_AFFINE2D] = {"matplotlib.transforms", "Affine2D"},
    [CHX_STEPPATCH] = {"matplotlib.patches", "StepPatch"},
    [CHX_QUIVER] = {"matplotlib.quiver", "Quiver"},
    [CHX_BARBS] = {"matplotlib.quiver", "Barbs"},
};

static PyObject *
import_attr(const char *module_name, const char *name)
{
    PyObject *module = NULL, *value = NULL;

    module = PyImport_ImportModule(module_name);
    if (module == NULL)
        goto done;
    value = PyObject_GetAttrString(module, name);
done:
    Py_XDECREF(module);
    return value;
}

/* Sets *slot to value unless another thread got there first (an import
 * can release the GIL); steals value. */
static void
set_once(PyObject **slot, PyObject *value)
{
    if (*slot == NULL)
        *slot = value;
    else
        Py_DECREF(value);
}

int
chx_ready_numpy(chx_state *st)
{
    (void)st;
    if (!numpy_api_imported) {
        import_array1(-1);
        numpy_api_imported = 1;
    }
    return 0;
}

int
chx_ready(chx_state *st)
{
    PyObject *value;
    int i;

    if (st->ready)
        return 0;
    if (!numpy_api_imported) {
        /* import_array1 is the form of import_array for functions that
         * return int; it raises ImportError with NumPy's reason. */
        import_array1(-1);
        numpy_api_imported = 1;
    }
    for (i = 0; i < CHX_CLASS_COUNT; i++) {
        if (st->cls[i] != NULL)
            continue;
        value = import_attr(class_table[i].module, class_table[i].name);
        if (value == NULL)
            return -1;
        if (!PyType_Check(value)) {
            PyErr_Format(PyExc_TypeError, "%s.%s is not a class",
                         class_table[i].module, class_table[i].name);
            Py_DECREF(value);
            return -1;
        }
        set_once(&st->cls[i], value);
    }
    if (st->numpy_ma == NULL) {
        value = PyImport_ImportModule("numpy.ma");
        if (value == NULL)
            return -1;
        set_once(&st->numpy_ma, value);
    }
    {
        /* The walker's Python side: version differences, the readers of
         * some artists, the legend's names (each imports only below it). */
        static const char *const names[3] = {
            "chartex._matplotlib.compat", "chartex._matplotlib.artists", "chartex._matplotlib.legend"
        };
        PyObject **slots[3] = { &st->compat, &st->artists, &st->legend };
        int k;

        for (k = 0; k < 3; k++) {
            if (*slots[k] != NULL)
                continue;
            value = PyImport_ImportModule(names[k]);
            if (value == NULL)
                return -1;
            set_once(slots[k], value);
        }
    }
    st->ready = 1;
    return 0;
}

int
chx_is_figure(chx_state *st, PyObject *obj)
{
    PyObject *modules = PyImport_GetModuleDict(); /* borrowed */
    PyObject *figure_module;

    if (st->cls[CHX_FIGUREBASE] == NULL) {
        figure_module = PyDict_GetItemString(modules, "matplotlib.figure");
        if (figure_module == NULL)
            return 0;
        if (chx_ready(st) < 0)
            return -1;
    }
    return PyObject_IsInstance(obj, st->cls[CHX_FIGUREBASE]);
}

/* ------------------------------------------------------ the error bridge */

int
chx_raise_core_error(chx_state *st, const chartex_error *err)
{
    if (PyErr_Occurred())
        return -1;
    if (err->code == CHARTEX_ERR_NOMEM) {
        PyErr_NoMemory();
        return -1;
    }
    PyErr_SetString(st->ChartexError,
                    err->text[0] ? err->text : "chartex failed (no message)");
    return -1;
}

/* --------------------------------------------------------- the bridge */

int
chx_clear_recoverable(void)
{
    if (!PyErr_Occurred())
        return 0;
    if (PyErr_ExceptionMatches(PyExc_MemoryError)
        || !PyErr_ExceptionMatches(PyExc_Exception))
        return -1;
    PyErr_Clear();
    return 0;
}

const char *
chx_class_name(PyObject *obj)
{
    const char *name = Py_TYPE(obj)->tp_name;
    const char *dot = strrchr(name, '.');

    return dot ? dot + 1 : name;
}

int
chx_reader_error(chx_state *st, const char *reader, const char *what, PyObject *obj)
{
    PyObject *type = NULL, *value = NULL, *tb = NULL;
    PyObject *text = NULL, *msg = NULL, *exc = NULL;
    const char *sep = reader != NULL ? " " : "";
    const char *cls;

    if (reader == NULL)
        reader = "";
    if (!PyErr_Occurred()) {
        PyErr_Format(st->ChartexError, "while reading %s%s%s: unknown error",
                     reader, sep, what);
        return -1;
    }
    /* Already a reader's error, out of memory, or no error at all
     * (KeyboardInterrupt, SystemExit): as it is. */
    if (PyErr_ExceptionMatches(st->ChartexError)
        || PyErr_ExceptionMatches(PyExc_MemoryError)
        || !PyErr_ExceptionMatches(PyExc_Exception))
        return -1;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (value == NULL)
        goto restore;
    if (tb != NULL && PyException_SetTraceback(value, tb) < 0)
        goto restore;
    text = PyObject_Str(value);
    if (text == NULL)
        PyErr_Clear();
    if (text == NULL || PyUnicode_GET_LENGTH(text) == 0) {
        Py_XDECREF(text);
        text = PyUnicode_FromString(((PyTypeObject *)type)->tp_name);
        if (text == NULL)
            goto restore;
    }
    if (obj != NULL) {
        cls = chx_class_name(obj);
        msg = PyUnicode_FromFormat("while reading %s%s%s of %s %s: %U", reader, sep, what,
                                   strchr("AEIOUaeiou", cls[0]) && cls[0] ? "an" : "a",
                                   cls, text);
    }
    else {
        msg = PyUnicode_FromFormat("while reading %s%s%s: %U", reader, sep, what, text);
    }
    if (msg == NULL)
        goto restore;
    exc = PyObject_CallOneArg(st->ChartexError, msg);
    if (exc == NULL)
        goto restore;
    Py_INCREF(value);
    PyException_SetContext(exc, value);   /* steals */
    PyException_SetCause(exc, value);     /* steals */
    value = NULL;
    PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
    goto done;
restore:
    /* Out of memory while wrapping: raise the original. */
    if (PyErr_Occurred())
        PyErr_Clear();
    PyErr_Restore(type, value, tb);
    type = value = tb = NULL;
done:
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    Py_XDECREF(text);
    Py_XDECREF(msg);
    Py_XDECREF(exc);
    return -1;
}
