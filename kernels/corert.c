/*
** corert.c — CoreRT's objects and the dispatch of one op (kernels/corert.h,
** docs/kernel-behaviour.md §14): metadata, the scalar, string and COO host
** tensors, TensorHandles, op attribute sets, op handlers and their registry,
** and the way an invocation goes through a handler (TFRT's ExecuteOpImpl,
** CpuOpHandler, LoggingOpHandler, NullOpHandler).
**
** Ownership and threads as corert.h says. Every continuation owns what it
** uses (retained); nothing here waits on a thread.
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/tsink.h"
#include "kernels/corert.h"

/* {=====================================================================
** Waiting for several values
** ====================================================================== */

typedef struct WhenAll {
    _Atomic int pending;
    void (*fn)(void *);
    void *arg;
} WhenAll;

static void when_all_one(void *a, void *b)
{
    (void)b;
    WhenAll *w = a;
    if (atomic_fetch_sub(&w->pending, 1) == 1) {
        void (*fn)(void *) = w->fn;
        void *arg = w->arg;
        free(w);
        fn(arg);
    }
}

void crt_when_all(AsyncValue *const *avs, int n, void (*fn)(void *), void *arg)
{
    bool all = true;
    for (int i = 0; i < n && all; i++) all = av_is_resolved(avs[i]);
    if (all) {
        fn(arg);
        return;
    }
    WhenAll *w = xmalloc(sizeof *w);
    atomic_init(&w->pending, 1);
    w->fn = fn;
    w->arg = arg;
    for (int i = 0; i < n; i++) {
        if (av_is_resolved(avs[i])) continue;
        atomic_fetch_add(&w->pending, 1);
        av_and_then(avs[i], when_all_one, w, NULL);
    }
    when_all_one(w, NULL);     /* the guard */
}

/* {=====================================================================
** Metadata
** ====================================================================== */

typedef struct CrtMetaObj { Object hdr; CrtMeta md; } CrtMetaObj;

static uint32_t meta_kind(void) { return obj_register_type("!corert.metadata"); }

int64_t crt_meta_elems(const CrtMeta *md)
{
    int64_t n = 1;
    for (int i = 0; i < md->rank; i++)
        if (__builtin_mul_overflow(n, md->dims[i], &n)) return INT64_MAX;    /* (saturated: too many) */
    return n;
}

bool crt_meta_equal(const CrtMeta *a, const CrtMeta *b)
{
    if (a->dtype != b->dtype || a->string != b->string || a->rank != b->rank) return false;
    return memcmp(a->dims, b->dims, sizeof a->dims[0] * (size_t)a->rank) == 0;
}

const char *crt_dtype_name(const CrtMeta *md) { return md->string ? "str" : dt_name(md->dtype); }

const char *crt_meta_format(const CrtMeta *md, char *buf, size_t cap)
{
    if (!md->string && md->dtype == DT_INVALID) {
        snprintf(buf, cap, "<invalid tensor metadata>");
        return buf;
    }
    int n = snprintf(buf, cap, "%s ", crt_dtype_name(md));
    if (n > 0 && (size_t)n < cap) shape_format_dims(buf + n, cap - (size_t)n, md->dims, md->rank);
    return buf;
}

AsyncValue *crt_meta_av(const CrtMeta *md)
{
    CrtMetaObj *m = (CrtMetaObj *)obj_alloc(meta_kind(), sizeof *m, NULL);
    m->md = *md;
    return av_new_available(any_obj(&m->hdr));
}

const CrtMeta *crt_meta_of(const AsyncValue *av)
{
    Object *o = any_unbox_obj(*av_get(av), meta_kind());
    return o ? &((CrtMetaObj *)o)->md : NULL;
}

/* {=====================================================================
** Host tensors
** ====================================================================== */

static uint32_t tensor_kind(void) { return obj_register_type("!corert.host_tensor"); }

static void tensor_delete(Object *o)
{
    CrtTensor *t = (CrtTensor *)o;
    for (int64_t i = 0; t->strings && i < t->nstrings; i++) free(t->strings[i]);
    free(t->strings);
    free(t->lens);
    if (t->indices) obj_release(&t->indices->hdr);
    if (t->values) obj_release(&t->values->hdr);
    free(t);
}

static CrtTensor *tensor_shell(CrtKind kind, const CrtMeta *md)
{
    CrtTensor *t = (CrtTensor *)obj_alloc(tensor_kind(), sizeof *t, tensor_delete);
    t->kind = kind;
    t->md = *md;
    return t;
}

const char *crt_kind_name(CrtKind k)
{
    static const char *const names[CRT__NKINDS] = { "DenseHost", "ScalarHost", "StringHost", "CooHost" };
    return k < CRT__NKINDS ? names[k] : "?";
}

CrtTensor *crt_tensor_from_any(Any v) { return (CrtTensor *)any_unbox_obj(v, tensor_kind()); }

bool crt_tensor_kind(Any v, CrtKind *k)
{
    if (dht_from_any(v)) { *k = CRT_DENSE; return true; }
    CrtTensor *t = crt_tensor_from_any(v);
    if (t) { *k = t->kind; return true; }
    return false;
}

CrtMeta crt_meta_make(DType dt, int rank, const int64_t *dims)
{
    CrtMeta md;
    memset(&md, 0, sizeof md);
    md.dtype = dt;
    md.rank = rank;
    if (rank > 0) memcpy(md.dims, dims, sizeof dims[0] * (size_t)rank);
    return md;
}

bool crt_tensor_meta(Any v, CrtMeta *md)
{
    DenseHostTensor *d = dht_from_any(v);
    if (d) {
        *md = crt_meta_make(d->dtype, d->rank, d->dims);
        return true;
    }
    CrtTensor *t = crt_tensor_from_any(v);
    if (!t) return false;
    *md = t->md;
    return true;
}

CrtTensor *crt_scalar_new(const CrtMeta *md, const void *elem)
{
    CrtTensor *t = tensor_shell(CRT_SCALAR, md);
    memcpy(t->scalar, elem, dt_size(md->dtype));
    return t;
}

CrtTensor *crt_string_new(const CrtMeta *md)
{
    int64_t n = crt_meta_elems(md);
    if (n < 0 || n > INT64_MAX / 16) return NULL;
    char **strings = calloc((size_t)(n ? n : 1), sizeof *strings);
    size_t *lens = calloc((size_t)(n ? n : 1), sizeof *lens);
    if (!strings || !lens) {
        free(strings);
        free(lens);
        return NULL;
    }
    CrtTensor *t = tensor_shell(CRT_STRING, md);
    t->md.string = true;
    t->md.dtype = DT_INVALID;
    t->nstrings = n;
    t->strings = strings;
    t->lens = lens;
    return t;
}

CrtTensor *crt_string_copy(const CrtTensor *src, const CrtMeta *md)
{
    CrtTensor *c = crt_string_new(md);
    if (!c) return NULL;
    for (int64_t i = 0; i < src->nstrings && i < c->nstrings; i++)
        crt_string_set(c, i, src->strings[i] ? src->strings[i] : "", src->lens[i]);
    return c;
}

void crt_string_set(CrtTensor *t, int64_t i, const char *s, size_t len)
{
    char *c = xmalloc(len + 1);
    memcpy(c, s, len);
    c[len] = 0;
    free(t->strings[i]);
    t->strings[i] = c;
    t->lens[i] = len;
}

CrtTensor *crt_coo_new(const CrtMeta *md, DenseHostTensor *indices, DenseHostTensor *values)
{
    CrtTensor *t = tensor_shell(CRT_COO, md);
    t->indices = indices;
    t->values = values;
    return t;
}

/* Dense and string tensors print at most this many values (TFRT's kThreshold). */
#define PRINT_LIMIT 16

