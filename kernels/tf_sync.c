/*
** tf_sync.c — TFRT's synchronous TensorFlow kernels (tf_sync.*,
** docs/kernel-behaviour.md §15), for tfrt.sync functions: each writes its
** result into an output tensor the program allocated, its last tensor
** operand (_FusedMatMul: operand 2, before the fusion inputs), and has no
** result. The arithmetic and the shape checks with TFRT's wording are the
** cpu op handler's (kernels/tf_ops.h), so tf_sync.AddV2 and tf.AddV2
** compute alike.
**
** TFRT's kernels assume what they do not check (the output's shape, the
** operands' dtypes and ranks: Eigen's assertions in a debug build, memory
** out of bounds in a release one); tfrun checks it all and reports an
** error instead, in the words listed in §15. Where an output overlaps an
** input, the result is computed into scratch storage first, so that every
** input is read whole before the output is written.
**
** The rows (ops/ops.def) fix the dtype (IMM0) and, for the families that
** share a kernel, which op (IMM1: a TfoBin, a TfoUn, or softmax's log).
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/corert.h"
#include "kernels/gemm.h"
#include "kernels/kernel.h"
#include "kernels/ml_int.h"
#include "kernels/tf_ops.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

/* The generic kernels the OPI rows name. */
void k_tf_sync_binary(KernelFrame *f);
void k_tf_sync_unary(KernelFrame *f);
void k_tf_sync_softmax(KernelFrame *f);
void k_tf_sync_tile(KernelFrame *f);
void k_tf_sync_concat(KernelFrame *f);
void k_tf_sync_fused_matmul(KernelFrame *f);

/* ops.def spells the IMM1 of the binary and unary rows as numbers. */
_Static_assert(TFO_ADD == 0 && TFO_SUB == 1 && TFO_MUL == 2 && TFO_DIV == 3, "tf_sync binary rows' IMM1");
_Static_assert(TFO_LOG == 0 && TFO_LOG1P == 1 && TFO_RSQRT == 2 && TFO_SIGMOID == 3, "tf_sync unary rows' IMM1");

/* {=====================================================================
** Helpers
** ====================================================================== */

/* A dense tensor's metadata. */
static CrtMeta meta_of(const DenseHostTensor *t)
{
    return crt_meta_make(t->dtype, t->rank, t->dims);
}

/* `OP: output shape [3, 3] does not match the result shape [2, 3]`. */
static void out_mismatch(KernelFrame *f, const DenseHostTensor *out, int rank, const int64_t *dims)
{
    char s0[256], s1[256];
    kf_error(f, "%s: output shape %s does not match the result shape %s", f->op->info->name,
             ml_shape(out, s0, sizeof s0), ml_dims(dims, rank, s1, sizeof s1));
}

/* Whether [out] has the shape [dims] (rank [rank]); false after the error. */
static bool out_shaped(KernelFrame *f, const DenseHostTensor *out, int rank, const int64_t *dims)
{
    if (out->rank == rank && !memcmp(out->dims, dims, sizeof dims[0] * (size_t)rank)) return true;
    out_mismatch(f, out, rank, dims);
    return false;
}

/* Where a kernel writes [out]'s elements: its own storage, or, when it
** overlaps one of the [n] inputs [in] (NULL entries skipped), scratch
** storage that out_commit copies over. */
static void *out_begin(DenseHostTensor *out, const DenseHostTensor *const *in, int n)
{
    for (int i = 0; i < n; i++)
        if (in[i] && ml_overlaps(out, in[i])) return xmalloc((size_t)out->nelems * dt_size(out->dtype));
    return dht_data(out);
}

static void out_commit(DenseHostTensor *out, void *dst)
{
    if (dst == dht_data(out)) return;
    memcpy(dht_data(out), dst, (size_t)out->nelems * dt_size(out->dtype));
    free(dst);
}

