/*
** ml_int.h — what the host ML kernel files share (kernels/ml.c: the
** tfrt_test.* kernels of TFRT's MNIST and ResNet tests; kernels/ml_eigen.c:
** eigen.*; kernels/coo.c: coo.*), docs/kernel-behaviour.md §13. Not a
** public interface: the corert op handler's helpers live in kernels/dht.h.
**
** Operand checks report the error themselves (kf_error) and return NULL or
** false, so a kernel just returns; every message names the operand or the
** shapes involved, in TFRT's wording where TFRT has one.
**
** Threads: stateless; the kernels mutate only the tensors their rows name
** with FX_W (ordered by chains).
**
** Module prefix: ml_.
*/
#ifndef TFRUN_ML_INT_H
#define TFRUN_ML_INT_H

#include <stdbool.h>
#include <stdint.h>
#include "kernels/dht.h"
#include "kernels/kernel.h"

/* Operand [i] as a dense host tensor of dtype [dt] (DT_INVALID: any) and
** rank [rank] (-1: any), or NULL after reporting
**   `operand #I is not a dense host tensor`
**   `operand #I has dtype f32, the kernel takes i32`
**   `operand #I has shape [2, 3], the kernel takes rank 4` */
DenseHostTensor *ml_tensor(KernelFrame *f, int i, DType dt, int rank);
/* "[2, 3]" for [t] into [buf] (TFRT prints shapes so). Returns buf. */
const char *ml_shape(const DenseHostTensor *t, char *buf, size_t cap);
const char *ml_dims(const int64_t *dims, int rank, char *buf, size_t cap);
bool ml_same_shape(const DenseHostTensor *a, const DenseHostTensor *b);
/* Whether the element storage of [a] and [b] overlaps. */
bool ml_overlaps(const DenseHostTensor *a, const DenseHostTensor *b);
/* An element-wise kernel's check that [in] and [out] have one shape:
** `tensor shape mismatch: [2, 3] vs. [3, 2]` (TFRT's Eigen kernels). */
bool ml_check_same(KernelFrame *f, const DenseHostTensor *in, const DenseHostTensor *out);
/* Integer array attribute [name] of exactly [n] elements into [v]; false
** after `KERNEL expects NAME to have N elements` ([who] names the kernel). */
bool ml_attr_ints(KernelFrame *f, const char *name, int n, int64_t *v, const char *who);
/* String attribute [name] ("" when absent) into [buf]. */
const char *ml_attr_str(KernelFrame *f, const char *name, char *buf, size_t cap);
/* Float attribute [name] (default [dflt] when absent). */
float ml_attr_f32(KernelFrame *f, const char *name, float dflt);
/* The result chain: operand [i] when it is a chain, else a ready one. */
void ml_done(KernelFrame *f, int result, int chain_arg);

/* Max pooling of an NHWC f32 or f64 tensor (ml.c; tfrt_test.max_pooling_2d,
** eigen.max_pooling_2d, the cpu handler's tf.MaxPool): [pad] top, bottom,
** left, right; [win], [stride] height and width. Windows start from
** -infinity. */
void ml_max_pool(const DenseHostTensor *in, DenseHostTensor *out, const int64_t *win,
                 const int64_t *stride, const int64_t *pad);
/* SAME padding of one spatial dimension (TensorFlow's rule): top/left and
** bottom/right amounts for input size [in], window [win], stride [s]. */
void ml_same_padding(int64_t in, int64_t win, int64_t s, int64_t *before, int64_t *after);
/* A 2-D max pooling of NHWC [in] by window [win] and strides [st] with
** padding [padding] ("same" or "valid"; in any case when [any_case], as
** TFRT's Eigen kernel reads it): the padding [pad] (top, bottom, left,
** right) and the output shape [want]. False: another padding. */
bool ml_pool_shape(const DenseHostTensor *in, const int64_t *win, const int64_t *st, const char *padding,
                   bool any_case, int64_t pad[4], int64_t want[4]);

/* The geometry of a 2-D convolution (ml_eigen.c): input NHWC, filter HWIO. */
typedef struct MlConv {
    int64_t N, H, W, IC;         /* input */
    int64_t FH, FW, OC;          /* filter [FH, FW, IC, OC] */
    int64_t OH, OW;              /* output */
    int64_t st[2], pad[4];       /* strides h, w; padding top, bottom, left, right */
} MlConv;
/* y = conv(x, filter) in f32 for geometry [cv] (no output kernel): each
** image unfolded into patches times the filter (kernels/gemm.h). */
void ml_conv_forward(const MlConv *cv, const float *x, const float *filt, float *y);

#endif
