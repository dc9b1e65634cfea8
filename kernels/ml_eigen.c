/*
** ml_eigen.c — the eigen.* kernels of TFRT's Eigen-compat tests
** (docs/kernel-behaviour.md §13): 2-D convolution (plain, with a bias, with
** batch normalization and an optional relu), its gradients with respect to
** the filter and to the input, batch normalization and its gradient, max
** pooling. eigen.matmul and eigen.zero_padding share their code with the
** tfrt_test kernels (ml.c).
**
** Layouts are TensorFlow's: activations NHWC, filters HWIO
** ([height, width, in channels, out channels]), per-channel parameters of
** rank 1. Padding "same" / "valid" (either case), strides [h, w], as
** TensorFlow computes them (ml_same_padding).
**
** Convolutions are matrix products (kernels/gemm.h, BLAS): each image is
** unfolded into a [OH*OW, FH*FW*IC] matrix of patches (zeros where a patch
** reaches into the padding) and multiplied by the filter seen as
** [FH*FW*IC, OC]; the filter gradient is the transposed patches times the
** output gradient, the input gradient the output gradient times the
** transposed filter, folded back onto the input. A 1x1 filter with stride
** 1 needs no unfolding: the batch is one [N*H*W, IC] matrix.
**
** Every kernel writes its output tensors in place and returns chains; an
** output that overlaps an input is refused (`... overlaps ...`), except
** eigen.batch_norm.f32, which by definition normalizes its operand 0.
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
** Convolution geometry
** ====================================================================== */

typedef MlConv Conv;              /* ml_int.h */

/* One spatial dimension: output size and padding, as TFRT's
** ComputeWindowedOutputDimension. False after the message. */
static bool window(KernelFrame *f, bool same, int64_t in, int64_t filt, int64_t s, int64_t *out,
                   int64_t *before, int64_t *after)
{
    if (s <= 0) {
        kf_error(f, "Stride must be > 0, but got %" PRId64, s);
        return false;
    }
    if (same) {
        *out = (in + s - 1) / s;
        int64_t need = (*out - 1) * s + filt - in;
        if (need < 0) need = 0;
        *before = need / 2;
        *after = need - need / 2;
    } else {
        *out = (in - filt + s) / s;
        *before = *after = 0;
    }
    if (*out < 0) {
        kf_error(f, "Computed output size would be negative: %" PRId64 " (input_size: %" PRId64 ", filter_size: %"
                 PRId64 ", stride: %" PRId64 ", dilation: 1)", *out, in, filt, s);
        return false;
    }
    return true;
}

/* The geometry of a convolution of [in] (NHWC) by a filter of dims
** [fdims] (HWIO), from the attributes padding and strides. */
static bool conv_params(KernelFrame *f, const DenseHostTensor *in, const int64_t *fdims, Conv *cv)
{
    char padding[64];
    ml_attr_str(f, attr_padding, padding, sizeof padding);
    bool same = !strcasecmp(padding, "same");
    if (!same && strcasecmp(padding, "valid")) {
        if (!strcasecmp(padding, "explicit")) kf_error(f, "For explicit padding, padding values must be defined");
        else kf_error(f, "Unknown padding type %s", padding);
        return false;
    }
    const Attr *a = kf_attr(f, attr_strides);
    if (!a || a->kind != ATTR_ARRAY || a->u.arr.n != 2 || !kl_attr_int(a->u.arr.elems[0], &cv->st[0]) ||
        !kl_attr_int(a->u.arr.elems[1], &cv->st[1])) {
        kf_error(f, "strides should have 2 elements");
        return false;
    }
    cv->N = in->dims[0], cv->H = in->dims[1], cv->W = in->dims[2], cv->IC = in->dims[3];
    cv->FH = fdims[0], cv->FW = fdims[1], cv->OC = fdims[3];
    if (cv->IC != fdims[2]) {
        kf_error(f, "Dimensions does not match: input channels is %" PRId64 " and kernel depth is %" PRId64,
                 cv->IC, fdims[2]);
        return false;
    }
    return window(f, same, cv->H, cv->FH, cv->st[0], &cv->OH, &cv->pad[0], &cv->pad[1]) &&
           window(f, same, cv->W, cv->FW, cv->st[1], &cv->OW, &cv->pad[2], &cv->pad[3]);
}

