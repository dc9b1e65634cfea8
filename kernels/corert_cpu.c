/*
** corert_cpu.c — the ops of CoreRT's `cpu` op handler (kernels/corert.h,
** docs/kernel-behaviour.md §14): TFRT's test ops (backends/cpu/lib/ops/test
** and their metadata functions in backends/common/lib/ops/test) as TFRT's
** core_runtime tests and eager MNIST use them, and TensorFlow ops of
** TFRT's backends/cpu/lib/ops/tf (tf.Const, tf.AddV2, tf.Sub, tf.Mul,
** tf.RealDiv, tf.Less, tf.MatMul, tf.Relu, tf.Log, tf.Log1p, tf.Rsqrt,
** tf.Sigmoid, tf.Softmax, tf.LogSoftmax, tf.BiasAdd, tf.Mean, tf.ZerosLike,
** tf.Shape, tf.ExpandDims, tf.Tile, tf.ConcatV2, tf._FusedMatMul) and
** tf.Pad, tf.MaxPool, tf.Conv2D, tf.FusedBatchNormV3 (TFRT's compat/eigen
** ones; the last three share kernels/ml.c's and ml_eigen.c's code).
**
** Each op is one row of the table at the end: its flags (whether it has
** side effects, which tensor kinds it takes as they are), its argument and
** result counts, its metadata function (result dtype and shape from the
** arguments' and the attributes, with TFRT's messages) and the function
** that computes it. Attributes come as TFRT's OpAttrs (CrtAttrs): their
** names ("transpose_a", "shape", ...) are the CoreRT ops' own, data of the
** program rather than attributes of tfrun's IR.
**
** Matrix products go through kl_gemm (kernels/gemm.h). Integer arithmetic
** wraps, as the tfrt_dht kernels' does.
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "kernels/corert.h"
#include "kernels/ext.h"
#include "kernels/gemm.h"
#include "kernels/ml_int.h"
#include "kernels/tf_ops.h"

/* {=====================================================================
** Attributes and metadata helpers
** ====================================================================== */

static void say(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

/* The DType of attribute element type [t]; DT_INVALID for the others. */
static DType dtype_of(CrtAttrType t)
{
    switch (t) {
    case CA_BOOL: return DT_BOOL;
    case CA_UI8: return DT_UI8;
    case CA_UI16: return DT_UI16;
    case CA_UI32: return DT_UI32;
    case CA_UI64: return DT_UI64;
    case CA_I8: return DT_I8;
    case CA_I16: return DT_I16;
    case CA_I32: return DT_I32;
    case CA_I64: return DT_I64;
    case CA_F16: return DT_F16;
    case CA_BF16: return DT_BF16;
    case CA_F32: return DT_F32;
    case CA_F64: return DT_F64;
    case CA_COMPLEX64: return DT_COMPLEX64;
    case CA_COMPLEX128: return DT_COMPLEX128;
    default: return DT_INVALID;
    }
}

/* The i64 array [key] (TFRT's GetArray<Index>); NULL when it is missing
** or of another kind. */
static const CrtAttr *i64_array(const CrtAttrs *s, const char *key)
{
    const CrtAttr *a = crt_attrs_get(s, key);
    return a && a->array && a->type == CA_I64 ? a : NULL;
}

/* The shape of i64 array attribute [a] into [md] (dtype untouched);
** false for a rank or a dimension tensors cannot have. */
static bool shape_from(const CrtAttr *a, CrtMeta *md, const char *op, char *err, size_t cap)
{
    if (a->n > DHT_MAX_RANK) {
        say(err, cap, "%s: a shape of rank %" PRId64 " (at most %d)", op, a->n, DHT_MAX_RANK);
        return false;
    }
    md->rank = (int)a->n;
    memcpy(md->dims, a->data, sizeof md->dims[0] * (size_t)a->n);
    for (int i = 0; i < md->rank; i++)
        if (md->dims[i] < 0) {
            say(err, cap, "%s: negative dimension %" PRId64 " in 'shape'", op, md->dims[i]);
            return false;
        }
    return true;
}

/* A single attribute [key] of type [t] that TFRT reads with GetAsserting
** (the op needs it); NULL, with the message, when it is missing or of
** another type ([what] names the type). */
static const CrtAttr *need_attr(const CrtAttrs *s, const char *key, CrtAttrType t, const char *what, const char *op,
                                char *err, size_t cap)
{
    const CrtAttr *a = crt_attrs_get(s, key);
    if (!a || a->array || a->type != t) {
        say(err, cap, "%s needs the %s attribute '%s'", op, what, key);
        return NULL;
    }
    return a;
}

static bool need_bool(const CrtAttrs *s, const char *key, bool *out, const char *op, char *err, size_t cap)
{
    const CrtAttr *a = need_attr(s, key, CA_BOOL, "bool", op, err, cap);
    if (a) *out = ((const unsigned char *)a->data)[0] != 0;
    return a != NULL;
}

/* An i32 attribute; false when missing or of another type. */
static bool get_i32(const CrtAttrs *s, const char *key, int32_t *out)
{
    const CrtAttr *a = crt_attrs_get(s, key);
    if (!a || a->array || a->type != CA_I32) return false;
    memcpy(out, a->data, 4);
    return true;
}

static bool same_shape(const CrtMeta *a, const CrtMeta *b)
{
    return a->rank == b->rank && !memcmp(a->dims, b->dims, sizeof a->dims[0] * (size_t)a->rank);
}

/* {=====================================================================
** Element access: every numeric dtype through double (floats, f16, bf16)
** or int64 (integers, bool)
** ====================================================================== */

static bool is_float(DType dt) { return dt == DT_F16 || dt == DT_BF16 || dt == DT_F32 || dt == DT_F64; }
static bool is_int(DType dt)
{
    return dt == DT_I8 || dt == DT_I16 || dt == DT_I32 || dt == DT_I64 || dt == DT_UI8 || dt == DT_UI16 ||
           dt == DT_UI32 || dt == DT_UI64;
}
static bool is_unsigned(DType dt) { return dt == DT_UI8 || dt == DT_UI16 || dt == DT_UI32 || dt == DT_UI64; }
/* TFRT's Numeric dispatch: the integers, f16, f32, f64 (no i1, no bf16). */
static bool is_numeric(DType dt) { return is_int(dt) || dt == DT_F16 || dt == DT_F32 || dt == DT_F64; }

static double get_f(DType dt, const void *base, int64_t i)
{
    const char *p = (const char *)base + (size_t)i * dt_size(dt);
    switch (dt) {
    case DT_F16: { uint16_t b; memcpy(&b, p, 2); return kl_f16_value(b); }
    case DT_BF16: { uint16_t b; memcpy(&b, p, 2); return kl_bf16_value(b); }
    case DT_F32: { float v; memcpy(&v, p, 4); return v; }
    case DT_F64: { double v; memcpy(&v, p, 8); return v; }
    default: return 0;
    }
}

static void put_f(DType dt, void *base, int64_t i, double v)
{
    char *p = (char *)base + (size_t)i * dt_size(dt);
    switch (dt) {
    case DT_F16: { uint16_t b = kl_f16_bits(v); memcpy(p, &b, 2); break; }
    case DT_BF16: { uint16_t b = kl_bf16_bits(v); memcpy(p, &b, 2); break; }
    case DT_F32: { float f = (float)v; memcpy(p, &f, 4); break; }
    case DT_F64: memcpy(p, &v, 8); break;
    default: break;
    }
}

static int64_t get_i(DType dt, const void *base, int64_t i)
{
    const char *p = (const char *)base + (size_t)i * dt_size(dt);
    switch (dt) {
    case DT_BOOL: { uint8_t v; memcpy(&v, p, 1); return v != 0; }
    case DT_I8: { int8_t v; memcpy(&v, p, 1); return v; }
    case DT_I16: { int16_t v; memcpy(&v, p, 2); return v; }
    case DT_I32: { int32_t v; memcpy(&v, p, 4); return v; }
    case DT_I64: { int64_t v; memcpy(&v, p, 8); return v; }
    case DT_UI8: { uint8_t v; memcpy(&v, p, 1); return v; }
    case DT_UI16: { uint16_t v; memcpy(&v, p, 2); return v; }
    case DT_UI32: { uint32_t v; memcpy(&v, p, 4); return v; }
    case DT_UI64: { uint64_t v; memcpy(&v, p, 8); return (int64_t)v; }
    default: return 0;
    }
}

/* Stores the low bits of [v] (two's complement wrap). */
static void put_i(DType dt, void *base, int64_t i, int64_t v)
{
    char *p = (char *)base + (size_t)i * dt_size(dt);
    uint64_t u = (uint64_t)v;
    switch (dt_size(dt)) {
    case 1: { uint8_t x = (uint8_t)u; if (dt == DT_BOOL) x = v != 0; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)u; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)u; memcpy(p, &x, 4); break; }
    case 8: memcpy(p, &u, 8); break;
    default: break;
    }
}

/* {=====================================================================
** Results
** ====================================================================== */

static DenseHostTensor *new_dense(CrtOpCtx *x, const CrtMeta *md)
{
    return dht_new_at(x->alloc, md->dtype, md->rank, md->dims, x->op);
}

/* Result [i] = [t] (its reference taken), or an allocation error. */
static void put_dense(CrtOpCtx *x, int i, DenseHostTensor *t)
{
    if (!t) {
        crt_op_fail(x, i, "out of memory allocating result");
        return;
    }
    x->res[i] = av_new_available(any_obj(&t->hdr));
}

static DenseHostTensor *dense_arg(CrtOpCtx *x, int i) { return dht_from_any(x->args[i]); }

/* {=====================================================================
** Metadata functions (TFRT's, with its messages)
** ====================================================================== */

static bool md_identity(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n; (void)s; (void)err; (void)cap;
    r[0] = a[0];
    return true;
}

static bool md_create_from_scalar(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)a; (void)n;
    const CrtAttr *shape = i64_array(s, "shape");
    if (!shape) {
        say(err, cap, "tfrt_test.create_from_scalar must have 'shape' attribute");
        return false;
    }
    const CrtAttr *v = crt_attrs_get(s, "value");
    if (!v || v->array || dtype_of(v->type) == DT_INVALID) {
        if (v && !v->array && v->type != CA_DENSE && v->type != CA_AGGREGATE)
            say(err, cap, "tfrt_test.create_from_scalar unsupported dtype");
        else
            say(err, cap, "tfrt_test.create_from_scalar must have 'value' attribute");
        return false;
    }
    memset(r, 0, sizeof *r);
    r->dtype = dtype_of(v->type);
    return shape_from(shape, r, "tfrt_test.create_from_scalar", err, cap);
}

static bool md_test_add(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n; (void)s;
    if (a[0].dtype != a[1].dtype || a[0].string != a[1].string) {
        say(err, cap, "incompatible dtypes for test.add");
        return false;
    }
    if (!same_shape(&a[0], &a[1])) {
        say(err, cap, "arguments of test.add must have same shape");
        return false;
    }
    r[0] = a[0];
    return true;
}

static bool md_matmul(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    if (a[0].dtype != a[1].dtype) { say(err, cap, "incompatible dtypes for MatMul"); return false; }
    if (a[0].rank != 2) { say(err, cap, "argument 0 of matmul op is not a rank-2 tensor"); return false; }
    if (a[1].rank != 2) { say(err, cap, "argument 1 of matmul op is not a rank-2 tensor"); return false; }
    bool ta, tb;
    if (!need_bool(s, "transpose_a", &ta, "tfrt_test.matmul", err, cap) ||
        !need_bool(s, "transpose_b", &tb, "tfrt_test.matmul", err, cap))
        return false;
    int ka = ta ? 0 : 1, kb = tb ? 1 : 0;
    if (a[0].dims[ka] != a[1].dims[kb]) {
        say(err, cap, "matmul arguments have incompatible shapes");
        return false;
    }
    int64_t dims[2] = { a[0].dims[1 - ka], a[1].dims[1 - kb] };
    r[0] = crt_meta_make(a[0].dtype, 2, dims);
    return true;
}

static bool md_elementwise(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n; (void)s;
    if (a[0].dtype != a[1].dtype) { say(err, cap, "incompatible dtypes for element-wise op"); return false; }
    if (!same_shape(&a[0], &a[1])) {
        say(err, cap, "arguments to element-wise op must have identical shapes");
        return false;
    }
    r[0] = a[0];
    return true;
}

static bool md_broadcast(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    const CrtAttr *shape = i64_array(s, "shape");
    if (!shape) { say(err, cap, "missing 'shape' attribute"); return false; }
    if (shape->n != 2) { say(err, cap, "result shape must be 2 dimensional (for now)"); return false; }
    if (a[0].rank != 1) { say(err, cap, "tfrt_test.broadcast needs a 1-D tensor, got rank %d", a[0].rank); return false; }
    const int64_t *d = shape->data;
    if (d[1] != a[0].dims[0]) { say(err, cap, "input dimension and target shape mismatch"); return false; }
    memset(r, 0, sizeof *r);
    r->dtype = a[0].dtype;
    return shape_from(shape, r, "tfrt_test.broadcast", err, cap);
}

