/*
** ml.c — the host ML kernels of TFRT's MNIST and ResNet tests, on dense
** host tensors (docs/kernel-behaviour.md §13): tfrt_test.relu, add, equal,
** matmul, broadcast, argmax, reduce_mean, cast, the in-place and gradient
** kernels of MNIST training, and ResNet's pooling, padding, flatten,
** softmax, transpose and mean kernels; plus the operand checks that
** kernels/ml_eigen.c and kernels/coo.c share (ml_int.h).
**
** Every kernel that writes a tensor takes the tensor as an operand and
** returns a chain: its row says FX_W, and programs order it with chains
** (the MNIST files do). Kernels run synchronously on the calling thread:
** TFRT hands the Eigen expressions to its thread pool, tfrun computes them
** in place (matrix products on BLAS, kernels/gemm.h).
**
** Where TFRT's kernel only asserts (ranks, shapes of tfrt_test.matmul),
** tfrun checks and reports; where TFRT's result depends on a slip of its
** code, tfrun computes what the kernel is named for and the doc says so
** (max pooling starts from -infinity, softmax subtracts the maximum first).
*/
#include "base/alloc.h"
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "kernels/gemm.h"
#include "kernels/ml_int.h"

/* Prototypes of every kernel, those that OPI rows share included. */
#define OP(id, ...) void k_##id(KernelFrame *);
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) void k_##kernel(KernelFrame *);
#include "ops/ops.def"
#undef OP
#undef OPI

/* {=====================================================================
** Shared checks (ml_int.h)
** ====================================================================== */

const char *ml_dims(const int64_t *dims, int rank, char *buf, size_t cap)
{
    shape_format_dims(buf, cap, dims, rank);
    return buf;
}

const char *ml_shape(const DenseHostTensor *t, char *buf, size_t cap)
{
    return ml_dims(t->dims, t->rank, buf, cap);
}

DenseHostTensor *ml_tensor(KernelFrame *f, int i, DType dt, int rank)
{
    DenseHostTensor *t = i < f->nargs ? dht_from_any(*kf_arg(f, i)) : NULL;
    char s[256];
    if (!t)
        kf_error(f, "operand #%d is not a dense host tensor", i);
    else if (dt != DT_INVALID && t->dtype != dt)
        kf_error(f, "operand #%d has dtype %s, the kernel takes %s", i, dt_name(t->dtype), dt_name(dt));
    else if (rank >= 0 && t->rank != rank)
        kf_error(f, "operand #%d has shape %s, the kernel takes rank %d", i, ml_shape(t, s, sizeof s), rank);
    else
        return t;
    return NULL;
}

