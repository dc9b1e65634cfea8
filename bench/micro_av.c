/*
** micro_av.c — microbenchmark of the AsyncValue core (issue 3).
**
** Measures, in nanoseconds per operation (best of several runs, because the
** machine is shared and noisy):
**   create+emplace+release       one value through its whole life
**   and_then+resolve             create, register one continuation, emplace
**                                (the continuation runs), release
**   forward+resolve              an indirect value bound to an unresolved one
**   and_then on resolved value   the fast path (continuation runs at once)
** single-threaded, and with 2 threads: both running the loop side by side
** (scaling: no shared values), and racing on the same values (one thread
** registers continuations while the other resolves them). Also prints the
** malloc calls made per async value in steady state (target 0) and a plain
** malloc+free of the same size for scale.
**
** usage: micro_av [N]   (operations per measurement, default 200 000; best of 25
** short runs, so that a run without preemption is likely on a busy machine)
*/
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "interp/async_value.h"

static long N = 200000;
enum { RUNS = 25 };

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void nop(void *a, void *b) { (void)a; (void)b; }
static void bump(void *a, void *b) { (*(long *)a)++; (void)b; }

/* ---- single-threaded loops (return a checksum so nothing is elided) ---- */

static long loop_create(long n)
{
    long sum = 0;
    for (long i = 0; i < n; i++) {
        AsyncValue *v = av_new_unavailable();
        av_emplace(v, any_int(ANY_I32, i));
        sum += av_get(v)->v.i;
        av_release(v);
    }
    return sum;
}

static long loop_and_then(long n)
{
    long ran = 0;
    for (long i = 0; i < n; i++) {
        AsyncValue *v = av_new_unavailable();
        av_and_then(v, bump, &ran, NULL);
        av_emplace(v, any_int(ANY_I32, i));
        av_release(v);
    }
    return ran;
}

static long loop_forward(long n)
{
    long ran = 0;
    for (long i = 0; i < n; i++) {
        AsyncValue *t = av_new_unavailable();
        AsyncValue *ind = av_new_indirect();
        av_forward(ind, t);
        av_and_then(ind, bump, &ran, NULL);
        av_emplace(t, any_int(ANY_I32, i));
        av_release(ind);
        av_release(t);
    }
    return ran;
}

static long loop_resolved(long n)
{
    long ran = 0;
    AsyncValue *v = av_new_available(any_chain());
    for (long i = 0; i < n; i++) av_and_then(v, bump, &ran, NULL);
    av_release(v);
    return ran;
}

static long loop_malloc(long n)
{
    long sum = 0;
    for (long i = 0; i < n; i++) {
        void *volatile p = malloc(32);
        sum += (long)((uintptr_t)p & 1);
        free(p);
    }
    return sum;
}

typedef long (*LoopFn)(long);

static double best_single(LoopFn fn, long n)
{
    double best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        double t0 = now_ns();
        volatile long sink = fn(n);
        (void)sink;
        double t = (now_ns() - t0) / (double)n;
        if (t < best) best = t;
    }
    return best;
}

/* ---- two threads running the same loop side by side ---- */

typedef struct Par { LoopFn fn; long n; _Atomic int *go; } Par;
static void *par_main(void *p)
{
    Par *a = p;
    while (!atomic_load(a->go)) {}
    volatile long sink = a->fn(a->n);
    (void)sink;
    return NULL;
}

/* ns per operation, counting the operations of both threads against wall time. */
static double best_parallel(LoopFn fn, long n)
{
    double best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        _Atomic int go = 0;
        Par a = { fn, n / 2, &go };
        pthread_t t[2];
        for (int k = 0; k < 2; k++) pthread_create(&t[k], NULL, par_main, &a);
        double t0 = now_ns();
        atomic_store(&go, 1);
        for (int k = 0; k < 2; k++) pthread_join(t[k], NULL);
        double t1 = (now_ns() - t0) / (double)(n / 2 * 2);
        if (t1 < best) best = t1;
    }
    return best;
}

/* ---- two threads racing on the same values ---- */

typedef struct Race {
    AsyncValue **vals;
    long n;
    _Atomic long published;      /* values [0, published) exist */
    _Atomic int go;
    long ran;                    /* bumped by continuations (resolver thread) */
} Race;

/* Thread A: creates each value and registers a continuation on it. */
static void *race_creator(void *p)
{
    Race *r = p;
    while (!atomic_load(&r->go)) {}
    for (long i = 0; i < r->n; i++) {
        AsyncValue *v = av_new_unavailable();
        av_retain(v);                              /* one ref for each thread */
        r->vals[i] = v;
        atomic_store_explicit(&r->published, i + 1, memory_order_release);
        av_and_then(v, nop, NULL, NULL);
        av_release(v);
    }
    return NULL;
}