static bool md_cast(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    const CrtAttr *t = crt_attrs_get(s, "type");
    if (!t || t->type != CA_CHAR || !t->array) { say(err, cap, "missing 'type' attribute"); return false; }
    r[0] = a[0];
    if (t->n == 3 && !memcmp(t->data, "f32", 3)) r[0].dtype = DT_F32;
    else if (t->n == 3 && !memcmp(t->data, "f16", 3)) r[0].dtype = DT_F16;
    else { say(err, cap, "only casting to f32/f16 is supported"); return false; }
    return true;
}

/* TFRT's ReduceOpShape: [arg] without dimension [axis]. */
static bool reduce_shape(const CrtMeta *arg, int32_t axis, DType dt, CrtMeta *r, char *err, size_t cap)
{
    if (axis < 0 || axis >= arg->rank) { say(err, cap, "axis must less than input rank"); return false; }
    memset(r, 0, sizeof *r);
    r->dtype = dt;
    for (int i = 0; i < arg->rank; i++)
        if (i != axis) r->dims[r->rank++] = arg->dims[i];
    return true;
}

static bool md_argmax(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    int32_t axis;
    if (!get_i32(s, "axis", &axis)) { say(err, cap, "missing 'axis' attribute"); return false; }
    return reduce_shape(&a[0], axis, DT_I32, r, err, cap);
}

static bool md_reduce_mean(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    int32_t axis;
    if (!get_i32(s, "axis", &axis)) { say(err, cap, "missing 'axis' attribute"); return false; }
    return reduce_shape(&a[0], axis, a[0].dtype, r, err, cap);
}

static bool md_create_dense(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)a; (void)n;
    const CrtAttr *shape = i64_array(s, "shape");
    if (!shape) { say(err, cap, "missing 'shape' attribute"); return false; }
    const CrtAttr *v = crt_attrs_get(s, "values");
    if (!v) { say(err, cap, "missing 'values' attribute"); return false; }
    if (!v->array) { say(err, cap, "'values' attribute should be an array of values"); return false; }
    memset(r, 0, sizeof *r);
    if (!shape_from(shape, r, "tfrt_test.create_dense_tensor", err, cap)) return false;
    if (v->n != 1 && v->n != crt_meta_elems(r)) {
        say(err, cap, "size of 'values' must either be 1 or match num of elements.");
        return false;
    }
    r->dtype = dtype_of(v->type);
    if (r->dtype == DT_INVALID) { say(err, cap, "tfrt_test.create_dense_tensor unsupported dtype"); return false; }
    return true;
}

static bool md_create_coo(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    if (a[0].rank != 2) { say(err, cap, "tfrt_test.create_coo_tensor indices input must be rank 2"); return false; }
    if (a[1].rank != 1) { say(err, cap, "tfrt_test.create_coo_tensor values input must be rank 1"); return false; }
    const CrtAttr *shape = i64_array(s, "shape");
    if (!shape) { say(err, cap, "tfrt_test.create_coo_tensor must have 'shape' attribute"); return false; }
    if (a[0].dims[1] != shape->n) {
        say(err, cap, "each test.create_coo_tensor index must have the same size as shape attribute");
        return false;
    }
    memset(r, 0, sizeof *r);
    r->dtype = a[1].dtype;
    return shape_from(shape, r, "tfrt_test.create_coo_tensor", err, cap);
}

static bool md_tf_const(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)a; (void)n;
    const CrtAttr *v = crt_attrs_get(s, "value");
    if (!v || v->type != CA_DENSE) { say(err, cap, "tf.Const needs a `value` dense attribute"); return false; }
    if (!v->dense) { say(err, cap, "tf.Const: the dtype of its `value` is not supported"); return false; }
    r[0] = crt_meta_make(v->dense->dtype, v->dense->rank, v->dense->dims);
    const CrtAttr *dt = crt_attrs_get(s, "dtype");
    if (dt && dt->type == CA_DTYPE) {
        int want;
        memcpy(&want, dt->data, sizeof want);
        if (dtype_of((CrtAttrType)want) != r[0].dtype) {
            say(err, cap, "dtype attribute mismatch with expected tensor dtype");
            return false;
        }
    }
    return true;
}

/* TFRT's GetBroadcastedShape (NumPy's rule). */
static bool broadcast_shape(const CrtMeta *x, const CrtMeta *y, CrtMeta *r, char *err, size_t cap)
{
    int rank = x->rank > y->rank ? x->rank : y->rank;
    r->rank = rank;
    for (int i = 0; i < rank; i++) {
        int64_t a = i < rank - x->rank ? 1 : x->dims[i - (rank - x->rank)];
        int64_t b = i < rank - y->rank ? 1 : y->dims[i - (rank - y->rank)];
        if (a == b || b == 1) r->dims[i] = a;
        else if (a == 1) r->dims[i] = b;
        else {
            say(err, cap, "Dimensions must be equal, but are %" PRId64 " and %" PRId64, a, b);
            return false;
        }
    }
    return true;
}

static bool md_tf_binary(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n; (void)s;
    if (a[0].dtype != a[1].dtype || a[0].string || a[1].string) {
        say(err, cap, "incompatible dtypes for binary operation");
        return false;
    }
    memset(r, 0, sizeof *r);
    r->dtype = a[0].dtype;
    return broadcast_shape(&a[0], &a[1], r, err, cap);
}

bool tfo_matmul_operands(const CrtMeta *a, const CrtMeta *b, char *err, size_t cap)
{
    if (a->dtype != b->dtype) {
        say(err, cap, "incompatible dtypes for MatMul: In[0]: %s, In[1]: %s", crt_dtype_name(a), crt_dtype_name(b));
        return false;
    }
    for (int i = 0; i < 2; i++)
        if ((i ? b : a)->rank != 2) {
            say(err, cap, "argument %d of matmul op is not a rank-2 tensor. Actual rank is %d", i, (i ? b : a)->rank);
            return false;
        }
    return true;
}

bool tfo_matmul_result(const CrtMeta *a, const CrtMeta *b, bool ta, bool tb, CrtMeta *r, char *err, size_t cap)
{
    int ka = ta ? 0 : 1, kb = tb ? 1 : 0;
    if (a->dims[ka] != b->dims[kb]) {
        char s0[128], s1[128];
        shape_format_dims(s0, sizeof s0, a->dims, 2);
        shape_format_dims(s1, sizeof s1, b->dims, 2);
        say(err, cap, "matmul arguments have incompatible shapes: In[0]: %s, In[1]: %s. transpose_a: %d, transpose_b: %d",
            s0, s1, ta, tb);
        return false;
    }
    int64_t dims[2] = { a->dims[1 - ka], b->dims[1 - kb] };
    *r = crt_meta_make(a->dtype, 2, dims);
    return true;
}

static bool md_tf_matmul(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    if (!tfo_matmul_operands(&a[0], &a[1], err, cap)) return false;
    const CrtAttr *x = crt_attrs_get(s, "transpose_a"), *y = crt_attrs_get(s, "transpose_b");
    if (!x || x->type != CA_BOOL) { say(err, cap, "'transpose_a' attribute is not specified for MatMul op"); return false; }
    if (!y || y->type != CA_BOOL) { say(err, cap, "'transpose_b' attribute is not specified for MatMul op"); return false; }
    bool ta = ((const unsigned char *)x->data)[0], tb = ((const unsigned char *)y->data)[0];
    return tfo_matmul_result(&a[0], &a[1], ta, tb, &r[0], err, cap);
}

/* tf.Less: TfBinaryComparisonOpMd, the broadcast shape with dtype i1. */
static bool md_tf_compare(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    if (!md_tf_binary(a, n, s, r, err, cap)) return false;
    r->dtype = DT_BOOL;
    return true;
}

/* A dtype attribute [key] (TFRT's GetAsserting<OpAttrType>: the op needs it). */
static bool need_dtype(const CrtAttrs *s, const char *key, DType *out, const char *op, char *err, size_t cap)
{
    const CrtAttr *a = need_attr(s, key, CA_DTYPE, "dtype", op, err, cap);
    if (!a) return false;
    int t;
    memcpy(&t, a->data, sizeof t);
    *out = dtype_of((CrtAttrType)t);
    return true;
}

static bool md_tf_shape(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    DType dt;
    if (!need_dtype(s, "out_type", &dt, "tf.Shape", err, cap)) return false;
    if (dt != DT_I32 && dt != DT_I64) {
        say(err, cap, "Unsupported `out_type` value: %s", dt == DT_INVALID ? "<invalid>" : dt_name(dt));
        return false;
    }
    int64_t rank = a[0].rank;
    r[0] = crt_meta_make(dt, 1, &rank);
    return true;
}

static bool md_tf_zeroslike(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    DType dt;
    if (!need_dtype(s, "T", &dt, "tf.ZerosLike", err, cap)) return false;
    r[0] = crt_meta_make(dt, a[0].rank, a[0].dims);
    return true;
}

/* String attribute [key] into [buf]; false when missing or not a string. */
static bool get_str(const CrtAttrs *s, const char *key, char *buf, size_t cap)
{
    const CrtAttr *a = crt_attrs_get(s, key);
    if (!a || a->type != CA_CHAR || !a->array) return false;
    snprintf(buf, cap, "%.*s", (int)a->n, (const char *)a->data);
    return true;
}

/* TFRT's GetTfChannelOrder: channel first when data_format starts with
** "nc" (either case), else channel last. */
static bool channel_last(const CrtAttrs *s)
{
    char f[64];
    return !get_str(s, "data_format", f, sizeof f) || strncasecmp(f, "nc", 2) != 0;
}

/* data_format absent or "NHWC" (TFRT's ops take only channel last). */
static bool nhwc_or_absent(const CrtAttrs *s)
{
    char f[64];
    return !get_str(s, "data_format", f, sizeof f) || !strcmp(f, "NHWC");
}

static bool md_tf_biasadd(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    if (a[0].dtype != a[1].dtype || a[0].string || a[1].string) {
        say(err, cap, "incompatible dtypes for tf.BiasAdd");
        return false;
    }
    if (!nhwc_or_absent(s)) {
        say(err, cap, "invalid data format. Currently only support NHWC");
        return false;
    }
    if (a[1].rank != 1) { say(err, cap, "bias must be 1-D"); return false; }
    /* TFRT reads the last dimension of the value without checking its rank. */
    if (a[0].rank == 0 || a[1].dims[0] != a[0].dims[a[0].rank - 1]) {
        say(err, cap, "bias must has the size of the last dimension of value");
        return false;
    }
    r[0] = a[0];
    return true;
}

/* tf.Pad: TFRT's TfPadOpMd ignores the paddings tensor: it guesses the
** channel order of a 4-D value (dims 2 and 3 equal: NCHW, else dims 1 and 2
** equal: NHWC) and pads both spatial dimensions by 3 on each side. */
static bool md_tf_pad(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n; (void)s;
    int first;
    if (a[0].rank == 4 && a[0].dims[2] == a[0].dims[3]) first = 2;
    else if (a[0].rank == 4 && a[0].dims[1] == a[0].dims[2]) first = 1;
    else { say(err, cap, "Could not guess channel order."); return false; }
    r[0] = a[0];
    r[0].dims[first] += 6;
    r[0].dims[first + 1] += 6;
    return true;
}

/* {=====================================================================
** Windowed ops' metadata (TFRT's dnn_ops_util: tf.Conv2D, tf.MaxPool)
** ====================================================================== */

#define MAX_WIN (DHT_MAX_RANK + 2)

/* NCHW [d] of rank [rank] from NHWC in place (chlast), or back. */
static void to_nchw(int64_t *d, int rank)
{
    if (rank < 3) return;
    int64_t c = d[rank - 1];
    memmove(d + 2, d + 1, sizeof d[0] * (size_t)(rank - 2));
    d[1] = c;
}
static void to_nhwc(int64_t *d, int rank)
{
    if (rank < 3) return;
    int64_t c = d[1];
    memmove(d + 1, d + 2, sizeof d[0] * (size_t)(rank - 2));
    d[rank - 1] = c;
}

