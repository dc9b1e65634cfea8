/*
** dht.c — dense host tensors and host buffers (docs/kernel-behaviour.md §8) and
** the tfrt_dht.* kernels.
*/
#include "base/alloc.h"
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/corert.h"
#include "kernels/dht.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

/* {=====================================================================
** Dtypes
** ====================================================================== */

static const struct { const char *suffix, *name; size_t size; } dtypes[DT__COUNT] = {
    /* ORDER DTYPE */
    [DT_INVALID] = { "", "invalid", 0 },
    [DT_BOOL] = { "bool", "i1", 1 },      [DT_I8] = { "i8", "i8", 1 },
    [DT_I16] = { "i16", "i16", 2 },       [DT_I32] = { "i32", "i32", 4 },
    [DT_I64] = { "i64", "i64", 8 },       [DT_UI8] = { "ui8", "u8", 1 },
    [DT_UI16] = { "ui16", "u16", 2 },     [DT_UI32] = { "ui32", "u32", 4 },
    [DT_UI64] = { "ui64", "u64", 8 },     [DT_F16] = { "f16", "f16", 2 },
    [DT_BF16] = { "bf16", "bf16", 2 },    [DT_F32] = { "f32", "f32", 4 },
    [DT_F64] = { "f64", "f64", 8 },
    [DT_COMPLEX64] = { "complex64", "complex64", 8 },
    [DT_COMPLEX128] = { "complex128", "complex128", 16 },
};

size_t dt_size(DType t) { return t > 0 && t < DT__COUNT ? dtypes[t].size : 0; }
const char *dt_name(DType t) { return t > 0 && t < DT__COUNT ? dtypes[t].name : "invalid"; }

DType dt_from_suffix(const char *s)
{
    for (int i = 1; i < DT__COUNT; i++)
        if (strcmp(dtypes[i].suffix, s) == 0) return (DType)i;
    return DT_INVALID;
}

DType dt_from_type(const Type *t)
{
    if (!t) return DT_INVALID;
    switch (t->kind) {
    case TY_I1: return DT_BOOL;
    case TY_I8: return DT_I8;
    case TY_I16: return DT_I16;
    case TY_I32: return DT_I32;
    case TY_I64: case TY_INDEX: return DT_I64;
    case TY_UI8: return DT_UI8;
    case TY_UI16: return DT_UI16;
    case TY_UI32: return DT_UI32;
    case TY_UI64: return DT_UI64;
    case TY_F16: return DT_F16;
    case TY_BF16: return DT_BF16;
    case TY_F32: return DT_F32;
    case TY_F64: return DT_F64;
    case TY_COMPLEX:
        if (t->elem && t->elem->kind == TY_F32) return DT_COMPLEX64;
        if (t->elem && t->elem->kind == TY_F64) return DT_COMPLEX128;
        return DT_INVALID;
    default: return DT_INVALID;
    }
}

/* {=====================================================================
** Host buffers
** ====================================================================== */

/* TFRT's HostBuffer header: every allocation is this much larger than its
** data (docs/execution.md §1.10). */
#define HB_HEADER 64
/* The largest buffer tfrun allocates: 4 GiB. A bigger request (a typo in a
** shape attribute, say) fails with the kernel's allocation error instead of
** exhausting the machine; TFRT's tests never come near it. */
#define HB_MAX_SIZE ((size_t)1 << 32)

static void hb_delete(Object *o)
{
    HostBuffer *b = (HostBuffer *)o;
    if (b->parent) obj_release(&b->parent->hdr);
    else if (b->alloc) ha_free(b->alloc, b->block, b->block_size);
    else free(b->block);
    free(b);
}

HostBuffer *hb_alloc(HostAllocator *a, size_t size, size_t align)
{
    return hb_alloc_at(a, size, align, NULL);
}