char *crt_tensor_format(Any v)
{
    DenseHostTensor *d = dht_from_any(v);
    if (d) return dht_format(d);
    CrtTensor *t = crt_tensor_from_any(v);
    if (!t) return xstrdup("<not a host tensor>");
    char *s = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&s, &len);
    if (!o) tf_out_of_memory();
    char dims[64 * DHT_MAX_RANK];
    shape_format_dims(dims, sizeof dims, t->md.dims, t->md.rank);
    switch (t->kind) {
    case CRT_SCALAR:
        fprintf(o, "ScalarHostTensor dtype = %s, shape = %s, value = ", crt_dtype_name(&t->md), dims);
        dt_format_elem(o, t->md.dtype, t->scalar);
        break;
    case CRT_STRING: {
        fprintf(o, "StringHostTensor shape = %s, values = [", dims);
        for (int64_t i = 0; i < t->nstrings && i < PRINT_LIMIT; i++) {
            if (i) fputs(", ", o);
            fputc('"', o);
            if (t->strings[i]) fwrite(t->strings[i], 1, t->lens[i], o);
            fputc('"', o);
        }
        /* TFRT's threshold for the ellipsis is 32, though it prints 16. */
        if (t->nstrings > 2 * PRINT_LIMIT) fputs(", ... ", o);
        fputc(']', o);
        break;
    }
    case CRT_COO: {
        fprintf(o, "CooHostTensor dtype = %s, shape = %s, indices = [", crt_dtype_name(&t->md), dims);
        const int64_t *ix = dht_data(t->indices);
        for (int64_t i = 0; i < t->indices->nelems; i++) fprintf(o, "%s%" PRId64, i ? ", " : "", ix[i]);
        fputs("], values = [", o);
        size_t es = dt_size(t->values->dtype);
        for (int64_t i = 0; i < t->values->nelems; i++) {
            if (i) fputs(", ", o);
            dt_format_elem(o, t->values->dtype, (const char *)dht_data(t->values) + (size_t)i * es);
        }
        fputs("]\n", o);     /* TFRT's CooHostTensor::Print ends its line itself */
        break;
    }
    default:
        break;
    }
    fclose(o);
    return s;
}

static DenseHostTensor *dense_copy(HostAllocator *a, const DenseHostTensor *d, const Op *site)
{
    DenseHostTensor *c = dht_new_at(a, d->dtype, d->rank, d->dims, site);
    if (c) memcpy(dht_data(c), dht_data(d), (size_t)d->nelems * dt_size(d->dtype));
    return c;
}

bool crt_tensor_copy(HostAllocator *a, Any v, const Op *site, Any *out, char *err, size_t cap)
{
    DenseHostTensor *d = dht_from_any(v);
    if (d) {
        DenseHostTensor *c = dense_copy(a, d, site);
        if (!c) {
            snprintf(err, cap, "out of memory allocating result");
            return false;
        }
        *out = any_obj(&c->hdr);
        return true;
    }
    CrtTensor *t = crt_tensor_from_any(v);
    if (!t) {
        snprintf(err, cap, "not a host tensor");
        return false;
    }
    CrtTensor *c = NULL;
    switch (t->kind) {
    case CRT_SCALAR: c = crt_scalar_new(&t->md, t->scalar); break;
    case CRT_STRING:
        if (!(c = crt_string_copy(t, &t->md))) {
            snprintf(err, cap, "Cannot allocate tensor");
            return false;
        }
        break;
    case CRT_COO: {
        DenseHostTensor *ix = dense_copy(a, t->indices, site), *vals = ix ? dense_copy(a, t->values, site) : NULL;
        if (!vals) {
            if (ix) obj_release(&ix->hdr);
            snprintf(err, cap, "out of memory allocating result");
            return false;
        }
        c = crt_coo_new(&t->md, ix, vals);
        break;
    }
    default:
        break;
    }
    *out = any_obj(&c->hdr);
    return true;
}

DenseHostTensor *crt_to_dense(HostAllocator *a, Any v, const Op *site, char *err, size_t cap)
{
    DenseHostTensor *d = dht_from_any(v);
    if (d) {
        obj_retain(&d->hdr);
        return d;
    }
    CrtTensor *t = crt_tensor_from_any(v);
    if (!t || t->kind == CRT_STRING) {
        snprintf(err, cap, "cannot convert %s to DenseHost", t ? crt_kind_name(t->kind) : "a value");
        return NULL;
    }
    d = dht_new_at(a, t->md.dtype, t->md.rank, t->md.dims, site);
    if (!d) {
        snprintf(err, cap, "out of memory allocating result");
        return NULL;
    }
    size_t es = dt_size(t->md.dtype);
    char *out = dht_data(d);
    if (t->kind == CRT_SCALAR) {
        for (int64_t i = 0; i < d->nelems; i++) memcpy(out + (size_t)i * es, t->scalar, es);
        return d;
    }
    /* COO: the indices are coordinates, one row per value. */
    const int64_t *ix = dht_data(t->indices);
    int64_t nnz = t->values->nelems, rank = t->md.rank;
    for (int64_t k = 0; k < nnz; k++) {
        int64_t pos = 0;
        for (int64_t r = 0; r < rank; r++) {
            int64_t c = ix[k * rank + r];
            if (c < 0 || c >= t->md.dims[r]) {
                snprintf(err, cap, "COO index %" PRId64 " of value %" PRId64 " is out of range for dimension %" PRId64,
                         c, k, r);
                obj_release(&d->hdr);
                return NULL;
            }
            pos = pos * t->md.dims[r] + c;
        }
        memcpy(out + (size_t)pos * es, (const char *)dht_data(t->values) + (size_t)k * es, es);
    }
    return d;
}

bool crt_dense_attr_meta(const Attr *attr, CrtMeta *md, char *err, size_t cap)
{
    const Type *ty = attr ? attr->type : NULL;
    if (!attr || attr->kind != ATTR_DENSE || !ty || ty->kind != TY_TENSOR || ty->rank < 0) {
        snprintf(err, cap, "expected a dense elements attribute of a ranked tensor type");
        return false;
    }
    DType dt = dt_from_type(ty->elem);
    if (dt == DT_INVALID) {
        snprintf(err, cap, "dense attributes of %s elements are not supported", ty->elem ? ty->elem->spelling : "?");
        return false;
    }
    *md = crt_meta_make(dt, ty->rank, ty->dims);
    return true;
}

bool crt_dense_attr_store(const Attr *attr, DenseHostTensor *d, char *err, size_t cap)
{
    const Type *ty = attr->type;
    DType dt = d->dtype;
    int n = attr->u.arr.n;
    if (n != 1 && (int64_t)n != d->nelems) {
        snprintf(err, cap, "dense attribute has %d values for %" PRId64 " elements", n, d->nelems);
        return false;
    }
    for (int64_t i = 0; i < d->nelems && n > 0; i++) {
        const Attr *e = attr->u.arr.elems[n == 1 ? 0 : i];
        DScalar s;
        if ((dt == DT_F16 || dt == DT_BF16) && e->kind == ATTR_FLOAT) {
            s.kind = DS_RAW16;
            s.i = kl_attr_half_bits(e, dt == DT_BF16);
            dht_store(d, i, s);
        } else if (dscalar_from_attr(e, &s)) {
            dht_store(d, i, s);
        } else {
            /* (the verifier admits none: nothing is left as zeros unsaid) */
            snprintf(err, cap, "dense attribute element %" PRId64 " is not a value of %s", n == 1 ? 0 : i,
                     ty->elem ? ty->elem->spelling : "?");
            return false;
        }
    }
    return true;
}

