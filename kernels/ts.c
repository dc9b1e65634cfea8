/*
** ts.c — tensor shapes and the ts.* kernels (docs/kernel-behaviour.md §8).
**
** One object kind (OBJ_SHAPE) serves the three shape types: ranked shapes
** (!ts.shape), partial shapes (!ts.partial_shape, -1 = unknown dimension,
** rank -1 = unknown rank) and fixed-rank shapes (!ts.fixed_rank_shape.N).
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/dht.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

ShapeObj *shape_new(ShapeKind kind, int rank, const int64_t *dims)
{
    int n = rank > 0 ? rank : 0;
    ShapeObj *s = (ShapeObj *)obj_alloc(OBJ_SHAPE, sizeof *s + (size_t)n * sizeof(int64_t), NULL);
    s->kind = kind;
    s->rank = rank;
    if (n) memcpy(s->dims, dims, (size_t)n * sizeof(int64_t));
    return s;
}

ShapeObj *shape_from_any(Any v, ShapeKind kind)
{
    ShapeObj *s = (ShapeObj *)any_unbox_obj(v, OBJ_SHAPE);
    return s && s->kind == kind ? s : NULL;
}

/* Operand [i] as a shape of [kind], or an error (and NULL). */
static ShapeObj *shape_arg(KernelFrame *f, int i, ShapeKind kind)
{
    ShapeObj *s = i < f->nargs ? shape_from_any(*kf_arg(f, i), kind) : NULL;
    if (!s) kf_error(f, "operand #%d is not a %s", i,
                     kind == SHAPE_RANKED ? "shape" : kind == SHAPE_PARTIAL ? "partial shape" : "fixed-rank shape");
    return s;
}

static void set_shape(KernelFrame *f, int i, ShapeKind kind, int rank, const int64_t *dims)
{
    kf_set(f, i, any_obj(&shape_new(kind, rank, dims)->hdr));
}

/* The chain result of a print kernel: the ready chain. */
static void done(KernelFrame *f) { kf_set_chain(f, 0); }

/* Reads the i64 array attribute `value`; returns the rank or -1. The
** caller frees *dims. */
static int value_dims(KernelFrame *f, int64_t **dims)
{
    const Attr *a = kf_attr(f, attr_value);
    *dims = NULL;
    if (!a || (a->kind != ATTR_ARRAY && a->kind != ATTR_DENSE)) return -1;
    int n = a->u.arr.n;
    *dims = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    if (!*dims) tf_out_of_memory();
    for (int i = 0; i < n; i++)
        if (!kl_attr_int(a->u.arr.elems[i], &(*dims)[i])) return -1;
    return n;
}

static void print_dims(KernelFrame *f, const char *label, const int64_t *dims, int rank)
{
    size_t cap = 32 + (size_t)(rank > 0 ? rank : 0) * 24;
    char *buf = malloc(cap);
    if (!buf) tf_out_of_memory();
    shape_format_dims(buf, cap, dims, rank);
    kl_out(f->ctx->host, "%s = %s\n", label, buf);
    free(buf);
}

/* ts.build_shape / ts.build_partial_shape: the shape of attr `value`. */
static void build_shape(KernelFrame *f, ShapeKind kind)
{
    int64_t *dims;
    int rank = value_dims(f, &dims);
    if (rank < 0) kf_error(f, "missing or invalid 'value' attribute");
    else set_shape(f, 0, kind, rank, dims);
    free(dims);
}

void k_ts_build_shape(KernelFrame *f) { build_shape(f, SHAPE_RANKED); }
void k_ts_build_partial_shape(KernelFrame *f) { build_shape(f, SHAPE_PARTIAL); }

void k_ts_build_unranked_partial_shape(KernelFrame *f) { set_shape(f, 0, SHAPE_PARTIAL, -1, NULL); }

void k_ts_print_shape(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_RANKED);
    if (!s) return;
    print_dims(f, "shape", s->dims, s->rank);
    done(f);
}

void k_ts_equal_shape(KernelFrame *f)
{
    ShapeObj *a = shape_arg(f, 0, SHAPE_RANKED), *b = a ? shape_arg(f, 1, SHAPE_RANKED) : NULL;
    if (!a || !b) return;
    bool eq = a->rank == b->rank && (a->rank <= 0 || memcmp(a->dims, b->dims, sizeof(int64_t) * (size_t)a->rank) == 0);
    kf_set(f, 0, any_bool(eq));
}

void k_ts_get_dimension(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_RANKED);
    if (!s) return;
    int32_t i = kf_i32(f, 1);
    if (i < 0 || i >= s->rank) {
        kf_error(f, "dimension index %d is out of range for a shape of rank %d", i, s->rank);
        return;
    }
    kf_set(f, 0, any_int(ANY_I64, s->dims[i]));
}

void k_ts_get_num_elements(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_RANKED);
    if (!s) return;
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++) n = (int64_t)((uint64_t)n * (uint64_t)s->dims[i]);
    kf_set(f, 0, any_int(ANY_I64, n));
}

/* ts.as_fixed_rank_shape.N(s): the rank must be N (the row's IMM0). */
void k_ts_as_fixed_rank_shape(KernelFrame *f)
{
    int n = kl_imm(f, 0);
    ShapeObj *s = shape_arg(f, 0, SHAPE_RANKED);
    if (!s) return;
    if (s->rank != n) {
        kf_error(f, "shape of rank %d cannot be converted to a fixed-rank shape of rank %d", s->rank, n);
        return;
    }
    set_shape(f, 0, SHAPE_FIXED, n, s->dims);
}

/* ts.print_fixed_rank_shape.N: prints `fixed_rank_shape = [..]`; TFRT
** prints `[]` if any dim is 0. */
void k_ts_print_fixed_rank_shape(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_FIXED);
    if (!s) return;
    bool zero = false;
    for (int i = 0; i < s->rank; i++) zero |= s->dims[i] == 0;
    print_dims(f, "fixed_rank_shape", s->dims, zero ? 0 : s->rank);
    done(f);
}

void k_ts_print_partial_shape(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_PARTIAL);
    if (!s) return;
    if (s->rank < 0) kl_out(f->ctx->host, "partial_tensor_shape = Unknown rank\n");
    else print_dims(f, "partial_tensor_shape", s->dims, s->rank);
    done(f);
}

/* ts.to_shape(p): errors name the unknown dimensions. */
void k_ts_to_shape(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_PARTIAL);
    if (!s) return;
    if (s->rank < 0) {
        kf_error(f, "Unknown rank");
        return;
    }
    int64_t *idx = malloc(sizeof(int64_t) * (size_t)(s->rank + 1));
    if (!idx) tf_out_of_memory();
    int n = 0;
    for (int i = 0; i < s->rank; i++)
        if (s->dims[i] < 0) idx[n++] = i;
    if (n) {
        size_t cap = 32 + (size_t)n * 24;
        char *buf = malloc(cap);
        if (!buf) tf_out_of_memory();
        shape_format_dims(buf, cap, idx, n);
        kf_error(f, "Unknown dimensions at following indices = %s", buf);
        free(buf);
    } else {
        set_shape(f, 0, SHAPE_RANKED, s->rank, s->dims);
    }
    free(idx);
}

void k_ts_to_partial_shape(KernelFrame *f)
{
    ShapeObj *s = shape_arg(f, 0, SHAPE_RANKED);
    if (!s) return;
    set_shape(f, 0, SHAPE_PARTIAL, s->rank, s->dims);
}