bool ml_same_shape(const DenseHostTensor *a, const DenseHostTensor *b)
{
    return a->rank == b->rank && memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

bool ml_overlaps(const DenseHostTensor *a, const DenseHostTensor *b)
{
    const char *pa = dht_data(a), *pb = dht_data(b);
    size_t na = (size_t)a->nelems * dt_size(a->dtype), nb = (size_t)b->nelems * dt_size(b->dtype);
    return na && nb && pa < pb + nb && pb < pa + na;
}

bool ml_check_same(KernelFrame *f, const DenseHostTensor *in, const DenseHostTensor *out)
{
    if (ml_same_shape(in, out)) return true;
    char s1[256], s2[256];
    kf_error(f, "tensor shape mismatch: %s vs. %s", ml_shape(in, s1, sizeof s1), ml_shape(out, s2, sizeof s2));
    return false;
}

bool ml_attr_ints(KernelFrame *f, const char *name, int n, int64_t *v, const char *who)
{
    const Attr *a = kf_attr(f, name);
    bool ok = a && (a->kind == ATTR_ARRAY || a->kind == ATTR_DENSE) && a->u.arr.n == n;
    for (int i = 0; ok && i < n; i++) ok = kl_attr_int(a->u.arr.elems[i], &v[i]);
    if (!ok) kf_error(f, "%s expects %s to have %d elements", who, name, n);
    return ok;
}

const char *ml_attr_str(KernelFrame *f, const char *name, char *buf, size_t cap)
{
    const Attr *a = kf_attr(f, name);
    size_t n = a && a->kind == ATTR_STRING ? a->u.str.len : 0;
    if (n >= cap) n = cap - 1;
    if (n) memcpy(buf, a->u.str.s, n);
    buf[n] = 0;
    return buf;
}

float ml_attr_f32(KernelFrame *f, const char *name, float dflt)
{
    double d;
    return kl_attr_f64(kf_attr(f, name), &d) ? (float)d : dflt;
}

void ml_done(KernelFrame *f, int result, int chain_arg)
{
    (void)chain_arg;     /* strict: the chain operand is available already */
    kf_set_chain(f, result);
}

/* {=====================================================================
** Element-wise kernels: relu, add, equal, relu_grad, cast (IMM0: DType)
** ====================================================================== */

/* Runs BODY with `T` the C type of [dt] (f32, f64, i32, i64). */
#define ML_NUMERIC(dt, ...)                                      \
    switch (dt) {                                                \
    case DT_F32: { typedef float T; __VA_ARGS__; break; }        \
    case DT_F64: { typedef double T; __VA_ARGS__; break; }       \
    case DT_I32: { typedef int32_t T; __VA_ARGS__; break; }      \
    case DT_I64: { typedef int64_t T; __VA_ARGS__; break; }      \
    default: break;                                              \
    }

/* x + y in T; integer sums wrap (as tfrt.add does), computed in unsigned.
** ((T)0.5 != 0 tells a floating T; the other branch is never evaluated.) */
#define WRAP_ADD(T, x, y) ((T)0.5 != 0 ? (T)((x) + (y)) : (T)((uint64_t)(int64_t)(x) + (uint64_t)(int64_t)(y)))

/* "tfrt_test.relu.T"(A, B) -> ch: B = max(A, 0). */
void k_ml_relu(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b;
    if (!(a = ml_tensor(f, 0, dt, -1)) || !(b = ml_tensor(f, 1, dt, -1)) || !ml_check_same(f, a, b)) return;
    ML_NUMERIC(dt, {
        const T *x = dht_data(a); T *y = dht_data(b);
        for (int64_t i = 0; i < a->nelems; i++) y[i] = x[i] < 0 ? 0 : x[i];   /* NaN stays, as Eigen's max */
    })
    ml_done(f, 0, 2);
}

/* "tfrt_test.relu_inplace.T"(A) -> ch: A = max(A, 0). */
void k_ml_relu_inplace(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a;
    if (!(a = ml_tensor(f, 0, dt, -1))) return;
    ML_NUMERIC(dt, {
        T *x = dht_data(a);
        for (int64_t i = 0; i < a->nelems; i++) if (x[i] < 0) x[i] = 0;
    })
    ml_done(f, 0, 1);
}

/* Operands 0..2 of an elementwise binary kernel (A, B, C: C = A op B), of
** dtype [dt] and one shape; false after the error. */
static bool ml_binary(KernelFrame *f, DType dt, DenseHostTensor **a, DenseHostTensor **b, DenseHostTensor **c)
{
    if (!(*a = ml_tensor(f, 0, dt, -1)) || !(*b = ml_tensor(f, 1, dt, -1)) || !(*c = ml_tensor(f, 2, dt, -1)))
        return false;
    if (!ml_same_shape(*a, *b) || !ml_same_shape(*a, *c)) {
        char s1[256], s2[256], s3[256];
        kf_error(f, "tensor shape mismatch: %s vs. %s vs. %s", ml_shape(*a, s1, sizeof s1),
                 ml_shape(*b, s2, sizeof s2), ml_shape(*c, s3, sizeof s3));
        return false;
    }
    return true;
}

/* "tfrt_test.add.T"(A, B, C) -> ch: C = A + B. */
void k_ml_add(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b, *c;
    if (!ml_binary(f, dt, &a, &b, &c)) return;
    ML_NUMERIC(dt, {   /* element i reads a[i], b[i] before writing c[i]: c may be a or b */
        const T *x = dht_data(a), *y = dht_data(b); T *z = dht_data(c);
        for (int64_t i = 0; i < a->nelems; i++) z[i] = WRAP_ADD(T, x[i], y[i]);
    })
    ml_done(f, 0, 3);
}

/* "tfrt_test.add_inplace.T"(A, B) -> ch: B += A. */
void k_ml_add_inplace(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b;
    if (!(a = ml_tensor(f, 0, dt, -1)) || !(b = ml_tensor(f, 1, dt, -1)) || !ml_check_same(f, a, b)) return;
    ML_NUMERIC(dt, {
        const T *x = dht_data(a); T *y = dht_data(b);
        for (int64_t i = 0; i < a->nelems; i++) y[i] = WRAP_ADD(T, x[i], y[i]);
    })
    ml_done(f, 0, 2);
}

/* "tfrt_test.equal.T"(A, B, C) -> ch: C = (A == B), 1 or 0 in T. */
void k_ml_equal(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b, *c;
    if (!ml_binary(f, dt, &a, &b, &c)) return;
    ML_NUMERIC(dt, {
        const T *x = dht_data(a), *y = dht_data(b); T *z = dht_data(c);
        for (int64_t i = 0; i < a->nelems; i++) z[i] = (T)(x[i] == y[i]);
    })
    ml_done(f, 0, 3);
}

/* "tfrt_test.equal_inplace.T"(A, B) -> ch: B = (A == B). */
void k_ml_equal_inplace(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *b;
    if (!(a = ml_tensor(f, 0, dt, -1)) || !(b = ml_tensor(f, 1, dt, -1)) || !ml_check_same(f, a, b)) return;
    ML_NUMERIC(dt, {
        const T *x = dht_data(a); T *y = dht_data(b);
        for (int64_t i = 0; i < a->nelems; i++) y[i] = (T)(x[i] == y[i]);
    })
    ml_done(f, 0, 2);
}

/* "tfrt_test.relu_grad_inplace.T"(activation, gradient) -> ch:
** gradient = activation > 0 ? gradient : 0. */
void k_ml_relu_grad_inplace(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a, *g;
    if (!(a = ml_tensor(f, 0, dt, -1)) || !(g = ml_tensor(f, 1, dt, -1)) || !ml_check_same(f, a, g)) return;
    ML_NUMERIC(dt, {
        const T *x = dht_data(a); T *y = dht_data(g);
        for (int64_t i = 0; i < a->nelems; i++) y[i] = x[i] > 0 ? y[i] : (T)(y[i] * 0);
    })
    ml_done(f, 0, 2);
}

/* "tfrt_test.cast.i32_to_f32"(A, B) -> ch: B = (f32)A. */
void k_tfrt_test_cast_i32_to_f32(KernelFrame *f)
{
    DenseHostTensor *a, *b;
    if (!(a = ml_tensor(f, 0, DT_I32, -1)) || !(b = ml_tensor(f, 1, DT_F32, -1)) || !ml_check_same(f, a, b)) return;
    const int32_t *x = dht_data(a);
    float *y = dht_data(b);
    for (int64_t i = 0; i < a->nelems; i++) y[i] = (float)x[i];
    ml_done(f, 0, 2);
}

/* {=====================================================================
** Products, broadcasts and reductions
** ====================================================================== */

/* The scalar operand [i] of type [dt] as a double (alpha, beta). */
static double scalar_arg(KernelFrame *f, int i, DType dt)
{
    const Any *v = kf_arg(f, i);
    switch (dt) {
    case DT_F32: return v->v.f32;
    case DT_F64: return v->v.f64;
    default: return (double)v->v.i;
    }
}

/* C = alpha * A x B + beta * C for rank-2 A, B, C (operands 1, 2, 4; alpha
** 0, beta 3): tfrt_test.matmul.T.2 and eigen.matmul.T. [who] starts the
** messages ("MatMul" in TFRT's eigen kernel). */
static void matmul(KernelFrame *f, DType dt, const char *who)
{
    DenseHostTensor *a, *b, *c;
    if (!(a = ml_tensor(f, 1, dt, 2)) || !(b = ml_tensor(f, 2, dt, 2)) || !(c = ml_tensor(f, 4, dt, 2))) return;
    char s1[256], s2[256], s3[256];
    if (a->dims[1] != b->dims[0]) {
        kf_error(f, "%s input tensors inner dimension mismatch: %s vs. %s", who, ml_shape(a, s1, sizeof s1),
                 ml_shape(b, s2, sizeof s2));
        return;
    }
    if (c->dims[0] != a->dims[0] || c->dims[1] != b->dims[1]) {
        kf_error(f, "%s output shape %s does not match product shape of inputs: %s * %s", who,
                 ml_shape(c, s3, sizeof s3), ml_shape(a, s1, sizeof s1), ml_shape(b, s2, sizeof s2));
        return;
    }
    double alpha = scalar_arg(f, 0, dt), beta = scalar_arg(f, 3, dt);
    int64_t m = a->dims[0], k = a->dims[1], n = b->dims[1];
    if (ml_overlaps(c, a) || ml_overlaps(c, b)) {
        /* BLAS wants C apart from A and B: compute into a copy of C. */
        size_t bytes = (size_t)(m * n) * dt_size(dt);
        void *tmp = malloc(bytes ? bytes : 1);
        if (!tmp) tf_out_of_memory();
        memcpy(tmp, dht_data(c), bytes);
        kl_gemm(dt, false, false, m, n, k, alpha, dht_data(a), dht_data(b), beta, tmp);
        memcpy(dht_data(c), tmp, bytes);
        free(tmp);
    } else {
        kl_gemm(dt, false, false, m, n, k, alpha, dht_data(a), dht_data(b), beta, dht_data(c));
    }
    ml_done(f, 0, 5);
}

/* "tfrt_test.matmul.T.2"(alpha, A, B, beta, C) -> ch. */
void k_ml_matmul(KernelFrame *f) { matmul(f, (DType)kl_imm(f, 0), "matmul"); }
/* "eigen.matmul.T"(alpha, A, B, beta, C, ch) -> ch. */
void k_eigen_matmul(KernelFrame *f) { matmul(f, (DType)kl_imm(f, 0), "MatMul"); }

/* A new tensor for a kernel result, or NULL after `cannot allocate result
** tensor`. */
static DenseHostTensor *new_result(KernelFrame *f, DType dt, int rank, const int64_t *dims)
{
    DenseHostTensor *t = dht_new_at(host_allocator(f->ctx->host), dt, rank, dims, f->op);
    if (!t) kf_error(f, "cannot allocate result tensor");
    return t;
}

/* "tfrt_test.broadcast.T.R"(A, shape) -> tensor of that shape whose every
** row (last dimension) is A (IMM1: R). */
void k_ml_broadcast(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    int rank = kl_imm(f, 1);
    DenseHostTensor *a = ml_tensor(f, 0, dt, 1);
    if (!a) return;
    ShapeObj *s = shape_from_any(*kf_arg(f, 1), SHAPE_RANKED);
    if (!s) {
        kf_error(f, "operand #1 is not a shape");
        return;
    }
    char s1[256], s2[256];
    if (s->rank != rank) {
        kf_error(f, "broadcast target shape %s is not of rank %d", ml_dims(s->dims, s->rank, s1, sizeof s1), rank);
        return;
    }
    if (s->dims[rank - 1] != a->dims[0]) {
        kf_error(f, "broadcast input tensor dimension and target shape mismatch: %s vs. %s",
                 ml_shape(a, s1, sizeof s1), ml_dims(s->dims, s->rank, s2, sizeof s2));
        return;
    }
    DenseHostTensor *t = new_result(f, dt, rank, s->dims);
    if (!t) return;
    size_t row = (size_t)a->nelems * dt_size(dt);
    char *dst = dht_data(t);
    for (int64_t r = 0; row && r < t->nelems / a->nelems; r++, dst += row) memcpy(dst, dht_data(a), row);
    kf_set(f, 0, any_obj(&t->hdr));
}

/* "tfrt_test.reduce_mean.T.1"(A) -> rank-0 tensor: the mean of A's
** elements (integers: the truncated quotient, as Eigen's mean of ints). */
void k_ml_reduce_mean(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a = ml_tensor(f, 0, dt, 1);
    if (!a) return;
    if (a->nelems == 0 && (dt == DT_I32 || dt == DT_I64)) {
        kf_error(f, "reduce_mean of an empty integer tensor");
        return;
    }
    DenseHostTensor *t = new_result(f, dt, 0, NULL);
    if (!t) return;
    ML_NUMERIC(dt, {
        const T *x = dht_data(a);
        if (dt == DT_F32 || dt == DT_F64) {
            double sum = 0;
            for (int64_t i = 0; i < a->nelems; i++) sum += (double)x[i];
            *(T *)dht_data(t) = (T)(sum / (double)a->nelems);
        } else {
            int64_t sum = 0;
            for (int64_t i = 0; i < a->nelems; i++) sum = (int64_t)((uint64_t)sum + (uint64_t)(int64_t)x[i]);
            *(T *)dht_data(t) = (T)(sum / a->nelems);
        }
    })
    kf_set(f, 0, any_obj(&t->hdr));
}

/* "tfrt_test.argmax.T.2"(A) -> i32 tensor [rows]: the index of the first
** largest element of each row (0 for an empty row). */
void k_ml_argmax(KernelFrame *f)
{
    DType dt = (DType)kl_imm(f, 0);
    DenseHostTensor *a = ml_tensor(f, 0, dt, 2);
    if (!a) return;
    if (a->dims[1] > INT32_MAX) {
        kf_error(f, "argmax: rows of %" PRId64 " elements do not fit i32 indices", a->dims[1]);
        return;
    }
    DenseHostTensor *t = new_result(f, DT_I32, 1, a->dims);
    if (!t) return;
    int32_t *out = dht_data(t);
    int64_t rows = a->dims[0], cols = a->dims[1];
    ML_NUMERIC(dt, {
        const T *x = dht_data(a);
        for (int64_t r = 0; r < rows; r++) {
            const T *row = x + r * cols;
            int64_t best = 0;
            for (int64_t c = 1; c < cols; c++) if (row[c] > row[best]) best = c;
            out[r] = (int32_t)best;
        }
    })
    kf_set(f, 0, any_obj(&t->hdr));
}

/* {=====================================================================
** ResNet and MNIST-training kernels (f32)
** ====================================================================== */

void ml_same_padding(int64_t in, int64_t win, int64_t s, int64_t *before, int64_t *after)
{
    int64_t total = in % s == 0 ? win - s : win - in % s;
    if (total < 0) total = 0;
    *before = total / 2;
    *after = total - total / 2;
}

bool ml_pool_shape(const DenseHostTensor *in, const int64_t *win, const int64_t *st, const char *padding,
                   bool any_case, int64_t pad[4], int64_t want[4])
{
    int (*cmp)(const char *, const char *) = any_case ? strcasecmp : strcmp;
    pad[0] = pad[1] = pad[2] = pad[3] = 0;
    if (!cmp(padding, "same")) {
        ml_same_padding(in->dims[1], win[0], st[0], &pad[0], &pad[1]);
        ml_same_padding(in->dims[2], win[1], st[1], &pad[2], &pad[3]);
    } else if (cmp(padding, "valid")) {
        return false;
    }
    want[0] = in->dims[0];
    want[1] = (in->dims[1] + pad[0] + pad[1] - win[0]) / st[0] + 1;
    want[2] = (in->dims[2] + pad[2] + pad[3] - win[1]) / st[1] + 1;
    want[3] = in->dims[3];
    if (want[1] < 0) want[1] = 0;
    if (want[2] < 0) want[2] = 0;
    return true;
}

/* The body of ml_max_pool for element type T. */
#define MAX_POOL(T)                                                                          \
    do {                                                                                     \
        const T *x = dht_data(in);                                                           \
        T *y = dht_data(out);                                                                \
        for (int64_t n = 0; n < N; n++)                                                      \
            for (int64_t oh = 0; oh < OH; oh++)                                              \
                for (int64_t ow = 0; ow < OW; ow++) {                                        \
                    T *o = y + ((n * OH + oh) * OW + ow) * C;                                \
                    for (int64_t c = 0; c < C; c++) o[c] = -INFINITY;                        \
                    for (int64_t i = 0; i < win[0]; i++) {                                   \
                        int64_t h = oh * stride[0] + i - pad[0];                             \
                        if (h < 0 || h >= H) continue;                                       \
                        for (int64_t j = 0; j < win[1]; j++) {                               \
                            int64_t w = ow * stride[1] + j - pad[2];                         \
                            if (w < 0 || w >= W) continue;                                   \
                            const T *p = x + ((n * H + h) * W + w) * C;                      \
                            for (int64_t c = 0; c < C; c++) if (p[c] > o[c]) o[c] = p[c];   \
                        }                                                                    \
                    }                                                                        \
                }                                                                            \
    } while (0)

void ml_max_pool(const DenseHostTensor *in, DenseHostTensor *out, const int64_t *win,
                 const int64_t *stride, const int64_t *pad)
{
    int64_t N = out->dims[0], OH = out->dims[1], OW = out->dims[2], C = out->dims[3];
    int64_t H = in->dims[1], W = in->dims[2];
    if (in->dtype == DT_F64) MAX_POOL(double);
    else MAX_POOL(float);
}

/* "tfrt_test.max_pooling_2d.f32"(input, output, ch) -> ch; attributes
** padding ("same" | "valid"), pool_size [h, w], strides [h, w]. */
void k_tfrt_test_max_pooling_2d_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 4)) || !(out = ml_tensor(f, 1, DT_F32, 4))) return;
    int64_t win[2], st[2], pad[4], want[4];
    if (!ml_attr_ints(f, attr_pool_size, 2, win, "MaxPool2D") || !ml_attr_ints(f, attr_strides, 2, st, "MaxPool2D"))
        return;
    if (win[0] <= 0 || win[1] <= 0 || st[0] <= 0 || st[1] <= 0) {
        kf_error(f, "MaxPool2D pool_size and strides must be positive");
        return;
    }
    char padding[64];
    ml_attr_str(f, attr_padding, padding, sizeof padding);
    if (!ml_pool_shape(in, win, st, padding, false, pad, want)) {
        kf_error(f, "MaxPool2D padding '%s' is not recognized", padding);
        return;
    }
    if (memcmp(want, out->dims, sizeof want)) {
        char s1[256], s2[256];
        kf_error(f, "MaxPool2D output shape %s does not match the expected output shape %s",
                 ml_shape(out, s1, sizeof s1), ml_dims(want, 4, s2, sizeof s2));
        return;
    }
    ml_max_pool(in, out, win, st, pad);
    ml_done(f, 0, 2);
}