DenseHostTensor *crt_dense_from_attr(HostAllocator *a, const Attr *attr, const Op *site, char *err, size_t cap)
{
    CrtMeta md;
    if (!crt_dense_attr_meta(attr, &md, err, cap)) return NULL;
    DenseHostTensor *d = dht_new_at(a, md.dtype, md.rank, md.dims, site);
    if (!d) {
        snprintf(err, cap, "out of memory allocating a tensor of type %s", attr->type->spelling);
        return NULL;
    }
    if (!crt_dense_attr_store(attr, d, err, cap)) {
        obj_release(&d->hdr);
        return NULL;
    }
    return d;
}

/* {=====================================================================
** TensorHandles
** ====================================================================== */

static uint32_t handle_kind(void) { return obj_register_type("!corert.tensorhandle"); }

static void handle_delete(Object *o)
{
    CrtHandle *h = (CrtHandle *)o;
    av_release(h->md);
    av_release(h->tensor);
    free(h);
}

CrtHandle *crt_handle_new(AsyncValue *md, AsyncValue *tensor)
{
    CrtHandle *h = (CrtHandle *)obj_alloc(handle_kind(), sizeof *h, handle_delete);
    h->md = md;
    h->tensor = tensor;
    return h;
}

CrtHandle *crt_handle_for(Any t)
{
    CrtMeta md;
    if (!crt_tensor_meta(t, &md)) memset(&md, 0, sizeof md);
    return crt_handle_new(crt_meta_av(&md), av_new_available(t));
}

CrtHandle *crt_handle_from_any(Any v) { return (CrtHandle *)any_unbox_obj(v, handle_kind()); }

char *crt_handle_format(const CrtHandle *h)
{
    if (av_is_available(h->tensor)) return crt_tensor_format(*av_get(h->tensor));
    char buf[64 * DHT_MAX_RANK + 64];
    if (av_is_error(h->tensor)) {
        snprintf(buf, sizeof buf, "Error TensorHandle: '%s'", av_error(h->tensor)->msg);
        return xstrdup(buf);
    }
    if (av_is_available(h->md)) {
        char md[64 * DHT_MAX_RANK];
        const CrtMeta *m = crt_meta_of(h->md);
        snprintf(buf, sizeof buf, "future TensorHandle with metadata %s", m ? crt_meta_format(m, md, sizeof md) : "?");
        return xstrdup(buf);
    }
    if (av_is_error(h->md)) {
        snprintf(buf, sizeof buf, "future TensorHandle with error metadata '%s'", av_error(h->md)->msg);
        return xstrdup(buf);
    }
    return xstrdup("fully future TensorHandle with unresolved metadata");
}

/* {=====================================================================
** Op attribute sets
** ====================================================================== */

static uint32_t attrs_kind(bool frozen)
{
    return obj_register_type(frozen ? "!corert.opattrs_ref" : "!corert.opattrs");
}

static void attr_clear(CrtAttr *a)
{
    free(a->name);
    free(a->data);
    if (a->dense) obj_release(&a->dense->hdr);
    free(a->text);
    free(a->dims);
}

static void attrs_delete(Object *o)
{
    CrtAttrs *s = (CrtAttrs *)o;
    for (int i = 0; i < s->n; i++) attr_clear(&s->e[i]);
    free(s->e);
    pthread_mutex_destroy(&s->mu);
    free(s);
}

CrtAttrs *crt_attrs_new(bool frozen)
{
    CrtAttrs *s = (CrtAttrs *)obj_alloc(attrs_kind(frozen), sizeof *s, attrs_delete);
    pthread_mutex_init(&s->mu, NULL);
    s->frozen = frozen;
    return s;
}

CrtAttrs *crt_attrs_from_any(Any v)
{
    Object *o = any_unbox_obj(v, attrs_kind(false));
    if (!o) o = any_unbox_obj(v, attrs_kind(true));
    return (CrtAttrs *)o;
}

const char *crt_attr_type_name(CrtAttrType t)
{
    static const char *const names[CA__COUNT] = {
        /* ORDER CRTATTR */
        "BOOL", "CHAR", "UI8", "UI16", "UI32", "UI64", "I8", "I16", "I32", "I64",
        "F32", "F64", "F16", "BF16", "COMPLEX64", "COMPLEX128",
        "DTYPE", "DENSE", "AGGREGATE", "SHAPE", "FUNC",
        "RESOURCE", "VARIANT", "QUI8", "QUI16", "QI8", "QI16", "QI32",
    };
    return t < CA__COUNT ? names[t] : "?";
}

size_t crt_attr_type_size(CrtAttrType t)
{
    switch (t) {
    case CA_BOOL: case CA_CHAR: case CA_UI8: case CA_I8: return 1;
    case CA_UI16: case CA_I16: case CA_F16: case CA_BF16: return 2;
    case CA_UI32: case CA_I32: case CA_F32: return 4;
    case CA_UI64: case CA_I64: case CA_F64: case CA_COMPLEX64: return 8;
    case CA_COMPLEX128: return 16;
    case CA_DTYPE: return sizeof(int);
    default: return 0;
    }
}

/* The entry [key] of [s] (locked or frozen), or NULL. */
static CrtAttr *find(CrtAttrs *s, const char *key)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->e[i].name, key)) return &s->e[i];
    return NULL;
}

const CrtAttr *crt_attrs_get(const CrtAttrs *s, const char *key) { return find((CrtAttrs *)s, key); }

/* A new entry [key] (the set is locked or not yet shared). */
static CrtAttr *add(CrtAttrs *s, const char *key)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->e = xrealloc(s->e, sizeof *s->e * (size_t)s->cap);
    }
    CrtAttr *a = &s->e[s->n++];
    memset(a, 0, sizeof *a);
    a->name = xstrdup(key);
    return a;
}

bool crt_attrs_set(CrtAttrs *s, const char *key, CrtAttrType t, bool array, int64_t n, const void *data)
{
    pthread_mutex_lock(&s->mu);
    if (find(s, key)) {
        pthread_mutex_unlock(&s->mu);
        return false;
    }
    CrtAttr *a = add(s, key);
    a->type = t;
    a->array = array;
    a->n = array ? n : 1;
    size_t bytes = crt_attr_type_size(t) * (size_t)a->n;
    a->data = xmalloc(bytes ? bytes : 1);
    if (bytes) memcpy(a->data, data, bytes);
    pthread_mutex_unlock(&s->mu);
    return true;
}

/* The CrtAttrType of MLIR scalar type [t]; false for others. */
static bool scalar_type(const Type *t, CrtAttrType *out)
{
    if (!t) return false;
    switch (t->kind) {
    case TY_I1: *out = CA_BOOL; return true;
    case TY_I8: *out = CA_I8; return true;
    case TY_I16: *out = CA_I16; return true;
    case TY_I32: *out = CA_I32; return true;
    case TY_I64: case TY_INDEX: *out = CA_I64; return true;
    case TY_UI8: *out = CA_UI8; return true;
    case TY_UI16: *out = CA_UI16; return true;
    case TY_UI32: *out = CA_UI32; return true;
    case TY_UI64: *out = CA_UI64; return true;
    case TY_F16: *out = CA_F16; return true;
    case TY_BF16: *out = CA_BF16; return true;
    case TY_F32: *out = CA_F32; return true;
    case TY_F64: *out = CA_F64; return true;
    case TY_COMPLEX:
        if (t->elem && t->elem->kind == TY_F32) { *out = CA_COMPLEX64; return true; }
        if (t->elem && t->elem->kind == TY_F64) { *out = CA_COMPLEX128; return true; }
        return false;
    default:
        return false;
    }
}

