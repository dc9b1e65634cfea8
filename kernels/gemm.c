/*
** gemm.c — kl_gemm (gemm.h): the one matrix product of the kernels.
*/
#include "kernels/gemm.h"

/* C = alpha * op(A) x op(B) + beta * C in element type T, arithmetic in UT
** (the unsigned twin of an integer type, so overflow wraps). */
#define GEMM_LOOP(T, UT)                                                            \
    do {                                                                            \
        const T *A = a, *B = b;                                                     \
        T *C = c;                                                                   \
        UT al = (UT)(T)alpha, be = (UT)(T)beta;                                     \
        for (int64_t i = 0; i < m; i++)                                             \
            for (int64_t j = 0; j < n; j++)                                         \
                C[i * n + j] = beta == 0 ? (T)0 : (T)(be * (UT)C[i * n + j]);       \
        for (int64_t i = 0; i < m; i++)                                             \
            for (int64_t p = 0; p < k; p++) {                                       \
                UT aip = al * (UT)(trans_a ? A[p * m + i] : A[i * k + p]);          \
                T *crow = C + i * n;                                                \
                if (trans_b)                                                        \
                    for (int64_t j = 0; j < n; j++)                                 \
                        crow[j] = (T)((UT)crow[j] + aip * (UT)B[j * k + p]);        \
                else {                                                              \
                    const T *brow = B + p * n;                                      \
                    for (int64_t j = 0; j < n; j++)                                 \
                        crow[j] = (T)((UT)crow[j] + aip * (UT)brow[j]);             \
                }                                                                   \
            }                                                                       \
    } while (0)

bool kl_gemm(DType dt, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
             double alpha, const void *a, const void *b, double beta, void *c)
{
    switch (dt) {
    case DT_I32: GEMM_LOOP(int32_t, uint32_t); return true;
    case DT_I64: GEMM_LOOP(int64_t, uint64_t); return true;
    case DT_F32: GEMM_LOOP(float, float); return true;
    case DT_F64: GEMM_LOOP(double, double); return true;
    default: return false;
    }
}
#undef GEMM_LOOP