/* TFRT's MaybeExpandFilterSizes: the i64 array [a] (absent: empty) as
** NCHW-ordered sizes for rank [rank] into [out]; returns the count. */
static int expand_sizes(const CrtAttr *a, int rank, bool chlast, int64_t *out)
{
    int k = 0;
    if (!a || a->n == 0) out[k++] = 1;
    else
        for (; k < a->n && k < MAX_WIN - 2; k++) out[k] = ((const int64_t *)a->data)[k];
    if (k == 1) {
        int64_t v = out[0];
        k = rank - 2;
        for (int i = 0; i < k; i++) out[i] = v;
    }
    if (k == rank - 2) {   /* HW: add NC in front */
        memmove(out + 2, out, sizeof out[0] * (size_t)k);
        out[0] = out[1] = 1;
        k = rank;
    } else if (chlast) {
        to_nchw(out, k);
    }
    return k;
}

/* TFRT's GetTfWindowedOutputData: the NCHW output dims [out] of NCHW input
** [in] and OIHW filter [filt] from the attributes padding,
** explicit_paddings (i32), strides and dilations. */
static bool windowed_output(const char *op, const int64_t *in, int rank, const int64_t *filt, int frank, bool chlast,
                            const CrtAttrs *s, int64_t *out, char *err, size_t cap)
{
    if (frank != rank) { say(err, cap, "Input and filter must have same rank."); return false; }
    char padding[64];
    if (!get_str(s, "padding", padding, sizeof padding)) {
        say(err, cap, "%s needs the string attribute 'padding'", op);
        return false;
    }
    int type;   /* 0 same, 1 valid, 2 explicit */
    if (!strcasecmp(padding, "same")) type = 0;
    else if (!strcasecmp(padding, "valid")) type = 1;
    else if (!strcasecmp(padding, "explicit")) type = 2;
    else { say(err, cap, "Unknown padding type %s", padding); return false; }
    const CrtAttr *e = crt_attrs_get(s, "explicit_paddings");
    const int32_t *ep = e && e->array && e->type == CA_I32 ? e->data : NULL;
    int64_t ne = ep ? e->n : 0;
    if (type == 2) {
        if (ne == 0) { say(err, cap, "Missing 'explicit_paddings' attribute"); return false; }
        if (ne != 2 * (int64_t)(rank - 2)) { say(err, cap, "Wrong 'explicit_paddings' attribute length"); return false; }
    }
    int64_t st[MAX_WIN], dl[MAX_WIN];
    int ns = expand_sizes(i64_array(s, "strides"), rank, chlast, st);
    int nd = expand_sizes(i64_array(s, "dilations"), rank, chlast, dl);
    if (ns < rank || nd < rank) {
        say(err, cap, "%s: '%s' has too few elements for an input of rank %d", op, ns < rank ? "strides" : "dilations",
            rank);
        return false;
    }
    out[0] = in[0];
    out[1] = filt[0];
    for (int i = 2; i < rank; i++) {
        if (st[i] <= 0) { say(err, cap, "Stride must be > 0, but got %" PRId64, st[i]); return false; }
        if (dl[i] <= 0) { say(err, cap, "Dilation must be > 0, but got %" PRId64, dl[i]); return false; }
        /* (checked: strides, dilations and paddings are the program's) */
        int64_t eff, o, pad = type == 2 ? (int64_t)ep[2 * (i - 2)] + ep[2 * (i - 2) + 1] : 0;
        bool ovf = __builtin_mul_overflow(filt[i] - 1, dl[i], &eff) || __builtin_add_overflow(eff, 1, &eff);
        if (type == 0) ovf = ovf || __builtin_add_overflow(in[i], st[i] - 1, &o);
        else ovf = ovf || __builtin_add_overflow(in[i], pad, &o) || __builtin_sub_overflow(o, eff, &o) ||
                   __builtin_add_overflow(o, st[i], &o);
        if (ovf) {
            say(err, cap, "%s: the output size overflows (strides, dilations or paddings too large)", op);
            return false;
        }
        o /= st[i];
        if (o < 0) {
            say(err, cap,
                "Computed output size would be negative: %" PRId64 " (input_size: %" PRId64 ", filter_size: %" PRId64
                ", stride: %" PRId64 ", dilation: %" PRId64 ")",
                o, in[i], filt[i], st[i], dl[i]);
            return false;
        }
        out[i] = o;
    }
    return true;
}

/* tf.Conv2D: TFRT's TfConvOpMd (the filter HWIO; no channel check). */
static bool md_tf_conv2d(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    if (a[0].rank < 2 || a[1].rank < 2) {
        say(err, cap, "tf.Conv2D: input and filter of rank %d and %d (at least 2)", a[0].rank, a[1].rank);
        return false;
    }
    bool chlast = channel_last(s);
    int64_t in[MAX_WIN], filt[MAX_WIN], out[MAX_WIN];
    int fr = a[1].rank;
    /* HWIO to OIHW. */
    filt[0] = a[1].dims[fr - 1];
    filt[1] = a[1].dims[fr - 2];
    for (int i = 0; i < fr - 2; i++) filt[i + 2] = a[1].dims[i];
    memcpy(in, a[0].dims, sizeof in[0] * (size_t)a[0].rank);
    if (chlast) to_nchw(in, a[0].rank);
    if (!windowed_output("tf.Conv2D", in, a[0].rank, filt, fr, chlast, s, out, err, cap)) return false;
    if (chlast) to_nhwc(out, a[0].rank);
    r[0] = crt_meta_make(a[0].dtype, a[0].rank, out);
    return true;
}

/* tf.MaxPool: TFRT's TfMaxPoolOpMd (ksize as the filter, its NC 1). */
static bool md_tf_maxpool(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    if (a[0].rank < 2) { say(err, cap, "tf.MaxPool: input of rank %d (at least 2)", a[0].rank); return false; }
    bool chlast = channel_last(s);
    int64_t in[MAX_WIN], filt[MAX_WIN], out[MAX_WIN];
    memcpy(in, a[0].dims, sizeof in[0] * (size_t)a[0].rank);
    if (chlast) to_nchw(in, a[0].rank);
    int fr = expand_sizes(i64_array(s, "ksize"), a[0].rank, chlast, filt);
    if (filt[0] != 1 || filt[1] != 1) { say(err, cap, "Expected ksize 'NC' elements to be 1"); return false; }
    filt[0] = in[1];
    if (!windowed_output("tf.MaxPool", in, a[0].rank, filt, fr, chlast, s, out, err, cap)) return false;
    if (chlast) to_nhwc(out, a[0].rank);
    r[0] = crt_meta_make(a[0].dtype, a[0].rank, out);
    return true;
}

/* tf._FusedMatMul: tf.MatMul's (TFRT's MatMulMd, the fusion inputs
** ignored). */
static bool md_tf_fusedmatmul(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    if (n < 2) { say(err, cap, "tf._FusedMatMul needs at least 2 arguments, got %d", n); return false; }
    return md_tf_matmul(a, n, s, r, err, cap);
}

/* tf.FusedBatchNormV3: TFRT's TfBatchNormOpMd: the input's metadata, then
** five invalid ones (TFRT's TODO). */
static bool md_tf_fusedbatchnorm(const CrtMeta *a, int n, const CrtAttrs *s, CrtMeta *r, char *err, size_t cap)
{
    (void)n;
    const CrtAttr *t = crt_attrs_get(s, "is_training");
    if (t && !t->array && t->type == CA_BOOL && ((const unsigned char *)t->data)[0]) {
        say(err, cap, "BatchNorm training not currently supported");
        return false;
    }
    if (!same_shape(&a[1], &a[2]) || !same_shape(&a[2], &a[3]) || !same_shape(&a[3], &a[4])) {
        say(err, cap, "Mean, variance, bias, and scale are expected to have the same shape");
        return false;
    }
    r[0] = a[0];
    for (int i = 1; i < 6; i++) r[i] = crt_meta_make(DT_INVALID, 0, NULL);
    return true;
}

/* {=====================================================================
** The ops
** ====================================================================== */

/* tfrt_test.odd_collector: the odd values of a 1-D i32 tensor. */
static void op_odd_collector(CrtOpCtx *x)
{
    DenseHostTensor *in = dense_arg(x, 0);
    if (in->rank != 1) { crt_op_fail(x, 0, "expected a 1D tensor input"); return; }
    if (in->dtype != DT_I32) { crt_op_fail(x, 0, "expected a i32 element type"); return; }
    const int32_t *v = dht_data(in);
    int64_t n = 0;
    for (int64_t i = 0; i < in->nelems; i++) n += v[i] & 1;
    DenseHostTensor *out = dht_new_at(x->alloc, DT_I32, 1, &n, x->op);
    if (out) {
        int32_t *o = dht_data(out);
        int64_t k = 0;
        for (int64_t i = 0; i < in->nelems; i++)
            if (v[i] & 1) o[k++] = v[i];
    }
    put_dense(x, 0, out);
}

static void op_create_from_scalar(CrtOpCtx *x)
{
    const CrtAttr *v = crt_attrs_get(x->attrs, "value");
    x->res[0] = av_new_available(any_obj(&crt_scalar_new(&x->md[0], v->data)->hdr));
}

/* dst[i] = a[ia] + b[ib] for one dtype; false for a dtype without it. */
static bool add_elems(DType dt, void *dst, const void *a, const void *b, int64_t n, bool a_scalar, bool b_scalar)
{
    size_t es = dt_size(dt);
    for (int64_t i = 0; i < n; i++) {
        const char *pa = (const char *)a + (a_scalar ? 0 : (size_t)i * es);
        const char *pb = (const char *)b + (b_scalar ? 0 : (size_t)i * es);
        if (!ext_tensor_add(dt, (char *)dst + (size_t)i * es, pa, pb, 1)) return false;
    }
    return true;
}

/* tfrt_test.add: scalar + scalar is a scalar, anything with a dense tensor
** a dense tensor (the scalar added to every element). */
static void op_test_add(CrtOpCtx *x)
{
    CrtTensor *sa = crt_tensor_from_any(x->args[0]), *sb = crt_tensor_from_any(x->args[1]);
    DType dt = x->md[0].dtype;
    if (sa && sb) {
        unsigned char out[16];
        if (!add_elems(dt, out, sa->scalar, sb->scalar, 1, true, true)) {
            crt_op_fail(x, 0, "unsupported dtype for tfrt_test.add: %s", dt_name(dt));
            return;
        }
        x->res[0] = av_new_available(any_obj(&crt_scalar_new(&x->md[0], out)->hdr));
        return;
    }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    const void *a = sa ? (const void *)sa->scalar : dht_data(dense_arg(x, 0));
    const void *b = sb ? (const void *)sb->scalar : dht_data(dense_arg(x, 1));
    if (!add_elems(dt, dht_data(out), a, b, out->nelems, sa != NULL, sb != NULL)) {
        obj_release(&out->hdr);
        crt_op_fail(x, 0, "unsupported dtype for tfrt_test.add: %s", dt_name(dt));
        return;
    }
    put_dense(x, 0, out);
}

static void op_add_dense(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *b = dense_arg(x, 1);
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (out && !ext_tensor_add(a->dtype, dht_data(out), dht_data(a), dht_data(b), out->nelems)) {
        obj_release(&out->hdr);
        crt_op_fail(x, 0, "unsupported dtype for tfrt_test.add.denseonly: %s", dt_name(a->dtype));
        return;
    }
    put_dense(x, 0, out);
}

/* tfrt_test.add.denseonly3 computes in a task of its own, as TFRT's does
** on its thread pool: the result is a value the task resolves. */
typedef struct AddTask {
    DenseHostTensor *a, *b, *out;    /* +1 each */
    AsyncValue *res;                 /* +1 */
} AddTask;

static void add_task(void *p, void *unused)
{
    (void)unused;
    AddTask *t = p;
    ext_tensor_add(t->a->dtype, dht_data(t->out), dht_data(t->a), dht_data(t->b), t->out->nelems);
    av_emplace(t->res, any_obj(&t->out->hdr));
    av_release(t->res);
    obj_release(&t->a->hdr);
    obj_release(&t->b->hdr);
    free(t);
}

static void op_add_dense_async(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *b = dense_arg(x, 1);
    unsigned char probe[16] = { 0 };
    if (!ext_tensor_add(a->dtype, probe, probe, probe, 1)) {
        crt_op_fail(x, 0, "unsupported dtype for tfrt_test.add.denseonly3: %s", dt_name(a->dtype));
        return;
    }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    AddTask *t = xmalloc(sizeof *t);
    obj_retain(&a->hdr);
    obj_retain(&b->hdr);
    t->a = a;
    t->b = b;
    t->out = out;
    t->res = av_new_unavailable();
    av_retain(t->res);
    x->res[0] = t->res;
    exec_enqueue(x->ctx, add_task, t, NULL);
}

/* tfrt_test.print: the tensor as TFRT's Tensor::Print shows it. */
static void op_print(CrtOpCtx *x)
{
    char *s = crt_tensor_format(x->args[0]);
    kl_out(x->ctx->host, "%s\n", s);
    free(s);
}

