/*
** sync.c — the legacy synchronous kernels of docs/kernel-behaviour.md §9, used
** inside `tfrt.sync` functions. They run on the sequential interpreter
** (ExecCtx.flags has EXEC_SYNC): kf_error() then emits no diagnostic and
** records the message that the driver prints as the function's error.
**
** Most of them are the asynchronous kernels under another name; those just
** call the shared body. The ones whose result layout differs (no chain
** operand, no result) are written here.
*/
#include <inttypes.h>
#include <stdlib.h>
#include "kernels/dht.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "kernels/ops.def"
#undef OP

/* ---- tfrt.*_s ------------------------------------------------------------ */
void k_tfrt_constant_s_i32(KernelFrame *f) { k_tfrt_constant_i32(f); }
void k_tfrt_constant_s_i64(KernelFrame *f) { k_tfrt_constant_i64(f); }
void k_tfrt_constant_s_f16(KernelFrame *f) { k_tfrt_constant_f16(f); }
void k_tfrt_constant_s_bf16(KernelFrame *f) { k_tfrt_constant_bf16(f); }
void k_tfrt_constant_s_f32(KernelFrame *f) { k_tfrt_constant_f32(f); }
void k_tfrt_constant_s_f64(KernelFrame *f) { k_tfrt_constant_f64(f); }
void k_tfrt_add_s_i32(KernelFrame *f) { k_tfrt_add_i32(f); }
void k_tfrt_add_s_i64(KernelFrame *f) { k_tfrt_add_i64(f); }
void k_tfrt_mul_s_i32(KernelFrame *f) { k_tfrt_mul_i32(f); }
void k_tfrt_mul_s_i64(KernelFrame *f) { k_tfrt_mul_i64(f); }

/* ---- tfrt_test.* --------------------------------------------------------- */
void k_tfrt_test_fail_s(KernelFrame *f) { kf_error(f, "something bad happened"); }
/* No results: the error is recorded in the context (kernel.h). */
void k_tfrt_test_error_s(KernelFrame *f) { kf_error(f, "something bad happened"); }
void k_tfrt_test_get_string_sync(KernelFrame *f) { k_tfrt_test_get_string(f); }
void k_tfrt_test_sync_const_dense_attr(KernelFrame *f) { k_tfrt_test_const_dense_attr(f); }

/* Sum of all (i32) operands. */
static void sum_args(KernelFrame *f)
{
    uint32_t s = 0;
    for (int i = 0; i < f->nargs; i++) s += (uint32_t)kf_i32(f, i);
    kf_set(f, 0, any_int(ANY_I32, (int32_t)s));
}

void k_tfrt_test_sync_sum(KernelFrame *f) { sum_args(f); }
void k_tfrt_test_sync_sum2(KernelFrame *f) { sum_args(f); }

/* Sum of every integer attribute of the op. */
void k_tfrt_test_sync_sum_attributes(KernelFrame *f)
{
    uint32_t s = 0;
    for (int i = 0; i < f->op->nattrs; i++) {
        const Attr *a = f->op->attrs[i].value;
        if (a->kind == ATTR_INT) s += (uint32_t)a->u.i;
    }
    kf_set(f, 0, any_int(ANY_I32, (int32_t)s));
}

/* ---- tfrt_dht_sync.* ----------------------------------------------------- */
void k_tfrt_dht_sync_allocate_buffer(KernelFrame *f) { k_tfrt_dht_allocate_buffer(f); }
void k_tfrt_dht_sync_get_buffer_slice(KernelFrame *f) { k_tfrt_dht_get_buffer_slice(f); }
void k_tfrt_dht_sync_get_tensor_shape(KernelFrame *f) { k_tfrt_dht_get_tensor_shape(f); }

void k_tfrt_dht_sync_print_tensor(KernelFrame *f)
{
    DenseHostTensor *t = dht_from_any(*kf_arg(f, 0));
    if (!t) {
        kf_error(f, "operand #0 is not a dense host tensor");
        return;
    }
    char *s = dht_format(t);
    kl_out(f->ctx->host, "%s\n", s);
    free(s);
}