/* `Tensor shapes do not match: WHAT is [..] and computed output shape is [..]`
** unless [t] is [N, OH, OW, OC]. */
static bool check_out(KernelFrame *f, const DenseHostTensor *t, const Conv *cv, const char *what)
{
    int64_t want[4] = { cv->N, cv->OH, cv->OW, cv->OC };
    if (!memcmp(want, t->dims, sizeof want)) return true;
    char s1[256], s2[256];
    kf_error(f, "Tensor shapes do not match: %s is %s and computed output shape is %s", what,
             ml_shape(t, s1, sizeof s1), ml_dims(want, 4, s2, sizeof s2));
    return false;
}

static bool check_apart(KernelFrame *f, const DenseHostTensor *out, const DenseHostTensor *in, const char *what)
{
    if (!ml_overlaps(out, in)) return true;
    kf_error(f, "%s overlaps an input", what);
    return false;
}

/* Whether the convolution is a plain product of the batch by the filter. */
static bool is_pointwise(const Conv *cv)
{
    return cv->FH == 1 && cv->FW == 1 && cv->st[0] == 1 && cv->st[1] == 1 && cv->pad[0] == 0 && cv->pad[2] == 0 &&
           cv->OH == cv->H && cv->OW == cv->W;
}

/* Unfolds image [x] (H x W x IC) into [cols]: row p = (oh, ow) holds the
** FH x FW x IC patch under output position p, zeros in the padding. */
static void im2col(const Conv *cv, const float *x, float *cols)
{
    int64_t K = cv->FH * cv->FW * cv->IC;
    size_t run = (size_t)cv->IC * sizeof(float);
    for (int64_t oh = 0; oh < cv->OH; oh++)
        for (int64_t ow = 0; ow < cv->OW; ow++) {
            float *row = cols + (oh * cv->OW + ow) * K;
            for (int64_t i = 0; i < cv->FH; i++) {
                int64_t h = oh * cv->st[0] + i - cv->pad[0];
                for (int64_t j = 0; j < cv->FW; j++, row += cv->IC) {
                    int64_t w = ow * cv->st[1] + j - cv->pad[2];
                    if (h < 0 || h >= cv->H || w < 0 || w >= cv->W) memset(row, 0, run);
                    else memcpy(row, x + (h * cv->W + w) * cv->IC, run);
                }
            }
        }
}

/* Adds [cols] (the layout of im2col) back onto image [dx]. */
static void col2im(const Conv *cv, const float *cols, float *dx)
{
    int64_t K = cv->FH * cv->FW * cv->IC;
    for (int64_t oh = 0; oh < cv->OH; oh++)
        for (int64_t ow = 0; ow < cv->OW; ow++) {
            const float *row = cols + (oh * cv->OW + ow) * K;
            for (int64_t i = 0; i < cv->FH; i++) {
                int64_t h = oh * cv->st[0] + i - cv->pad[0];
                for (int64_t j = 0; j < cv->FW; j++, row += cv->IC) {
                    int64_t w = ow * cv->st[1] + j - cv->pad[2];
                    if (h < 0 || h >= cv->H || w < 0 || w >= cv->W) continue;
                    float *p = dx + (h * cv->W + w) * cv->IC;
                    for (int64_t c = 0; c < cv->IC; c++) p[c] += row[c];
                }
            }
        }
}

static float *scratch(size_t n)
{
    float *p = malloc(n ? n * sizeof(float) : 1);
    if (!p) tf_out_of_memory();
    return p;
}

/* out = conv(in, filter), no output kernel (ml_int.h). */
void ml_conv_forward(const Conv *cv, const float *x, const float *filt, float *y)
{
    int64_t K = cv->FH * cv->FW * cv->IC, P = cv->OH * cv->OW;
    if (is_pointwise(cv)) {
        kl_gemm(DT_F32, false, false, cv->N * P, cv->OC, K, 1.0, x, filt, 0.0, y);
        return;
    }
    float *cols = scratch((size_t)(P * K));
    for (int64_t n = 0; n < cv->N; n++) {
        im2col(cv, x + n * cv->H * cv->W * cv->IC, cols);
        kl_gemm(DT_F32, false, false, P, cv->OC, K, 1.0, cols, filt, 0.0, y + n * P * cv->OC);
    }
    free(cols);
}

