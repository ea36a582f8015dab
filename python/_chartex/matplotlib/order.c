/*
 * order.c - the drawing order: which artists of an Axes the walker
 * reads, and in what order, handing each to its room (lines.c,
 * patches.c, meshes.c).
 *
 * Elements follow the order in which the user plotted: the artists are read
 * in the axes' drawing-list order (ax.get_children(): the order they were
 * added).  A container is read as a whole where its first member appears in
 * that order, so its parts keep their roles and groups.  The lists
 * ax.lines / collections / patches / images decide what is read (an artist
 * in none of them, such as a spine or a title, is not); an artist or a
 * container that get_children() does not show is read after the others,
 * containers first, so that nothing read before is lost.
 */
#include "walk.h"

#include <string.h>

typedef int (*artist_reader)(walk *w, axctx *c, PyObject *obj);

static int
read_plain_line(walk *w, axctx *c, PyObject *line)
{
    return mpl_read_line(w, c, line, NULL, CHARTEX_ROLE_DATA, 0, 0);
}

/* The state of the ordered walk of one Axes. */
typedef struct order {
    PyObject *containers;  /* ax.containers as a list */
    chx_ptrmap owner;      /* member -> its (first) container, as value */
    chx_ptrmap done;       /* the containers read */
    chx_ptrmap lists;      /* artist -> bit mask of the lists holding it */
    PyObject *listed;      /* the listed artists, each once, in list order */
    PyObject *keep;        /* container members: keeps their addresses unique */
} order;

/* The lists read, in the order an artist in several of them is read. */
#define ORDER_LISTS 4

static PyObject *
list_name(chx_state *st, int k)
{
    PyObject *names[ORDER_LISTS] = {
        st->s_lines, st->s_collections, st->s_patches, st->s_images
    };
    return names[k];
}

static const artist_reader list_readers[ORDER_LISTS] = {
    read_plain_line, mpl_read_collection, mpl_read_patch, mpl_read_image
};

/* Notes obj (unless None) as a member of container. */
static int
note_member(walk *w, order *o, PyObject *obj, PyObject *container)
{
    chx_ptrentry *e;
    int added;

    if (obj == Py_None)
        return 0;
    if (PyList_Append(o->keep, obj) < 0)
        return mpl_fail(w, "a container", container);
    e = chx_ptrmap_put(&o->owner, obj, &added);
    if (e == NULL) {
        PyErr_NoMemory();
        return mpl_fail(w, "a container", container);
    }
    /* Borrowed: o->containers holds it.  The first container wins. */
    if (added)
        e->value = container;
    return 0;
}

/* Notes each item of the sequence parts (unless None) as a member. */
static int
note_parts(walk *w, order *o, PyObject *parts, PyObject *container, const char *what)
{
    PyObject *seq;
    Py_ssize_t i;
    int rc = 0;

    if (parts == Py_None)
        return 0;
    seq = mpl_as_seq(w, parts, what, container);
    if (seq == NULL)
        return -1;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq) && rc == 0; i++)
        rc = note_member(w, o, PySequence_Fast_GET_ITEM(seq, i), container);
    Py_DECREF(seq);
    return rc;
}

/* Notes the artists that mpl_read_container() reads from container, found by
 * the same functions. */
static int
note_container(walk *w, order *o, PyObject *container)
{
    PyObject *parts = NULL, *stem[3] = {NULL, NULL, NULL};
    int rc = -1, collection;

    switch (mpl_container_kind_of(w, container)) {
    case MPL_CONTAINER_BARS:
        parts = PyObject_GetAttr(container, w->st->s_patches);
        if (parts == NULL) {
            mpl_fail(w, "the bars", container);
            goto done;
        }
        rc = note_parts(w, o, parts, container, "the bars");
        break;
    case MPL_CONTAINER_ERRORBAR:
        if (mpl_errorbar_parts(w, container, &parts) < 0)
            goto done;
        rc = parts == NULL ? 0
             : note_member(w, o, PySequence_Fast_GET_ITEM(parts, 0), container) < 0
                   || note_parts(w, o, PySequence_Fast_GET_ITEM(parts, 1), container,
                                 "the errorbar") < 0
                   || note_parts(w, o, PySequence_Fast_GET_ITEM(parts, 2), container,
                                 "the errorbar") < 0
               ? -1 : 0;
        break;
    case MPL_CONTAINER_STEM:
        if (mpl_stem_parts(w, container, stem, &collection) < 0)
            goto done;
        rc = note_member(w, o, stem[0], container) < 0
                 || (collection ? note_member(w, o, stem[1], container)
                                : note_parts(w, o, stem[1], container, "the stem plot")) < 0
                 || note_member(w, o, stem[2], container) < 0
             ? -1 : 0;
        break;
    case MPL_CONTAINER_OTHER:
        rc = 0;    /* its artists are read from the lists */
        break;
    default:
        break;
    }
done:
    Py_XDECREF(parts);
    Py_XDECREF(stem[0]);
    Py_XDECREF(stem[1]);
    Py_XDECREF(stem[2]);
    return rc;
}

