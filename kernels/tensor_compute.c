/*
** tensor_compute.c — compute kernels on dense host tensors (docs/kernel-behaviour.md
** §12): tfrt_dht.add.DT and tfrt_dht.matmul.DT for DT in i32, i64, f32, f64.
**
** Both write into an output tensor the program allocated, so they are
** mutations sequenced by chains (the AddTensor example of TFRT's explicit-dependencies-with-chains document): the kernel
** takes the chain, runs once its operands are available and returns a ready
** chain. The output may be one of the inputs: add works element by element
** (through a scratch array when the output is a view of an input's buffer at
** another offset), and matmul computes into a scratch array first whenever
** its output overlaps an input.
**
** Messages (the first shape is the one the kernel requires):
**   `shape mismatch: [2, 3] vs [3, 2]`    add: a vs b, then a vs out;
**                                        matmul: out must be [m, n]
**   `shape mismatch: [2, 3] x [2, 3]`     matmul: inner dimensions differ
**   `matmul needs rank-2 tensors, got [2, 3, 4]`
**   `dtype mismatch: i32 vs f32`          kernel dtype vs an operand's
** Integer arithmetic wraps (two's complement), as tfrt.add.i32 does.
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/dht.h"
#include "kernels/gemm.h"
#include "kernels/ext.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *f);
#include "ops/ops.def"
#undef OP

const char *ext_shape_str(const DenseHostTensor *t, char *buf, size_t cap)
{
    shape_format_dims(buf, cap, t->dims, t->rank);
    return buf;
}

/* {=====================================================================
** Element-wise addition
** ====================================================================== */

/* The loop for element type T, computed in UT (unsigned for integers, so
** overflow wraps instead of being undefined). */
#define ADD_LOOP(T, UT) do {                                                   \
        const T *x = a, *y = b; T *z = out;                                    \
        for (int64_t i = 0; i < n; i++) z[i] = (T)((UT)x[i] + (UT)y[i]);       \
    } while (0)

bool ext_tensor_add(DType dt, void *out, const void *a, const void *b, int64_t n)
{
    switch (dt) {
    case DT_I8:   ADD_LOOP(int8_t, uint8_t); return true;
    case DT_I16:  ADD_LOOP(int16_t, uint16_t); return true;
    case DT_I32:  ADD_LOOP(int32_t, uint32_t); return true;
    case DT_I64:  ADD_LOOP(int64_t, uint64_t); return true;
    case DT_UI8:  ADD_LOOP(uint8_t, uint8_t); return true;
    case DT_UI16: ADD_LOOP(uint16_t, uint16_t); return true;
    case DT_UI32: ADD_LOOP(uint32_t, uint32_t); return true;
    case DT_UI64: ADD_LOOP(uint64_t, uint64_t); return true;
    case DT_F32:  ADD_LOOP(float, float); return true;
    case DT_F64:  ADD_LOOP(double, double); return true;
    case DT_COMPLEX64:  n *= 2; ADD_LOOP(float, float); return true;   /* re, im pairs */
    case DT_COMPLEX128: n *= 2; ADD_LOOP(double, double); return true;
    default: return false;                                             /* bool, f16, bf16 */
    }
}
#undef ADD_LOOP

/* {=====================================================================
** Operand checks
** ====================================================================== */

/* Tensor operand [i] of dtype [dt], or NULL after an error. */
static DenseHostTensor *tensor_arg(KernelFrame *f, int i, DType dt)
{
    Any v = *kf_arg(f, i);
    DenseHostTensor *t = dht_from_any(v);
    if (!t) {
        char name[96];
        kf_error(f, "operand %d is %s, not a tensor", i, ext_type_name(v, name, sizeof name));
        return NULL;
    }
    if (t->dtype != dt) {
        kf_error(f, "dtype mismatch: %s vs %s", dt_name(dt), dt_name(t->dtype));
        return NULL;
    }
    return t;
}