HostBuffer *hb_alloc_at(HostAllocator *a, size_t size, size_t align, const struct Op *site)
{
    if (align == 0) align = 16;
    if (align & (align - 1)) return NULL;
    if (size > HB_MAX_SIZE) return NULL;
    size_t extra = align > 16 ? align : 0;
    size_t total = HB_HEADER + size + extra;
    void *block = a ? ha_alloc_at(a, total, align > 16 ? align : 16, site) : malloc(total);
    if (!block) return NULL;
    HostBuffer *b = (HostBuffer *)obj_alloc(OBJ_BUFFER, sizeof *b, hb_delete);
    b->alloc = a;
    b->block = block;
    b->block_size = total;
    uintptr_t p = (uintptr_t)block + HB_HEADER;
    if (align > 16) p = (p + align - 1) & ~(uintptr_t)(align - 1);
    b->data = (char *)p;
    b->size = size;
    memset(b->data, 0, size);
    return b;
}

HostBuffer *hb_slice(HostBuffer *parent, size_t off, size_t size)
{
    if (off > parent->size || size > parent->size - off) return NULL;
    HostBuffer *b = (HostBuffer *)obj_alloc(OBJ_BUFFER, sizeof *b, hb_delete);
    obj_retain(&parent->hdr);
    b->parent = parent;
    b->data = parent->data + off;
    b->size = size;
    return b;
}

HostBuffer *hb_from_any(Any v) { return (HostBuffer *)any_unbox_obj(v, OBJ_BUFFER); }

/* {=====================================================================
** Tensors
** ====================================================================== */

static void dht_delete(Object *o)
{
    DenseHostTensor *t = (DenseHostTensor *)o;
    if (t->buf) obj_release(&t->buf->hdr);
    free(t);
}

static DenseHostTensor *dht_shell(DType dt, int rank, const int64_t *dims)
{
    if (rank < 0 || rank > DHT_MAX_RANK || dt <= DT_INVALID || dt >= DT__COUNT) return NULL;
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 0) return NULL;
        if (dims[i] > 0 && n > INT64_MAX / 16 / dims[i]) return NULL;
        n *= dims[i];
    }
    DenseHostTensor *t = (DenseHostTensor *)obj_alloc(OBJ_TENSOR, sizeof *t, dht_delete);
    t->dtype = dt;
    t->rank = rank;
    for (int i = 0; i < rank; i++) t->dims[i] = dims[i];
    t->nelems = n;
    return t;
}

DenseHostTensor *dht_new(HostAllocator *a, DType dt, int rank, const int64_t *dims)
{
    return dht_new_at(a, dt, rank, dims, NULL);
}

DenseHostTensor *dht_new_at(HostAllocator *a, DType dt, int rank, const int64_t *dims, const struct Op *site)
{
    DenseHostTensor *t = dht_shell(dt, rank, dims);
    if (!t) return NULL;
    t->buf = hb_alloc_at(a, (size_t)t->nelems * dt_size(dt), 16, site);
    if (!t->buf) {
        obj_release(&t->hdr);
        return NULL;
    }
    return t;
}

DenseHostTensor *dht_view(HostBuffer *buf, DType dt, int rank, const int64_t *dims)
{
    DenseHostTensor *t = dht_shell(dt, rank, dims);
    if (!t) return NULL;
    obj_retain(&buf->hdr);
    t->buf = buf;
    return t;
}

DenseHostTensor *dht_from_any(Any v) { return (DenseHostTensor *)any_unbox_obj(v, OBJ_TENSOR); }

void dht_store(DenseHostTensor *t, int64_t idx, DScalar s)
{
    dscalar_put(t->dtype, (char *)dht_data(t) + (size_t)idx * dt_size(t->dtype), s);
}