/* {=====================================================================
** eigen.conv2d*.f32
** ====================================================================== */

/* Per-channel vector operand [i] of length [oc] (rank 1), or NULL after
** `Dimensions does not match: WHAT is N and output channels size is OC`. */
static const float *channel_arg(KernelFrame *f, int i, int64_t oc, const char *what)
{
    DenseHostTensor *t = ml_tensor(f, i, DT_F32, 1);
    if (!t) return NULL;
    if (t->dims[0] != oc) {
        kf_error(f, "Dimensions does not match: %s is %" PRId64 " and output channels size is %" PRId64, what,
                 t->dims[0], oc);
        return NULL;
    }
    return dht_data(t);
}

/* The shared start of the conv2d kernels: input 0, filter 1, output
** [out]. NULL output after an error. */
static DenseHostTensor *conv_setup(KernelFrame *f, int out_i, Conv *cv, DenseHostTensor **in, DenseHostTensor **filt)
{
    DenseHostTensor *out;
    if (!(*in = ml_tensor(f, 0, DT_F32, 4)) || !(*filt = ml_tensor(f, 1, DT_F32, 4)) ||
        !(out = ml_tensor(f, out_i, DT_F32, 4)))
        return NULL;
    if (!conv_params(f, *in, (*filt)->dims, cv) || !check_out(f, out, cv, "output tensor shape")) return NULL;
    for (int i = 0; i < out_i; i++) {
        DenseHostTensor *t = dht_from_any(*kf_arg(f, i));
        if (t && !check_apart(f, out, t, "the output tensor")) return NULL;
    }
    return out;
}

/* "eigen.conv2d.f32"(input, filter, output, ch) -> ch. */
void k_eigen_conv2d_f32(KernelFrame *f)
{
    Conv cv;
    DenseHostTensor *in, *filt, *out = conv_setup(f, 2, &cv, &in, &filt);
    if (!out) return;
    ml_conv_forward(&cv, dht_data(in), dht_data(filt), dht_data(out));
    ml_done(f, 0, 3);
}

/* "eigen.conv2d.bias.f32"(input, filter, bias, output, ch) -> ch. */
void k_eigen_conv2d_bias_f32(KernelFrame *f)
{
    Conv cv;
    DenseHostTensor *in, *filt, *out = conv_setup(f, 3, &cv, &in, &filt);
    const float *bias;
    if (!out || !(bias = channel_arg(f, 2, cv.OC, "bias shape"))) return;
    float *y = dht_data(out);
    ml_conv_forward(&cv, dht_data(in), dht_data(filt), y);
    for (int64_t p = 0; p < out->nelems / (cv.OC ? cv.OC : 1); p++)
        for (int64_t c = 0; c < cv.OC; c++) y[p * cv.OC + c] += bias[c];
    ml_done(f, 0, 4);
}

/* "eigen.conv2d.batch_norm[.relu].f32"(input, filter, scale, offset, mean,
** variance, output, ch) -> ch; attributes epsilon, padding, strides
** (IMM1: 1 with relu). */
void k_eigen_conv2d_batch_norm(KernelFrame *f)
{
    Conv cv;
    DenseHostTensor *in, *filt, *out = conv_setup(f, 6, &cv, &in, &filt);
    const float *scale, *offset, *mean, *var;
    if (!out || !(scale = channel_arg(f, 2, cv.OC, "scale shape")) ||
        !(offset = channel_arg(f, 3, cv.OC, "offset shape")) ||
        !(mean = channel_arg(f, 4, cv.OC, "estimated mean shape")) ||
        !(var = channel_arg(f, 5, cv.OC, "estimated var shape")))
        return;
    float eps = ml_attr_f32(f, attr_epsilon, 0.0f);
    bool relu = kl_imm(f, 1) != 0;
    float *factor = scratch((size_t)cv.OC);
    for (int64_t c = 0; c < cv.OC; c++) factor[c] = 1.0f / sqrtf(var[c] + eps) * scale[c];
    float *y = dht_data(out);
    ml_conv_forward(&cv, dht_data(in), dht_data(filt), y);
    for (int64_t p = 0; p < out->nelems / (cv.OC ? cv.OC : 1); p++)
        for (int64_t c = 0; c < cv.OC; c++) {
            float v = (y[p * cv.OC + c] - mean[c]) * factor[c] + offset[c];
            y[p * cv.OC + c] = relu && v < 0 ? 0 : v;
        }
    free(factor);
    ml_done(f, 0, 7);
}

