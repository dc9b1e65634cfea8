/*
** gemm.h — matrix products for every kernel that multiplies matrices
** (tfrt_dht.matmul, and the tensor kernels and op handlers that need one):
** one entry point, so that the BLAS behind it is chosen in one place.
**
**     C = alpha * op(A) x op(B) + beta * C
**
** op(X) is X, or X transposed when [trans_x] is set. A is m x k after op,
** B is k x n after op, C is m x n; all three row-major and dense, with the
** leading dimension of their stored (not transposed) shape. C must not
** overlap A or B (the caller copies when it does). [alpha] and [beta] are
** converted to the element type. Integer types wrap as tfrt.add does
** (arithmetic in the unsigned type).
**
** Returns false, and computes nothing, for a dtype it does not multiply
** (anything but i32, i64, f32, f64).
**
** Threads: reentrant; it may use the BLAS's own threads (see gemm.c for the
** policy against oversubscribing the work queue's workers).
**
** Module prefix: kl_ (helpers shared by the kernel files).
*/
#ifndef TFRUN_GEMM_H
#define TFRUN_GEMM_H

#include <stdbool.h>
#include <stdint.h>
#include "ops/optable.h"

bool kl_gemm(DType dt, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
             double alpha, const void *a, const void *b, double beta, void *c);

/* True when f32 and f64 products run on OpenBLAS (the library was opened
** at start-up); false when they fall back to the loop. */
bool kl_gemm_blas(void);

#endif