/* "tfrt_test.global_average_pooling.f32"(input [N,H,W,C], output [N,C], ch)
** -> ch: the mean over H and W. */
void k_tfrt_test_global_average_pooling_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 4)) || !(out = ml_tensor(f, 1, DT_F32, 2))) return;
    int64_t N = in->dims[0], HW = in->dims[1] * in->dims[2], C = in->dims[3];
    if (out->dims[0] != N || out->dims[1] != C) {
        int64_t want[2] = { N, C };
        char s1[256], s2[256];
        kf_error(f, "GlobalAveragePool output shape %s does not match the expected output shape %s",
                 ml_shape(out, s1, sizeof s1), ml_dims(want, 2, s2, sizeof s2));
        return;
    }
    const float *x = dht_data(in);
    float *y = dht_data(out);
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++) {
            double sum = 0;
            for (int64_t p = 0; p < HW; p++) sum += x[(n * HW + p) * C + c];
            y[n * C + c] = (float)(sum / (double)HW);
        }
    ml_done(f, 0, 2);
}

/* "tfrt_test.flatten.f32"(input, output, ch) -> ch: copies the elements;
** both keep dimension 0 and the element count. */
void k_tfrt_test_flatten_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, -1)) || !(out = ml_tensor(f, 1, DT_F32, -1))) return;
    if (in->nelems != out->nelems || in->rank == 0 || out->rank == 0 || in->dims[0] != out->dims[0]) {
        char s1[256], s2[256];
        kf_error(f, "Flatten output shape %s does not match the input shape %s", ml_shape(out, s1, sizeof s1),
                 ml_shape(in, s2, sizeof s2));
        return;
    }
    memmove(dht_data(out), dht_data(in), (size_t)in->nelems * sizeof(float));
    ml_done(f, 0, 2);
}