/* "eigen.conv2d.grad.filter.f32"(output_grad, input, filter_grad, ch) -> ch. */
void k_eigen_conv2d_grad_filter_f32(KernelFrame *f)
{
    DenseHostTensor *dy, *in, *df;
    if (!(dy = ml_tensor(f, 0, DT_F32, 4)) || !(in = ml_tensor(f, 1, DT_F32, 4)) ||
        !(df = ml_tensor(f, 2, DT_F32, 4)))
        return;
    Conv cv;
    if (!conv_params(f, in, df->dims, &cv) || !check_out(f, dy, &cv, "output gradient shape") ||
        !check_apart(f, df, dy, "the filter gradient") || !check_apart(f, df, in, "the filter gradient"))
        return;
    int64_t K = cv.FH * cv.FW * cv.IC, P = cv.OH * cv.OW;
    const float *x = dht_data(in), *g = dht_data(dy);
    float *w = dht_data(df);
    memset(w, 0, (size_t)df->nelems * sizeof(float));
    if (is_pointwise(&cv)) {
        kl_gemm(DT_F32, true, false, K, cv.OC, cv.N * P, 1.0, x, g, 0.0, w);
    } else {
        float *cols = scratch((size_t)(P * K));
        for (int64_t n = 0; n < cv.N; n++) {
            im2col(&cv, x + n * cv.H * cv.W * cv.IC, cols);
            kl_gemm(DT_F32, true, false, K, cv.OC, P, 1.0, cols, g + n * P * cv.OC, 1.0, w);
        }
        free(cols);
    }
    ml_done(f, 0, 3);
}

/* "eigen.conv2d.grad.input.f32"(output_grad, filter, input_grad, ch) -> ch. */
void k_eigen_conv2d_grad_input_f32(KernelFrame *f)
{
    DenseHostTensor *dy, *filt, *dx;
    if (!(dy = ml_tensor(f, 0, DT_F32, 4)) || !(filt = ml_tensor(f, 1, DT_F32, 4)) ||
        !(dx = ml_tensor(f, 2, DT_F32, 4)))
        return;
    Conv cv;
    if (!conv_params(f, dx, filt->dims, &cv) || !check_out(f, dy, &cv, "output gradient shape") ||
        !check_apart(f, dx, dy, "the input gradient") || !check_apart(f, dx, filt, "the input gradient"))
        return;
    int64_t K = cv.FH * cv.FW * cv.IC, P = cv.OH * cv.OW;
    const float *g = dht_data(dy), *w = dht_data(filt);
    float *x = dht_data(dx);
    if (is_pointwise(&cv)) {
        kl_gemm(DT_F32, false, true, cv.N * P, K, cv.OC, 1.0, g, w, 0.0, x);
    } else {
        memset(x, 0, (size_t)dx->nelems * sizeof(float));
        float *cols = scratch((size_t)(P * K));
        for (int64_t n = 0; n < cv.N; n++) {
            kl_gemm(DT_F32, false, true, P, K, cv.OC, 1.0, g + n * P * cv.OC, w, 0.0, cols);
            col2im(&cv, cols, x + n * cv.H * cv.W * cv.IC);
        }
        free(cols);
    }
    ml_done(f, 0, 3);
}

/* {=====================================================================
** Batch normalization
** ====================================================================== */