/* The CrtAttrType a type attribute names (TFRT's GetOpAttrTypeFromDType). */
static bool dtype_of_type(const Type *t, CrtAttrType *out)
{
    if (scalar_type(t, out)) return true;
    static const struct { const char *spelling; CrtAttrType t; } named[] = {
        { "!corert.string", CA_CHAR }, { "!corert.resource", CA_RESOURCE }, { "!corert.variant", CA_VARIANT },
        { "!corert.quint8", CA_QUI8 }, { "!corert.quint16", CA_QUI16 }, { "!corert.qint8", CA_QI8 },
        { "!corert.qint16", CA_QI16 }, { "!corert.qint32", CA_QI32 },
    };
    for (size_t i = 0; t && i < sizeof named / sizeof named[0]; i++)
        if (!strcmp(t->spelling, named[i].spelling)) { *out = named[i].t; return true; }
    return false;
}

/* Stores scalar attribute [v] of type [t] into [dst] (crt_attr_type_size bytes). */
static bool scalar_bytes(const Attr *v, CrtAttrType t, void *dst)
{
    int64_t i = 0;
    double f = 0;
    if (v->kind == ATTR_BOOL) i = v->u.b;
    else if (v->kind == ATTR_INT) i = v->u.i;
    else if (v->kind == ATTR_FLOAT) f = v->u.f;
    else return false;
    switch (t) {
    case CA_BOOL: case CA_UI8: case CA_I8: { uint8_t x = (uint8_t)i; memcpy(dst, &x, 1); return true; }
    case CA_UI16: case CA_I16: { uint16_t x = (uint16_t)i; memcpy(dst, &x, 2); return true; }
    case CA_UI32: case CA_I32: { uint32_t x = (uint32_t)i; memcpy(dst, &x, 4); return true; }
    case CA_UI64: case CA_I64: { uint64_t x = (uint64_t)i; memcpy(dst, &x, 8); return true; }
    case CA_F32: { float x = (float)f; memcpy(dst, &x, 4); return true; }
    case CA_F64: memcpy(dst, &f, 8); return true;
    case CA_F16: case CA_BF16: { uint16_t x = kl_attr_half_bits(v, t == CA_BF16); memcpy(dst, &x, 2); return true; }
    default: return false;
    }
}

/* The OpAttrType of a scalar attribute (TFRT's mapping of BEF attributes). */
static bool scalar_attr_type(const Attr *v, CrtAttrType *t)
{
    if (v->kind == ATTR_BOOL) { *t = CA_BOOL; return true; }
    if (v->kind != ATTR_INT && v->kind != ATTR_FLOAT) return false;
    return scalar_type(v->type, t) && *t != CA_COMPLEX64 && *t != CA_COMPLEX128;
}

/* "dtype=I32, rank=2, elt_count=4" of dense attribute [v]. */
static void dense_summary(FILE *o, const Attr *v)
{
    CrtAttrType et = CA_I64;
    const Type *ty = v->type;
    const char *name = ty && ty->elem && scalar_type(ty->elem, &et) ? crt_attr_type_name(et) : "?";
    int64_t n = 1;
    for (int i = 0; ty && i < ty->rank; i++) n *= ty->dims[i];
    fprintf(o, "dtype=%s, rank=%d, elt_count=%" PRId64, name, ty && ty->rank > 0 ? ty->rank : 0, n);
}

/* TFRT's AGGREGATE value: "elt_count=N [{...}, ...]". */
static void aggregate_summary(FILE *o, const Attr *v, int depth)
{
    fprintf(o, "elt_count=%d [", v->u.arr.n);
    for (int i = 0; i < v->u.arr.n; i++) {
        const Attr *e = v->u.arr.elems[i];
        fputc('{', o);
        if (e->kind == ATTR_DENSE) dense_summary(o, e);
        else if (e->kind == ATTR_ARRAY && depth < 16) aggregate_summary(o, e, depth + 1);
        else fputs("unknown", o);
        fputc('}', o);
        if (i < v->u.arr.n - 1) fputs(", ", o);
    }
    fputc(']', o);
}

static char *text_of(void (*fn)(FILE *, const Attr *), const Attr *v)
{
    char *s = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&s, &len);
    if (!o) tf_out_of_memory();
    fn(o, v);
    fclose(o);
    return s;
}

static void aggregate_top(FILE *o, const Attr *v) { aggregate_summary(o, v, 0); }

/* `#corert.shape<1x?x3>` (ATTR_OPAQUE text): the dims (-1 unknown), rank -1
** for `*`. False when [v] is no such attribute. */
static bool parse_shape(const Attr *v, int *rank, int64_t **dims)
{
    static const char prefix[] = "#corert.shape<";
    if (v->kind != ATTR_OPAQUE || !v->u.str.s || v->u.str.len < sizeof prefix ||
        strncmp(v->u.str.s, prefix, sizeof prefix - 1) != 0 || v->u.str.s[v->u.str.len - 1] != '>')
        return false;
    const char *p = v->u.str.s + sizeof prefix - 1, *end = v->u.str.s + v->u.str.len - 1;
    *dims = NULL;
    if (p + 1 == end && *p == '*') {
        *rank = -1;
        return true;
    }
    int n = 0;
    int64_t buf[DHT_MAX_RANK];
    while (p < end) {
        if (n == DHT_MAX_RANK) return false;
        if (*p == '?') {
            buf[n++] = -1;
            p++;
        } else {
            char *q;
            long long d = strtoll(p, &q, 10);
            if (q == p || d < 0) return false;
            buf[n++] = d;
            p = q;
        }
        if (p < end && *p != 'x') return false;
        if (p < end) p++;
    }
    *rank = n;
    *dims = xmalloc(sizeof **dims * (size_t)(n ? n : 1));
    memcpy(*dims, buf, sizeof buf[0] * (size_t)n);
    return true;
}

static const char *kind_word(AttrKind k)
{
    switch (k) {
    case ATTR_UNIT: return "a unit attribute";
    case ATTR_DICT: return "a dictionary";
    case ATTR_OPAQUE: return "an opaque attribute";
    case ATTR_SYMBOL: return "a symbol";
    default: return "this attribute";
    }
}

/* A new entry [key] of structured type [t] with printed value [text]
** (taken); false when the key is set already. */
static CrtAttr *set_text(CrtAttrs *s, const char *key, CrtAttrType t, char *text)
{
    pthread_mutex_lock(&s->mu);
    CrtAttr *e = find(s, key) ? NULL : add(s, key);
    if (e) {
        e->type = t;
        e->n = 1;
        e->text = text;
    } else {
        free(text);
    }
    pthread_mutex_unlock(&s->mu);
    return e;
}

/* An aggregate entry [key]: array [v] printed, and [v] itself for the ops
** that read its elements (tf._FusedMatMul's fused_ops). */
static CrtAttr *set_aggregate(CrtAttrs *s, const char *key, const Attr *v)
{
    CrtAttr *e = set_text(s, key, CA_AGGREGATE, text_of(aggregate_top, v));
    if (e) e->ir = v;
    return e;
}

static bool already(const char *key, char *err, size_t cap)
{
    snprintf(err, cap, "op attribute '%s' is already set", key);
    return false;
}