/* Thread B: resolves each value as soon as it exists and drops its ref. */
static void *race_resolver(void *p)
{
    Race *r = p;
    while (!atomic_load(&r->go)) {}
    for (long i = 0; i < r->n; i++) {
        while (atomic_load_explicit(&r->published, memory_order_acquire) <= i) {}
        av_emplace(r->vals[i], any_int(ANY_I32, i));
        av_release(r->vals[i]);
    }
    return NULL;
}

static double best_race(long n, double *mallocs_per_value)
{
    double best = 1e30;
    Race r;
    r.vals = malloc((size_t)n * sizeof *r.vals);
    for (int run = 0; run < RUNS; run++) {
        r.n = n;
        atomic_store(&r.published, 0);
        atomic_store(&r.go, 0);
        int64_t m0 = av_malloc_count();
        pthread_t a, b;
        pthread_create(&a, NULL, race_creator, &r);
        pthread_create(&b, NULL, race_resolver, &r);
        double t0 = now_ns();
        atomic_store(&r.go, 1);
        pthread_join(a, NULL);
        pthread_join(b, NULL);
        double t = (now_ns() - t0) / (double)n;
        if (t < best) best = t;
        if (run == RUNS - 1) *mallocs_per_value = (double)(av_malloc_count() - m0) / (double)n;
    }
    free(r.vals);
    return best;
}

static const struct { const char *name; LoopFn fn; } loops[] = {
    { "create+emplace+release", loop_create },
    { "and_then+resolve", loop_and_then },
    { "forward+and_then+resolve", loop_forward },
    { "and_then_resolved", loop_resolved },
    { "malloc+free", loop_malloc },
};

int main(int argc, char **argv)
{
    /* `micro_av --only I N`: run loop I alone N times (for perf stat, which
    ** counts cycles of this process only and so is not fooled by a busy
    ** machine the way wall time is). */
    if (argc == 4 && strcmp(argv[1], "--only") == 0) {
        int i = atoi(argv[2]);
        if (i < 0 || i >= (int)(sizeof loops / sizeof loops[0])) return 2;
        volatile long sink = loops[i].fn(atol(argv[3]));
        (void)sink;
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) printf("%zu %s\n", i, loops[i].name);
        return 0;
    }
    if (argc > 1) N = atol(argv[1]);
    if (N < 1000) N = 1000;

    /* Warm the pool, then count mallocs over a steady-state run. */
    loop_and_then(100000);
    int64_t m0 = av_malloc_count();
    loop_create(N);
    loop_and_then(N);
    loop_forward(N);
    double steady = (double)(av_malloc_count() - m0) / (double)(4 * N);

    double c1 = best_single(loop_create, N), c2 = best_parallel(loop_create, N);
    double a1 = best_single(loop_and_then, N), a2 = best_parallel(loop_and_then, N);
    double f1 = best_single(loop_forward, N), f2 = best_parallel(loop_forward, N);
    double r1 = best_single(loop_resolved, N), r2 = best_parallel(loop_resolved, N);
    double m1 = best_single(loop_malloc, N), m2 = best_parallel(loop_malloc, N);
    double race_mallocs = 0;
    double race = best_race(N, &race_mallocs);

    printf("AsyncValue microbenchmark (N = %ld per measurement, best of %d; ns per operation)\n", N, RUNS);
    printf("%-34s %12s %14s\n", "operation", "1 thread", "2 threads");
    printf("%-34s %12.1f %14.1f\n", "create+emplace+release", c1, c2);
    printf("%-34s %12.1f %14.1f\n", "and_then+resolve (incl. create)", a1, a2);
    printf("%-34s %12.1f %14.1f\n", "forward+and_then+resolve (2 AVs)", f1, f2);
    printf("%-34s %12.1f %14.1f\n", "and_then on resolved value", r1, r2);
    printf("%-34s %12.1f %14.1f\n", "(malloc+free 32 B, for scale)", m1, m2);
    printf("%-34s %12s %14.1f\n", "racing: create+and_then | emplace", "-", race);
    printf("2 threads: both threads run the loop on their own values; wall time divided by the\n"
           "operations of both (perfect scaling halves the figure). racing: one thread creates each value\n"
           "and registers a continuation while the other resolves and releases it.\n");
    printf("mallocs per async value, steady state: %.6f (single thread), %.6f (racing threads)\n",
           steady, race_mallocs);
    printf("live async values at exit: %lld\n", (long long)av_live_count());
    return 0;
}