void dscalar_put(DType dt, void *p, DScalar s)
{
    double d = s.kind == DS_FLOAT ? s.f : s.kind == DS_INT ? (double)s.i : 0;
    int64_t i = s.kind == DS_INT ? s.i : s.kind == DS_FLOAT ? (isfinite(s.f) && fabs(s.f) < 9.2e18 ? (int64_t)s.f : 0) : s.i;
    switch (dt) {
    case DT_BOOL: { uint8_t v = i != 0; memcpy(p, &v, 1); break; }
    case DT_I8: case DT_UI8: { uint8_t v = (uint8_t)i; memcpy(p, &v, 1); break; }
    case DT_I16: case DT_UI16: { uint16_t v = (uint16_t)i; memcpy(p, &v, 2); break; }
    case DT_I32: case DT_UI32: { uint32_t v = (uint32_t)i; memcpy(p, &v, 4); break; }
    case DT_I64: case DT_UI64: { uint64_t v = (uint64_t)i; memcpy(p, &v, 8); break; }
    case DT_F16: case DT_BF16: {
        uint16_t v = s.kind == DS_RAW16 ? (uint16_t)s.i
                   : dt == DT_F16 ? kl_f16_bits(d) : kl_bf16_bits(d);
        memcpy(p, &v, 2);
        break;
    }
    case DT_F32: { float v = (float)d; memcpy(p, &v, 4); break; }
    case DT_F64: memcpy(p, &d, 8); break;
    case DT_COMPLEX64: { float v[2] = { (float)d, (float)(s.kind == DS_FLOAT ? s.im : 0) }; memcpy(p, v, 8); break; }
    case DT_COMPLEX128: { double v[2] = { d, s.kind == DS_FLOAT ? s.im : 0 }; memcpy(p, v, 16); break; }
    default: break;
    }
}

bool dscalar_from_attr(const Attr *a, DScalar *s)
{
    if (!a) return false;
    memset(s, 0, sizeof *s);
    switch (a->kind) {
    case ATTR_INT: s->kind = DS_INT; s->i = a->u.i; return true;
    case ATTR_BOOL: s->kind = DS_INT; s->i = a->u.b; return true;
    case ATTR_FLOAT:
        if (a->has_float_bits && a->type && (a->type->kind == TY_F16 || a->type->kind == TY_BF16)) {
            s->kind = DS_RAW16;
            s->i = (int64_t)(a->float_bits & 0xffff);
            return true;
        }
        s->kind = DS_FLOAT; s->f = a->u.f; return true;
    case ATTR_ARRAY: {
        /* A complex value, (re, im): two numbers. */
        DScalar re, im;
        if (!a->is_complex || a->u.arr.n != 2 || !dscalar_from_attr(a->u.arr.elems[0], &re) ||
            !dscalar_from_attr(a->u.arr.elems[1], &im) || re.kind == DS_RAW16 || im.kind == DS_RAW16)
            return false;
        s->kind = DS_FLOAT;
        s->f = re.kind == DS_INT ? (double)re.i : re.f;
        s->im = im.kind == DS_INT ? (double)im.i : im.f;
        return true;
    }
    default: return false;
    }
}

bool dscalar_from_any(Any v, DScalar *s)
{
    memset(s, 0, sizeof *s);
    switch (v.type) {
    case ANY_I1: case ANY_I8: case ANY_I16: case ANY_I32: case ANY_I64:
    case ANY_UI8: case ANY_UI16: case ANY_UI32: case ANY_UI64:
        s->kind = DS_INT; s->i = v.v.i; return true;
    case ANY_F16: case ANY_BF16: s->kind = DS_RAW16; s->i = (int64_t)(v.v.u & 0xffff); return true;
    case ANY_F32: s->kind = DS_FLOAT; s->f = v.v.f32; return true;
    case ANY_F64: s->kind = DS_FLOAT; s->f = v.v.f64; return true;
    case ANY_COMPLEX64: s->kind = DS_FLOAT; s->f = v.v.c64[0]; s->im = v.v.c64[1]; return true;
    case ANY_OBJ: {
        Complex128Obj *c = (Complex128Obj *)any_unbox_obj(v, OBJ_COMPLEX128);
        if (!c) return false;
        s->kind = DS_FLOAT; s->f = c->re; s->im = c->im;
        return true;
    }
    default: return false;
    }
}

size_t shape_format_dims(char *buf, size_t cap, const int64_t *dims, int rank)
{
    size_t n = 0;
#define PUT(...) do { int k_ = snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, __VA_ARGS__); \
                      if (k_ > 0) n += (size_t)k_; } while (0)
    PUT("[");
    for (int i = 0; i < rank; i++) PUT(i ? ", %" PRId64 : "%" PRId64, dims[i]);
    PUT("]");
