/*
** gemm.c — kl_gemm (gemm.h): the one matrix product of the kernels.
**
** f32 and f64 go to OpenBLAS through CBLAS (Debian's libopenblas-dev; the
** Makefile gives its header directory and the path of the library, which
** blas_ready below opens at the first product). The
** integer types keep the loop below: BLAS has no integer product, and
** tfrun's integers wrap as tfrt.add does.
**
** Threads (docs/kernel-behaviour.md §12, "BLAS threads"): OpenBLAS's thread
** count is one setting for the whole process. tfrun sets it once, before
** main (blas_env below), to TFRUN_BLAS_THREADS (default 1): every
** product runs on the thread of the kernel that asked for it, so a run on
** --work-queue=mstd:N uses at most N cores for BLAS, one per worker, and
** never the N x cores threads that OpenBLAS's own default (a thread per
** core in every call) would start on top of the workers. A run that does
** one product at a time on a machine with idle cores (--work-queue=s on a
** big product) may raise it: TFRUN_BLAS_THREADS=2. bench/peers.sh measures
** both policies under mstd:2 (bench/matmul2.mlir).
*/
#include "kernels/gemm.h"
#include <cblas.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* OpenBLAS is opened with dlopen, not linked: its pthread flavour starts a
** pool of (cores - 1) threads when it is loaded, each reserving a large
** buffer, unless OPENBLAS_NUM_THREADS says otherwise, and it reads that
** variable in its own constructor, before any code of tfrun runs. Loaded
** here, after the variable is set, tfrun's default of one thread means no
** pool at all: no idle thread in every run, no memory a run under an
** address-space limit cannot have (tests/pfor_bounded.sh), and nothing to
** join at exit. TFRUN_OPENBLAS (the Makefile) is the library's path.
**
** The variable is set before main (blas_env below: setenv is safe only
** while one thread runs); the library is opened at the first product
** (blas_ready, once for the process): loading and relocating it cost
** ~15 million instructions, three times the rest of a small run's
** start, which every run without a matrix product used to pay. */
#ifndef TFRUN_OPENBLAS
#define TFRUN_OPENBLAS "libopenblas.so.0"
#endif

/* The library's entry points. Set once, by blas_load under blas_once, and
** read-only afterwards (no state of tfrun's own). NULL when the library
** could not be opened: the products then run on the loop, the same results
** more slowly. */
static __typeof__(cblas_sgemm) *blas_sgemm;
static __typeof__(cblas_dgemm) *blas_dgemm;
static int blas_threads = 1;        /* TFRUN_BLAS_THREADS, read before main */
static pthread_once_t blas_once = PTHREAD_ONCE_INIT;

__attribute__((constructor)) static void blas_env(void)
{
    const char *s = getenv("TFRUN_BLAS_THREADS");
    if (s && *s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (*end == 0 && v >= 1 && v <= 256) blas_threads = (int)v;
    }
    char num[16];
    snprintf(num, sizeof num, "%d", blas_threads);
    /* Before main, one thread: setenv is safe here. Child processes (the
    ** RUN lines of tfrun test) inherit it, which keeps them as lean. */
    setenv("OPENBLAS_NUM_THREADS", num, 1);
}

/* OpenBLAS takes a working buffer of 128 MiB per thread at its first
** product (blas_memory_alloc), and when the allocation fails it waits for
** memory for ever. Under a memory ceiling too low for it (--max-memory,
** base/alloc.h) products run on the loops below instead: slower, never
** stuck. The probe is not touched (no page is made), and is given back
** before the first product asks for the same room. */
#define BLAS_BUFFER_PROBE ((size_t)136 << 20)

static void blas_load(void)
{
    void *probe = malloc((size_t)blas_threads * BLAS_BUFFER_PROBE);
    if (!probe) return;
    free(probe);
    void *h = dlopen(TFRUN_OPENBLAS, RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
    __typeof__(cblas_sgemm) *s = (__typeof__(cblas_sgemm) *)dlsym(h, "cblas_sgemm");
    __typeof__(cblas_dgemm) *d = (__typeof__(cblas_dgemm) *)dlsym(h, "cblas_dgemm");
    void (*set_threads)(int) = (void (*)(int))dlsym(h, "openblas_set_num_threads");
    if (set_threads) set_threads(blas_threads);
    if (s && d) blas_sgemm = s, blas_dgemm = d;
}

/* Opens the library the first time any thread asks (pthread_once orders
** the pointers' writes before every reader's return from it). */
static inline void blas_ready(void)
{
    pthread_once(&blas_once, blas_load);
}

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

/* Whether CBLAS (32-bit int dimensions) can take the product, and, when
** one of m, n, k is 0, nothing for BLAS to do beyond scaling C (the loop
** does that). */
static bool blas_fits(int64_t m, int64_t n, int64_t k)
{
    if (m <= 0 || n <= 0 || k <= 0) return false;
    blas_ready();
    return blas_sgemm && m > 0 && n > 0 && k > 0 && m <= INT_MAX && n <= INT_MAX && k <= INT_MAX;
}

bool kl_gemm_blas(void)
{
    blas_ready();
    return blas_sgemm != NULL;
}

bool kl_gemm(DType dt, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
             double alpha, const void *a, const void *b, double beta, void *c)
{
    /* Row-major: the leading dimension of each matrix is the length of a
    ** stored row, which the transpose flags do not change. */
    enum CBLAS_TRANSPOSE ta = trans_a ? CblasTrans : CblasNoTrans;
    enum CBLAS_TRANSPOSE tb = trans_b ? CblasTrans : CblasNoTrans;
    int lda = (int)(trans_a ? m : k), ldb = (int)(trans_b ? k : n), ldc = (int)n;
    switch (dt) {
    case DT_I32: GEMM_LOOP(int32_t, uint32_t); return true;
    case DT_I64: GEMM_LOOP(int64_t, uint64_t); return true;
    case DT_F32:
        if (!blas_fits(m, n, k)) { GEMM_LOOP(float, float); return true; }
        blas_sgemm(CblasRowMajor, ta, tb, (int)m, (int)n, (int)k, (float)alpha, a, lda, b, ldb,
                    (float)beta, c, ldc);
        return true;
    case DT_F64:
        if (!blas_fits(m, n, k)) { GEMM_LOOP(double, double); return true; }
        blas_dgemm(CblasRowMajor, ta, tb, (int)m, (int)n, (int)k, alpha, a, lda, b, ldb, beta, c, ldc);
        return true;
    default: return false;
    }
}
#undef GEMM_LOOP