static bool same_shape(const DenseHostTensor *a, const DenseHostTensor *b)
{
    return a->rank == b->rank && memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

static bool overlaps(const DenseHostTensor *a, const DenseHostTensor *b)
{
    const char *pa = dht_data(a), *pb = dht_data(b);
    size_t na = (size_t)a->nelems * dt_size(a->dtype), nb = (size_t)b->nelems * dt_size(b->dtype);
    return na && nb && pa < pb + nb && pb < pa + na;
}

/* {=====================================================================
** tfrt_dht.add.DT
** ====================================================================== */

/* "tfrt_dht.add.DT"(%a, %b, %out, %ch) -> !tfrt.chain: out = a + b. */
void k_dht_add(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b, *out;
    if (!(a = tensor_arg(f, 0, dt)) || !(b = tensor_arg(f, 1, dt)) || !(out = tensor_arg(f, 2, dt)))
        return;
    const DenseHostTensor *other = !same_shape(a, b) ? b : !same_shape(a, out) ? out : NULL;
    if (other) {
        char sa[256], so[256];
        kf_error(f, "shape mismatch: %s vs %s", ext_shape_str(a, sa, sizeof sa),
                 ext_shape_str(other, so, sizeof so));
        return;
    }
    /* out == a (or b) element for element is fine; a view of the same
    ** buffer at another offset is not, so that case goes through a copy. */
    bool shifted = (overlaps(out, a) && dht_data(out) != dht_data(a)) ||
                   (overlaps(out, b) && dht_data(out) != dht_data(b));
    size_t bytes = (size_t)a->nelems * dt_size(dt);
    if (shifted) {
        void *tmp = malloc(bytes ? bytes : 1);
        if (!tmp) tf_out_of_memory();
        ext_tensor_add(dt, tmp, dht_data(a), dht_data(b), a->nelems);
        memcpy(dht_data(out), tmp, bytes);
        free(tmp);
    } else {
        ext_tensor_add(dt, dht_data(out), dht_data(a), dht_data(b), a->nelems);
    }
    kf_set_chain(f, 0);
}


/* {=====================================================================
** tfrt_dht.matmul.DT
** ====================================================================== */

/* "tfrt_dht.matmul.DT"(%a, %b, %out, %ch) -> !tfrt.chain: out = a x b. */
void k_dht_matmul(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b, *out;
    if (!(a = tensor_arg(f, 0, dt)) || !(b = tensor_arg(f, 1, dt)) || !(out = tensor_arg(f, 2, dt)))
        return;
    char s1[256], s2[256];
    const DenseHostTensor *bad = a->rank != 2 ? a : b->rank != 2 ? b : out->rank != 2 ? out : NULL;
    if (bad) {
        kf_error(f, "matmul needs rank-2 tensors, got %s", ext_shape_str(bad, s1, sizeof s1));
        return;
    }
    int64_t m = a->dims[0], k = a->dims[1], n = b->dims[1];
    if (b->dims[0] != k) {
        kf_error(f, "shape mismatch: %s x %s", ext_shape_str(a, s1, sizeof s1), ext_shape_str(b, s2, sizeof s2));
        return;
    }
    if (out->dims[0] != m || out->dims[1] != n) {
        int64_t want[2] = { m, n };
        shape_format_dims(s1, sizeof s1, want, 2);
        kf_error(f, "shape mismatch: %s vs %s", s1, ext_shape_str(out, s2, sizeof s2));
        return;
    }
    size_t bytes = (size_t)(m * n) * dt_size(dt);
    if (overlaps(out, a) || overlaps(out, b)) {
        void *tmp = malloc(bytes ? bytes : 1);
        if (!tmp) tf_out_of_memory();
        kl_gemm(dt, false, false, m, n, k, 1.0, dht_data(a), dht_data(b), 0.0, tmp);
        memcpy(dht_data(out), tmp, bytes);
        free(tmp);
    } else {
        kl_gemm(dt, false, false, m, n, k, 1.0, dht_data(a), dht_data(b), 0.0, dht_data(out));
    }
    kf_set_chain(f, 0);
}