#undef PUT
    return n;
}

/* Prints element [i] of [t] in print_tensor's format. */
void dt_format_elem(FILE *o, DType dt, const void *elem)
{
    const char *p = elem;
    switch (dt) {
    case DT_BOOL: { uint8_t v; memcpy(&v, p, 1); fprintf(o, "%d", v != 0); break; }
    case DT_I8: { int8_t v; memcpy(&v, p, 1); fprintf(o, "%d", v); break; }
    case DT_I16: { int16_t v; memcpy(&v, p, 2); fprintf(o, "%d", v); break; }
    case DT_I32: { int32_t v; memcpy(&v, p, 4); fprintf(o, "%" PRId32, v); break; }
    case DT_I64: { int64_t v; memcpy(&v, p, 8); fprintf(o, "%" PRId64, v); break; }
    case DT_UI8: { uint8_t v; memcpy(&v, p, 1); fprintf(o, "%u", v); break; }
    case DT_UI16: { uint16_t v; memcpy(&v, p, 2); fprintf(o, "%u", v); break; }
    case DT_UI32: { uint32_t v; memcpy(&v, p, 4); fprintf(o, "%" PRIu32, v); break; }
    case DT_UI64: { uint64_t v; memcpy(&v, p, 8); fprintf(o, "%" PRIu64, v); break; }
    /* TFRT prints its fp16 and bf16 types as their bits. */
    case DT_F16: { uint16_t v; memcpy(&v, p, 2); fprintf(o, "fp16(%u)", v); break; }
    case DT_BF16: { uint16_t v; memcpy(&v, p, 2); fprintf(o, "bf16(%u)", v); break; }
    case DT_F32: { float v; memcpy(&v, p, 4); fprintf(o, "%.6e", (double)v); break; }
    case DT_F64: { double v; memcpy(&v, p, 8); fprintf(o, "%.6e", v); break; }
    case DT_COMPLEX64: { float v[2]; memcpy(v, p, 8); fprintf(o, "(%.6e,%.6e)", (double)v[0], (double)v[1]); break; }
    case DT_COMPLEX128: { double v[2]; memcpy(v, p, 16); fprintf(o, "(%.6e,%.6e)", v[0], v[1]); break; }
    default: fputs("?", o); break;
    }
}

static void put_elem(FILE *o, const DenseHostTensor *t, int64_t i)
{
    dt_format_elem(o, t->dtype, (const char *)dht_data(t) + (size_t)i * dt_size(t->dtype));
}

/* print_tensor shows at most this many values, then `, ... ` (TFRT's
** DenseHostTensor::Print threshold). */
#define DHT_PRINT_LIMIT 16

char *dht_format(const DenseHostTensor *t)
{
    char *s = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&s, &len);
    if (!o) tf_out_of_memory();
    char dims[64 * DHT_MAX_RANK];
    shape_format_dims(dims, sizeof dims, t->dims, t->rank);
    fprintf(o, "DenseHostTensor dtype = %s, shape = %s, values = [", dt_name(t->dtype), dims);
    int64_t n = t->nelems < DHT_PRINT_LIMIT ? t->nelems : DHT_PRINT_LIMIT;
    for (int64_t i = 0; i < n; i++) {
        if (i) fputs(", ", o);
        put_elem(o, t, i);
    }
    if (t->nelems > DHT_PRINT_LIMIT) fputs(", ... ", o);
    fputc(']', o);
    fclose(o);
    return s;
}

/* TFRT's closeness (dense_tensor_utils.h, TensorElementsClose): |a - b| <=
** epsilon * |a + b| * ulps, or |a - b| below the smallest normal number;
** about 2 x ulps units in the last place of the larger. tfrun adds a == b,
** so that equal infinities are close. */
static bool close32(float a, float b, int64_t ulps)
{
    if (ulps <= 0 || a == b) return a == b;
    float d = fabsf(a - b);
    return d <= FLT_EPSILON * fabsf(a + b) * (float)ulps || d < FLT_MIN;
}