/* {=====================================================================
** tf_sync.{AddV2,Sub,Mul,RealDiv}.DT(lhs, rhs, out): TFRT's
** SyncBinaryKernel. Each operand is a dense tensor or a ScalarHost tensor
** (tfrt_dht_sync.create_from_scalar) of the kernel's dtype.
** ====================================================================== */

/* Operand [i] as the kernel sees it: [*d] a dense tensor of [dt], or
** [*s] a ScalarHost tensor of [dt]; false after the error. */
static bool binary_operand(KernelFrame *f, int i, DType dt, DenseHostTensor **d, CrtTensor **s)
{
    Any v = *kf_arg(f, i);
    *d = dht_from_any(v);
    *s = *d ? NULL : crt_tensor_from_any(v);
    if (*s && (*s)->kind == CRT_SCALAR && (*s)->md.dtype == dt) return true;
    if (!*d) {
        kf_error(f, "Unsupported operand types");   /* TFRT's, for any other kind or dtype */
        return false;
    }
    return ml_tensor(f, i, dt, -1) != NULL;
}

/* TFRT's GetArgumentBCast: whether an operand of shape [a] broadcasts to
** the output [o]; false after TFRT's error. */
static bool bcast_to(KernelFrame *f, const DenseHostTensor *a, const DenseHostTensor *o)
{
    if (a->rank > o->rank) {
        kf_error(f, "argment rank must be smaller than the result rank");
        return false;
    }
    for (int i = 0; i < o->rank; i++) {
        int j = i - (o->rank - a->rank);
        int64_t ad = j < 0 ? 1 : a->dims[j];
        if (ad != o->dims[i] && ad != 1) {
            kf_error(f, "Can't broadcast argument dim: index=%d arg=%" PRId64 " res=%" PRId64, i, ad, o->dims[i]);
            return false;
        }
    }
    return true;
}

void k_tf_sync_binary(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    TfoBin op = (TfoBin)kl_imm(f, 1);
    DenseHostTensor *a, *b, *out;
    CrtTensor *sa, *sb;
    if (!binary_operand(f, 0, dt, &a, &sa) || !binary_operand(f, 1, dt, &b, &sb)) return;
    size_t es = dt_size(dt);
    if (sa && sb) {
        /* ScalarHost op ScalarHost: the output is a ScalarHost tensor,
        ** whose value is set (its shape is not looked at, as in TFRT). */
        CrtTensor *so = crt_tensor_from_any(*kf_arg(f, 2));
        if (!so || so->kind != CRT_SCALAR || so->md.dtype != dt) {
            kf_error(f, "%s: the output of two ScalarHost operands must be a ScalarHost tensor of %s",
                     f->op->info->name, dt_name(dt));
            return;
        }
        CrtMeta one = crt_meta_make(dt, 1, &(int64_t){1});
        unsigned char r[16];
        if (!tfo_binary(op, dt, &one, sa->scalar, true, &one, sb->scalar, true, &one, r, 1)) {
            kf_error(f, "%s: integer division by zero", f->op->info->name);
            return;
        }
        memcpy(so->scalar, r, es);
        return;
    }
    if (!(out = ml_tensor(f, 2, dt, -1))) return;
    /* TFRT's paths: equal shapes, a one-element (or ScalarHost) operand
    ** bound to the other's every element -- all over the flat tensors --
    ** else broadcasting to the output's shape. */
    const DenseHostTensor *big = NULL;   /* the flat paths: the operand the result follows */
    bool as = sa != NULL, bs = sb != NULL;
    if (as) big = b;
    else if (bs) big = a;
    else if (ml_same_shape(a, b)) big = a;
    else if (a->nelems == 1) { big = b; as = true; }
    else if (b->nelems == 1) { big = a; bs = true; }
    CrtMeta ma, mb, mo;
    if (big) {
        if (out->nelems != big->nelems) {
            out_mismatch(f, out, big->rank, big->dims);
            return;
        }
        /* The flat view TFRT's element-wise kernels take of every tensor. */
        ma = mb = mo = crt_meta_make(dt, 1, &(int64_t){out->nelems});
    } else {
        if (!bcast_to(f, a, out) || !bcast_to(f, b, out)) return;
        if (out->rank < 2 || out->rank > 5) {
            char s0[256], s1[256], s2[256];
            kf_error(f, "Unsupported binary kernel broadcasting: lhs=%s rhs=%s out=%s", ml_shape(a, s0, sizeof s0),
                     ml_shape(b, s1, sizeof s1), ml_shape(out, s2, sizeof s2));
            return;
        }
        ma = meta_of(a);
        mb = meta_of(b);
        mo = meta_of(out);
    }
    const DenseHostTensor *in[2] = { a, b };
    void *dst = out_begin(out, in, 2);
    bool ok = tfo_binary(op, dt, &ma, sa ? (const void *)sa->scalar : dht_data(a), as, &mb,
                         sb ? (const void *)sb->scalar : dht_data(b), bs, &mo, dst, out->nelems);
    out_commit(out, dst);
    if (!ok) kf_error(f, "%s: integer division by zero", f->op->info->name);
}