/* tfrt_test.identity: the same dense tensor. */
static void op_identity(CrtOpCtx *x)
{
    any_retain(x->args[0]);
    x->res[0] = av_new_available(x->args[0]);
}

/* tfrt_test.async.noop: a copy of the tensor, given by a task, for tests
** of TensorHandles whose tensor comes later. */
typedef struct CopyTask { AsyncValue *res; Any copy; } CopyTask;

static void copy_task(void *p, void *unused)
{
    (void)unused;
    CopyTask *t = p;
    av_emplace(t->res, t->copy);
    av_release(t->res);
    free(t);
}

static void op_async_noop(CrtOpCtx *x)
{
    char err[256];
    Any copy;
    if (!crt_tensor_copy(x->alloc, x->args[0], x->op, &copy, err, sizeof err)) {
        crt_op_fail(x, 0, "%s", err);
        return;
    }
    CopyTask *t = xmalloc(sizeof *t);
    t->res = av_new_unavailable();
    av_retain(t->res);
    t->copy = copy;
    x->res[0] = t->res;
    exec_enqueue(x->ctx, copy_task, t, NULL);
}

static void op_error_tensor(CrtOpCtx *x)
{
    crt_op_fail(x, 0, "error from test.error.tensor implementation");
}

static void op_matmul(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *b = dense_arg(x, 1);
    bool ta = false, tb = false;
    const CrtAttr *p = crt_attrs_get(x->attrs, "transpose_a"), *q = crt_attrs_get(x->attrs, "transpose_b");
    if (p && p->type == CA_BOOL) ta = ((const unsigned char *)p->data)[0];
    if (q && q->type == CA_BOOL) tb = ((const unsigned char *)q->data)[0];
    int64_t m = ta ? a->dims[1] : a->dims[0], k = ta ? a->dims[0] : a->dims[1];
    int64_t n = tb ? b->dims[0] : b->dims[1];
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    if (!kl_gemm(a->dtype, ta, tb, m, n, k, 1.0, dht_data(a), dht_data(b), 0.0, dht_data(out))) {
        obj_release(&out->hdr);
        crt_op_fail(x, 0, "unsupported dtype for matmul");
        return;
    }
    put_dense(x, 0, out);
}

static void op_relu(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0);
    DType dt = a->dtype;
    if (!is_int(dt) && !is_float(dt)) {
        crt_op_fail(x, 0, "unsupported dtype for relu");
        return;
    }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    for (int64_t i = 0; i < a->nelems; i++) {
        if (is_float(dt)) {
            double v = get_f(dt, dht_data(a), i);
            put_f(dt, dht_data(out), i, v > 0 || isnan(v) ? v : 0.0);
        } else {
            int64_t v = get_i(dt, dht_data(a), i);
            put_i(dt, dht_data(out), i, is_unsigned(dt) || v > 0 ? v : 0);
        }
    }
    put_dense(x, 0, out);
}

/* tfrt_test.equal: 1 where the elements are equal, 0 elsewhere, in the
** arguments' dtype. */
static void op_equal(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *b = dense_arg(x, 1);
    DType dt = a->dtype;
    if (!is_int(dt) && !is_float(dt)) {
        crt_op_fail(x, 0, "unsupported dtype for equal");
        return;
    }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    for (int64_t i = 0; i < a->nelems; i++) {
        bool eq = is_float(dt) ? get_f(dt, dht_data(a), i) == get_f(dt, dht_data(b), i)
                               : get_i(dt, dht_data(a), i) == get_i(dt, dht_data(b), i);
        if (is_float(dt)) put_f(dt, dht_data(out), i, eq ? 1.0 : 0.0);
        else put_i(dt, dht_data(out), i, eq);
    }
    put_dense(x, 0, out);
}

static void op_cast(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0);
    DType from = a->dtype, to = x->md[0].dtype;
    if (!is_int(from) && !is_float(from) && from != DT_BOOL) {
        crt_op_fail(x, 0, "unsupported dtype for cast");
        return;
    }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    for (int64_t i = 0; i < a->nelems; i++) {
        double v;
        if (is_float(from)) v = get_f(from, dht_data(a), i);
        else if (from == DT_UI64) v = (double)(uint64_t)get_i(from, dht_data(a), i);
        else v = (double)get_i(from, dht_data(a), i);
        put_f(to, dht_data(out), i, v);
    }
    put_dense(x, 0, out);
}

/* tfrt_test.broadcast: a 1-D tensor repeated along a new first dimension. */
static void op_broadcast(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0);
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (out) {
        size_t row = (size_t)a->nelems * dt_size(a->dtype);
        for (int64_t i = 0; i < out->dims[0]; i++) memcpy((char *)dht_data(out) + (size_t)i * row, dht_data(a), row);
    }
    put_dense(x, 0, out);
}

/* The index of the largest element along [axis] (the first of equal ones). */
static void op_argmax(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0);
    int32_t axis = 0;
    get_i32(x->attrs, "axis", &axis);
    if (axis != 1) { crt_op_fail(x, 0, "unsupported axis for argmax"); return; }
    if (a->rank != 2 && a->rank != 3) { crt_op_fail(x, 0, "argmax needs a tensor of rank 2 or 3, got %d", a->rank); return; }
    if (!is_int(a->dtype) && !is_float(a->dtype)) { crt_op_fail(x, 0, "unsupported dtype for argmax"); return; }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    int64_t outer = a->dims[0], mid = a->dims[1], inner = a->rank == 3 ? a->dims[2] : 1;
    int32_t *o = dht_data(out);
    for (int64_t p = 0; p < outer; p++)
        for (int64_t q = 0; q < inner; q++) {
            int64_t best = 0;
            double bv = -INFINITY;
            for (int64_t j = 0; j < mid; j++) {
                int64_t idx = (p * mid + j) * inner + q;
                double v = is_float(a->dtype) ? get_f(a->dtype, dht_data(a), idx) : (double)get_i(a->dtype, dht_data(a), idx);
                if (j == 0 || v > bv) { bv = v; best = j; }
            }
            o[p * inner + q] = (int32_t)best;
        }
    put_dense(x, 0, out);
}

/* The mean along axis 0 (integers: the sum divided, rounding toward zero). */
static void op_reduce_mean(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0);
    int32_t axis = 0;
    get_i32(x->attrs, "axis", &axis);
    if (axis != 0) { crt_op_fail(x, 0, "unsupported axis for reduce_mean"); return; }
    if (a->rank != 1 && a->rank != 2) { crt_op_fail(x, 0, "reduce_mean needs a tensor of rank 1 or 2, got %d", a->rank); return; }
    if (!is_int(a->dtype) && !is_float(a->dtype)) { crt_op_fail(x, 0, "unsupported dtype for reduce_mean"); return; }
    if (a->dims[0] == 0) { crt_op_fail(x, 0, "reduce_mean over an empty axis"); return; }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    int64_t n = a->dims[0], inner = a->rank == 2 ? a->dims[1] : 1;
    for (int64_t q = 0; q < inner; q++) {
        if (is_float(a->dtype)) {
            double s = 0;
            for (int64_t j = 0; j < n; j++) s += get_f(a->dtype, dht_data(a), j * inner + q);
            put_f(a->dtype, dht_data(out), q, s / (double)n);
        } else {
            int64_t s = 0;
            for (int64_t j = 0; j < n; j++) s = (int64_t)((uint64_t)s + (uint64_t)get_i(a->dtype, dht_data(a), j * inner + q));
            put_i(a->dtype, dht_data(out), q, s / n);
        }
    }
    put_dense(x, 0, out);
}

static void op_create_dense(CrtOpCtx *x)
{
    const CrtAttr *v = crt_attrs_get(x->attrs, "values");
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (out) {
        size_t es = dt_size(out->dtype);
        for (int64_t i = 0; i < out->nelems; i++)
            memcpy((char *)dht_data(out) + (size_t)i * es, (const char *)v->data + (v->n == 1 ? 0 : (size_t)i * es), es);
    }
    put_dense(x, 0, out);
}

static void op_create_coo(CrtOpCtx *x)
{
    DenseHostTensor *ix = dense_arg(x, 0), *vals = dense_arg(x, 1);
    if (ix->dtype != DT_I64) { crt_op_fail(x, 0, "tfrt_test.create_coo_tensor indices must be i64, not %s", dt_name(ix->dtype)); return; }
    if (ix->dims[0] != vals->dims[0]) {
        crt_op_fail(x, 0, "tfrt_test.create_coo_tensor has %" PRId64 " indices for %" PRId64 " values", ix->dims[0], vals->dims[0]);
        return;
    }
    const int64_t *p = dht_data(ix);
    for (int64_t k = 0; k < ix->nelems; k++) {
        int64_t d = x->md[0].dims[k % ix->dims[1]];
        if (p[k] < 0 || p[k] >= d) {
            crt_op_fail(x, 0, "tfrt_test.create_coo_tensor index %" PRId64 " is out of range for dimension %" PRId64,
                        p[k], k % ix->dims[1]);
            return;
        }
    }
    obj_retain(&ix->hdr);
    obj_retain(&vals->hdr);
    x->res[0] = av_new_available(any_obj(&crt_coo_new(&x->md[0], ix, vals)->hdr));
}

static void op_tf_const(CrtOpCtx *x)
{
    const CrtAttr *v = crt_attrs_get(x->attrs, "value");
    obj_retain(&v->dense->hdr);
    put_dense(x, 0, v->dense);
}

/* tf.AddV2, tf.Sub, tf.Mul, tf.RealDiv and tf.Less (an i1 result) with
** NumPy broadcasting (tfo_binary, shared with the tf_sync kernels). */
static double bin_f(TfoBin op, double a, double b)
{
    switch (op) {
    case TFO_ADD: return a + b;
    case TFO_SUB: return a - b;
    case TFO_MUL: return a * b;
    default: return a / b;
    }
}

/* Integer arithmetic in 64 bits, wrapping; false on division by zero. */
static bool bin_i(TfoBin op, int64_t a, int64_t b, bool uns, int64_t *r)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case TFO_ADD: *r = (int64_t)(ua + ub); return true;
    case TFO_SUB: *r = (int64_t)(ua - ub); return true;
    case TFO_MUL: *r = (int64_t)(ua * ub); return true;
    default:
        if (b == 0) return false;
        if (uns) *r = (int64_t)(ua / ub);
        else if (a == INT64_MIN && b == -1) *r = INT64_MIN;
        else *r = a / b;
        return true;
    }
}

/* The element of [t] (shape [md]) that position [pos] of a [rank]-D result
** of shape [out] reads, broadcast. */
static int64_t bcast_index(const CrtMeta *md, const CrtMeta *out, int64_t pos)
{
    int64_t idx = 0, stride = 1;
    for (int i = out->rank - 1, j = md->rank - 1; i >= 0; i--, j--) {
        int64_t c = pos % out->dims[i];
        pos /= out->dims[i];
        if (j >= 0) {
            if (md->dims[j] != 1) idx += c * stride;
            stride *= md->dims[j];
        }
    }
    return idx;
}

/* Element [i] of [dst] = op(a[ia], b[ib]) for complex64 (in float, as
** std::complex<float> computes) or complex128. */
static void bin_complex(TfoBin op, DType dt, const void *pa, int64_t ia, const void *pb, int64_t ib, void *dst,
                        int64_t i)
{
    if (dt == DT_COMPLEX64) {
        float _Complex a, b, r;
        memcpy(&a, (const char *)pa + ia * 8, 8);
        memcpy(&b, (const char *)pb + ib * 8, 8);
        r = op == TFO_ADD ? a + b : op == TFO_SUB ? a - b : op == TFO_MUL ? a * b : a / b;
        memcpy((char *)dst + i * 8, &r, 8);
    } else {
        double _Complex a, b, r;
        memcpy(&a, (const char *)pa + ia * 16, 16);
        memcpy(&b, (const char *)pb + ib * 16, 16);
        r = op == TFO_ADD ? a + b : op == TFO_SUB ? a - b : op == TFO_MUL ? a * b : a / b;
        memcpy((char *)dst + i * 16, &r, 16);
    }
}

bool tfo_binary(TfoBin op, DType dt, const CrtMeta *ma, const void *pa, bool a_scalar, const CrtMeta *mb,
                const void *pb, bool b_scalar, const CrtMeta *mo, void *dst, int64_t n)
{
    bool uns = is_unsigned(dt), cplx = dt == DT_COMPLEX64 || dt == DT_COMPLEX128;
    for (int64_t i = 0; i < n; i++) {
        int64_t ia = a_scalar ? 0 : bcast_index(ma, mo, i), ib = b_scalar ? 0 : bcast_index(mb, mo, i);
        if (op == TFO_LESS) {
            bool lt;
            if (is_float(dt)) lt = get_f(dt, pa, ia) < get_f(dt, pb, ib);
            else if (uns) lt = (uint64_t)get_i(dt, pa, ia) < (uint64_t)get_i(dt, pb, ib);
            else lt = get_i(dt, pa, ia) < get_i(dt, pb, ib);
            put_i(DT_BOOL, dst, i, lt);
        } else if (cplx) {
            bin_complex(op, dt, pa, ia, pb, ib, dst, i);
        } else if (is_float(dt)) {
            put_f(dt, dst, i, bin_f(op, get_f(dt, pa, ia), get_f(dt, pb, ib)));
        } else {
            int64_t r;
            if (!bin_i(op, get_i(dt, pa, ia), get_i(dt, pb, ib), uns, &r)) return false;
            put_i(dt, dst, i, r);
        }
    }
    return true;
}