/* Zero padding of NHWC [in] by [ph] rows and [pw] columns on each side
** into [out] (ml.c and ml_eigen.c; shapes checked by the caller). */
static void zero_pad(const DenseHostTensor *in, DenseHostTensor *out, int64_t ph, int64_t pw)
{
    const float *x = dht_data(in);
    float *y = dht_data(out);
    int64_t N = in->dims[0], H = in->dims[1], W = in->dims[2], C = in->dims[3];
    int64_t OH = out->dims[1], OW = out->dims[2];
    memset(y, 0, (size_t)out->nelems * sizeof(float));
    for (int64_t n = 0; n < N; n++)
        for (int64_t h = 0; h < H; h++)
            memcpy(y + ((n * OH + h + ph) * OW + pw) * C, x + (n * H + h) * W * C, (size_t)(W * C) * sizeof(float));
}

/* "tfrt_test.zero_padding.f32" and "eigen.zero_padding.f32"(input,
** output, ch) -> ch; attribute padding [h, w]. */
static void zero_padding(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 4)) || !(out = ml_tensor(f, 1, DT_F32, 4))) return;
    int64_t p[2];
    const Attr *a = kf_attr(f, attr_padding);
    if (!a || a->kind != ATTR_ARRAY || a->u.arr.n != 2 || !kl_attr_int(a->u.arr.elems[0], &p[0]) ||
        !kl_attr_int(a->u.arr.elems[1], &p[1])) {
        kf_error(f, "ZeroPadding expects padding of length 2");
        return;
    }
    if (p[0] < 0 || p[1] < 0 || p[0] > INT32_MAX || p[1] > INT32_MAX) {
        kf_error(f, "ZeroPadding padding must be between 0 and 2^31 - 1");
        return;
    }
    int64_t want[4] = { in->dims[0], in->dims[1] + 2 * p[0], in->dims[2] + 2 * p[1], in->dims[3] };
    if (memcmp(want, out->dims, sizeof want)) {
        char s1[256], s2[256];
        kf_error(f, "ZeroPadding output shape %s does not match the expected output shape %s",
                 ml_shape(out, s1, sizeof s1), ml_dims(want, 4, s2, sizeof s2));
        return;
    }
    if (ml_overlaps(in, out)) {
        kf_error(f, "ZeroPadding output overlaps its input");
        return;
    }
    zero_pad(in, out, p[0], p[1]);
    ml_done(f, 0, 2);
}
void k_tfrt_test_zero_padding_f32(KernelFrame *f) { zero_padding(f); }
void k_eigen_zero_padding_f32(KernelFrame *f) { zero_padding(f); }