/* {=====================================================================
** tf_sync.{Log,Log1p,Rsqrt,Sigmoid}.DT(in, out), tf_sync.Softmax.DT and
** tf_sync.LogSoftmax.DT(logits, out)
** ====================================================================== */

/* The input and output of a one-operand kernel, of dtype [dt]. */
static bool in_out(KernelFrame *f, DType dt, DenseHostTensor **in, DenseHostTensor **out)
{
    return (*in = ml_tensor(f, 0, dt, -1)) && (*out = ml_tensor(f, 1, dt, -1));
}

/* TFRT's SyncUnaryKernel: over the flat tensors, so the output needs the
** input's element count, not its shape. */
void k_tf_sync_unary(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *in, *out;
    if (!in_out(f, dt, &in, &out)) return;
    if (out->nelems != in->nelems) {
        out_mismatch(f, out, in->rank, in->dims);
        return;
    }
    const DenseHostTensor *ins[1] = { in };
    void *dst = out_begin(out, ins, 1);
    tfo_unary((TfoUn)kl_imm(f, 1), dt, dht_data(in), dst, in->nelems);
    out_commit(out, dst);
}

/* TFRT's Softmax: both tensors seen as [batch, classes], the last
** dimension the classes; the output needs the input's. */
void k_tf_sync_softmax(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *in, *out;
    if (!in_out(f, dt, &in, &out)) return;
    int64_t ci = in->rank ? in->dims[in->rank - 1] : 1, co = out->rank ? out->dims[out->rank - 1] : 1;
    if (out->nelems != in->nelems || ci != co) {
        out_mismatch(f, out, in->rank, in->dims);
        return;
    }
    const DenseHostTensor *ins[1] = { in };
    void *dst = out_begin(out, ins, 1);
    tfo_softmax(kl_imm(f, 1) != 0, in, dst);
    out_commit(out, dst);
}

/* {=====================================================================
** tf_sync.Const(out) {value = dense<...>}
** ====================================================================== */

void k_tf_sync_Const(KernelFrame *f)
{
    DenseHostTensor *out = ml_tensor(f, 0, DT_INVALID, -1);
    if (!out) return;
    const Attr *v = kf_attr(f, attr_value);
    CrtMeta md, mo = meta_of(out);
    char err[256];
    if (!crt_dense_attr_meta(v, &md, err, sizeof err)) {
        kf_error(f, "%s", err);
        return;
    }
    if (!crt_meta_equal(&md, &mo)) {
        char s0[256], s1[256];
        kf_error(f, "tf_sync.Const: the output tensor is %s, the value %s", crt_meta_format(&mo, s0, sizeof s0),
                 crt_meta_format(&md, s1, sizeof s1));
        return;
    }
    if (!crt_dense_attr_store(v, out, err, sizeof err)) kf_error(f, "%s", err);
}