static void binary(CrtOpCtx *x, TfoBin op, const char *name)
{
    CrtMeta ma, mb;
    crt_tensor_meta(x->args[0], &ma);
    crt_tensor_meta(x->args[1], &mb);
    DType dt = ma.dtype;
    /* TFRT's dispatch: NumericAndComplex for the arithmetic, Numeric for
    ** tf.Less; neither has bf16 or i1. */
    bool cplx = dt == DT_COMPLEX64 || dt == DT_COMPLEX128;
    if ((!is_int(dt) && !is_float(dt) && !(cplx && op != TFO_LESS)) || dt == DT_BF16) {
        crt_op_fail(x, 0, "Unsupported input dtype: %s", dt_name(dt));
        return;
    }
    CrtTensor *sa = crt_tensor_from_any(x->args[0]), *sb = crt_tensor_from_any(x->args[1]);
    const void *pa = sa ? (const void *)sa->scalar : dht_data(dht_from_any(x->args[0]));
    const void *pb = sb ? (const void *)sb->scalar : dht_data(dht_from_any(x->args[1]));
    unsigned char scalar[16];
    DenseHostTensor *out = NULL;
    void *dst = scalar;
    int64_t n = 1;
    if (!(sa && sb)) {
        out = new_dense(x, &x->md[0]);
        if (!out) { put_dense(x, 0, NULL); return; }
        dst = dht_data(out);
        n = out->nelems;
    }
    if (!tfo_binary(op, dt, &ma, pa, sa != NULL, &mb, pb, sb != NULL, &x->md[0], dst, n)) {
        if (out) obj_release(&out->hdr);
        crt_op_fail(x, 0, "%s: integer division by zero", name);
        return;
    }
    if (out) put_dense(x, 0, out);
    else x->res[0] = av_new_available(any_obj(&crt_scalar_new(&x->md[0], scalar)->hdr));
}

static void op_tf_add(CrtOpCtx *x) { binary(x, TFO_ADD, "tf.AddV2"); }
static void op_tf_sub(CrtOpCtx *x) { binary(x, TFO_SUB, "tf.Sub"); }
static void op_tf_mul(CrtOpCtx *x) { binary(x, TFO_MUL, "tf.Mul"); }
static void op_tf_div(CrtOpCtx *x) { binary(x, TFO_DIV, "tf.RealDiv"); }
static void op_tf_less(CrtOpCtx *x) { binary(x, TFO_LESS, "tf.Less"); }


/* The dense tensor argument [i] of an op that takes string tensors too
** (CRT_STRING_OK) where TFRT's signature wants a DenseHostTensor; NULL
** after failing the op. */
static DenseHostTensor *need_dense_arg(CrtOpCtx *x, int i)
{
    DenseHostTensor *d = dense_arg(x, i);
    if (!d) crt_op_fail(x, 0, "Cannot implictly convert StringHost to DenseHost");
    return d;
}

/* tf.ZerosLike: a scalar host tensor of zeros, of dtype T and the
** argument's shape. */
static void op_tf_zeroslike(CrtOpCtx *x)
{
    if (!is_numeric(x->md[0].dtype)) { crt_op_fail(x, 0, "unsupported dtype"); return; }
    unsigned char zero[16] = { 0 };
    x->res[0] = av_new_available(any_obj(&crt_scalar_new(&x->md[0], zero)->hdr));
}

/* tf.Shape: the argument's dimensions as a 1-D i32 or i64 tensor. */
static void op_tf_shape(CrtOpCtx *x)
{
    CrtMeta m;
    crt_tensor_meta(x->args[0], &m);
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (out)
        for (int i = 0; i < m.rank; i++) put_i(out->dtype, dht_data(out), i, m.dims[i]);
    put_dense(x, 0, out);
}

/* The one i32 or i64 element of [t] into [v]; false after failing the op
** with TFRT's message. */
static bool scalar_index(CrtOpCtx *x, const DenseHostTensor *t, int64_t *v, const char *size_msg, const char *type_msg)
{
    if (t->nelems != 1) { crt_op_fail(x, 0, "%s", size_msg); return false; }
    if (t->dtype != DT_I32 && t->dtype != DT_I64) { crt_op_fail(x, 0, "%s", type_msg); return false; }
    *v = get_i(t->dtype, dht_data(t), 0);
    return true;
}

/* A copy of host tensor [in] (dense or string) with shape [md]'s dims and
** the same elements, as result 0. */
static void put_reshaped(CrtOpCtx *x, Any in, int rank, const int64_t *dims)
{
    CrtTensor *st = crt_tensor_from_any(in);
    if (st) {
        CrtMeta md = crt_meta_make(DT_INVALID, rank, dims);
        md.string = true;
        CrtTensor *c = crt_string_copy(st, &md);
        if (!c) { put_dense(x, 0, NULL); return; }
        x->res[0] = av_new_available(any_obj(&c->hdr));
        return;
    }
    DenseHostTensor *d = dht_from_any(in);
    CrtMeta md = crt_meta_make(d->dtype, rank, dims);
    DenseHostTensor *out = new_dense(x, &md);
    if (out) memcpy(dht_data(out), dht_data(d), (size_t)d->nelems * dt_size(d->dtype));
    put_dense(x, 0, out);
}

/* tf.ExpandDims: the tensor with a dimension of 1 inserted at the axis
** (NumPy's: -1 appends). */
static void op_tf_expanddims(CrtOpCtx *x)
{
    CrtMeta m;
    crt_tensor_meta(x->args[0], &m);
    DenseHostTensor *axis = need_dense_arg(x, 1);
    int64_t ax;
    if (!axis || !scalar_index(x, axis, &ax, "Axis must be a scalar tensor", "Unsupported axis data type")) return;
    if (ax < -1 - m.rank || ax > m.rank) {
        crt_op_fail(x, 0, "Failed to expand axis %" PRId64 " for tensor of rank %d", ax, m.rank);
        return;
    }
    if (m.rank + 1 > DHT_MAX_RANK) {
        crt_op_fail(x, 0, "tf.ExpandDims: a result of rank %d (at most %d)", m.rank + 1, DHT_MAX_RANK);
        return;
    }
    int e = (int)(ax < 0 ? ax + m.rank + 1 : ax);
    int64_t dims[DHT_MAX_RANK];
    for (int d = 0, k = 0; d <= m.rank; d++) dims[d] = d == e ? 1 : m.dims[k++];
    put_reshaped(x, x->args[0], m.rank + 1, dims);
}

/* The dense f32 or f64 argument of an element-wise float op and its new
** result of the op's metadata; false after failing the op (TFRT's
** DTYPE_FLOAT dispatch: `unsupported dtype`). */
static bool float_io(CrtOpCtx *x, DenseHostTensor **a, DenseHostTensor **out)
{
    *a = dense_arg(x, 0);
    if ((*a)->dtype != DT_F32 && (*a)->dtype != DT_F64) {
        crt_op_fail(x, 0, "unsupported dtype");
        return false;
    }
    *out = new_dense(x, &x->md[0]);
    if (!*out) put_dense(x, 0, NULL);
    return *out != NULL;
}

/* tf.Log, tf.Log1p, tf.Rsqrt, tf.Sigmoid: f32 and f64 only. */
void tfo_unary(TfoUn op, DType dt, const void *in, void *out, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        double v = get_f(dt, in, i), r;
        switch (op) {
        case TFO_LOG: r = log(v); break;
        case TFO_LOG1P: r = log1p(v); break;
        case TFO_RSQRT: r = 1.0 / sqrt(v); break;
        default: r = 1.0 / (1.0 + exp(-v)); break;
        }
        put_f(dt, out, i, r);
    }
}

static void unary(CrtOpCtx *x, TfoUn op)
{
    DenseHostTensor *a, *out;
    if (!float_io(x, &a, &out)) return;
    tfo_unary(op, a->dtype, dht_data(a), dht_data(out), a->nelems);
    put_dense(x, 0, out);
}

static void op_tf_log(CrtOpCtx *x) { unary(x, TFO_LOG); }
static void op_tf_log1p(CrtOpCtx *x) { unary(x, TFO_LOG1P); }
static void op_tf_rsqrt(CrtOpCtx *x) { unary(x, TFO_RSQRT); }
static void op_tf_sigmoid(CrtOpCtx *x) { unary(x, TFO_SIGMOID); }

/* tf.Softmax / tf.LogSoftmax along the last dimension (the others
** flattened into a batch), f32 and f64 only; shifted by the row's maximum
** as TFRT's kernel does. */
void tfo_softmax(bool lg, const DenseHostTensor *a, void *o)
{
    DType dt = a->dtype;
    int64_t classes = a->rank ? a->dims[a->rank - 1] : 1;
    int64_t batch = classes ? a->nelems / classes : 0;
    const void *in = dht_data(a);
    for (int64_t b = 0; b < batch; b++) {
        int64_t base = b * classes;
        double mx = get_f(dt, in, base), sum = 0;
        for (int64_t c = 1; c < classes; c++) mx = fmax(mx, get_f(dt, in, base + c));
        for (int64_t c = 0; c < classes; c++) sum += exp(get_f(dt, in, base + c) - mx);
        for (int64_t c = 0; c < classes; c++) {
            double s = get_f(dt, in, base + c) - mx;
            put_f(dt, o, base + c, lg ? s - log(sum) : exp(s) * (1.0 / sum));
        }
    }
}

static void softmax(CrtOpCtx *x, bool lg)
{
    DenseHostTensor *a, *out;
    if (!float_io(x, &a, &out)) return;
    tfo_softmax(lg, a, dht_data(out));
    put_dense(x, 0, out);
}

static void op_tf_softmax(CrtOpCtx *x) { softmax(x, false); }
static void op_tf_logsoftmax(CrtOpCtx *x) { softmax(x, true); }

/* tf.BiasAdd: the 1-D bias added along the last dimension (NHWC), for
** values of rank 2 to 5. */
static void op_tf_biasadd(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *b = dense_arg(x, 1);
    DType dt = a->dtype;
    if (!is_numeric(dt)) { crt_op_fail(x, 0, "unsupported dtype for TfBiasAddOp"); return; }
    if (a->rank < 2 || a->rank > 5) { crt_op_fail(x, 0, "tf.BiasAdd: unsupported value rank %d (2 to 5)", a->rank); return; }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    int64_t c = b->nelems;
    for (int64_t i = 0; i < a->nelems; i++) {
        if (is_float(dt)) put_f(dt, dht_data(out), i, get_f(dt, dht_data(a), i) + get_f(dt, dht_data(b), i % c));
        else put_i(dt, dht_data(out), i, (int64_t)((uint64_t)get_i(dt, dht_data(a), i) + (uint64_t)get_i(dt, dht_data(b), i % c)));
    }
    put_dense(x, 0, out);
}

/* [v] truncated to integer dtype [dt] (as a T holds it). */
static int64_t as_int(DType dt, int64_t v)
{
    unsigned char b[8];
    put_i(dt, b, 0, v);
    return get_i(dt, b, 0);
}

