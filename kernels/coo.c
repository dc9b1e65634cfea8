/*
** coo.c — TFRT's sparse host tensors in coordinate form (CooHostTensor)
** and the coo.* kernels (docs/kernel-behaviour.md §13, "COO tensors").
**
** A COO tensor has a dtype, a shape, and two dense tensors it owns: the
** values of its non-zero elements ([nnz]) and their indices (i64
** [nnz, rank]), in row-major order of the elements. It is immutable once
** made. Its MLIR type is the dense tensors' `!t.tensor`, as in TFRT, so
** tfrt_dht.print_tensor prints it too (coo_format, dht.h).
**
** The index columns are TFRT's: column rank-1-r holds digit r of the
** element's row-major position written in the mixed radix dims[0],
** dims[1], ... (TFRT's convert_dht_to_coo decomposes the position so). For
** a tensor whose dimensions are all equal these are its coordinates; for
** a [3, 2] tensor the elements are numbered (0, 0), (0, 1), (0, 2),
** (1, 0), ... as TFRT prints them. convert_coo_to_dht inverts exactly that
** numbering, so a round trip gives back the tensor (TFRT's own inverse
** reads the columns as coordinates, which does not for such shapes), and
** it rejects a digit outside its radix instead of writing out of bounds.
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/ml_int.h"

/* Prototypes of every kernel, those that OPI rows share included. */
#define OP(id, ...) void k_##id(KernelFrame *);
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) void k_##kernel(KernelFrame *);
#include "ops/ops.def"
#undef OP
#undef OPI

typedef struct CooTensor {
    Object hdr;                  /* coo_kind() */
    DType dtype;
    int rank;
    int64_t dims[DHT_MAX_RANK];
    DenseHostTensor *indices;    /* owned: i64 [nnz, rank] */
    DenseHostTensor *values;     /* owned: dtype [nnz] */
} CooTensor;

static uint32_t coo_kind(void) { return obj_register_type("CooHostTensor"); }

static void coo_delete(Object *o)
{
    CooTensor *t = (CooTensor *)o;
    if (t->indices) obj_release(&t->indices->hdr);
    if (t->values) obj_release(&t->values->hdr);
    free(t);
}

static CooTensor *coo_from_any(Any v) { return (CooTensor *)any_unbox_obj(v, coo_kind()); }

/* One element of [t] at [i], as tfrt_dht.print_tensor prints it. */
static void put_value(FILE *o, const DenseHostTensor *t, int64_t i)
{
    const char *p = (const char *)dht_data(t) + (size_t)i * dt_size(t->dtype);
    switch (t->dtype) {
    case DT_F32: { float x; memcpy(&x, p, 4); fprintf(o, "%.6e", (double)x); break; }
    case DT_I32: { int32_t x; memcpy(&x, p, 4); fprintf(o, "%" PRId32, x); break; }
    case DT_I64: { int64_t x; memcpy(&x, p, 8); fprintf(o, "%" PRId64, x); break; }
    default: fputs("?", o);
    }
}

char *coo_format(Any v)
{
    CooTensor *t = coo_from_any(v);
    if (!t) return NULL;
    char *s = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&s, &n);
    if (!o) tf_out_of_memory();
    char dims[256];
    fprintf(o, "CooHostTensor dtype = %s, shape = %s, indices = [", dt_name(t->dtype),
            ml_dims(t->dims, t->rank, dims, sizeof dims));
    for (int64_t i = 0; i < t->indices->nelems; i++) {
        if (i) fputs(", ", o);
        put_value(o, t->indices, i);
    }
    fputs("], values = [", o);
    for (int64_t i = 0; i < t->values->nelems; i++) {
        if (i) fputs(", ", o);
        put_value(o, t->values, i);
    }
    fputs("]", o);
    if (fclose(o) != 0 || !s) tf_out_of_memory();
    return s;
}

/* Operand [i] as a COO tensor of dtype IMM0 and rank IMM1, or NULL after
** the message. */
static CooTensor *coo_arg(KernelFrame *f, int i)
{
    CooTensor *t = coo_from_any(*kf_arg(f, i));
    DType dt = (DType)kl_imm(f, 0);
    int rank = kl_imm(f, 1);
    char s[256];
    if (!t)
        kf_error(f, "operand #%d is not a COO host tensor", i);
    else if (t->dtype != dt)
        kf_error(f, "operand #%d has dtype %s, the kernel takes %s", i, dt_name(t->dtype), dt_name(dt));
    else if (t->rank != rank)
        kf_error(f, "operand #%d has shape %s, the kernel takes rank %d", i, ml_dims(t->dims, t->rank, s, sizeof s),
                 rank);
    else
        return t;
    return NULL;
}

