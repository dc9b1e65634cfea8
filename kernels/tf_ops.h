/*
** tf_ops.h — the TensorFlow op computations that the CoreRT cpu op handler
** (kernels/corert_cpu.c: tf.AddV2, tf.Log, tf.Softmax, tf.Tile,
** tf.ConcatV2, tf._FusedMatMul, ...) and the tf_sync.* kernels
** (kernels/tf_sync.c, docs/kernel-behaviour.md §15) share: one piece of
** arithmetic, one set of shape checks with TFRT's messages, whichever
** form the tensors come in (a handler's fresh result, or a tensor the
** program allocated). Defined in kernels/corert_cpu.c, next to the ops
** that were their first callers.
**
** The functions compute over raw element storage of the dtype given; the
** callers check the dtype and the shapes first (the checks that have
** TFRT's wording are here too). Messages go to [err] (capacity [cap]).
**
** Threads: stateless.
**
** Module prefix: tfo_.
*/
#ifndef TFRUN_TF_OPS_H
#define TFRUN_TF_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "ir/ir.h"
#include "kernels/corert.h"
#include "kernels/dht.h"

/* tf.AddV2, tf.Sub, tf.Mul, tf.RealDiv, tf.Less (an i1 result). */
typedef enum TfoBin { TFO_ADD, TFO_SUB, TFO_MUL, TFO_DIV, TFO_LESS } TfoBin;
/* tf.Log, tf.Log1p, tf.Rsqrt, tf.Sigmoid. */
typedef enum TfoUn { TFO_LOG, TFO_LOG1P, TFO_RSQRT, TFO_SIGMOID } TfoUn;

/* [n] elements of [dst] (dtype [dt], i1 for TFO_LESS) = op(a, b), element
** i of a result of shape [mo] reading the element of [pa] (shape [ma]) and
** [pb] (shape [mb]) that NumPy broadcasting puts there; [a_scalar] /
** [b_scalar]: that operand is one element read for every i. [dt] is an
** integer, f16, f32, f64 or complex dtype (complex not with TFO_LESS).
** Integers wrap. False on an integer division by zero. */
bool tfo_binary(TfoBin op, DType dt, const CrtMeta *ma, const void *pa, bool a_scalar, const CrtMeta *mb,
                const void *pb, bool b_scalar, const CrtMeta *mo, void *dst, int64_t n);

/* out[i] = op(in[i]) for [n] elements of f32 or f64 [dt] (computed in
** double). */
void tfo_unary(TfoUn op, DType dt, const void *in, void *out, int64_t n);

/* Softmax (or with [lg], log-softmax) of f32 or f64 tensor [a] along its
** last dimension, the others flattened into a batch, into [out] (a's
** element count): shifted by each row's maximum as TFRT's kernel does. */
void tfo_softmax(bool lg, const DenseHostTensor *a, void *out);

/* The element of a tensor of dims [in] that element [i] of its tiling of
** dims [out] (the same rank [rank]) copies: each coordinate modulo the
** input's dimension (TFRT's Eigen broadcast and TileStringTensor). Every
** in[d] must be positive where [out] has elements. */
int64_t tfo_tile_source(const int64_t *in, const int64_t *out, int rank, int64_t i);

/* TFRT's TileMultiples: whether [mt] is a vector of i32 or i64 with one
** multiple per dimension of a tensor of rank [rank]; false after writing
** TFRT's message into [err]. */
bool tfo_tile_multiples(const DenseHostTensor *mt, int rank, char *err, size_t cap);
/* The tiled shape: [out] = [in] (rank [rank]) times the multiples [mt]
** (checked by tfo_tile_multiples) dimension by dimension. False after
** writing the error into [err], "OP: negative multiple K for dimension D"
** (OP [name]), or with [*overflow] set "OP: the tiled dimension D
** overflows". */
bool tfo_tile_dims(const char *name, const int64_t *in, int rank, const DenseHostTensor *mt, int64_t *out,
                   bool *overflow, char *err, size_t cap);

/* TFRT's ConcatMetadataKernel: the shape [om] (and dtype) of joining the
** [n] tensors of metadata [m] along [axis] (negative counts from the end;
** scalars make a vector, whatever the axis), the normalized axis in
** [*ax]. False with TFRT's message (`Input dtypes do not match`, `Input
** ranks do not match`, `Wrong non-concatenating dimension. ...`) or
** `OP: axis A out of range for rank R`. */
bool tfo_concat_shape(const char *op, const CrtMeta *m, int n, int64_t axis, CrtMeta *om, int *ax, char *err,
                      size_t cap);
/* Joins the dense storage [src] of the [n] tensors of metadata [m] into
** [dst] (shape [om], axis [ax], as tfo_concat_shape gave), elements of
** [es] bytes. */
void tfo_concat_dense(const CrtMeta *m, const void *const *src, int n, const CrtMeta *om, int ax, size_t es,
                      void *dst);

/* TFRT's MatMul metadata: the operands' dtypes agree and both are
** matrices (`incompatible dtypes for MatMul: ...`, `argument N of matmul
** op is not a rank-2 tensor. ...`). */
bool tfo_matmul_operands(const CrtMeta *a, const CrtMeta *b, char *err, size_t cap);
/* Then the product's shape [r] (dtype a's) for transposes [ta], [tb]
** (`matmul arguments have incompatible shapes: ...`). */
bool tfo_matmul_result(const CrtMeta *a, const CrtMeta *b, bool ta, bool tb, CrtMeta *r, char *err, size_t cap);

/* _FusedMatMul's fusions (TFRT's FusedMatMul): what follows the product. */
typedef enum TfoFusion { TFO_FUSE_BIAS, TFO_FUSE_RELU, TFO_FUSE_RELU6, TFO_FUSE_ELU, TFO_FUSE_NONE } TfoFusion;
/* The fusion the [n] string attributes [names] ask for: ["BiasAdd"],
** ["BiasAdd", "Relu"], ["BiasAdd", "Relu6"] or ["BiasAdd", "Elu"];
** TFO_FUSE_NONE for any other list. */
TfoFusion tfo_fusion(const Attr *const *names, int n);
/* Whether the first of [names] is "BiasAdd" (the bias is then checked). */
bool tfo_fusion_has_bias(const Attr *const *names, int n);
/* TFRT's checks of the bias of a product with [cols] columns: `Bias
** tensor must a vector`, `The number of bias elements N doesn't match
** output inner dimension M`. */
bool tfo_bias_check(const DenseHostTensor *bias, int64_t cols, char *err, size_t cap);
/* The [rows] x [cols] product [out] (f32 or i32 [dt]) plus [bias] along
** the rows, then fusion [fu]'s activation, in the dtype as Eigen's output
** kernel computes it: NaN passes Relu and Relu6; Elu of a negative i32 is
** -1. */
void tfo_bias_activate(DType dt, TfoFusion fu, void *out, const void *bias, int64_t rows, int64_t cols);

#endif