/* {=====================================================================
** tf_sync.Tile.DT(in, multiples, out), tf_sync.Tile.string(in, out)
** ====================================================================== */

void k_tf_sync_tile(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    const char *name = f->op->info->name;
    DenseHostTensor *in, *mt, *out;
    if (!(in = ml_tensor(f, 0, dt, -1)) || !(mt = ml_tensor(f, 1, DT_INVALID, -1)) || !(out = ml_tensor(f, 2, dt, -1)))
        return;
    /* TFRT's TileMultiples, then what its kernel assumes. */
    int64_t want[DHT_MAX_RANK];
    char err[256];
    bool overflow;
    if (!tfo_tile_multiples(mt, in->rank, err, sizeof err)) { kf_error(f, "%s", err); return; }
    if (out->rank < 1 || out->rank > 5) { kf_error(f, "Unsupported tensor rank"); return; }
    if (!tfo_tile_dims(name, in->dims, in->rank, mt, want, &overflow, err, sizeof err)) {
        kf_error(f, "%s", err);
        return;
    }
    if (!out_shaped(f, out, in->rank, want)) return;
    const DenseHostTensor *ins[1] = { in };
    char *dst = out_begin(out, ins, 1);
    size_t es = dt_size(dt);
    for (int64_t i = 0; i < out->nelems; i++)
        memcpy(dst + (size_t)i * es,
               (const char *)dht_data(in) + (size_t)tfo_tile_source(in->dims, out->dims, in->rank, i) * es, es);
    out_commit(out, dst);
}

/* TFRT's TileStringTensor: the output's shape says how far to tile (each
** coordinate modulo the input's dimension, so a dimension need not be a
** multiple); no multiples operand. */
void k_tf_sync_Tile_string(KernelFrame *f)
{
    CrtTensor *in = crt_tensor_from_any(*kf_arg(f, 0)), *out = crt_tensor_from_any(*kf_arg(f, 1));
    for (int i = 0; i < 2; i++) {
        CrtTensor *t = i ? out : in;
        if (!t || t->kind != CRT_STRING) {
            kf_error(f, "operand #%d is not a string host tensor", i);
            return;
        }
    }
    if (in->md.rank != out->md.rank) {
        char s0[256], s1[256];
        kf_error(f, "tf_sync.Tile.string: output shape %s and input shape %s differ in rank",
                 ml_dims(out->md.dims, out->md.rank, s0, sizeof s0), ml_dims(in->md.dims, in->md.rank, s1, sizeof s1));
        return;
    }
    int64_t n = out->nstrings;
    for (int d = 0; d < in->md.rank && n > 0; d++)
        if (in->md.dims[d] == 0) {
            kf_error(f, "tf_sync.Tile.string: an input without elements tiles no output with elements");
            return;
        }
    /* (an output that is the input maps every element to itself) */
    for (int64_t i = 0; i < n; i++) {
        int64_t s = tfo_tile_source(in->md.dims, out->md.dims, in->md.rank, i);
        crt_string_set(out, i, in->strings[s] ? in->strings[s] : "", in->lens[s]);
    }
}

/* {=====================================================================
** tf_sync.ConcatV2.DT(axis, in..., out)
** ====================================================================== */

