/*
** sync.c — the legacy synchronous kernels of docs/kernel-behaviour.md §9, used
** inside `tfrt.sync` functions. They run on the sequential interpreter
** (ExecCtx.flags has EXEC_SYNC): kf_error() then emits no diagnostic and
** records the message that the driver prints as the function's error.
**
** Most of them are the asynchronous kernels under another name: their
** ops.def rows (OPI) name that kernel, or a generic kernel of dht.c with
** the dtype as an immediate. The ones whose result layout differs (no
** chain operand, no result) are written here.
*/
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/corert.h"
#include "kernels/dht.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

/* The tfrt.*_s kernels, tfrt_test.get_string_sync, sync.const_dense_attr,
** error_s and sync_sum2, and tfrt_dht_sync.allocate_buffer,
** get_buffer_slice and get_tensor_shape are other rows' kernels (OPI rows
** of ops.def). */

/* ---- tfrt_test.* --------------------------------------------------------- */
/* tfrt_test.error_s shares it: it has no results, and the error is
** recorded in the context (kernel.h). */
void k_tfrt_test_fail_s(KernelFrame *f) { kf_error(f, "something bad happened"); }

/* Sum of all (i32) operands (sync_sum2 too). */
void k_tfrt_test_sync_sum(KernelFrame *f)
{
    uint32_t s = 0;
    for (int i = 0; i < f->nargs; i++) s += (uint32_t)kf_i32(f, i);
    kf_set(f, 0, any_int(ANY_I32, (int32_t)s));
}

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

void k_tfrt_dht_sync_print_tensor(KernelFrame *f)
{
    char *s = host_tensor_format(f);
    if (!s) return;
    kl_out(f->ctx->host, "%s\n", s);
    free(s);
}

/* create_dense_tensor.DT: attrs shape and values; a single value fills. */
void k_dht_sync_create_dense_tensor(KernelFrame *f)
{
    dht_kernel_create(f, (DType)kl_imm(f, 0));
    if (!f->results[0] || !av_is_available(f->results[0])) return;
    DenseHostTensor *t = dht_from_any(*av_get(f->results[0]));
    const Attr *v = kf_attr(f, attr_values);
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

/* create_from_scalar.DT {shape, value}: a scalar host tensor, every element
** the value (TFRT's CreateFromScalar: attributes only, no storage). */
void k_dht_sync_create_from_scalar(KernelFrame *f)
{
    CrtMeta md;
    memset(&md, 0, sizeof md);
    if (!crt_shape_attr(f, &md)) return;
    md.dtype = (DType)kl_imm(f, 0);
    DScalar s;
    if (!dscalar_from_attr(kf_attr(f, attr_value), &s)) {
        kf_error(f, "attribute 'value' is not a number");
        return;
    }
    unsigned char elem[16];
    dscalar_put(md.dtype, elem, s);
    kf_set(f, 0, any_obj(&crt_scalar_new(&md, elem)->hdr));
}

/* ---- tfrt_sht_sync.* ------------------------------------------------------ */
/* (tfrt_sht_sync.create_tensor is tfrt_sht.create_tensor's kernel.) */

/* create_uninitialized_tensor {shape}: a string host tensor of empty
** strings (TFRT's CreateUninitializedStringTensor), for tf_sync.Tile.string
** to write into. */
void k_tfrt_sht_sync_create_uninitialized_tensor(KernelFrame *f)
{
    CrtMeta md;
    memset(&md, 0, sizeof md);
    if (!crt_shape_attr(f, &md)) return;
    md.string = true;
    CrtTensor *t = crt_string_new(&md);
    if (!t) {
        kf_error(f, "Cannot allocate tensor");
        return;
    }
    kf_set(f, 0, any_obj(&t->hdr));
}