/* "tfrt_test.softmax_inplace.f32"(A, ch) -> ch: A = exp(A) / sum(exp(A)),
** over all the elements of A (TFRT's kernel normalizes the whole tensor,
** one row for MNIST's [1, 10]); the maximum is subtracted first. */
void k_tfrt_test_softmax_inplace_f32(KernelFrame *f)
{
    DenseHostTensor *a = ml_tensor(f, 0, DT_F32, -1);
    if (!a) return;
    float *x = dht_data(a);
    float max = -INFINITY;
    for (int64_t i = 0; i < a->nelems; i++) if (x[i] > max) max = x[i];
    double sum = 0;
    for (int64_t i = 0; i < a->nelems; i++) sum += (x[i] = expf(x[i] - max));
    for (int64_t i = 0; i < a->nelems; i++) x[i] = (float)(x[i] / sum);
    ml_done(f, 0, 1);
}

/* "tfrt_test.gradient_descent.f32"(gradient, lr, output) -> ch:
** output -= gradient * lr[0]. */
void k_tfrt_test_gradient_descent_f32(KernelFrame *f)
{
    DenseHostTensor *g, *lr, *out;
    if (!(g = ml_tensor(f, 0, DT_F32, -1)) || !(lr = ml_tensor(f, 1, DT_F32, -1)) ||
        !(out = ml_tensor(f, 2, DT_F32, -1)))
        return;
    if (lr->nelems != 1) {
        kf_error(f, "GradientDescent lr should have only one element");
        return;
    }
    if (!ml_check_same(f, g, out)) return;
    float rate = *(const float *)dht_data(lr);
    const float *x = dht_data(g);
    float *y = dht_data(out);
    for (int64_t i = 0; i < g->nelems; i++) y[i] = y[i] - x[i] * rate;
    ml_done(f, 0, 3);
}