/* "eigen.batch_norm.f32"(input, scale, bias, mean, variance, ch) -> ch:
** input = (input - mean) / sqrt(variance + epsilon) * scale + bias, per
** channel (the last dimension), in place. */
void k_eigen_batch_norm_f32(KernelFrame *f)
{
    DenseHostTensor *x = ml_tensor(f, 0, DT_F32, 4), *p[4];
    if (!x) return;
    int64_t C = x->dims[3];
    for (int i = 0; i < 4; i++)
        if (!(p[i] = ml_tensor(f, 1 + i, DT_F32, -1))) return;
    for (int i = 0; i < 4; i++)
        if (p[i]->nelems != C) {
            kf_error(f, "parameter does not match the input channel number");
            return;
        }
    const float *scale = dht_data(p[0]), *bias = dht_data(p[1]), *mean = dht_data(p[2]), *var = dht_data(p[3]);
    float eps = ml_attr_f32(f, attr_epsilon, 0.0f);
    float *d = scratch((size_t)C * 5);
    for (int64_t c = 0; c < C; c++) {   /* copies: x may share storage with a parameter */
        d[c] = sqrtf(var[c] + eps);
        d[C + c] = scale[c], d[2 * C + c] = bias[c], d[3 * C + c] = mean[c];
    }
    float *y = dht_data(x);
    for (int64_t i = 0; i < x->nelems; i++) {
        int64_t c = i % C;
        y[i] = (y[i] - d[3 * C + c]) / d[c] * d[C + c] + d[2 * C + c];
    }
    free(d);
    ml_done(f, 0, 5);
}

/* `Tensor shapes do not match: channels dimension size is [C] and WHAT is S`
** unless operand [i] has shape [C]. */
static const float *grad_channel(KernelFrame *f, int i, int64_t C, const char *what)
{
    DenseHostTensor *t = ml_tensor(f, i, DT_F32, -1);
    if (!t) return NULL;
    if (t->rank != 1 || t->dims[0] != C) {
        char s1[256], s2[256];
        kf_error(f, "Tensor shapes do not match: channels dimension size is %s and %s is %s",
                 ml_dims(&C, 1, s1, sizeof s1), what, ml_shape(t, s2, sizeof s2));
        return NULL;
    }
    return dht_data(t);
}