void k_tf_sync_concat(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    int nt = f->nargs - 2;   /* the inputs: operands 1 .. nargs-2 */
    if (nt < 1) {
        kf_error(f, "%s needs the axis, at least one tensor and the output", f->op->info->name);
        return;
    }
    DenseHostTensor *out = ml_tensor(f, f->nargs - 1, dt, -1);
    if (!out) return;
    DenseHostTensor **in = xmalloc(sizeof *in * (size_t)nt);
    CrtMeta *ms = xmalloc(sizeof *ms * (size_t)nt), om;
    const void **src = xmalloc(sizeof *src * (size_t)nt);
    bool ok = true;
    for (int i = 0; i < nt && ok; i++) {
        ok = (in[i] = ml_tensor(f, i + 1, dt, -1)) != NULL;
        if (ok) {
            ms[i] = meta_of(in[i]);
            src[i] = dht_data(in[i]);
        }
    }
    char err[512];
    int ax = 0;
    if (ok && !tfo_concat_shape(f->op->info->name, ms, nt, kf_i32(f, 0), &om, &ax, err, sizeof err)) {
        kf_error(f, "%s", err);
        ok = false;
    }
    /* TFRT's kernel dispatches on the output's rank: 1 to 4 (its rank 5
    ** reads rank-5 tensors as rank 4, which its views reject). */
    if (ok && (om.rank < 1 || om.rank > 4)) {
        kf_error(f, "Unsupported output tensor rank");
        ok = false;
    }
    if (ok) ok = out_shaped(f, out, om.rank, om.dims);
    if (ok) {
        void *dst = out_begin(out, (const DenseHostTensor *const *)in, nt);
        tfo_concat_dense(ms, src, nt, &om, ax, dt_size(dt), dst);
        out_commit(out, dst);
    }
    free(in);
    free(ms);
    free(src);
}

/* {=====================================================================
** tf_sync._FusedMatMul.DT(a, b, out, fusion inputs...) {fused_ops,
** transpose_a, transpose_b}
** ====================================================================== */

void k_tf_sync_fused_matmul(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    const char *name = f->op->info->name;
    DenseHostTensor *a, *b, *out, *bias = NULL;
    if (!(a = ml_tensor(f, 0, dt, -1)) || !(b = ml_tensor(f, 1, dt, -1)) || !(out = ml_tensor(f, 2, dt, -1))) return;
    const Attr *fa = kf_attr(f, attr_fused_ops);
    int nf = fa->u.arr.n;
    for (int i = 0; i < nf; i++)
        if (fa->u.arr.elems[i]->kind != ATTR_STRING) {
            kf_error(f, "%s: 'fused_ops' must be an array of strings", name);
            return;
        }
    if (nf == 0) { kf_error(f, "FusedMatMul must specify fused operations"); return; }
    int64_t ta = 0, tb = 0;   /* (the verifier saw two i1 attributes) */
    kl_attr_int(kf_attr(f, attr_transpose_a), &ta);
    kl_attr_int(kf_attr(f, attr_transpose_b), &tb);
    CrtMeta ma = meta_of(a), mb = meta_of(b), mr;
    char err[512];
    if (!tfo_matmul_operands(&ma, &mb, err, sizeof err) ||
        !tfo_matmul_result(&ma, &mb, ta != 0, tb != 0, &mr, err, sizeof err)) {
        kf_error(f, "%s", err);
        return;
    }
    if (!out_shaped(f, out, 2, mr.dims)) return;
    int64_t m = mr.dims[0], n = mr.dims[1], k = ta ? a->dims[0] : a->dims[1];
    if (tfo_fusion_has_bias(fa->u.arr.elems, nf)) {
        if (f->nargs < 4) { kf_error(f, "%s: BiasAdd needs the bias operand", name); return; }
        if (!(bias = ml_tensor(f, 3, dt, -1))) return;
        if (!tfo_bias_check(bias, n, err, sizeof err)) { kf_error(f, "%s", err); return; }
    }
    TfoFusion fu = tfo_fusion(fa->u.arr.elems, nf);
    if (fu == TFO_FUSE_NONE) { kf_error(f, "Unsupported fusion type"); return; }
    const DenseHostTensor *ins[3] = { a, b, bias };
    void *dst = out_begin(out, ins, 3);
    if (!kl_gemm(dt, ta != 0, tb != 0, m, n, k, 1.0, dht_data(a), dht_data(b), 0.0, dst)) {
        kf_error(f, "Unsupported input dtype: %s", dt_name(dt));   /* (no row has such a dtype) */
        if (dst != dht_data(out)) free(dst);
        return;
    }
    tfo_bias_activate(dt, fu, dst, dht_data(bias), m, n);
    out_commit(out, dst);
}