static bool close64(double a, double b, int64_t ulps)
{
    if (ulps <= 0 || a == b) return a == b;
    double d = fabs(a - b);
    return d <= DBL_EPSILON * fabs(a + b) * (double)ulps || d < DBL_MIN;
}

bool dht_same_type(const DenseHostTensor *a, const DenseHostTensor *b)
{
    if (a->dtype != b->dtype || a->rank != b->rank) return false;
    return memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

bool dht_equal(const DenseHostTensor *a, const DenseHostTensor *b, int64_t ulps)
{
    if (!dht_same_type(a, b)) return false;
    const char *pa = dht_data(a), *pb = dht_data(b);
    size_t es = dt_size(a->dtype);
    for (int64_t i = 0; i < a->nelems; i++, pa += es, pb += es) {
        switch (a->dtype) {
        case DT_F32: case DT_COMPLEX64:
            for (size_t k = 0; k < es; k += 4) {
                float x, y;
                memcpy(&x, pa + k, 4);
                memcpy(&y, pb + k, 4);
                if (!close32(x, y, ulps)) return false;
            }
            break;
        case DT_F64: case DT_COMPLEX128:
            for (size_t k = 0; k < es; k += 8) {
                double x, y;
                memcpy(&x, pa + k, 8);
                memcpy(&y, pb + k, 8);
                if (!close64(x, y, ulps)) return false;
            }
            break;
        case DT_F16: case DT_BF16: {
            uint16_t x, y;
            memcpy(&x, pa, 2);
            memcpy(&y, pb, 2);
            double dx = a->dtype == DT_F16 ? kl_f16_value(x) : kl_bf16_value(x);
            double dy = a->dtype == DT_F16 ? kl_f16_value(y) : kl_bf16_value(y);
            if (ulps > 0) {
                if (isnan(dx) || isnan(dy)) return false;
                int32_t ix = (x & 0x8000) ? 0x8000 - (int32_t)x : x;   /* ordered */
                int32_t iy = (y & 0x8000) ? 0x8000 - (int32_t)y : y;
                if (abs(ix - iy) > ulps) return false;
            } else if (dx != dy) {
                return false;
            }
            break;
        }
        case DT_BOOL:
            if ((*pa != 0) != (*pb != 0)) return false;
            break;
        default:
            if (memcmp(pa, pb, es) != 0) return false;
        }
    }
    return true;
}

/* {=====================================================================
** Kernels
** ====================================================================== */

static HostAllocator *halloc(KernelFrame *f) { return host_allocator(f->ctx->host); }

/* Fetches operand [i] as a tensor, or reports an error and returns NULL. */
static DenseHostTensor *tensor_arg(KernelFrame *f, int i)
{
    DenseHostTensor *t = i < f->nargs ? dht_from_any(*kf_arg(f, i)) : NULL;
    if (!t) kf_error(f, "operand #%d is not a dense host tensor", i);
    return t;
}

static HostBuffer *buffer_arg(KernelFrame *f, int i)
{
    HostBuffer *b = i < f->nargs ? hb_from_any(*kf_arg(f, i)) : NULL;
    if (!b) kf_error(f, "operand #%d is not a host buffer", i);
    return b;
}

/* Reads an i64 array attribute (shape) into dims; returns the rank or -1. */
static int attr_dims(const Attr *a, int64_t *dims, int max)
{
    if (!a) return -1;
    if (a->kind != ATTR_ARRAY && a->kind != ATTR_DENSE) return -1;
    if (a->u.arr.n > max) return -1;
    for (int i = 0; i < a->u.arr.n; i++)
        if (!kl_attr_int(a->u.arr.elems[i], &dims[i])) return -1;
    return a->u.arr.n;
}

/* create_uninitialized_tensor.DT.R: attr shape -> tensor. */
static void create_tensor(KernelFrame *f, DType dt)
{
    int64_t dims[DHT_MAX_RANK];
    int rank = attr_dims(kf_attr(f, attr_shape), dims, DHT_MAX_RANK);
    if (rank < 0) {
        kf_error(f, "missing or invalid 'shape' attribute");
        return;
    }
    DenseHostTensor *t = dht_new_at(halloc(f), dt, rank, dims, f->op);
    if (!t) {
        kf_error(f, "Cannot allocate tensor");
        return;
    }
    kf_set(f, 0, any_obj(&t->hdr));
}

/* fill_tensor_with_constant.DT(t, ch): attr value. */
void k_dht_fill_tensor_with_constant(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (!t) return;
    const Attr *a = kf_attr(f, attr_value);
    DScalar s;
    if (a && a->kind == ATTR_ARRAY && a->u.arr.n == 2) {    /* complex: [re, im] */
        double re = 0, im = 0;
        kl_attr_f64(a->u.arr.elems[0], &re);
        kl_attr_f64(a->u.arr.elems[1], &im);
        s = (DScalar){ DS_FLOAT, 0, re, im };
    } else if (!dscalar_from_attr(a, &s)) {
        kf_error(f, "missing or invalid 'value' attribute");
        return;
    }
    for (int64_t i = 0; i < t->nelems; i++) dht_store(t, i, s);
    kf_set_chain(f, 0);
}

/* Copies the values of array attribute [a] into [t]; reports TFRT's error
** on a count mismatch. */
static bool set_from_array(KernelFrame *f, DenseHostTensor *t, const Attr *a)
{
    if (!a || (a->kind != ATTR_ARRAY && a->kind != ATTR_DENSE)) {
        kf_error(f, "missing or invalid 'values' attribute");
        return false;
    }
    int n = a->u.arr.n;
    bool cplx = t->dtype == DT_COMPLEX64 || t->dtype == DT_COMPLEX128;
    if (cplx) {
        if ((int64_t)n != 2 * t->nelems) {
            kf_error(f, "Incorrect number of real and imaginary values for the complex tensor: %d, but expected %" PRId64,
                     n, 2 * t->nelems);
            return false;
        }
        for (int64_t i = 0; i < t->nelems; i++) {
            double re = 0, im = 0;
            kl_attr_f64(a->u.arr.elems[2 * i], &re);
            kl_attr_f64(a->u.arr.elems[2 * i + 1], &im);
            dht_store(t, i, (DScalar){ DS_FLOAT, 0, re, im });
        }
        return true;
    }
    if ((int64_t)n != t->nelems) {
        kf_error(f, "Incorrect number of values for the tensor: %d, but expected %" PRId64, n, t->nelems);
        return false;
    }
    for (int i = 0; i < n; i++) {
        DScalar s;
        if (!dscalar_from_attr(a->u.arr.elems[i], &s)) s = (DScalar){ DS_INT, 0, 0, 0 };
        dht_store(t, i, s);
    }
    return true;
}

/* set_tensor_with_constant_values.DT(t, ch): attr values -> ch. */
void k_dht_set_tensor_with_constant_values(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (!t) return;
    if (!set_from_array(f, t, kf_attr(f, attr_values))) return;
    if (f->nargs > 1) kf_forward_arg(f, 0, 1);
    else kf_set_chain(f, 0);
}

/* set_tensor_with_values.DT(t, ch, v1..vn) -> ready chain. */
void k_dht_set_tensor_with_values(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (!t) return;
    int n = f->nargs - 2;
    if (n < 0) n = 0;
    if ((int64_t)n != t->nelems) {
        kf_error(f, "Incorrect number of values for the tensor: %d, but expected %" PRId64, n, t->nelems);
        return;
    }
    for (int i = 0; i < n; i++) {
        DScalar s;
        if (!dscalar_from_any(*kf_arg(f, i + 2), &s)) {
            kf_error(f, "operand #%d is not a scalar", i + 2);
            return;
        }
        dht_store(t, i, s);
    }
    kf_set_chain(f, 0);
}

/* make_tensor.DT(buf, shape, ch) -> (tensor, ch). [prefix] names the kernel
** family in the error message. */
static void make_tensor(KernelFrame *f, DType dt, const char *prefix, int nres)
{
    HostBuffer *b = buffer_arg(f, 0);
    if (!b) return;
    ShapeObj *s = f->nargs > 1 ? shape_from_any(*kf_arg(f, 1), SHAPE_RANKED) : NULL;
    if (!s) {
        kf_error(f, "operand #1 is not a shape");
        return;
    }
    /* The element count, checked: dims that are negative or whose product
    ** (times the element size) overflows cannot match any buffer. */
    uint64_t n = 1;
    bool fits = s->rank <= DHT_MAX_RANK;
    for (int i = 0; i < s->rank && fits; i++)
        fits = s->dims[i] >= 0 && !__builtin_mul_overflow(n, (uint64_t)s->dims[i], &n);
    size_t es = dt_size(dt);
    uint64_t bytes = 0;
    if (fits) fits = !__builtin_mul_overflow(n, (uint64_t)es, &bytes);
    if (!fits || bytes != b->size) {
        char dims[64 * DHT_MAX_RANK];
        shape_format_dims(dims, sizeof dims, s->dims, s->rank);
        kf_error(f, "%s failed: buffer_size (%zu) is not equal to the number of elements in shape (%s) times element size (%zu)",
                 prefix, b->size, dims, es);
        return;
    }
    DenseHostTensor *t = dht_view(b, dt, s->rank, s->dims);
    if (!t) {
        kf_error(f, "Cannot make tensor");
        return;
    }
    kf_set(f, 0, any_obj(&t->hdr));
    if (nres > 1) {
        if (f->nargs > 2) kf_forward_arg(f, 1, 2);
        else kf_set_chain(f, 1);
    }
}

/* tensor_equal / tensor_allclose(a, b, ch) -> (i1, ch). */
static void tensor_compare(KernelFrame *f, int64_t ulps)
{
    DenseHostTensor *a = tensor_arg(f, 0), *b = a ? tensor_arg(f, 1) : NULL;
    if (!a || !b) return;
    kf_set(f, 0, any_bool(dht_equal(a, b, ulps)));
    if (f->nresults > 1) {
        if (f->nargs > 2) kf_forward_arg(f, 1, 2);
        else kf_set_chain(f, 1);
    }
}

/* The generic kernels of ops.def's OPI rows (dht.h): the dtype, rank and
** tolerance come from the row (kl_imm). */
void k_dht_create_uninitialized_tensor(KernelFrame *f) { create_tensor(f, (DType)kl_imm(f, 0)); }
void k_dht_make_tensor(KernelFrame *f) { make_tensor(f, (DType)kl_imm(f, 0), "dht.make_tensor", 2); }
/* tensor_equal (IMM1 0) and tensor_allclose[.Nulp] (IMM1 N ulps, which
** only floating dtypes use). */
void k_dht_tensor_compare(KernelFrame *f) { tensor_compare(f, kl_imm(f, 0) >= DT_F16 ? kl_imm(f, 1) : 0); }

/* allocate_buffer(i64 size, i64 align) -> host buffer. */
void k_tfrt_dht_allocate_buffer(KernelFrame *f)
{
    int64_t size = kf_i64(f, 0), align = kf_i64(f, 1);
    HostBuffer *b = NULL;
    if (size >= 0 && align > 0) b = hb_alloc_at(halloc(f), (size_t)size, (size_t)align, f->op);
    if (!b) {
        kf_error(f, "Cannot allocate host buffer");
        return;
    }
    kf_set(f, 0, any_obj(&b->hdr));
}

/* get_buffer(t, ch) -> (buffer, ch). */
void k_tfrt_dht_get_buffer(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (!t) return;
    obj_retain(&t->buf->hdr);
    kf_set(f, 0, any_obj(&t->buf->hdr));
    if (f->nargs > 1) kf_forward_arg(f, 1, 1);
    else kf_set_chain(f, 1);
}

/* get_buffer_slice(buf, off, size) -> buffer aliasing [off, off+size). */
void k_tfrt_dht_get_buffer_slice(KernelFrame *f)
{
    HostBuffer *b = buffer_arg(f, 0);
    if (!b) return;
    int64_t off = kf_i64(f, 1), size = kf_i64(f, 2);
    HostBuffer *s = off >= 0 && size >= 0 ? hb_slice(b, (size_t)off, (size_t)size) : NULL;
    if (!s) {
        /* The end as a mathematician writes it: off + size never wraps
        ** in 64 unsigned bits when both are non-negative. */
        if (off >= 0 && size >= 0)
            kf_error(f, "Cannot get buffer slice [%" PRId64 ", %" PRIu64 ") of a buffer of %zu bytes",
                     off, (uint64_t)off + (uint64_t)size, b->size);
        else
            kf_error(f, "Cannot get buffer slice of %" PRId64 " bytes at offset %" PRId64
                     " of a buffer of %zu bytes", size, off, b->size);
        return;
    }
    kf_set(f, 0, any_obj(&s->hdr));
}

/* get_tensor_shape(t) -> !ts.shape. */
void k_tfrt_dht_get_tensor_shape(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (!t) return;
    kf_set(f, 0, any_obj(&shape_new(SHAPE_RANKED, t->rank, t->dims)->hdr));
}

void k_tfrt_dht_no_op_ht(KernelFrame *f) { kf_set_chain(f, 0); }

/* print_buffer(buf, ch) -> ch. */
void k_tfrt_dht_print_buffer(KernelFrame *f)
{
    HostBuffer *b = buffer_arg(f, 0);
    if (!b) return;
    kl_out(f->ctx->host, "HostBuffer<pointer=0x%" PRIxPTR ", size=%zu>\n", (uintptr_t)b->data, b->size);
    if (f->nargs > 1) kf_forward_arg(f, 0, 1);
    else kf_set_chain(f, 0);
}

/* Operand 0 in Tensor::Print's format (malloc'ed): a dense tensor, a COO
** tensor (kernels/coo.c), or a scalar or string host tensor
** (tfrt_dht_sync.create_from_scalar, tfrt_sht.create_tensor: CoreRT's
** kinds, kernels/corert.h); NULL, the error reported, for anything else. */
char *host_tensor_format(KernelFrame *f)
{
    Any v = *kf_arg(f, 0);
    char *s = coo_format(v);
    if (s) return s;
    if (!dht_from_any(v) && !crt_tensor_from_any(v)) {
        kf_error(f, "operand #0 is not a host tensor");
        return NULL;
    }
    return crt_tensor_format(v);
}

/* print_tensor(t, ch) -> ready chain. */
void k_tfrt_dht_print_tensor(KernelFrame *f)
{
    char *s = host_tensor_format(f);
    if (!s) return;
    kl_out(f->ctx->host, "%s\n", s);
    free(s);
    kf_set_chain(f, 0);
}

/* print_tensor_shape(t[, ch]) -> ready chain. */
void k_tfrt_dht_print_tensor_shape(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (!t) return;
    char dims[64 * DHT_MAX_RANK];
    shape_format_dims(dims, sizeof dims, t->dims, t->rank);
    kl_out(f->ctx->host, "%s\n", dims);
    kf_set_chain(f, 0);
}

/* {=====================================================================
** Kernel bodies shared with sync.c (tfrt_dht_sync.*)
** ====================================================================== */

void dht_kernel_create(KernelFrame *f, DType dt) { create_tensor(f, dt); }

/* set_tensor_with_constant_values.DT(t): attr values, no result. */
void k_dht_sync_set_tensor_with_constant_values(KernelFrame *f)
{
    DenseHostTensor *t = tensor_arg(f, 0);
    if (t) set_from_array(f, t, kf_attr(f, attr_values));
}

/* make_tensor.DT(buf, shape) -> tensor. */
void k_dht_sync_make_tensor(KernelFrame *f)
{
    make_tensor(f, (DType)kl_imm(f, 0), "tfrt_dht_sync.make_tensor", 1);
}