/* Whether the element at [p] is not zero (-0.0 is zero, NaN is not). */
static bool nonzero(DType dt, const char *p)
{
    switch (dt) {
    case DT_F32: { float x; memcpy(&x, p, 4); return x != 0; }
    case DT_I32: { int32_t x; memcpy(&x, p, 4); return x != 0; }
    case DT_I64: { int64_t x; memcpy(&x, p, 8); return x != 0; }
    default: return false;
    }
}

/* "coo.convert_dht_to_coo.T.R"(dht, ch) -> (coo, ch). */
void k_coo_convert_dht_to_coo(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    int rank = kl_imm(f, 1);
    DenseHostTensor *in = ml_tensor(f, 0, dt, rank);
    if (!in) return;
    size_t es = dt_size(dt);
    const char *x = dht_data(in);
    int64_t nnz = 0;
    for (int64_t i = 0; i < in->nelems; i++) nnz += nonzero(dt, x + (size_t)i * es);
    HostAllocator *ha = host_allocator(f->ctx->host);
    int64_t idims[2] = { nnz, rank };
    DenseHostTensor *values = dht_new_at(ha, dt, 1, &nnz, f->op);
    DenseHostTensor *indices = values ? dht_new_at(ha, DT_I64, 2, idims, f->op) : NULL;
    if (!indices) {
        if (values) obj_release(&values->hdr);
        kf_error(f, values ? "Cannot allocate index tensor" : "Cannot allocate value tensor");
        return;
    }
    char *v = dht_data(values);
    int64_t *ix = dht_data(indices), k = 0;
    for (int64_t i = 0; i < in->nelems; i++) {
        const char *e = x + (size_t)i * es;
        if (!nonzero(dt, e)) continue;
        memcpy(v + (size_t)k * es, e, es);
        int64_t pos = i;
        for (int r = 0; r < rank; r++) {      /* TFRT's numbering (the header) */
            ix[k * rank + rank - r - 1] = pos % in->dims[r];
            pos /= in->dims[r];
        }
        k++;
    }
    CooTensor *t = (CooTensor *)obj_alloc(coo_kind(), sizeof *t, coo_delete);
    t->dtype = dt;
    t->rank = rank;
    memcpy(t->dims, in->dims, (size_t)rank * sizeof t->dims[0]);
    t->indices = indices;
    t->values = values;
    kf_set(f, 0, any_obj(&t->hdr));
    kf_set_chain(f, 1);
}

/* "coo.convert_coo_to_dht.T.R"(coo, ch) -> (dht, ch). */
void k_coo_convert_coo_to_dht(KernelFrame *f)
{
    CooTensor *t = coo_arg(f, 0);
    if (!t) return;
    DenseHostTensor *out = dht_new_at(host_allocator(f->ctx->host), t->dtype, t->rank, t->dims, f->op);
    if (!out) {
        kf_error(f, "out of memory converting coo tensor to dht tensor");
        return;
    }
    size_t es = dt_size(t->dtype);
    const int64_t *ix = dht_data(t->indices);
    memset(dht_data(out), 0, (size_t)out->nelems * es);
    for (int64_t k = 0; k < t->values->nelems; k++) {
        int64_t pos = 0, radix = 1;
        for (int r = 0; r < t->rank; r++) {
            int64_t digit = ix[k * t->rank + t->rank - r - 1];
            if (digit < 0 || digit >= t->dims[r]) {
                char s[256];
                kf_error(f, "index %" PRId64 " of element %" PRId64 " is out of range for shape %s", digit, k,
                         ml_dims(t->dims, t->rank, s, sizeof s));
                obj_release(&out->hdr);
                return;
            }
            pos += digit * radix;
            radix *= t->dims[r];
        }
        memcpy((char *)dht_data(out) + (size_t)pos * es, (const char *)dht_data(t->values) + (size_t)k * es, es);
    }
    kf_set(f, 0, any_obj(&out->hdr));
    kf_set_chain(f, 1);
}

/* "coo.tensor_equal.T.R"(a, b, ch) -> (i1, ch): equal values (floats within
** 2 ulps, as tfrt_dht.tensor_allclose) and equal indices. */
void k_coo_tensor_equal(KernelFrame *f)
{
    CooTensor *a = coo_arg(f, 0), *b = a ? coo_arg(f, 1) : NULL;
    if (!b) return;
    bool eq = dht_equal(a->values, b->values, a->dtype == DT_F32 ? 2 : 0) && dht_equal(a->indices, b->indices, 0);
    kf_set(f, 0, any_bool(eq));
    kf_set_chain(f, 1);
}