/* Reads container unless it was read already. */
static int
read_container_once(walk *w, axctx *c, order *o, PyObject *container)
{
    int added;

    if (chx_ptrmap_put(&o->done, container, &added) == NULL) {
        PyErr_NoMemory();
        return mpl_fail(w, "a container", container);
    }
    /* A container already read through another (a bar container's
     * error bars, patches.c) is in w->seen. */
    if (!added || chx_ptrmap_get(&w->seen, container) != NULL)
        return 0;
    /* On a 3-D Axes a container's parts (the Patch3D bars of ax.bar(...,
     * zs=...), a 3-D stem's lines) hold their data in x, y and z, which
     * only axes3d.c reads: each part is read on its own, from the lists. */
    if (c->three_d)
        return 0;
    return mpl_read_container(w, c, container);
}

/* Notes that the lists in bits hold item: ORs bits into its mask and, the
 * first time, appends it to o->listed.  Returns -1 with an exception. */
static int
note_listed(order *o, PyObject *item, long bits)
{
    chx_ptrentry *e;
    int added;

    e = chx_ptrmap_put(&o->lists, item, &added);
    if (e == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    e->bits |= bits;
    /* o->listed keeps the artist alive while its address is a key. */
    return added ? PyList_Append(o->listed, item) : 0;
}

/* Fills o->lists and o->listed from one pass over the axes' children, with
 * the types chartex._matplotlib.compat.artist_lists says each list admits, as
 * iterating the four lists would (o->listed in list order: the lines,
 * then the collections, ...).  Returns 1 when done, 0 when the lists must
 * be iterated instead, -1 on error. */
static int
listed_from_children(walk *w, axctx *c, order *o)
{
    PyObject *res = NULL, *children, *types, *item;
    long *bits = NULL;
    Py_ssize_t i, n;
    int rc = -1, k, r;

    res = PyObject_CallMethodOneArg(w->st->compat, w->st->s_artist_lists, c->ax);
    if (res == NULL)
        goto fail;
    if (res == Py_None) {
        rc = 0;
        goto done;
    }
    /* Our own list and tuple, made by _compat: checked all the same. */
    if (!PyTuple_Check(res) || PyTuple_GET_SIZE(res) != 2
        || !PyList_CheckExact(PyTuple_GET_ITEM(res, 0))
        || !PyTuple_Check(PyTuple_GET_ITEM(res, 1))
        || PyTuple_GET_SIZE(PyTuple_GET_ITEM(res, 1)) != ORDER_LISTS) {
        PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.compat.artist_lists: unexpected result");
        goto fail;
    }
    children = PyTuple_GET_ITEM(res, 0);
    types = PyTuple_GET_ITEM(res, 1);
    /* isinstance can run Python code (__instancecheck__, a __class__
     * property) that changes the list: the length is read on each pass
     * and every item is held while it is tested. */
    n = PyList_GET_SIZE(children);
    bits = PyMem_Calloc(n ? (size_t)n : 1, sizeof *bits);
    if (bits == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (i = 0; i < n && i < PyList_GET_SIZE(children); i++) {
        item = PyList_GET_ITEM(children, i);
        Py_INCREF(item);
        for (k = 0; k < ORDER_LISTS; k++) {
            r = PyObject_IsInstance(item, PyTuple_GET_ITEM(types, k));
            if (r < 0) {
                Py_DECREF(item);
                goto fail;
            }
            if (r)
                bits[i] |= 1L << k;
        }
        Py_DECREF(item);
    }
    for (k = 0; k < ORDER_LISTS; k++) {
        for (i = 0; i < n && i < PyList_GET_SIZE(children); i++) {
            if (!(bits[i] & (1L << k)))
                continue;
            item = PyList_GET_ITEM(children, i);
            Py_INCREF(item);
            r = note_listed(o, item, 1L << k);
            Py_DECREF(item);
            if (r < 0)
                goto fail;
        }
    }
    rc = 1;
    goto done;
fail:
    mpl_fail(w, "the artists", c->ax);
done:
    PyMem_Free(bits);
    Py_XDECREF(res);
    return rc;
}

/* The pre-pass: ax.containers and their members, then which lists hold
 * which artist.  The lists are iterated, not copied: an Axes.ArtistList
 * filters all of the axes' children on every pass, and copying it would
 * make one more pass to find its length. */
static int
order_prepare(walk *w, axctx *c, order *o)
{
    PyObject *list = NULL, *iter = NULL, *item = NULL;
    Py_ssize_t i;
    int rc = -1, k;

    list = PyObject_GetAttr(c->ax, w->st->s_containers);
    o->containers = list ? PySequence_List(list) : NULL;
    if (o->containers == NULL) {
        mpl_fail(w, "the artists", c->ax);
        goto done;
    }
    Py_CLEAR(list);
    for (i = 0; i < PyList_GET_SIZE(o->containers); i++)
        if (note_container(w, o, PyList_GET_ITEM(o->containers, i)) < 0)
            goto done;
    k = listed_from_children(w, c, o);
    if (k < 0)
        goto done;
    for (k = k ? ORDER_LISTS : 0; k < ORDER_LISTS; k++) {
        list = PyObject_GetAttr(c->ax, list_name(w->st, k));
        if (list == NULL || (iter = PyObject_GetIter(list)) == NULL) {
            mpl_fail(w, "the artists", c->ax);
            goto done;
        }
        while ((item = PyIter_Next(iter)) != NULL) {
            if (note_listed(o, item, 1L << k) < 0)
                break;
            Py_CLEAR(item);
        }
        if (PyErr_Occurred()) {
            mpl_fail(w, "the artists", c->ax);
            goto done;
        }
        Py_CLEAR(list);
        Py_CLEAR(iter);
    }
    rc = 0;
done:
    Py_XDECREF(list);
    Py_XDECREF(iter);
    Py_XDECREF(item);
    return rc;
}

/* Visits one artist of the drawing order: reads its container where it is
 * the container's first member met, then the artist itself from each list
 * that holds it, once, unless a container read it. */
static int
order_visit(walk *w, axctx *c, order *o, PyObject *obj)
{
    chx_ptrentry *e;
    PyObject *container;
    long bits = 0;
    int k, seen;

    e = chx_ptrmap_get(&o->owner, obj);
    container = e != NULL ? e->value : NULL;    /* borrowed */
    if (container != NULL) {
        Py_INCREF(container);    /* a hostile reader cannot free it under us */
        k = read_container_once(w, c, o, container);
        Py_DECREF(container);
        if (k < 0)
            return -1;
    }
    /* Read once: the mask is spent, so a later visit of the same artist
     * (the lists' tail after the drawing order) reads nothing. */
    e = chx_ptrmap_get(&o->lists, obj);
    if (e != NULL) {
        bits = e->bits;
        e->bits = 0;
    }
    seen = bits ? chx_ptrmap_get(&w->seen, obj) != NULL : 1;
    if (!seen && c->three_d) {
        k = mpl_read_3d(w, c, obj);
        if (k < 0)
            return -1;
        seen = k;
    }
    for (k = 0; k < ORDER_LISTS && !seen; k++)
        if ((bits & (1L << k)) && list_readers[k](w, c, obj) < 0)
            return -1;
    return 0;
}

/* Reads the artists of the axes in drawing order. */
int
mpl_read_artists(walk *w, axctx *c)
{
    PyObject *children = NULL, *seq = NULL;  /* seq: our copy of the children */
    order o;
    Py_ssize_t i;
    int rc = -1;

    memset(&o, 0, sizeof o);
    o.listed = PyList_New(0);
    o.keep = PyList_New(0);
    if (o.listed == NULL || o.keep == NULL) {
        mpl_fail(w, "the artists", c->ax);
        goto done;
    }
    if (order_prepare(w, c, &o) < 0)
        goto done;
    children = PyObject_CallMethodNoArgs(c->ax, w->st->s_get_children);
    seq = children ? PySequence_List(children) : NULL;
    if (seq == NULL) {
        mpl_fail(w, "the drawing order", c->ax);
        goto done;
    }
    for (i = 0; i < PyList_GET_SIZE(seq); i++)
        if (order_visit(w, c, &o, PyList_GET_ITEM(seq, i)) < 0)
            goto done;
    /* What the drawing order did not show, in today's order: containers,
     * then the lists. */
    for (i = 0; i < PyList_GET_SIZE(o.containers); i++)
        if (read_container_once(w, c, &o, PyList_GET_ITEM(o.containers, i)) < 0)
            goto done;
    for (i = 0; i < PyList_GET_SIZE(o.listed); i++)
        if (order_visit(w, c, &o, PyList_GET_ITEM(o.listed, i)) < 0)
            goto done;
    rc = 0;
done:
    Py_XDECREF(children);
    Py_XDECREF(seq);
    Py_XDECREF(o.containers);
    chx_ptrmap_clear(&o.owner);
    chx_ptrmap_clear(&o.done);
    chx_ptrmap_clear(&o.lists);
    Py_XDECREF(o.listed);
    Py_XDECREF(o.keep);
    return rc;
}