/* "eigen.batch_norm.grad.f32"(output_grad, input, gamma, mean, variance,
** ch, input_grad, gamma_grad, beta_grad) -> (ch, ch, ch); attribute
** epsilon. With r = rsqrt(variance + epsilon), per channel, sums and means
** over the other dimensions:
**   beta_grad  = sum(dy)
**   gamma_grad = sum(dy * (x - mean) * r)
**   input_grad = gamma * r * (dy - mean(dy) - (x - mean) * r^2 * mean(dy * (x - mean))) */
void k_eigen_batch_norm_grad_f32(KernelFrame *f)
{
    DenseHostTensor *dy, *x, *dx;
    if (!(dy = ml_tensor(f, 0, DT_F32, 4)) || !(x = ml_tensor(f, 1, DT_F32, 4)) ||
        !(dx = ml_tensor(f, 6, DT_F32, 4)))
        return;
    char s1[256], s2[256];
    if (!ml_same_shape(dy, dx) || !ml_same_shape(x, dx)) {
        bool first = !ml_same_shape(dy, dx);
        kf_error(f, "Tensor shapes do not match: %s is %s and input_grad shape is %s",
                 first ? "output_grad shape" : "input shape", ml_shape(first ? dy : x, s1, sizeof s1),
                 ml_shape(dx, s2, sizeof s2));
        return;
    }
    int64_t C = dx->dims[3];
    const float *gamma, *mean, *var;
    float *gg, *bg;
    if (!(gamma = grad_channel(f, 2, C, "gamma shape")) || !(mean = grad_channel(f, 3, C, "mean shape")) ||
        !(var = grad_channel(f, 4, C, "variance shape")) ||
        !(gg = (float *)grad_channel(f, 7, C, "gamma_grad shape")) ||
        !(bg = (float *)grad_channel(f, 8, C, "beta_grad shape")))
        return;
    DenseHostTensor *gamma_grad = dht_from_any(*kf_arg(f, 7)), *beta_grad = dht_from_any(*kf_arg(f, 8));
    for (int i = 0; i < 6; i++) {
        DenseHostTensor *t = dht_from_any(*kf_arg(f, i));
        if (t && (!check_apart(f, gamma_grad, t, "gamma_grad") || !check_apart(f, beta_grad, t, "beta_grad")))
            return;
    }
    /* input_grad may be output_grad or input itself (each element is read
    ** before it is written), but must not overlap them otherwise, nor the
    ** per-channel operands or the other gradients. */
    bool bad = ml_overlaps(gamma_grad, beta_grad) || ml_overlaps(dx, gamma_grad) || ml_overlaps(dx, beta_grad) ||
               (ml_overlaps(dx, x) && dht_data(dx) != dht_data(x)) ||
               (ml_overlaps(dx, dy) && dht_data(dx) != dht_data(dy));
    for (int i = 2; i < 5 && !bad; i++) bad = ml_overlaps(dx, dht_from_any(*kf_arg(f, i)));
    if (bad) {
        kf_error(f, "the gradients overlap each other or an input");
        return;
    }
    /* In f32, term by term as TFRT's Eigen expression: the reference
    ** results of TFRT's tests carry its rounding, and with few elements per
    ** channel the input gradient is mostly cancellation. */
    float eps = ml_attr_f32(f, attr_epsilon, 0.0f);
    int64_t R = C ? dx->nelems / C : 0;
    float inv_r = R ? 1.0f / (float)R : 0;
    float *acc = calloc((size_t)(4 * C) + 1, sizeof(float));   /* sum dy, sum dy*xc, r, sum dy*xc*r */
    if (!acc) tf_out_of_memory();
    const float *g = dht_data(dy), *xs = dht_data(x);
    for (int64_t c = 0; c < C; c++) acc[2 * C + c] = 1.0f / sqrtf(var[c] + eps);
    for (int64_t i = 0; i < R * C; i++) {
        int64_t c = i % C;
        float xc = xs[i] - mean[c];
        acc[c] += g[i];
        acc[C + c] += g[i] * xc;
        acc[3 * C + c] += g[i] * (xc * acc[2 * C + c]);
    }
    float *out = dht_data(dx);
    for (int64_t i = 0; i < R * C; i++) {   /* element i reads dy[i], x[i] before writing it */
        int64_t c = i % C;
        float r = acc[2 * C + c], xc = xs[i] - mean[c];
        float coef2 = r * r * (acc[C + c] * inv_r);
        out[i] = gamma[c] * r * ((g[i] - acc[c] * inv_r) - xc * coef2);
    }
    for (int64_t c = 0; c < C; c++) {
        gg[c] = acc[3 * C + c];
        bg[c] = acc[c];
    }
    free(acc);
    kf_set_chain(f, 0);
    kf_set_chain(f, 1);
    kf_set_chain(f, 2);
}

/* {=====================================================================
** eigen.max_pooling_2d.f32
** ====================================================================== */

/* "eigen.max_pooling_2d.f32"(input, output, ch) -> ch; attributes padding
** (same / valid, either case), pool_size [h, w], strides [h, w]. */
void k_eigen_max_pooling_2d_f32(KernelFrame *f)
{
    DenseHostTensor *in, *out;
    if (!(in = ml_tensor(f, 0, DT_F32, 4)) || !(out = ml_tensor(f, 1, DT_F32, 4))) return;
    int64_t win[2], st[2], pad[4], want[4];
    if (!ml_attr_ints(f, attr_strides, 2, st, "MaxPool2D") || !ml_attr_ints(f, attr_pool_size, 2, win, "MaxPool2D"))
        return;
    if (win[0] <= 0 || win[1] <= 0 || st[0] <= 0 || st[1] <= 0) {
        kf_error(f, "MaxPool2D pool_size and strides must be positive");
        return;
    }
    char padding[64];
    ml_attr_str(f, attr_padding, padding, sizeof padding);
    if (!ml_pool_shape(in, win, st, padding, true, pad, want)) {
        kf_error(f, "padding type '%s' is not supported", padding);
        return;
    }
    char s1[256], s2[256];
    if (memcmp(want, out->dims, sizeof want)) {
        kf_error(f, "output tensor has the wrong shape %s, expected %s", ml_shape(out, s1, sizeof s1),
                 ml_dims(want, 4, s2, sizeof s2));
        return;
    }
    if (!check_apart(f, out, in, "the output tensor")) return;
    ml_max_pool(in, out, win, st, pad);
    ml_done(f, 0, 2);
}