bool crt_attrs_set_ir(CrtAttrs *s, const char *key, const Attr *v, CrtSetAs as, HostAllocator *a,
                      const Op *site, char *err, size_t cap)
{
    CrtAttrType t;
    unsigned char one[16];
    if (as == CRT_AS_FUNC || v->kind == ATTR_SYMBOL) {
        if (v->kind != ATTR_STRING && v->kind != ATTR_SYMBOL) {
            snprintf(err, cap, "function attribute '%s' must be a string or a symbol", key);
            return false;
        }
        char *name = xmalloc(v->u.str.len + 1);
        memcpy(name, v->u.str.s, v->u.str.len);
        name[v->u.str.len] = 0;
        return set_text(s, key, CA_FUNC, name) ? true : already(key, err, cap);
    }
    if (as == CRT_AS_AGGREGATE) {
        if (v->kind != ATTR_ARRAY) {
            snprintf(err, cap, "attribute '%s' must be an array", key);
            return false;
        }
        return set_aggregate(s, key, v) ? true : already(key, err, cap);
    }
    if (scalar_attr_type(v, &t)) {
        scalar_bytes(v, t, one);
        return crt_attrs_set(s, key, t, false, 1, one) ? true : already(key, err, cap);
    }
    switch (v->kind) {
    case ATTR_STRING:
        return crt_attrs_set(s, key, CA_CHAR, true, (int64_t)v->u.str.len, v->u.str.s) ? true : already(key, err, cap);
    case ATTR_TYPE: {
        if (!dtype_of_type(v->type, &t)) {
            snprintf(err, cap, "type '%s' of attribute '%s' is not a dtype", v->type ? v->type->spelling : "?", key);
            return false;
        }
        int dt = (int)t;
        return crt_attrs_set(s, key, CA_DTYPE, false, 1, &dt) ? true : already(key, err, cap);
    }
    case ATTR_ARRAY: {
        /* Scalars of one type: an array; anything else: an aggregate. */
        int n = v->u.arr.n;
        bool uniform = true;
        CrtAttrType et = CA_I64;
        for (int i = 0; i < n && uniform; i++) {
            CrtAttrType x;
            uniform = scalar_attr_type(v->u.arr.elems[i], &x) && (i == 0 || x == et);
            et = x;
        }
        if (!uniform) return set_aggregate(s, key, v) ? true : already(key, err, cap);
        size_t es = crt_attr_type_size(et);
        unsigned char *buf = xmalloc(es * (size_t)(n ? n : 1));
        for (int i = 0; i < n; i++) scalar_bytes(v->u.arr.elems[i], et, buf + es * (size_t)i);
        bool ok = crt_attrs_set(s, key, et, true, n, buf);
        free(buf);
        return ok ? true : already(key, err, cap);
    }
    case ATTR_DENSE: {
        DenseHostTensor *d = NULL;
        CrtAttrType et;
        if (v->type && v->type->elem && scalar_type(v->type->elem, &et)) {
            d = crt_dense_from_attr(a, v, site, err, cap);
            if (!d) return false;
        }
        CrtAttr *e = set_text(s, key, CA_DENSE, text_of(dense_summary, v));
        if (!e) {
            if (d) obj_release(&d->hdr);
            return already(key, err, cap);
        }
        e->dense = d;     /* the entry is not shared yet: its writer holds the set */
        return true;
    }
    case ATTR_OPAQUE: {
        int rank;
        int64_t *dims;
        if (!parse_shape(v, &rank, &dims)) break;
        char *txt = NULL;
        size_t len = 0;
        FILE *o = open_memstream(&txt, &len);
        if (!o) tf_out_of_memory();
        fputc('<', o);
        if (rank < 0) fputc('*', o);
        for (int i = 0; i < rank; i++) fprintf(o, "%s%" PRId64, i ? "x" : "", dims[i]);
        fputc('>', o);
        fclose(o);
        CrtAttr *e = set_text(s, key, CA_SHAPE, txt);
        if (!e) {
            free(dims);
            return already(key, err, cap);
        }
        e->rank = rank;
        e->dims = dims;
        return true;
    }
    default:
        break;
    }
    snprintf(err, cap, "attribute '%s' is %s, which an op attribute cannot hold", key, kind_word(v->kind));
    return false;
}

CrtAttrs *crt_attrs_freeze(CrtAttrs *s)
{
    CrtAttrs *f = crt_attrs_new(true);
    pthread_mutex_lock(&s->mu);
    for (int i = 0; i < s->n; i++) {
        const CrtAttr *x = &s->e[i];
        CrtAttr *y = add(f, x->name);
        y->type = x->type;
        y->array = x->array;
        y->n = x->n;
        size_t bytes = crt_attr_type_size(x->type) * (size_t)x->n;
        y->data = xmalloc(bytes ? bytes : 1);
        if (bytes) memcpy(y->data, x->data, bytes);
        if (x->dense) obj_retain(&x->dense->hdr);
        y->dense = x->dense;
        y->text = x->text ? xstrdup(x->text) : NULL;
        y->ir = x->ir;
        y->rank = x->rank;
        if (x->dims) {
            y->dims = xmalloc(sizeof *y->dims * (size_t)(x->rank > 0 ? x->rank : 1));
            memcpy(y->dims, x->dims, sizeof *y->dims * (size_t)(x->rank > 0 ? x->rank : 0));
        }
    }
    pthread_mutex_unlock(&s->mu);
    return f;
}

/* Adds TFRT's pairs [p] ([key, value] arrays, verified) to [s]. */
static bool add_pairs(CrtAttrs *s, const Attr *p, bool funcs, HostAllocator *a, const Op *site, char *err, size_t cap)
{
    for (int i = 0; p && i < p->u.arr.n; i++) {
        const Attr *kv = p->u.arr.elems[i];
        if (kv->kind != ATTR_ARRAY || kv->u.arr.n != 2 || kv->u.arr.elems[0]->kind != ATTR_STRING) {
            snprintf(err, cap, "each op_attr should be a key-value pair, where the key is a string");
            return false;
        }
        const Attr *k = kv->u.arr.elems[0];
        char key[256];
        snprintf(key, sizeof key, "%.*s", (int)k->u.str.len, k->u.str.s);
        if (!crt_attrs_set_ir(s, key, kv->u.arr.elems[1], funcs ? CRT_AS_FUNC : CRT_AS_IS, a, site, err, cap))
            return false;
    }
    return true;
}

CrtAttrs *crt_attrs_from_pairs(const Attr *pairs, const Attr *func_pairs, HostAllocator *a, const Op *site,
                               char *err, size_t cap)
{
    CrtAttrs *s = crt_attrs_new(true);
    if (!add_pairs(s, pairs, false, a, site, err, cap) || !add_pairs(s, func_pairs, true, a, site, err, cap)) {
        obj_release(&s->hdr);
        return NULL;
    }
    return s;
}

/* One element [p] of type [t], as TFRT's PrintElement shows it. */
static void print_element(FILE *o, CrtAttrType t, const unsigned char *p)
{
    switch (t) {
    case CA_BOOL: fprintf(o, "%d", p[0] != 0); return;
    case CA_CHAR: fputc((char)p[0], o); return;
    case CA_UI8: dt_format_elem(o, DT_UI8, p); return;
    case CA_UI16: dt_format_elem(o, DT_UI16, p); return;
    case CA_UI32: dt_format_elem(o, DT_UI32, p); return;
    case CA_UI64: dt_format_elem(o, DT_UI64, p); return;
    case CA_I8: dt_format_elem(o, DT_I8, p); return;
    case CA_I16: dt_format_elem(o, DT_I16, p); return;
    case CA_I32: dt_format_elem(o, DT_I32, p); return;
    case CA_I64: dt_format_elem(o, DT_I64, p); return;
    case CA_F32: dt_format_elem(o, DT_F32, p); return;
    case CA_F64: dt_format_elem(o, DT_F64, p); return;
    case CA_F16: dt_format_elem(o, DT_F16, p); return;
    case CA_BF16: dt_format_elem(o, DT_BF16, p); return;
    case CA_COMPLEX64: dt_format_elem(o, DT_COMPLEX64, p); return;
    case CA_COMPLEX128: dt_format_elem(o, DT_COMPLEX128, p); return;
    case CA_DTYPE: { int d; memcpy(&d, p, sizeof d); fputs(crt_attr_type_name((CrtAttrType)d), o); return; }
    default: fputc('?', o); return;
    }
}

/* Arrays print at most this many elements, then "..." (TFRT). */
#define ATTR_PRINT_LIMIT 5