/* tf.Mean: the mean over the i32 reduction indices (negative ones count
** from the end); keep_dims keeps the reduced dimensions as 1. Integers:
** the sum, wrapping in the dtype, divided by the count, rounding toward
** zero (Eigen's MeanReducer). */
static void op_tf_mean(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *ix = dense_arg(x, 1);
    bool keep = false;
    const CrtAttr *k = crt_attrs_get(x->attrs, "keep_dims");
    if (k && !k->array && k->type == CA_BOOL) keep = ((const unsigned char *)k->data)[0] != 0;
    if (ix->dtype != DT_I32) { crt_op_fail(x, 0, "tf.Mean: reduction indices of %s (only i32)", dt_name(ix->dtype)); return; }
    int rank = a->rank;
    bool reduced[DHT_MAX_RANK] = { false };
    for (int64_t i = 0; i < ix->nelems; i++) {
        int64_t r = get_i(DT_I32, dht_data(ix), i);
        if (r < -rank || r >= rank) {
            crt_op_fail(x, 0, "tf.Mean reduction index must be in [-input_rank, input_rank) range");
            return;
        }
        r = (r + rank) % rank;
        if (reduced[r]) { crt_op_fail(x, 0, "tf.Mean reduction indices must be unique"); return; }
        reduced[r] = true;
    }
    DType dt = a->dtype;
    if (!is_numeric(dt)) { crt_op_fail(x, 0, "unsupported dtype for TfMeanOp"); return; }
    if (rank < 1 || rank > 4 || ix->nelems < 1) {
        crt_op_fail(x, 0, "Unsupported reduction ranks: input_rank=%d reduction_rank=%" PRId64, rank, ix->nelems);
        return;
    }
    CrtMeta md = crt_meta_make(dt, 0, NULL);
    int64_t count = 1;
    for (int d = 0; d < rank; d++) {
        if (!reduced[d]) md.dims[md.rank++] = a->dims[d];
        else {
            count *= a->dims[d];
            if (keep) md.dims[md.rank++] = 1;
        }
    }
    int64_t tcount = is_int(dt) ? as_int(dt, count) : count;
    if (is_int(dt) && tcount == 0 && crt_meta_elems(&md) > 0) {
        crt_op_fail(x, 0, "tf.Mean: integer division by zero (an empty reduction)");
        return;
    }
    DenseHostTensor *out = new_dense(x, &md);
    if (!out) { put_dense(x, 0, NULL); return; }
    int64_t on = out->nelems;
    double *fs = NULL;
    int64_t *is = NULL;
    if (is_float(dt)) fs = xcalloc((size_t)(on ? on : 1), sizeof *fs);
    else is = xcalloc((size_t)(on ? on : 1), sizeof *is);
    for (int64_t i = 0; i < a->nelems; i++) {
        /* The output position: the unreduced coordinates, row-major. */
        int64_t pos = i, o = 0, stride = 1;
        for (int d = rank - 1; d >= 0; d--) {
            int64_t c = pos % a->dims[d];
            pos /= a->dims[d];
            if (!reduced[d]) { o += c * stride; stride *= a->dims[d]; }
        }
        if (fs) fs[o] += get_f(dt, dht_data(a), i);
        else is[o] = as_int(dt, (int64_t)((uint64_t)is[o] + (uint64_t)get_i(dt, dht_data(a), i)));
    }
    for (int64_t o = 0; o < on; o++) {
        if (fs) put_f(dt, dht_data(out), o, fs[o] / (double)count);
        else if (is_unsigned(dt)) put_i(dt, dht_data(out), o, (int64_t)((uint64_t)is[o] / (uint64_t)tcount));
        else put_i(dt, dht_data(out), o, tcount == -1 ? (int64_t)(0 - (uint64_t)is[o]) : is[o] / tcount);
    }
    free(fs);
    free(is);
    put_dense(x, 0, out);
}

/* FixedRankShape's operator<<: "[1, 2]", but "[]" for a shape without
** elements. */
static void fixed_shape(char *buf, size_t cap, const int64_t *dims, int rank)
{
    bool empty = false;
    for (int i = 0; i < rank; i++) empty |= dims[i] <= 0;
    if (!empty) shape_format_dims(buf, cap, dims, rank);
    else snprintf(buf, cap, "[]");
}

/* tf.Pad: zeros around the height and width of an NHWC tensor, by rows 1
** and 2 of the i32 [4, 2] paddings; the result must have the shape the
** metadata function guessed. */
static void op_tf_pad(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *p = dense_arg(x, 1);
    if (p->rank != 2 || p->dims[0] != 4 || p->dims[1] != 2) { crt_op_fail(x, 0, "padding shape shoulsd be (4, 2)"); return; }
    if (p->dtype != DT_I32) { crt_op_fail(x, 0, "tf.Pad: paddings of %s (only i32)", dt_name(p->dtype)); return; }
    DType dt = a->dtype;
    if (!is_numeric(dt)) { crt_op_fail(x, 0, "unsupported dtype for TfPadOp"); return; }
    const int32_t *pv = dht_data(p);
    int64_t h1 = pv[2], h2 = pv[3], w1 = pv[4], w2 = pv[5];
    int64_t want[4] = { a->dims[0], a->dims[1] + h1 + h2, a->dims[2] + w1 + w2, a->dims[3] };
    if (memcmp(want, x->md[0].dims, sizeof want)) {
        char s0[128], s1[128];
        fixed_shape(s0, sizeof s0, x->md[0].dims, 4);
        fixed_shape(s1, sizeof s1, want, 4);
        crt_op_fail(x, 0, "ZeroPadding output shape %s does not match the expected output shape %s", s0, s1);
        return;
    }
    if (h1 < 0 || h2 < 0 || w1 < 0 || w2 < 0) { crt_op_fail(x, 0, "tf.Pad paddings must be non-negative."); return; }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    size_t es = dt_size(dt);
    memset(dht_data(out), 0, (size_t)out->nelems * es);
    int64_t H = a->dims[1], W = a->dims[2], C = a->dims[3], OH = want[1], OW = want[2];
    for (int64_t b = 0; b < a->dims[0]; b++)
        for (int64_t h = 0; h < H; h++)
            for (int64_t w = 0; w < W; w++)
                memcpy((char *)dht_data(out) + (size_t)(((b * OH + h + h1) * OW + w + w1) * C) * es,
                       (const char *)dht_data(a) + (size_t)(((b * H + h) * W + w) * C) * es, (size_t)C * es);
    put_dense(x, 0, out);
}

bool tfo_concat_shape(const char *op, const CrtMeta *m, int n, int64_t axis, CrtMeta *om, int *axp, char *err,
                      size_t cap)
{
    int rank = m[0].rank;
    if (rank > 0 && (axis < -rank || axis >= rank)) {
        say(err, cap, "%s: axis %" PRId64 " out of range for rank %d", op, axis, rank);
        return false;
    }
    if (axis < 0) axis += rank;
    int ax = (int)axis;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        /* (dims of tensors without elements may be near 2^63) */
        if (__builtin_add_overflow(total, rank == 0 ? 1 : m[i].rank > ax ? m[i].dims[ax] : 0, &total)) {
            say(err, cap, "%s: the result's dimension %d overflows", op, ax);
            return false;
        }
        if (m[i].dtype != m[0].dtype || m[i].string != m[0].string) { say(err, cap, "Input dtypes do not match"); return false; }
        if (m[i].rank != rank) { say(err, cap, "Input ranks do not match"); return false; }
        for (int d = 0; d < rank; d++)
            if (d != ax && m[i].dims[d] != m[0].dims[d]) {
                char s0[128], s1[128];
                shape_format_dims(s0, sizeof s0, m[i].dims, m[i].rank);
                shape_format_dims(s1, sizeof s1, m[0].dims, m[0].rank);
                say(err, cap,
                    "Wrong non-concatenating dimension. Dimension %d for argument %d doesn't match the "
                    "dimension of argument 0 (concatenate %s and %s on axis %d)",
                    d, i, s0, s1, ax);
                return false;
            }
    }
    *om = m[0];
    if (rank == 0) { om->rank = 1; om->dims[0] = total; ax = 0; }
    else om->dims[ax] = total;
    *axp = ax;
    return true;
}

/* Row-major: [outer, inner] with inner the dims from the axis on (the
** output has elements, so neither product overflows). */
static void concat_geometry(const CrtMeta *om, int ax, int64_t *outer, int64_t *inner)
{
    *outer = *inner = 1;
    for (int d = 0; d < ax; d++) *outer *= om->dims[d];
    for (int d = ax; d < om->rank; d++) *inner *= om->dims[d];
}

/* The elements of one input from the axis on. */
static int64_t concat_block(const CrtMeta *m, int ax)
{
    int64_t ain = 1;
    for (int d = ax; d < m->rank; d++) ain *= m->dims[d];
    return ain;
}

void tfo_concat_dense(const CrtMeta *m, const void *const *src, int n, const CrtMeta *om, int ax, size_t es,
                      void *dst)
{
    if (crt_meta_elems(om) == 0) return;
    int64_t outer, inner, off = 0;
    concat_geometry(om, ax, &outer, &inner);
    for (int i = 0; i < n; i++) {
        int64_t ain = concat_block(&m[i], ax);
        for (int64_t o = 0; o < outer; o++)
            memcpy((char *)dst + (size_t)(o * inner + off) * es, (const char *)src[i] + (size_t)(o * ain) * es,
                   (size_t)ain * es);
        off += ain;
    }
}

/* tf.ConcatV2: the tensors (dense, or all string) joined along the axis,
** the last argument (a dense i32 or i64 tensor; negative counts from the
** end). Scalars (rank 0) make a vector, whatever the axis. */
static void op_tf_concat(CrtOpCtx *x)
{
    int nt = x->nargs - 1;
    if (nt < 1) { crt_op_fail(x, 0, "tf.ConcatV2 needs at least one tensor and the axis"); return; }
    CrtTensor *st = crt_tensor_from_any(x->args[nt]);
    if (st) { crt_op_fail(x, 0, "axis must be a dense host tensor"); return; }
    DenseHostTensor *at = dense_arg(x, nt);
    if (at->dtype != DT_I32 && at->dtype != DT_I64) { crt_op_fail(x, 0, "Unsupported axis data type"); return; }
    if (at->nelems < 1) { crt_op_fail(x, 0, "tf.ConcatV2: an axis tensor without elements"); return; }
    int64_t axis = get_i(at->dtype, dht_data(at), 0);
    CrtMeta *ms = xmalloc(sizeof *ms * (size_t)nt), om;
    const void **src = xcalloc((size_t)nt, sizeof *src);
    for (int i = 0; i < nt; i++) crt_tensor_meta(x->args[i], &ms[i]);
    char err[512];
    int ax;
    bool ok = tfo_concat_shape("tf.ConcatV2", ms, nt, axis, &om, &ax, err, sizeof err);
    if (!ok) crt_op_fail(x, 0, "%s", err);
    else if (!om.string && om.dtype != DT_BOOL && !is_numeric(om.dtype)) {
        crt_op_fail(x, 0, "Unsupported dtype: %s", dt_name(om.dtype));
        ok = false;
    } else if (!om.string && ms[0].rank > 4) {
        crt_op_fail(x, 0, "Unsupported output tensor rank");
        ok = false;
    }
    CrtTensor *sout = NULL;
    DenseHostTensor *out = NULL;
    if (ok && om.string) {
        if (!(sout = crt_string_new(&om))) put_dense(x, 0, NULL);
    } else if (ok && !(out = new_dense(x, &om))) {
        put_dense(x, 0, NULL);
    }
    if (out) {
        for (int i = 0; i < nt; i++) src[i] = dht_data(dense_arg(x, i));
        tfo_concat_dense(ms, src, nt, &om, ax, dt_size(om.dtype), dht_data(out));
        put_dense(x, 0, out);
    } else if (sout) {
        int64_t outer, inner, off = 0;
        concat_geometry(&om, ax, &outer, &inner);
        for (int i = 0; i < nt && crt_meta_elems(&om) > 0; i++) {
            CrtTensor *s = crt_tensor_from_any(x->args[i]);
            int64_t ain = concat_block(&ms[i], ax);
            for (int64_t o = 0; o < outer; o++)
                for (int64_t j = 0; j < ain; j++) {
                    int64_t k = o * ain + j;
                    crt_string_set(sout, o * inner + off + j, s->strings[k] ? s->strings[k] : "", s->lens[k]);
                }
            off += ain;
        }
        x->res[0] = av_new_available(any_obj(&sout->hdr));
    }
    free(ms);
    free(src);
}

int64_t tfo_tile_source(const int64_t *in, const int64_t *out, int rank, int64_t i)
{
    int64_t src = 0, stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
        int64_t c = i % out[d];
        i /= out[d];
        src += (c % in[d]) * stride;
        stride *= in[d];
    }
    return src;
}

bool tfo_tile_multiples(const DenseHostTensor *mt, int rank, char *err, size_t cap)
{
    const char *msg = mt->rank != 1 ? "Tile multiples must be a vector"
                    : mt->dtype != DT_I32 && mt->dtype != DT_I64 ? "Unsupported multiples data type"
                    : mt->nelems != rank ? "Tile multiples must have the same size as input rank"
                    : NULL;
    if (msg) snprintf(err, cap, "%s", msg);
    return !msg;
}

bool tfo_tile_dims(const char *name, const int64_t *in, int rank, const DenseHostTensor *mt, int64_t *out,
                   bool *overflow, char *err, size_t cap)
{
    *overflow = false;
    for (int d = 0; d < rank; d++) {
        int64_t k = get_i(mt->dtype, dht_data(mt), d);
        if (k < 0) {
            snprintf(err, cap, "%s: negative multiple %" PRId64 " for dimension %d", name, k, d);
            return false;
        }
        if (__builtin_mul_overflow(in[d], k, &out[d])) {
            snprintf(err, cap, "%s: the tiled dimension %d overflows", name, d);
            *overflow = true;
            return false;
        }
    }
    return true;
}