/* "tfrt_test.subtract_inplace.f32"(input, output) -> ch: output -= input. */
void k_tfrt_test_subtract_inplace_f32(KernelFrame *f)
{
    DenseHostTensor *a, *b;
    if (!(a = ml_tensor(f, 0, DT_F32, -1)) || !(b = ml_tensor(f, 1, DT_F32, -1)) || !ml_check_same(f, a, b)) return;
    const float *x = dht_data(a);
    float *y = dht_data(b);
    for (int64_t i = 0; i < a->nelems; i++) y[i] = y[i] - x[i];
    ml_done(f, 0, 2);
}

/* "tfrt_test.tensor_transpose.f32"(input [a, b], output [b, a], ch) -> ch. */
void k_tfrt_test_tensor_transpose_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 2)) || !(out = ml_tensor(f, 1, DT_F32, 2))) return;
    char s1[256], s2[256];
    if (out->dims[1] != in->dims[0] || out->dims[0] != in->dims[1]) {
        kf_error(f, "TensorTranspose output shape %s does not match the input shape %s",
                 ml_shape(out, s1, sizeof s1), ml_shape(in, s2, sizeof s2));
        return;
    }
    if (ml_overlaps(in, out)) {
        kf_error(f, "TensorTranspose output overlaps its input");
        return;
    }
    const float *x = dht_data(in);
    float *y = dht_data(out);
    int64_t R = out->dims[0], C = out->dims[1];
    for (int64_t i = 0; i < R; i++)
        for (int64_t j = 0; j < C; j++) y[i * C + j] = x[j * R + i];
    ml_done(f, 0, 2);
}