void crt_attr_print_value(FILE *o, const CrtAttr *a)
{
    switch (a->type) {
    case CA_DENSE: case CA_AGGREGATE: case CA_SHAPE:
        fputs(a->text ? a->text : "?", o);
        return;
    case CA_FUNC:
        fprintf(o, "FUNC function_name: %s", a->text ? a->text : "");
        return;
    default:
        break;
    }
    const unsigned char *p = a->data;
    size_t es = crt_attr_type_size(a->type);
    if (!a->array) {
        print_element(o, a->type, p);
        return;
    }
    fputc('[', o);
    for (int64_t i = 0; i < a->n; i++) {
        if (i == ATTR_PRINT_LIMIT) {
            fputs("...", o);
            break;
        }
        if (i) fputs(", ", o);
        print_element(o, a->type, p + es * (size_t)i);
    }
    fputc(']', o);
}

static int cmp_entry(const void *x, const void *y)
{
    return strcmp((*(const CrtAttr *const *)x)->name, (*(const CrtAttr *const *)y)->name);
}

char *crt_attrs_format(CrtAttrs *s)
{
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    if (!o) tf_out_of_memory();
    pthread_mutex_lock(&s->mu);
    if (s->n == 0) {
        fputs("OpAttrs is empty\n", o);
    } else {
        fprintf(o, "OpAttrs contains %d entries:\n", s->n);
        const CrtAttr **sorted = xmalloc(sizeof *sorted * (size_t)s->n);
        for (int i = 0; i < s->n; i++) sorted[i] = &s->e[i];
        qsort(sorted, (size_t)s->n, sizeof *sorted, cmp_entry);
        for (int i = 0; i < s->n; i++) {
            fprintf(o, "  '%s' type=%s value=", sorted[i]->name, crt_attr_type_name(sorted[i]->type));
            crt_attr_print_value(o, sorted[i]);
            fputc('\n', o);
        }
        free(sorted);
        fputc('\n', o);
    }
    pthread_mutex_unlock(&s->mu);
    fclose(o);
    return out;
}

/* {=====================================================================
** Op handlers and the registry
** ====================================================================== */

static uint32_t handler_kind(void) { return obj_register_type("!corert.ophandler"); }

static void handler_delete(Object *o)
{
    CrtHandler *h = (CrtHandler *)o;
    if (h->fallback) obj_release(&h->fallback->hdr);
    free(h);
}

CrtHandler *crt_handler_new(CrtHandlerKind kind, CrtHandler *fallback, bool sync_log)
{
    CrtHandler *h = (CrtHandler *)obj_alloc(handler_kind(), sizeof *h, handler_delete);
    h->kind = kind;
    if (fallback) obj_retain(&fallback->hdr);
    h->fallback = fallback;
    h->sync_log = sync_log;
    atomic_init(&h->counter, 0);
    return h;
}

CrtHandler *crt_handler_from_any(Any v) { return (CrtHandler *)any_unbox_obj(v, handler_kind()); }

typedef struct Registry {
    pthread_mutex_t mu;
    int n, cap;
    char **names;
    CrtHandler **handlers;       /* +1 each */
} Registry;

static void *registry_create(void)
{
    Registry *r = xcalloc(1, sizeof *r);
    pthread_mutex_init(&r->mu, NULL);
    return r;
}

static void registry_destroy(void *p)
{
    Registry *r = p;
    for (int i = 0; i < r->n; i++) {
        free(r->names[i]);
        obj_release(&r->handlers[i]->hdr);
    }
    free(r->names);
    free(r->handlers);
    pthread_mutex_destroy(&r->mu);
    free(r);
}

static Registry *registry(Host *h) { return host_kernel_state(h, "corert.registry", registry_create, registry_destroy); }

void crt_registry_put(Host *h, const char *name, size_t len, CrtHandler *hd)
{
    Registry *r = registry(h);
    obj_retain(&hd->hdr);
    pthread_mutex_lock(&r->mu);
    for (int i = 0; i < r->n; i++) {
        if (strlen(r->names[i]) == len && !memcmp(r->names[i], name, len)) {
            CrtHandler *old = r->handlers[i];
            r->handlers[i] = hd;
            pthread_mutex_unlock(&r->mu);
            obj_release(&old->hdr);
            return;
        }
    }
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 4;
        r->names = xrealloc(r->names, sizeof *r->names * (size_t)r->cap);
        r->handlers = xrealloc(r->handlers, sizeof *r->handlers * (size_t)r->cap);
    }
    r->names[r->n] = xmalloc(len + 1);
    memcpy(r->names[r->n], name, len);
    r->names[r->n][len] = 0;
    r->handlers[r->n++] = hd;
    pthread_mutex_unlock(&r->mu);
}

CrtHandler *crt_registry_get(Host *h, const char *name, size_t len)
{
    Registry *r = registry(h);
    CrtHandler *found = NULL;
    pthread_mutex_lock(&r->mu);
    for (int i = 0; i < r->n && !found; i++)
        if (strlen(r->names[i]) == len && !memcmp(r->names[i], name, len)) found = r->handlers[i];
    if (found) obj_retain(&found->hdr);
    pthread_mutex_unlock(&r->mu);
    return found;
}

/* {=====================================================================
** Dispatch
** ====================================================================== */

const CrtOpDef *crt_resolve(const CrtHandler *h, const char *name, size_t len, char *err, size_t cap)
{
    /* Handlers form a chain ending at null (create_cpu_op_handler takes a
    ** fallback); a chain is finite since a handler names an older one. */
    for (; h; h = h->fallback) {
        if (h->kind == CRT_H_NULL) break;
        if (h->kind == CRT_H_CPU) {
            const CrtOpDef *def = crt_cpu_lookup(name, len);
            if (def) return def;
        }
    }
    snprintf(err, cap, "%.*s was not supported by NullOpHandler.", (int)len, name);
    return NULL;
}

void crt_call_free(CrtCall *call)
{
    for (int i = 0; i < call->nargs; i++) obj_release(&call->args[i]->hdr);
    for (int i = 0; i < call->nres; i++) av_release(call->res[i]);
    av_release(call->chain_in);
    av_release(call->chain_out);
    if (call->attrs) obj_release(&call->attrs->hdr);
    exec_ctx_free(call->ctx);
    free(call->args);
    free(call->res);
    free(call);
}

/* Resolves every result of [call] (and its out chain) with error [e]. */
static void call_fail_with(CrtCall *call, ErrorObj *e)
{
    for (int i = 0; i < call->nres; i++) av_try_set_error_obj(call->res[i], e);
    if (call->chain_out) av_try_set_error_obj(call->chain_out, e);
}

/* A `runtime error: MSG` at the call's op, and every result that error. */
static void call_fail(CrtCall *call, const char *msg)
{
    exec_diag(call->ctx, call->op, msg);
    ErrorObj *e = obj_error(ERR_INTERNAL, msg);
    call_fail_with(call, e);
    obj_release(&e->hdr);
}

void crt_op_fail(CrtOpCtx *x, int i, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    exec_diag(x->ctx, x->op, msg);
    if (i >= 0 && i < x->nres && !x->res[i]) x->res[i] = av_new_error(ERR_INTERNAL, msg);
}

/* One result of an op on its way to the invocation's result value: when
** the tensor resolves, the metadata (unless a metadata function gave it)
** and then the handle's value. */
typedef struct Pending {
    CrtHandle *h;               /* +1 */
    AsyncValue *res;            /* +1, the invocation's result; NULL: given already */
    bool md_from_tensor;        /* h->md is resolved from the tensor */
} Pending;