/* tf.Tile: the tensor (dense, or string) repeated multiples[d] times along
** each dimension d. */
static void op_tf_tile(CrtOpCtx *x)
{
    CrtMeta m;
    crt_tensor_meta(x->args[0], &m);
    DenseHostTensor *mt = need_dense_arg(x, 1);
    if (!mt) return;
    CrtMeta om = m;
    char err[256];
    bool overflow;
    if (!tfo_tile_multiples(mt, m.rank, err, sizeof err)) {
        crt_op_fail(x, 0, "%s", err);
        return;
    }
    if (!tfo_tile_dims("tf.Tile", m.dims, m.rank, mt, om.dims, &overflow, err, sizeof err)) {
        /* A dimension past int64 cannot be allocated (TFRT's message). */
        if (overflow) put_dense(x, 0, NULL);
        else crt_op_fail(x, 0, "%s", err);
        return;
    }
    CrtTensor *st = crt_tensor_from_any(x->args[0]);
    DenseHostTensor *in = st ? NULL : dht_from_any(x->args[0]), *out = NULL;
    CrtTensor *sout = NULL;
    if (st) {
        if (!(sout = crt_string_new(&om))) { put_dense(x, 0, NULL); return; }
    } else {
        if (m.dtype != DT_BOOL && !is_numeric(m.dtype)) {
            crt_op_fail(x, 0, "Unsupported dtype: %s", dt_name(m.dtype));
            return;
        }
        out = new_dense(x, &om);
        if (!out) { put_dense(x, 0, NULL); return; }
        /* TFRT's dense Tile kernel instantiates ranks 1 to 5; any other is
        ** an error value made by its Eigen evaluator: no diagnostic, code
        ** internal (docs/kernel-behaviour.md §14). */
        if (om.rank < 1 || om.rank > 5) {
            obj_release(&out->hdr);
            x->res[0] = av_new_error(ERR_INTERNAL, "Unsupported tensor rank");
            return;
        }
    }
    int64_t n = crt_meta_elems(&om);
    size_t es = st ? 0 : dt_size(m.dtype);
    for (int64_t i = 0; i < n; i++) {
        int64_t src = tfo_tile_source(m.dims, om.dims, om.rank, i);
        if (st) crt_string_set(sout, i, st->strings[src] ? st->strings[src] : "", st->lens[src]);
        else memcpy((char *)dht_data(out) + (size_t)i * es, (const char *)dht_data(in) + (size_t)src * es, es);
    }
    if (st) x->res[0] = av_new_available(any_obj(&sout->hdr));
    else put_dense(x, 0, out);
}

/* tf._FusedMatMul: the product, plus the bias (argument 2) along the rows,
** then Relu, Relu6 or Elu, as `fused_ops` says: ["BiasAdd"], ["BiasAdd",
** "Relu"], ["BiasAdd", "Relu6"] or ["BiasAdd", "Elu"]; f32 and i32 only
** (TFRT's dispatch). */
/* The program's `fused_ops` array (its count in [n]); NULL after failing
** the op when it is missing or not of strings. */
static const Attr *const *fused_ops_of(CrtOpCtx *x, int *n)
{
    static const Attr *const none[1] = { NULL };
    const CrtAttr *fa = crt_attrs_get(x->attrs, "fused_ops");
    if (!fa) { crt_op_fail(x, 0, "tf._FusedMatMul needs the attribute 'fused_ops'"); return NULL; }
    *n = 0;
    if (fa->array && fa->type != CA_CHAR && fa->n == 0) return none;
    const Attr *v = fa->type == CA_AGGREGATE ? fa->ir : NULL;
    bool strings = v && v->kind == ATTR_ARRAY;
    for (int j = 0; strings && j < v->u.arr.n; j++) strings = v->u.arr.elems[j]->kind == ATTR_STRING;
    if (!strings) { crt_op_fail(x, 0, "tf._FusedMatMul: 'fused_ops' must be an array of strings"); return NULL; }
    *n = v->u.arr.n;
    return v->u.arr.elems;
}

/* String attribute [a] is [s]. */
static bool str_is(const Attr *a, const char *s)
{
    return a->u.str.len == strlen(s) && !memcmp(a->u.str.s, s, a->u.str.len);
}

bool tfo_fusion_has_bias(const Attr *const *names, int n)
{
    return n > 0 && str_is(names[0], "BiasAdd");
}

TfoFusion tfo_fusion(const Attr *const *names, int n)
{
    if (!tfo_fusion_has_bias(names, n) || n > 2) return TFO_FUSE_NONE;
    if (n == 1) return TFO_FUSE_BIAS;
    if (str_is(names[1], "Relu")) return TFO_FUSE_RELU;
    if (str_is(names[1], "Relu6")) return TFO_FUSE_RELU6;
    if (str_is(names[1], "Elu")) return TFO_FUSE_ELU;
    return TFO_FUSE_NONE;
}

bool tfo_bias_check(const DenseHostTensor *bias, int64_t cols, char *err, size_t cap)
{
    if (bias->rank != 1) { say(err, cap, "Bias tensor must a vector"); return false; }
    if (bias->nelems != cols) {
        say(err, cap, "The number of bias elements %" PRId64 " doesn't match output inner dimension %" PRId64,
            bias->nelems, cols);
        return false;
    }
    return true;
}

void tfo_bias_activate(DType dt, TfoFusion fu, void *out, const void *bias, int64_t m, int64_t n)
{
    bool relu = fu == TFO_FUSE_RELU || fu == TFO_FUSE_RELU6;
    for (int64_t i = 0; i < m * n; i++) {
        if (dt == DT_F32) {
            float *o = out, v = o[i] + ((const float *)bias)[i % n];
            if (relu) v = v < 0 ? 0.0f : v;
            if (fu == TFO_FUSE_RELU6) v = v > 6 ? 6.0f : v;
            if (fu == TFO_FUSE_ELU) v = v < 0 ? expf(v) - 1.0f : v;
            o[i] = v;
        } else {
            int32_t *o = out;
            int32_t v = (int32_t)(uint32_t)((uint32_t)o[i] + (uint32_t)((const int32_t *)bias)[i % n]);
            if (relu) v = v < 0 ? 0 : v;
            if (fu == TFO_FUSE_RELU6) v = v > 6 ? 6 : v;
            if (fu == TFO_FUSE_ELU) v = v < 0 ? -1 : v;
            o[i] = v;
        }
    }
}

static void op_tf_fusedmatmul(CrtOpCtx *x)
{
    DenseHostTensor *a = dense_arg(x, 0), *b = dense_arg(x, 1);
    DType dt = a->dtype;
    if (dt != DT_F32 && dt != DT_I32) { crt_op_fail(x, 0, "Unsupported input dtype: %s", dt_name(dt)); return; }
    int nf;
    const Attr *const *names = fused_ops_of(x, &nf);
    if (!names) return;
    if (nf == 0) { crt_op_fail(x, 0, "FusedMatMul must specify fused operations"); return; }
    int64_t m = x->md[0].dims[0], n = x->md[0].dims[1];
    DenseHostTensor *bias = NULL;
    if (tfo_fusion_has_bias(names, nf)) {
        if (x->nargs < 3) { crt_op_fail(x, 0, "tf._FusedMatMul: BiasAdd needs the bias argument"); return; }
        bias = dense_arg(x, 2);
        char err[256];
        if (!tfo_bias_check(bias, n, err, sizeof err)) { crt_op_fail(x, 0, "%s", err); return; }
    }
    TfoFusion fu = tfo_fusion(names, nf);
    if (fu == TFO_FUSE_NONE) { crt_op_fail(x, 0, "Unsupported fusion type"); return; }
    if (bias->dtype != dt) {
        crt_op_fail(x, 0, "tf._FusedMatMul: a bias of %s for %s matrices", dt_name(bias->dtype), dt_name(dt));
        return;
    }
    bool ta = false, tb = false;
    const CrtAttr *p = crt_attrs_get(x->attrs, "transpose_a"), *q = crt_attrs_get(x->attrs, "transpose_b");
    if (p && p->type == CA_BOOL) ta = ((const unsigned char *)p->data)[0];
    if (q && q->type == CA_BOOL) tb = ((const unsigned char *)q->data)[0];
    int64_t k = ta ? a->dims[0] : a->dims[1];
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    if (!kl_gemm(dt, ta, tb, m, n, k, 1.0, dht_data(a), dht_data(b), 0.0, dht_data(out))) {
        obj_release(&out->hdr);
        crt_op_fail(x, 0, "Unsupported input dtype: %s", dt_name(dt));
        return;
    }
    tfo_bias_activate(dt, fu, dht_data(out), dht_data(bias), m, n);
    put_dense(x, 0, out);
}

/* tf.MaxPool: NHWC, ksize and strides of 4 ([1, h, w, 1]), padding "SAME" /
** "same" / "VALID" / "valid" (TFRT's MaxPoolImpl, its own SAME padding,
** ml_pool_shape); f32 and f64. Windows start from -infinity (TFRT's from
** the smallest positive value, as eigen.max_pooling_2d's). */
static void op_tf_maxpool(CrtOpCtx *x)
{
    DenseHostTensor *in = dense_arg(x, 0);
    const CrtAttr *sa = i64_array(x->attrs, "strides"), *ka = i64_array(x->attrs, "ksize");
    if (!sa || sa->n != 4) { crt_op_fail(x, 0, "strides should have 4 elements"); return; }
    if (!ka || ka->n != 4) { crt_op_fail(x, 0, "ksize should have 4 elements"); return; }
    if (!nhwc_or_absent(x->attrs)) { crt_op_fail(x, 0, "only channel last order is supported"); return; }
    DType dt = in->dtype;
    if (dt != DT_F32 && dt != DT_F64) { crt_op_fail(x, 0, "unsupported dtype for TfMaxPoolOp"); return; }
    if (in->rank != 4) { crt_op_fail(x, 0, "tf.MaxPool: input of rank %d (only 4)", in->rank); return; }
    const int64_t *sv = sa->data, *kv = ka->data;
    int64_t st[2] = { sv[1], sv[2] }, win[2] = { kv[1], kv[2] }, pad[4], want[4];
    if (win[0] <= 0 || win[1] <= 0 || st[0] <= 0 || st[1] <= 0) {
        crt_op_fail(x, 0, "tf.MaxPool: ksize and strides must be positive");
        return;
    }
    char padding[64] = "";
    get_str(x->attrs, "padding", padding, sizeof padding);
    const char *pm = !strcmp(padding, "SAME") ? "same" : !strcmp(padding, "VALID") ? "valid" : padding;
    if (!ml_pool_shape(in, win, st, pm, false, pad, want)) { crt_op_fail(x, 0, "padding type is not supported"); return; }
    if (memcmp(want, x->md[0].dims, sizeof want)) { crt_op_fail(x, 0, "output tensor has the wrong shape"); return; }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    ml_max_pool(in, out, win, st, pad);
    put_dense(x, 0, out);
}