/* create_dense_tensor.DT: attrs shape and values; a single value fills. */
static void create_dense(KernelFrame *f, DType dt)
{
    dht_kernel_create(f, dt);
    if (!f->results[0] || !av_is_available(f->results[0])) return;
    DenseHostTensor *t = dht_from_any(*av_get(f->results[0]));
    const Attr *v = kf_attr(f, "values");
    if (!v || (v->kind != ATTR_ARRAY && v->kind != ATTR_DENSE)) {
        av_release(f->results[0]);
        f->results[0] = NULL;
        kf_error(f, "missing or invalid 'values' attribute");
        return;
    }
    int n = v->u.arr.n;
    int64_t want = t->nelems;
    if (n != 1 && (int64_t)n != want) {
        av_release(f->results[0]);              /* frees t */
        f->results[0] = NULL;
        kf_error(f, "Incorrect number of values for the tensor: %d, but expected %" PRId64, n, want);
        return;
    }
    for (int64_t i = 0; i < t->nelems && n > 0; i++) {
        DScalar s;
        if (dscalar_from_attr(v->u.arr.elems[n == 1 ? 0 : i], &s)) dht_store(t, i, s);
    }
}

/* create_from_scalar.DT(v): attr shape, every element v. */
static void create_from_scalar(KernelFrame *f, DType dt)
{
    DScalar s;
    if (!dscalar_from_any(*kf_arg(f, 0), &s)) {
        kf_error(f, "operand #0 is not a scalar");
        return;
    }
    dht_kernel_create(f, dt);
    if (!f->results[0] || !av_is_available(f->results[0])) return;
    DenseHostTensor *t = dht_from_any(*av_get(f->results[0]));
    for (int64_t i = 0; i < t->nelems; i++) dht_store(t, i, s);
}

/* One kernel per dtype of DHT_KERNEL_DTYPES (dht.h). */
#define KS_CREATE(sfx, dt) \
    void k_tfrt_dht_sync_create_uninitialized_tensor_##sfx##_0(KernelFrame *f) { dht_kernel_create(f, dt); } \
    void k_tfrt_dht_sync_create_uninitialized_tensor_##sfx##_1(KernelFrame *f) { dht_kernel_create(f, dt); } \
    void k_tfrt_dht_sync_create_uninitialized_tensor_##sfx##_2(KernelFrame *f) { dht_kernel_create(f, dt); } \
    void k_tfrt_dht_sync_create_uninitialized_tensor_##sfx##_3(KernelFrame *f) { dht_kernel_create(f, dt); } \
    void k_tfrt_dht_sync_create_uninitialized_tensor_##sfx##_4(KernelFrame *f) { dht_kernel_create(f, dt); } \
    void k_tfrt_dht_sync_create_uninitialized_tensor_##sfx##_5(KernelFrame *f) { dht_kernel_create(f, dt); }
#define KS_DENSE(sfx, dt) void k_tfrt_dht_sync_create_dense_tensor_##sfx(KernelFrame *f) { create_dense(f, dt); }
#define KS_SCALAR(sfx, dt) void k_tfrt_dht_sync_create_from_scalar_##sfx(KernelFrame *f) { create_from_scalar(f, dt); }
#define KS_MAKE(sfx, dt) void k_tfrt_dht_sync_make_tensor_##sfx(KernelFrame *f) { dht_kernel_make_tensor(f, dt); }
#define KS_SETC(sfx, dt) void k_tfrt_dht_sync_set_tensor_with_constant_values_##sfx(KernelFrame *f) { dht_kernel_set_constant_values(f); }

DHT_KERNEL_DTYPES(KS_CREATE)
DHT_KERNEL_DTYPES(KS_DENSE)
DHT_KERNEL_DTYPES(KS_SCALAR)
DHT_KERNEL_DTYPES(KS_MAKE)
DHT_KERNEL_DTYPES(KS_SETC)