static void pending_done(void *a, void *b)
{
    (void)b;
    Pending *p = a;
    AsyncValue *t = p->h->tensor;
    if (p->md_from_tensor) {
        CrtMeta md;
        if (av_is_error(t)) av_try_set_error_obj(p->h->md, av_error_obj(t));
        else if (crt_tensor_meta(*av_get(t), &md)) {
            CrtMetaObj *m = (CrtMetaObj *)obj_alloc(meta_kind(), sizeof *m, NULL);
            m->md = md;
            av_try_emplace(p->h->md, any_obj(&m->hdr));
        } else {
            av_try_set_error(p->h->md, ERR_INTERNAL, "an op gave a value that is not a host tensor");
        }
    }
    if (p->res) {
        if (av_is_error(t)) av_try_set_error_obj(p->res, av_error_obj(t));
        else {
            obj_retain(&p->h->hdr);
            av_try_emplace(p->res, any_obj(&p->h->hdr));
        }
        av_release(p->res);
    }
    obj_release(&p->h->hdr);
    free(p);
}

/* A cpu op waiting for its arguments' tensors (and metadata). */
typedef struct CpuRun {
    CrtCall *call;
    const CrtOpDef *def;
    bool have_md;               /* the metadata function ran at dispatch */
    CrtMeta *md;                /* [call->nres] result metadata */
    AsyncValue **wait;          /* what it waits for (borrowed from the call) */
} CpuRun;

static void cpu_run_free(CpuRun *r)
{
    crt_call_free(r->call);
    free(r->md);
    free(r->wait);
    free(r);
}

/* The metadata function over the arguments' metadata; false after
** failing the call. */
static bool run_md(CpuRun *r)
{
    CrtCall *call = r->call;
    const CrtOpDef *def = r->def;
    CrtMeta args[16], *argv = call->nargs <= 16 ? args : xmalloc(sizeof *argv * (size_t)call->nargs);
    memset(&args[0], 0, sizeof args[0]);     /* an op without arguments reads none */
    for (int i = 0; i < call->nargs; i++) argv[i] = *crt_meta_of(call->args[i]->md);
    char err[512];
    TSink *ts = host_tsink(call->ctx->host);
    bool traced = tsink_on(ts, TSINK_VERBOSE);
    if (traced) tsink_push(ts, "RunMetadataFunction");
    bool ok = def->md(argv, call->nargs, call->attrs, r->md, err, sizeof err);
    if (traced) tsink_pop(ts);
    if (argv != args) free(argv);
    if (!ok) call_fail(call, err);
    r->have_md = ok;
    return ok;
}

static void cpu_go(void *arg)
{
    CpuRun *r = arg;
    CrtCall *call = r->call;
    const CrtOpDef *def = r->def;
    /* Errors in the arguments pass through (no new diagnostic). */
    for (int i = 0; i < call->nargs; i++) {
        AsyncValue *bad = av_is_error(call->args[i]->md) ? call->args[i]->md
                        : av_is_error(call->args[i]->tensor) ? call->args[i]->tensor : NULL;
        if (bad) {
            call_fail_with(call, av_error_obj(bad));
            cpu_run_free(r);
            return;
        }
    }
    if (def->md && !r->have_md && !run_md(r)) {
        cpu_run_free(r);
        return;
    }
    AsyncValue *cancel = call->ctx->rq ? rq_cancelled(call->ctx->rq) : NULL;
    if (cancel) {
        call_fail_with(call, av_error_obj(cancel));
        cpu_run_free(r);
        return;
    }
    /* The arguments as the op takes them (TFRT's implicit conversions:
    ** scalar and COO tensors to dense ones). */
    Host *host = call->ctx->host;
    HostAllocator *alloc = host_allocator(host);
    Any small[8], *args = call->nargs <= 8 ? small : xmalloc(sizeof *args * (size_t)call->nargs);
    int nconv = 0;
    bool ok = true;
    for (int i = 0; i < call->nargs && ok; i++) {
        Any t = *av_get(call->args[i]->tensor);
        CrtKind k = CRT_DENSE;
        crt_tensor_kind(t, &k);
        bool keep = k == CRT_DENSE || (k == CRT_SCALAR && (def->flags & CRT_SCALAR_OK)) ||
                    (k == CRT_COO && (def->flags & CRT_COO_OK)) ||
                    (k == CRT_STRING && (def->flags & CRT_STRING_OK));
        if (keep) {
            args[i] = any_copy(t);
        } else if (k == CRT_STRING) {
            call_fail(call, "Cannot implictly convert StringHost to DenseHost");
            ok = false;
        } else {
            char err[256];
            DenseHostTensor *d = crt_to_dense(alloc, t, call->op, err, sizeof err);
            if (!d) {
                call_fail(call, err);
                ok = false;
            } else {
                args[i] = any_obj(&d->hdr);
            }
        }
        if (ok) nconv = i + 1;
    }
    if (ok) {
        AsyncValue *rsmall[8], **res = call->nres <= 8 ? rsmall : xmalloc(sizeof *res * (size_t)call->nres);
        for (int i = 0; i < call->nres; i++) res[i] = NULL;
        CrtOpCtx x = { def, call->ctx, call->op, alloc, call->attrs, args, call->nargs,
                       r->have_md ? r->md : NULL, res, call->nres };
        /* TFRT's scope of the op handler's computation. */
        TSink *ts = host_tsink(host);
        bool traced = tsink_on(ts, TSINK_DEFAULT);
        if (traced) tsink_push(ts, "RunDispatch: %.*s", (int)call->len, call->name);
        def->fn(&x);
        if (traced) tsink_pop(ts);
        for (int i = 0; i < call->nres; i++) {
            if (!res[i]) res[i] = av_new_error(ERR_INTERNAL, "the op gave no result");
            bool md_now = r->have_md;
            AsyncValue *md = md_now ? crt_meta_av(&r->md[i]) : av_new_unavailable();
            CrtHandle *h = crt_handle_new(md, res[i]);
            Pending *p = xmalloc(sizeof *p);
            p->h = h;
            p->md_from_tensor = !md_now;
            p->res = NULL;
            if (call->handles_now) {
                obj_retain(&h->hdr);
                av_try_emplace(call->res[i], any_obj(&h->hdr));
            } else {
                av_retain(call->res[i]);
                p->res = call->res[i];
            }
            av_and_then(h->tensor, pending_done, p, NULL);
        }
        /* The op's effects are done when it returns (TFRT's ops report
        ** their chain so): the out chain is ready. */
        if (call->chain_out) av_try_emplace(call->chain_out, any_chain());
        if (res != rsmall) free(res);
    }
    for (int i = 0; i < nconv; i++) any_release(args[i]);
    if (args != small) free(args);
    cpu_run_free(r);
}

static void cpu_dispatch(const CrtOpDef *def, CrtCall *call)
{
    CpuRun *r = xcalloc(1, sizeof *r);
    r->call = call;
    r->def = def;
    r->md = xcalloc((size_t)(call->nres ? call->nres : 1), sizeof *r->md);
    /* TFRT runs the metadata function at dispatch when the arguments'
    ** metadata is there, so the results' metadata is known before the op
    ** has computed anything, and a shape error is reported at once. */
    bool md_ready = true;
    for (int i = 0; i < call->nargs && md_ready; i++) md_ready = av_is_available(call->args[i]->md);
    if (def->md && md_ready && !run_md(r)) {
        cpu_run_free(r);
        return;
    }
    int n = 0;
    r->wait = xmalloc(sizeof *r->wait * (size_t)(2 * call->nargs + 1));
    for (int i = 0; i < call->nargs; i++) {
        r->wait[n++] = call->args[i]->md;
        r->wait[n++] = call->args[i]->tensor;
    }
    crt_when_all(r->wait, n, cpu_go, r);
}

/* {=====================================================================
** The logging handler (TFRT's LoggingOpHandler)
** ====================================================================== */