/* tf.Conv2D: NHWC input, HWIO filter, strides of 4 ([1, h, w, 1]),
** padding same / valid (either case), no dilation: TFRT's Conv2DImpl over
** ComputeConv2DParams. f32 through ml_conv_forward (kernels/ml_eigen.c);
** the other numeric dtypes by the direct sum (integers wrapping). */
static void op_tf_conv2d(CrtOpCtx *x)
{
    DenseHostTensor *in = dense_arg(x, 0), *filt = dense_arg(x, 1);
    if (!nhwc_or_absent(x->attrs)) { crt_op_fail(x, 0, "only channel last order is supported"); return; }
    const CrtAttr *sa = i64_array(x->attrs, "strides");
    if (!sa || sa->n != 4) { crt_op_fail(x, 0, "strides should have 4 elements"); return; }
    DType dt = in->dtype;
    if (!is_numeric(dt)) { crt_op_fail(x, 0, "unsupported dtype for TfConv2DOp"); return; }
    if (in->rank != 4 || filt->rank != 4) {
        crt_op_fail(x, 0, "tf.Conv2D: input and filter of rank %d and %d (only 4)", in->rank, filt->rank);
        return;
    }
    if (filt->dtype != dt) {
        crt_op_fail(x, 0, "tf.Conv2D: a filter of %s for an input of %s", dt_name(filt->dtype), dt_name(dt));
        return;
    }
    char padding[64] = "";
    get_str(x->attrs, "padding", padding, sizeof padding);
    bool same = !strcasecmp(padding, "same"), expl = !strcasecmp(padding, "explicit");
    if (!same && !expl && strcasecmp(padding, "valid")) { crt_op_fail(x, 0, "Unknown padding type %s", padding); return; }
    MlConv cv;
    cv.N = in->dims[0], cv.H = in->dims[1], cv.W = in->dims[2], cv.IC = in->dims[3];
    cv.FH = filt->dims[0], cv.FW = filt->dims[1], cv.OC = filt->dims[3];
    cv.st[0] = ((const int64_t *)sa->data)[1], cv.st[1] = ((const int64_t *)sa->data)[2];
    if (cv.IC != filt->dims[2]) {
        crt_op_fail(x, 0, "Dimensions does not match: input channels is %" PRId64 " and kernel depth is %" PRId64, cv.IC,
                    filt->dims[2]);
        return;
    }
    int64_t isz[2] = { cv.H, cv.W }, fsz[2] = { cv.FH, cv.FW }, osz[2];
    for (int d = 0; d < 2; d++) {
        int64_t s = cv.st[d];
        if (s <= 0) { crt_op_fail(x, 0, "Stride must be > 0, but got %" PRId64, s); return; }
        if (expl) { crt_op_fail(x, 0, "For explicit padding, padding values must be defined"); return; }
        if (same) {
            osz[d] = (isz[d] + s - 1) / s;
            int64_t need = (osz[d] - 1) * s + fsz[d] - isz[d];
            if (need < 0) need = 0;
            cv.pad[2 * d] = need / 2;
            cv.pad[2 * d + 1] = need - need / 2;
        } else {
            osz[d] = (isz[d] - fsz[d] + s) / s;
            cv.pad[2 * d] = cv.pad[2 * d + 1] = 0;
        }
        if (osz[d] < 0) {
            crt_op_fail(x, 0,
                        "Computed output size would be negative: %" PRId64 " (input_size: %" PRId64
                        ", filter_size: %" PRId64 ", stride: %" PRId64 ", dilation: 1)",
                        osz[d], isz[d], fsz[d], s);
            return;
        }
    }
    cv.OH = osz[0], cv.OW = osz[1];
    int64_t want[4] = { cv.N, cv.OH, cv.OW, cv.OC };
    if (x->md[0].rank != 4 || memcmp(want, x->md[0].dims, sizeof want)) {
        char s0[128], s1[128];
        fixed_shape(s0, sizeof s0, x->md[0].dims, x->md[0].rank);
        fixed_shape(s1, sizeof s1, want, 4);
        crt_op_fail(x, 0, "Tensor shapes do not match: output tensor shape is %s and computed output shape is %s", s0, s1);
        return;
    }
    DenseHostTensor *out = new_dense(x, &x->md[0]);
    if (!out) { put_dense(x, 0, NULL); return; }
    if (dt == DT_F32) {
        ml_conv_forward(&cv, dht_data(in), dht_data(filt), dht_data(out));
        put_dense(x, 0, out);
        return;
    }
    const void *iv = dht_data(in), *fv = dht_data(filt);
    for (int64_t i = 0; i < out->nelems; i++) {
        int64_t oc = i % cv.OC, ow = i / cv.OC % cv.OW, oh = i / cv.OC / cv.OW % cv.OH, b = i / cv.OC / cv.OW / cv.OH;
        double fs = 0;
        uint64_t is = 0;
        for (int64_t r = 0; r < cv.FH; r++)
            for (int64_t s = 0; s < cv.FW; s++) {
                int64_t h = oh * cv.st[0] + r - cv.pad[0], w = ow * cv.st[1] + s - cv.pad[2];
                if (h < 0 || h >= cv.H || w < 0 || w >= cv.W) continue;
                for (int64_t c = 0; c < cv.IC; c++) {
                    int64_t ii = ((b * cv.H + h) * cv.W + w) * cv.IC + c, fi = ((r * cv.FW + s) * cv.IC + c) * cv.OC + oc;
                    if (is_float(dt)) fs += get_f(dt, iv, ii) * get_f(dt, fv, fi);
                    else is += (uint64_t)get_i(dt, iv, ii) * (uint64_t)get_i(dt, fv, fi);
                }
            }
        if (is_float(dt)) put_f(dt, dht_data(out), i, fs);
        else put_i(dt, dht_data(out), i, (int64_t)is);
    }
    put_dense(x, 0, out);
}

/* tf.FusedBatchNormV3 (inference): y = scale * ((x - mean) / sqrt(variance
** + epsilon)) + bias per channel (the last dimension of an NHWC input), in
** the dtype (f32, f64). All six results are that one tensor (TFRT's op
** hands out one value six times); its attribute errors carry no
** diagnostic (TFRT sets them without emitting). */
static void op_tf_fusedbatchnorm(CrtOpCtx *x)
{
    DenseHostTensor *in = dense_arg(x, 0);
    const CrtAttr *ea = crt_attrs_get(x->attrs, "epsilon");
    const char *quiet = NULL;
    if (!ea || ea->array || ea->type != CA_F32) quiet = "missing epsilon attribute";
    else if (!nhwc_or_absent(x->attrs)) quiet = "only channel last order is supported";
    if (quiet) {
        x->res[0] = av_new_error(ERR_INTERNAL, quiet);
    } else {
        float eps;
        memcpy(&eps, ea->data, 4);
        DType dt = in->dtype;
        if (dt != DT_F32 && dt != DT_F64) {
            crt_op_fail(x, 0, "unsupported dtype for TfFusedBatchNormV3Op");
        } else if (in->rank != 4) {
            crt_op_fail(x, 0, "tf.FusedBatchNormV3: input of rank %d (only 4)", in->rank);
        } else {
            int64_t C = in->dims[3];
            const void *p[4];
            bool ok = true;
            for (int i = 0; i < 4 && ok; i++) {
                DenseHostTensor *t = dense_arg(x, 1 + i);
                if (t->nelems != C) {
                    crt_op_fail(x, 0, "parameter does not match the input channel number");
                    ok = false;
                } else if (t->dtype != dt) {
                    crt_op_fail(x, 0, "tf.FusedBatchNormV3: parameter %d of %s for an input of %s", 1 + i,
                                dt_name(t->dtype), dt_name(dt));
                    ok = false;
                }
                p[i] = ok ? dht_data(t) : NULL;
            }
            DenseHostTensor *out = ok ? new_dense(x, &x->md[0]) : NULL;
            if (ok && out) {
                if (dt == DT_F32) {
                    const float *sc = p[0], *bi = p[1], *mu = p[2], *va = p[3], *xv = dht_data(in);
                    float *y = dht_data(out);
                    for (int64_t i = 0; i < in->nelems; i++) {
                        int64_t c = i % C;
                        y[i] = sc[c] * ((xv[i] - mu[c]) / sqrtf(va[c] + eps)) + bi[c];
                    }
                } else {
                    const double *sc = p[0], *bi = p[1], *mu = p[2], *va = p[3], *xv = dht_data(in);
                    double *y = dht_data(out);
                    for (int64_t i = 0; i < in->nelems; i++) {
                        int64_t c = i % C;
                        y[i] = sc[c] * ((xv[i] - mu[c]) / sqrt(va[c] + (double)eps)) + bi[c];
                    }
                }
            }
            if (ok) put_dense(x, 0, out);
        }
    }
    for (int i = 1; i < x->nres; i++) {
        av_retain(x->res[0]);
        x->res[i] = x->res[0];
    }
}

/* {=====================================================================
** The table
** ====================================================================== */

#define PURE CRT_PURE
#define SCALAR CRT_SCALAR_OK

/* Sorted by name (crt_cpu_lookup is a binary search; tests/test_corert.c
** checks the order). */
static const CrtOpDef ops[] = {
    { "tf.AddV2", PURE | SCALAR, 2, 1, md_tf_binary, op_tf_add },
    { "tf.BiasAdd", PURE, 2, 1, md_tf_biasadd, op_tf_biasadd },
    { "tf.ConcatV2", PURE | CRT_STRING_OK, -1, 1, NULL, op_tf_concat },
    { "tf.Const", PURE, 0, 1, md_tf_const, op_tf_const },
    { "tf.Conv2D", PURE, 2, 1, md_tf_conv2d, op_tf_conv2d },
    { "tf.ExpandDims", PURE | CRT_STRING_OK, 2, 1, NULL, op_tf_expanddims },
    { "tf.FusedBatchNormV3", PURE, 5, 6, md_tf_fusedbatchnorm, op_tf_fusedbatchnorm },
    { "tf.Less", PURE | SCALAR, 2, 1, md_tf_compare, op_tf_less },
    { "tf.Log", PURE, 1, 1, md_identity, op_tf_log },
    { "tf.Log1p", PURE, 1, 1, md_identity, op_tf_log1p },
    { "tf.LogSoftmax", PURE, 1, 1, md_identity, op_tf_logsoftmax },
    { "tf.MatMul", PURE, 2, 1, md_tf_matmul, op_matmul },
    { "tf.MaxPool", PURE, 1, 1, md_tf_maxpool, op_tf_maxpool },
    { "tf.Mean", PURE, 2, 1, NULL, op_tf_mean },
    { "tf.Mul", PURE | SCALAR, 2, 1, md_tf_binary, op_tf_mul },
    { "tf.Pad", PURE, 2, 1, md_tf_pad, op_tf_pad },
    { "tf.RealDiv", PURE | SCALAR, 2, 1, md_tf_binary, op_tf_div },
    { "tf.Relu", PURE, 1, 1, md_identity, op_relu },
    { "tf.Rsqrt", PURE, 1, 1, md_identity, op_tf_rsqrt },
    { "tf.Shape", PURE | CRT_STRING_OK, 1, 1, md_tf_shape, op_tf_shape },
    { "tf.Sigmoid", PURE, 1, 1, md_identity, op_tf_sigmoid },
    { "tf.Softmax", PURE, 1, 1, md_identity, op_tf_softmax },
    { "tf.Sub", PURE | SCALAR, 2, 1, md_tf_binary, op_tf_sub },
    { "tf.Tile", PURE | CRT_STRING_OK, 2, 1, NULL, op_tf_tile },
    { "tf.ZerosLike", PURE, 1, 1, md_tf_zeroslike, op_tf_zeroslike },
    { "tf._FusedMatMul", PURE, -1, 1, md_tf_fusedmatmul, op_tf_fusedmatmul },
    { "tfrt_test.add", PURE | SCALAR, 2, 1, md_test_add, op_test_add },
    { "tfrt_test.add.denseonly", PURE, 2, 1, md_test_add, op_add_dense },
    { "tfrt_test.add.denseonly2", PURE, 2, 1, md_test_add, op_add_dense },
    { "tfrt_test.add.denseonly3", PURE, 2, 1, md_test_add, op_add_dense_async },
    { "tfrt_test.argmax", PURE, 1, 1, md_argmax, op_argmax },
    { "tfrt_test.async.noop", PURE | SCALAR, 1, 1, md_identity, op_async_noop },
    { "tfrt_test.async.noop_no_md", PURE | SCALAR, 1, 1, NULL, op_async_noop },
    { "tfrt_test.broadcast", PURE, 1, 1, md_broadcast, op_broadcast },
    { "tfrt_test.cast", PURE, 1, 1, md_cast, op_cast },
    { "tfrt_test.create_coo_tensor", PURE, 2, 1, md_create_coo, op_create_coo },
    { "tfrt_test.create_dense_tensor", PURE, 0, 1, md_create_dense, op_create_dense },
    { "tfrt_test.create_from_scalar", PURE, 0, 1, md_create_from_scalar, op_create_from_scalar },
    { "tfrt_test.equal", PURE, 2, 1, md_elementwise, op_equal },
    { "tfrt_test.error.tensor", PURE | SCALAR, 1, 1, md_identity, op_error_tensor },
    { "tfrt_test.identity", PURE, 1, 1, NULL, op_identity },
    { "tfrt_test.identity_dense_only", PURE, 1, 1, NULL, op_identity },
    { "tfrt_test.matmul", PURE, 2, 1, md_matmul, op_matmul },
    { "tfrt_test.odd_collector", PURE, 1, 1, NULL, op_odd_collector },
    { "tfrt_test.print", SCALAR | CRT_STRING_OK | CRT_COO_OK, 1, 0, NULL, op_print },
    { "tfrt_test.reduce_mean", PURE, 1, 1, md_reduce_mean, op_reduce_mean },
    { "tfrt_test.relu", PURE, 1, 1, md_identity, op_relu },
};

const CrtOpDef *crt_cpu_lookup(const char *name, size_t len)
{
    size_t lo = 0, hi = sizeof ops / sizeof ops[0];
    if (memchr(name, 0, len)) return NULL;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strncmp(ops[mid].name, name, len);
        if (c == 0 && ops[mid].name[len] != 0) c = 1;
        if (c == 0) return &ops[mid];
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

const CrtOpDef *crt_cpu_ops(size_t *n)
{
    *n = sizeof ops / sizeof ops[0];
    return ops;
}