/* "tfrt_test.mean_axis_zero.f32"(input [m, n], output [n], ch) -> ch: the
** mean of each column. */
void k_tfrt_test_mean_axis_zero_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 2)) || !(out = ml_tensor(f, 1, DT_F32, 1))) return;
    if (in->dims[1] != out->dims[0]) {
        char s1[256], s2[256];
        kf_error(f, "MeanAxisZero output shape %s does not match the input shape %s", ml_shape(out, s1, sizeof s1),
                 ml_shape(in, s2, sizeof s2));
        return;
    }
    const float *x = dht_data(in);
    float *y = dht_data(out);
    int64_t m = in->dims[0], n = in->dims[1];
    for (int64_t j = 0; j < n; j++) {
        double sum = 0;
        for (int64_t i = 0; i < m; i++) sum += x[i * n + j];
        y[j] = (float)(sum / (double)m);
    }
    ml_done(f, 0, 2);
}

/* "tfrt_test.broadcast_2d.f32"(input [N, C], output [N, H, W, C], ch) -> ch:
** output[n, h, w, c] = input[n, c]. */
void k_tfrt_test_broadcast_2d_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 2)) || !(out = ml_tensor(f, 1, DT_F32, 4))) return;
    if (in->dims[0] != out->dims[0] || in->dims[1] != out->dims[3]) {
        char s1[256], s2[256];
        kf_error(f, "Broadcast2D output shape %s does not match the input shape %s", ml_shape(out, s1, sizeof s1),
                 ml_shape(in, s2, sizeof s2));
        return;
    }
    if (ml_overlaps(in, out)) {
        kf_error(f, "Broadcast2D output overlaps its input");
        return;
    }
    const float *x = dht_data(in);
    float *y = dht_data(out);
    int64_t N = out->dims[0], HW = out->dims[1] * out->dims[2], C = out->dims[3];
    for (int64_t n = 0; n < N; n++)
        for (int64_t p = 0; p < HW; p++) memcpy(y + (n * HW + p) * C, x + n * C, (size_t)C * sizeof(float));
    ml_done(f, 0, 2);
}