/* Its lines go to standard error, as TFRT's do, each message in one write. */
static void log_text(const char *s)
{
    flockfile(stderr);
    fputs(s, stderr);
    fflush(stderr);
    funlockfile(stderr);
}

/* "Inputs for [N]: 'op':\n  Input for [N] tensor 0: ...\n\n" for the
** handles [hs] (tensors resolved). */
static void log_tensors(HostAllocator *alloc, const Op *site, CrtHandle *const *hs, int n, bool inputs,
                        uint32_t id, const char *name, size_t len)
{
    char *s = NULL;
    size_t sl = 0;
    FILE *o = open_memstream(&s, &sl);
    if (!o) tf_out_of_memory();
    fprintf(o, "%s for [%u]: '%.*s':\n", inputs ? "Inputs" : "Outputs", id, (int)len, name);
    for (int i = 0; i < n; i++) {
        fprintf(o, "  %s for [%u] tensor %d: ", inputs ? "Input" : "Output", id, i);
        AsyncValue *t = hs[i]->tensor;
        if (av_is_error(t)) {
            fprintf(o, "Error TensorHandle: '%s'", av_error(t)->msg);
        } else {
            /* As TFRT's logger converts to a host tensor it can print. */
            Any v = *av_get(t);
            CrtKind k = CRT_DENSE;
            crt_tensor_kind(v, &k);
            char err[256];
            DenseHostTensor *d = k == CRT_STRING ? NULL : crt_to_dense(alloc, v, site, err, sizeof err);
            char *txt = d ? dht_format(d) : crt_tensor_format(v);
            fputs(txt, o);
            free(txt);
            if (d) obj_release(&d->hdr);
        }
        fputc('\n', o);
    }
    fputc('\n', o);
    fclose(o);
    log_text(s);
    free(s);
}

typedef struct LogRun {
    CrtHandler *h;              /* the logging handler (borrowed: the call's op holds it) */
    const CrtOpDef *def;
    CrtCall *outer;             /* the invocation it logs */
    CrtCall *inner;             /* what it forwards to its fallback (NULL once sent) */
    uint32_t id;
    AsyncValue **wait;
} LogRun;

static void log_run_free(LogRun *l)
{
    crt_call_free(l->outer);
    if (l->inner) crt_call_free(l->inner);
    obj_release(&l->h->hdr);
    free(l->wait);
    free(l);
}

/* The results of the fallback are here: log them (sync_log_results) and
** hand them on. */
static void log_outputs(void *arg)
{
    LogRun *l = arg;
    CrtCall *out = l->outer;
    int n = out->nres;
    CrtHandle **hs = xmalloc(sizeof *hs * (size_t)(n ? n : 1));
    int nh = 0;
    for (int i = 0; i < n; i++) {
        AsyncValue *v = l->wait[i];
        CrtHandle *h = av_is_available(v) ? crt_handle_from_any(*av_get(v)) : NULL;
        if (h) hs[nh++] = h;
    }
    if (l->h->sync_log && n > 0 && nh == n)
        log_tensors(host_allocator(out->ctx->host), out->op, hs, nh, false, l->id, out->name, out->len);
    free(hs);
    for (int i = 0; i < n; i++) av_try_forward(out->res[i], l->wait[i]);
    if (out->chain_out) av_try_forward(out->chain_out, l->wait[n]);
    for (int i = 0; i <= n; i++) av_release(l->wait[i]);
    free(l->wait);
    l->wait = NULL;
    log_run_free(l);
}

static void log_inputs(void *arg)
{
    LogRun *l = arg;
    CrtCall *in = l->inner;
    log_tensors(host_allocator(in->ctx->host), in->op, in->args, in->nargs, true, l->id, in->name, in->len);
    /* Keep the inner results and chain: the fallback consumes the call. */
    int n = in->nres;
    free(l->wait);
    l->wait = xmalloc(sizeof *l->wait * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        av_retain(in->res[i]);
        l->wait[i] = in->res[i];
    }
    AsyncValue *ch = in->chain_out ? in->chain_out : av_ready_chain();
    av_retain(ch);
    l->wait[n] = ch;
    l->inner = NULL;
    crt_dispatch(l->h->fallback, l->def, in);
    /* Results that wait for their tensors: log them once all are here. */
    AsyncValue **w = xmalloc(sizeof *w * (size_t)(n + 1));
    memcpy(w, l->wait, sizeof *w * (size_t)(n + 1));
    crt_when_all(w, n + 1, log_outputs, l);
    free(w);
}

static void log_dispatch(CrtHandler *h, const CrtOpDef *def, CrtCall *call)
{
    uint32_t id = atomic_fetch_add(&h->counter, 1);
    char *s = NULL;
    size_t sl = 0;
    FILE *o = open_memstream(&s, &sl);
    if (!o) tf_out_of_memory();
    fprintf(o, "[%u] dispatch '%.*s' %d argument%s, %d result%s", id, (int)call->len, call->name,
            call->nargs, call->nargs == 1 ? "" : "s", call->nres, call->nres == 1 ? "" : "s");
    if (call->attrs->n == 0) {
        fputs(", no attributes\n", o);
    } else {
        char *a = crt_attrs_format(call->attrs);
        fprintf(o, ", %s", a);
        free(a);
    }
    fclose(o);
    log_text(s);
    free(s);

    /* The same invocation for the fallback, with results of its own. */
    CrtCall *in = xcalloc(1, sizeof *in);
    in->ctx = exec_ctx_dup(call->ctx);
    in->op = call->op;
    in->name = call->name;
    in->len = call->len;
    obj_retain(&call->attrs->hdr);
    in->attrs = call->attrs;
    in->nargs = call->nargs;
    in->args = xmalloc(sizeof *in->args * (size_t)(call->nargs ? call->nargs : 1));
    for (int i = 0; i < call->nargs; i++) {
        obj_retain(&call->args[i]->hdr);
        in->args[i] = call->args[i];
    }
    in->nres = call->nres;
    in->res = xmalloc(sizeof *in->res * (size_t)(call->nres ? call->nres : 1));
    for (int i = 0; i < call->nres; i++) in->res[i] = av_new_indirect();
    in->handles_now = call->handles_now;
    if (call->chain_in) {
        av_retain(call->chain_in);
        in->chain_in = call->chain_in;
    }
    if (call->chain_out) in->chain_out = av_new_unavailable();

    LogRun *l = xcalloc(1, sizeof *l);
    obj_retain(&h->hdr);
    l->h = h;
    l->def = def;
    l->outer = call;
    l->inner = in;
    l->id = id;
    int n = 0;
    l->wait = xmalloc(sizeof *l->wait * (size_t)(call->nargs + 1));
    for (int i = 0; i < call->nargs; i++) l->wait[n++] = call->args[i]->tensor;
    crt_when_all(l->wait, n, log_inputs, l);
}

const char *crt_handler_name(const CrtHandler *h)
{
    switch (h->kind) {
    case CRT_H_CPU: return "cpu";
    case CRT_H_LOGGING: return h->sync_log ? "sync_logging" : "logging";
    case CRT_H_NULL: break;
    }
    return "null";
}

void crt_dispatch(CrtHandler *h, const CrtOpDef *def, CrtCall *call)
{
    for (; h; h = h->fallback) {
        if (h->kind == CRT_H_LOGGING) {
            log_dispatch(h, def, call);
            return;
        }
        if (h->kind == CRT_H_CPU && crt_cpu_lookup(call->name, call->len) == def) {
            cpu_dispatch(def, call);
            return;
        }
        if (h->kind == CRT_H_NULL) break;
    }
    char err[512];
    snprintf(err, sizeof err, "%.*s was not supported by NullOpHandler.", (int)call->len, call->name);
    call_fail(call, err);
    crt_call_free(call);
}
