/*
** test_workqueue.c — work queues (s, mstd), request contexts, the host
** allocator and TFRT_LOG lines.
*/
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "interp/workqueue.h"
#include "ir/ir.h"

TestSuite(wq, .timeout = 20.0);
TestSuite(rq, .timeout = 10.0);
TestSuite(ha, .timeout = 10.0);

static WorkQueue *make(const char *spec)
{
    char err[128] = "";
    WorkQueue *q = wq_create(spec, err, sizeof err);
    cr_assert_not_null(q, "wq_create(%s): %s", spec, err);
    return q;
}

static void sleep_us(long us)
{
    struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
    nanosleep(&ts, NULL);
}

/* {=====================================================================
** Creation: names and messages of docs/execution.md §1.2
** ====================================================================== */

Test(wq, names)
{
    WorkQueue *s = make("s");
    cr_assert_str_eq(wq_name(s), "single-threaded");
    cr_assert(wq_is_single_threaded(s));
    cr_assert_eq(wq_parallelism(s), 1);
    wq_destroy(s);
    WorkQueue *m = make("mstd:4");
    cr_assert_str_eq(wq_name(m), "Multi-threaded C++ work queue (4 threads, 256 blocking threads)");
    cr_assert(!wq_is_single_threaded(m));
    cr_assert_eq(wq_parallelism(m), 4);
    cr_assert_eq(wq_threads_started(m), 0);          /* lazily */
    wq_destroy(m);
    m = make("mstd:3,8");
    cr_assert_str_eq(wq_name(m), "Multi-threaded C++ work queue (3 threads, 8 blocking threads)");
    wq_destroy(m);
    m = make("mstd");
    char want[96];
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(want, sizeof want, "Multi-threaded C++ work queue (%ld threads, 256 blocking threads)", n);
    cr_assert_str_eq(wq_name(m), want);
    wq_destroy(m);
}

static void expect_error(const char *spec, const char *msg)
{
    char err[128] = "";
    WorkQueue *q = wq_create(spec, err, sizeof err);
    cr_assert_null(q, "%s was accepted", spec);
    cr_assert_str_eq(err, msg, "%s: got '%s'", spec, err);
}

Test(wq, bad_specs)
{
    expect_error("s:1", "Invalid argument for s work queue: 1");
    expect_error("s:abc", "Invalid argument for s work queue: abc");
    expect_error("mstd:x", "Invalid argument for mstd work queue: x");
    expect_error("mstd:4,", "Invalid argument for mstd work queue: 4,");
    expect_error("mstd:,4", "Invalid argument for mstd work queue: ,4");
    expect_error("mstd:0", "Invalid argument for mstd work queue: 0");
    expect_error("mstd:-1", "Invalid argument for mstd work queue: -1");
    expect_error("mstd:4,x", "Invalid argument for mstd work queue: 4,x");
    expect_error("mstd:4,2,1", "Invalid argument for mstd work queue: 4,2,1");
    expect_error("foo", "unknown work queue type foo");
    expect_error("mstdx:1", "unknown work queue type mstdx");
    expect_error("", "unknown work queue type ");
}

/* {=====================================================================
** s: FIFO, await until available, quiesce
** ====================================================================== */

typedef struct Rec { WorkQueue *q; int n; int order[256]; AsyncValue *resolve_at[256]; } Rec;
static Rec *rec;

static void rec_task(void *a, void *b)
{
    int id = (int)(intptr_t)a;
    rec->order[rec->n++] = id;
    if (rec->resolve_at[id]) av_emplace(rec->resolve_at[id], any_chain());
    /* Tasks 100+k enqueue task 200+k: appended behind everything queued. */
    if (id >= 100 && id < 200) wq_add_task(rec->q, rec_task, (void *)(intptr_t)(id + 100), NULL);
    (void)b;
}

static void add(int id) { wq_add_task(rec->q, rec_task, (void *)(intptr_t)id, NULL); }

Test(wq, s_runs_fifo_including_tasks_added_by_tasks)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    add(1); add(100); add(2); add(101); add(3);
    cr_assert_eq(r.n, 0);                 /* nothing runs until await/quiesce */
    wq_quiesce(r.q);
    int want[] = { 1, 100, 2, 101, 3, 200, 201 };
    cr_assert_eq(r.n, 7);
    for (int i = 0; i < 7; i++) cr_assert_eq(r.order[i], want[i], "position %d", i);
    wq_destroy(r.q);
}

/* The explorer's controlled view (wq_ntasks, wq_task_at, wq_run_at): any
** queued task may run next, the others keep their order, and tasks it adds
** go behind them. */
Test(wq, s_run_at_picks_any_task_and_keeps_the_order)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    add(1); add(100); add(2); add(3);
    cr_assert_eq(wq_ntasks(r.q), 4);
    TaskFn fn;
    void *a, *b;
    wq_task_at(r.q, 2, &fn, &a, &b);
    cr_assert_eq((int)(intptr_t)a, 2);
    wq_run_at(r.q, 2);                    /* 2; queue: 1 100 3 */
    wq_run_at(r.q, 1);                    /* 100; queue: 1 3 200 */
    cr_assert_eq(wq_ntasks(r.q), 3);
    wq_run_at(r.q, 2);                    /* 200 */
    wq_run_at(r.q, 0);                    /* 1 */
    wq_run_at(r.q, 0);                    /* 3 */
    cr_assert_eq(wq_ntasks(r.q), 0);
    int want[] = { 2, 100, 200, 1, 3 };
    cr_assert_eq(r.n, 5);
    for (int i = 0; i < 5; i++) cr_assert_eq(r.order[i], want[i], "position %d", i);
    wq_destroy(r.q);
}

Test(wq, s_await_stops_once_available_and_leaves_the_rest)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    AsyncValue *v = av_new_unavailable();
    r.resolve_at[3] = v;
    for (int i = 1; i <= 5; i++) add(i);
    wq_await(r.q, &v, 1);
    cr_assert(av_is_available(v));
    cr_assert_eq(r.n, 3);
    for (int i = 0; i < 3; i++) cr_assert_eq(r.order[i], i + 1);
    add(6);                                 /* queued behind 4 and 5 */
    wq_quiesce(r.q);
    cr_assert_eq(r.n, 6);
    cr_assert_eq(r.order[3], 4);
    cr_assert_eq(r.order[4], 5);
    cr_assert_eq(r.order[5], 6);
    av_release(v);
    wq_destroy(r.q);
}

Test(wq, s_await_of_nothing_or_resolved_runs_nothing)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    add(1);
    wq_await(r.q, NULL, 0);
    cr_assert_eq(r.n, 0);
    AsyncValue *c = av_ready_chain();
    AsyncValue *e = av_new_error(ERR_INTERNAL, "x");
    AsyncValue *both[] = { c, e };
    wq_await(r.q, both, 2);
    cr_assert_eq(r.n, 0);
    wq_quiesce(r.q);
    cr_assert_eq(r.n, 1);
    av_release(e);
    wq_destroy(r.q);
}

Test(wq, s_await_waits_for_every_value)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    AsyncValue *a = av_new_unavailable(), *b = av_new_unavailable();
    r.resolve_at[4] = a;
    r.resolve_at[2] = b;
    for (int i = 1; i <= 6; i++) add(i);
    AsyncValue *vs[] = { a, b };
    wq_await(r.q, vs, 2);
    cr_assert_eq(r.n, 4);
    wq_destroy(r.q);                       /* quiesces: 5, 6 run */
    cr_assert_eq(r.n, 6);
    av_release(a);
    av_release(b);
}

Test(wq, s_await_of_a_value_nobody_resolves_returns_when_idle)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    add(1); add(2);
    AsyncValue *v = av_new_unavailable();
    wq_await(r.q, &v, 1);
    cr_assert_eq(r.n, 2);
    cr_assert(!av_is_resolved(v));
    av_release(v);
    wq_destroy(r.q);
}

static void blocking_rec(void *a, void *b) { rec_task((void *)((intptr_t)a + 50), b); }

Test(wq, s_blocking_tasks_share_the_fifo)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    add(1);
    cr_assert(wq_add_blocking_task(r.q, blocking_rec, (void *)1, NULL));
    add(2);
    cr_assert(wq_add_blocking_task(r.q, blocking_rec, (void *)2, NULL));
    wq_quiesce(r.q);
    int want[] = { 1, 51, 2, 52 };
    for (int i = 0; i < 4; i++) cr_assert_eq(r.order[i], want[i]);
    wq_destroy(r.q);
}

/* tfrt_test.quiesce inside a task: the nested quiesce drains the queue. */
static void nested_quiesce(void *a, void *b)
{
    rec->order[rec->n++] = 7;
    wq_quiesce(rec->q);
    rec->order[rec->n++] = 8;
    (void)a; (void)b;
}

Test(wq, s_nested_quiesce)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    wq_add_task(r.q, nested_quiesce, NULL, NULL);
    add(1); add(2);
    wq_quiesce(r.q);
    int want[] = { 7, 1, 2, 8 };
    cr_assert_eq(r.n, 4);
    for (int i = 0; i < 4; i++) cr_assert_eq(r.order[i], want[i]);
    wq_destroy(r.q);
}

/* Large queues grow without losing order. */
static int seen_next, seen_bad;
static void order_task(void *a, void *b)
{
    if ((int)(intptr_t)a != seen_next++) seen_bad++;
    (void)b;
}

Test(wq, s_large_fifo_keeps_order)
{
    WorkQueue *q = make("s");
    for (int round = 0; round < 3; round++) {
        seen_next = 0;
        for (int i = 0; i < 10000; i++) wq_add_task(q, order_task, (void *)(intptr_t)i, NULL);
        wq_quiesce(q);
        cr_assert_eq(seen_next, 10000);
    }
    cr_assert_eq(seen_bad, 0);
    wq_destroy(q);
}

/* {=====================================================================
** mstd
** ====================================================================== */

typedef struct Tree { WorkQueue *q; _Atomic int ran; _Atomic int on_worker; } Tree;
static Tree *tree;

static void tree_task(void *a, void *b)
{
    intptr_t depth = (intptr_t)a;
    atomic_fetch_add(&tree->ran, 1);
    if (wq_on_worker(tree->q)) atomic_fetch_add(&tree->on_worker, 1);
    if (depth % 3 == 0) sleep_us(100);
    if (depth > 0) {
        wq_add_task(tree->q, tree_task, (void *)(depth - 1), NULL);
        wq_add_task(tree->q, tree_task, (void *)(depth - 1), NULL);
    }
    (void)b;
}

Test(wq, mstd_quiesce_waits_for_tasks_that_enqueue_tasks)
{
    Tree t = {0};
    tree = &t;
    t.q = make("mstd:2");
    cr_assert(!wq_on_worker(t.q));
    for (int round = 0; round < 5; round++) {
        atomic_store(&t.ran, 0);
        wq_add_task(t.q, tree_task, (void *)9, NULL);
        wq_quiesce(t.q);
        cr_assert_eq(atomic_load(&t.ran), 1023, "round %d: %d tasks ran", round, atomic_load(&t.ran));
    }
    cr_assert_eq(atomic_load(&t.on_worker), 5 * 1023);
    cr_assert_leq(wq_threads_started(t.q), 2);
    wq_destroy(t.q);
}

typedef struct Late { AsyncValue *v; _Atomic int tid; } Late;
static void late_resolve(void *a, void *b)
{
    Late *l = a;
    sleep_us(20000);
    atomic_store(&l->tid, wq_thread_id());
    av_emplace(l->v, any_int(ANY_I32, 5));
    (void)b;
}

Test(wq, mstd_await_blocks_until_resolved)
{
    WorkQueue *q = make("mstd:2");
    int main_id = wq_thread_id();
    cr_assert_eq(wq_thread_id(), main_id);          /* stable */
    Late l = { av_new_unavailable(), -1 };
    wq_add_task(q, late_resolve, &l, NULL);
    wq_await(q, &l.v, 1);
    cr_assert(av_is_available(l.v));
    cr_assert_eq(av_get(l.v)->v.i, 5);
    cr_assert_neq(atomic_load(&l.tid), main_id);  /* the main thread ran no task */
    wq_quiesce(q);
    av_release(l.v);
    wq_destroy(q);
}

static void resolve_now(void *a, void *b) { av_emplace(a, any_chain()); (void)b; }

Test(wq, mstd_await_many_values)
{
    WorkQueue *q = make("mstd:2,2");
    enum { N = 200 };
    AsyncValue *vs[N];
    for (int round = 0; round < 20; round++) {
        for (int i = 0; i < N; i++) vs[i] = av_new_unavailable();
        for (int i = 0; i < N; i++) {
            if (i % 7 == 0) wq_add_blocking_task(q, resolve_now, vs[i], NULL);
            else wq_add_task(q, resolve_now, vs[i], NULL);
        }
        wq_await(q, vs, N);
        for (int i = 0; i < N; i++) cr_assert(av_is_available(vs[i]));
        wq_quiesce(q);
        for (int i = 0; i < N; i++) av_release(vs[i]);
    }
    wq_destroy(q);
}

typedef struct Gate { _Atomic int started, open, done; } Gate;
static void gate_task(void *a, void *b)
{
    Gate *g = a;
    atomic_fetch_add(&g->started, 1);
    while (!atomic_load(&g->open)) sleep_us(200);
    atomic_fetch_add(&g->done, 1);
    (void)b;
}

Test(wq, mstd_blocking_pool_saturation)
{
    WorkQueue *q = make("mstd:1,2");
    cr_assert_eq(wq_max_pending_blocking(q), WQ_MAX_PENDING_BLOCKING);
    wq_set_max_pending_blocking(q, 3);
    Gate g = {0};
    cr_assert(wq_add_blocking_task(q, gate_task, &g, NULL));
    cr_assert(wq_add_blocking_task(q, gate_task, &g, NULL));
    while (atomic_load(&g.started) < 2) sleep_us(100);   /* both threads busy */
    for (int i = 0; i < 3; i++) cr_assert(wq_add_blocking_task(q, gate_task, &g, NULL), "pending %d", i);
    cr_assert(!wq_add_blocking_task(q, gate_task, &g, NULL));   /* refused */
    cr_assert(!wq_add_blocking_task(q, gate_task, &g, NULL));
    cr_assert_eq(wq_threads_started(q), 2);
    atomic_store(&g.open, 1);
    wq_quiesce(q);
    cr_assert_eq(atomic_load(&g.done), 5);
    cr_assert(wq_add_blocking_task(q, gate_task, &g, NULL));    /* room again */
    wq_quiesce(q);
    cr_assert_eq(atomic_load(&g.done), 6);
    cr_assert_leq(wq_threads_started(q), 2);                    /* never more than M */
    wq_destroy(q);
}

static void slow_flag(void *a, void *b) { sleep_us(30000); atomic_store((_Atomic int *)a, 1); (void)b; }

Test(wq, mstd_quiesce_waits_for_blocking_threads)
{
    WorkQueue *q = make("mstd:1,1");
    _Atomic int flag = 0, flag2 = 0;
    cr_assert(wq_add_blocking_task(q, slow_flag, &flag, NULL));
    wq_add_task(q, slow_flag, &flag2, NULL);
    wq_quiesce(q);
    cr_assert_eq(atomic_load(&flag), 1);
    cr_assert_eq(atomic_load(&flag2), 1);
    wq_destroy(q);
}

/* A worker calling quiesce or await (tfrt_test.quiesce, a nested await)
** helps instead of deadlocking, even with a single worker. */
typedef struct Help { WorkQueue *q; _Atomic int ran; AsyncValue *v; } Help;
static Help *help;
static void help_leaf(void *a, void *b) { sleep_us(1000); atomic_fetch_add(&help->ran, 1); (void)a; (void)b; }
static void help_quiescer(void *a, void *b)
{
    for (int i = 0; i < 10; i++) wq_add_task(help->q, help_leaf, NULL, NULL);
    wq_quiesce(help->q);
    cr_assert_eq(atomic_load(&help->ran), 10);
    atomic_fetch_add(&help->ran, 100);
    (void)a; (void)b;
}
static void help_awaiter(void *a, void *b)
{
    wq_add_task(help->q, resolve_now, help->v, NULL);
    wq_await(help->q, &help->v, 1);
    atomic_fetch_add(&help->ran, 1000);
    (void)a; (void)b;
}

Test(wq, mstd_worker_quiesce_and_await_help)
{
    Help h = {0};
    help = &h;
    h.q = make("mstd:1");
    h.v = av_new_unavailable();
    wq_add_task(h.q, help_quiescer, NULL, NULL);
    wq_quiesce(h.q);
    cr_assert_eq(atomic_load(&h.ran), 110);
    wq_add_task(h.q, help_awaiter, NULL, NULL);
    wq_quiesce(h.q);
    cr_assert_eq(atomic_load(&h.ran), 1110);
    cr_assert(av_is_available(h.v));
    av_release(h.v);
    wq_destroy(h.q);
}

static _Atomic int ids[64];
static _Atomic int nids;
static void record_id(void *a, void *b)
{
    sleep_us(2000);
    ids[atomic_fetch_add(&nids, 1)] = wq_thread_id();
    (void)a; (void)b;
}

Test(wq, thread_ids_differ_between_main_and_workers)
{
    int main_id = wq_thread_id();
    WorkQueue *q = make("mstd:2");
    for (int i = 0; i < 8; i++) wq_add_task(q, record_id, NULL, NULL);
    wq_quiesce(q);
    cr_assert_eq(atomic_load(&nids), 8);
    for (int i = 0; i < 8; i++) {
        cr_assert_neq(ids[i], main_id);
        cr_assert_lt(ids[i], main_id + 3);              /* at most 2 workers */
    }
    wq_destroy(q);
    WorkQueue *s = make("s");
    atomic_store(&nids, 0);
    wq_add_task(s, record_id, NULL, NULL);
    wq_quiesce(s);
    cr_assert_eq(ids[0], main_id);                       /* s runs on the caller */
    wq_destroy(s);
}

Test(wq, mstd_destroy_idle_queue_without_tasks)
{
    WorkQueue *q = make("mstd:8,8");
    wq_quiesce(q);
    AsyncValue *c = av_ready_chain();
    wq_await(q, &c, 1);
    cr_assert_eq(wq_threads_started(q), 0);
    wq_destroy(q);
}

/* {=====================================================================
** Request context
** ====================================================================== */

static int dtor_log[8], ndtor;
static void dtor(void *p) { dtor_log[ndtor++] = (int)(intptr_t)p; }

Test(rq, cancellation)
{
    int64_t live = av_live_count();
    WorkQueue *q = make("s");
    RequestContext *r = rq_new(q);
    cr_assert_eq(rq_queue(r), q);
    cr_assert_null(rq_cancelled(r));
    rq_retain(r);                          /* a nested invocation */
    rq_cancel(r);
    AsyncValue *c = rq_cancelled(r);
    cr_assert_not_null(c);
    cr_assert(av_is_error(c));
    cr_assert_str_eq(av_error(c)->msg, "Cancelled");
    cr_assert_eq(av_error(c)->code, ERR_CANCELLED);
    rq_cancel_msg(r, "Cancelled: timeout");      /* first cancellation wins */
    cr_assert_eq(rq_cancelled(r), c);
    rq_release(r);
    cr_assert_eq(rq_cancelled(r), c);            /* still alive: one ref left */
    rq_release(r);
    cr_assert_eq(av_live_count(), live);
    RequestContext *r2 = rq_new(q);              /* the next run starts uncancelled */
    cr_assert_null(rq_cancelled(r2));
    rq_cancel_msg(r2, "Cancelled: timeout");
    cr_assert_str_eq(av_error(rq_cancelled(r2))->msg, "Cancelled: timeout");
    cr_assert_eq(av_error(rq_cancelled(r2))->code, ERR_CANCELLED);
    rq_release(r2);
    cr_assert_eq(av_live_count(), live);
    wq_destroy(q);
}

Test(rq, resources)
{
    RequestContext *r = rq_new(NULL);
    cr_assert_null(rq_resource_get(r, "once:@f"));
    cr_assert(rq_resource_put(r, "once:@f", (void *)1, dtor));
    cr_assert(rq_resource_put(r, "once:@g", (void *)2, dtor));
    cr_assert(rq_resource_put(r, "plain", (void *)3, NULL));
    cr_assert(!rq_resource_put(r, "once:@f", (void *)4, dtor));
    cr_assert_eq(rq_resource_get(r, "once:@f"), (void *)1);
    cr_assert_eq(rq_resource_get(r, "once:@g"), (void *)2);
    cr_assert_eq(rq_resource_get(r, "plain"), (void *)3);
    rq_retain(r);
    rq_release(r);
    cr_assert_eq(ndtor, 0);
    rq_release(r);
    cr_assert_eq(ndtor, 2);
    cr_assert_eq(dtor_log[0], 2);          /* newest first */
    cr_assert_eq(dtor_log[1], 1);
}

static void cancel_racer(void *a, void *b) { rq_cancel(a); (void)b; }

Test(rq, concurrent_cancel_is_one_error)
{
    int64_t live = av_live_count();
    WorkQueue *q = make("mstd:2");
    for (int round = 0; round < 50; round++) {
        RequestContext *r = rq_new(q);
        for (int i = 0; i < 8; i++) wq_add_task(q, cancel_racer, r, NULL);
        wq_quiesce(q);
        cr_assert(av_is_error(rq_cancelled(r)));
        rq_release(r);
    }
    wq_destroy(q);
    cr_assert_eq(av_live_count(), live);
}

/* {=====================================================================
** Host allocator (docs/execution.md §1.10) and TFRT_LOG (docs/execution.md §1.9)
** ====================================================================== */

/* Reads what was written to [f] and strips each line's TFRT_LOG prefix. */
static char *messages(FILE *f, char *buf, size_t n)
{
    fflush(f);
    rewind(f);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
    char *out = buf, *p = buf;
    while (*p) {
        char *eol = strchr(p, '\n');
        char *sep = strstr(p, "] ");
        if (sep && (!eol || sep < eol)) {
            *out++ = *p;                 /* keep the severity letter */
            *out++ = ' ';
            p = sep + 2;
        }
        size_t len = eol ? (size_t)(eol - p + 1) : strlen(p);
        memmove(out, p, len);
        out += len;
        p += len;
    }
    *out = '\0';
    return buf;
}

Test(ha, banners_and_kinds)
{
    const char *names[] = { "malloc", "test_fixed_size_1k", "profiled_allocator", "leak_check_allocator" };
    const char *banners[] = { "Choosing malloc.", "Choosing fixed size malloc.",
                              "Choosing profiled allocator based on malloc.", "Choosing memory leak check allocator." };
    HostAllocKind kinds[] = { HA_MALLOC, HA_FIXED_SIZE_1K, HA_PROFILED, HA_LEAK_CHECK };
    for (int i = 0; i < 4; i++) {
        HostAllocator *a = ha_create(names[i], NULL);
        cr_assert_not_null(a);
        cr_assert_eq(ha_kind(a), kinds[i]);
        cr_assert_str_eq(ha_banner(a), banners[i]);
        ha_destroy(a);
    }
    cr_assert_null(ha_create("bogus", NULL));
}

Test(ha, fixed_size_messages)
{
    FILE *log = tmpfile();
    HostAllocator *a = ha_create("test_fixed_size_1k", log);
    void *small = ha_alloc(a, 32, 8);                 /* free and silent */
    void *p = ha_alloc(a, 192, 16);
    cr_assert_not_null(p);
    cr_assert_null(ha_alloc(a, 4160, 16));
    void *p2 = ha_alloc(a, 832, 64);                  /* exactly the rest */
    cr_assert_not_null(p2);
    cr_assert_eq((uintptr_t)p2 % 64, 0);
    cr_assert_null(ha_alloc(a, 33, 8));
    ha_free(a, p, 192);
    ha_free(a, p2, 832);
    ha_free(a, small, 32);
    char buf[2048];
    cr_assert_str_eq(messages(log, buf, sizeof buf),
        "I Allocating 192 bytes. 832 remaining.\n"
        "E Attempted to allocate 4160 bytes. However current capacity is only 832.\n"
        "I Allocating 832 bytes. 0 remaining.\n"
        "E Attempted to allocate 33 bytes. However current capacity is only 0.\n"
        "I Freeing 192 bytes. 192 available.\n"
        "I Freeing 832 bytes. 1024 available.\n");
    ha_destroy(a);
    fclose(log);
}

/* The leak report names the op behind every live block, grouped by op in
** source order, after thousands of blocks came and went (the live table
** grows and deletes by shifting back). */
Test(ha, leak_report_names_the_kernels)
{
    HostAllocator *a = ha_create("leak_check_allocator", NULL);
    Op early, late;
    memset(&early, 0, sizeof early);
    memset(&late, 0, sizeof late);
    early.name = "tfrt_dht.create_uninitialized_tensor.f32.1"; early.line = 3; early.col = 5;
    late.name = "tfrt_test.memory_leak_one_int32"; late.line = 9; late.col = 3;
    enum { N = 5000 };
    void **p = calloc(N, sizeof *p);
    cr_assert(p);
    for (int i = 0; i < N; i++) p[i] = ha_alloc_at(a, (size_t)(i % 7 + 1), 8, i % 2 ? &late : &early);
    /* Free all but three: two of `late` (i = 1, 4999) and one of `early` (i = 2500). */
    for (int i = 0; i < N; i++)
        if (i != 1 && i != N - 1 && i != 2500) ha_free(a, p[i], (size_t)(i % 7 + 1));
    FILE *out = tmpfile();
    cr_assert(ha_report_at_exit(a, out));
    char buf[2048];
    const char *text = messages(out, buf, sizeof buf);
    const char *tail = strstr(text, "Memory leak detected");
    cr_assert(tail, "%s", text);
    /* sizes i % 7 + 1: i=1 -> 2, i=4999 -> 2 (4999 = 7*714 + 1), i=2500 -> 2 (2500 = 7*357 + 1) */
    cr_assert_str_eq(tail,
        "Memory leak detected: 3 alive allocations, 6 alive bytes\n"
        "  1 allocation, 2 bytes: made by 'tfrt_dht.create_uninitialized_tensor.f32.1' at line 3:5\n"
        "  2 allocations, 4 bytes: made by 'tfrt_test.memory_leak_one_int32' at line 9:3\n");
    fclose(out);
    ha_free(a, p[1], 2);
    ha_free(a, p[N - 1], 2);
    ha_free(a, p[2500], 2);
    free(p);
    ha_destroy(a);
}

Test(ha, profile_and_leak_messages)
{
    HostAllocator *a = ha_create("leak_check_allocator", NULL);
    void *x = ha_alloc(a, 4, 4);
    void *y = ha_alloc(a, 100, 8);
    void *z = ha_alloc(a, 10, 8);
    ha_free(a, y, 100);
    ha_free(a, z, 10);
    HostAllocStats s = ha_stats(a);
    cr_assert_eq(s.cur_allocs, 1);
    cr_assert_eq(s.max_allocs, 3);
    cr_assert_eq(s.total_allocs, 3);
    cr_assert_eq(s.cur_bytes, 4);
    cr_assert_eq(s.max_bytes, 114);
    FILE *out = tmpfile();
    cr_assert(ha_report_at_exit(a, out));
    char buf[1024];
    cr_assert_str_eq(messages(out, buf, sizeof buf),
        "HostAllocator profile:\n"
        "Current number of allocations = 1\n"
        "Max number of allocations = 3\n"
        "Total number of allocations = 3\n"
        "Current number of bytes allocated = 4\n"
        "Max number of bytes allocated = 114\n"
        "Memory leak detected: 1 alive allocations, 4 alive bytes\n"
        "  1 allocation, 4 bytes: made outside any kernel\n");
    fclose(out);
    ha_free(a, x, 4);
    out = tmpfile();
    cr_assert(!ha_report_at_exit(a, out));               /* no leak: silent */
    cr_assert_str_eq(messages(out, buf, sizeof buf), "");
    fclose(out);
    ha_destroy(a);

    HostAllocator *p = ha_create("profiled_allocator", NULL);
    ha_free(p, ha_alloc(p, 8, 8), 8);
    out = tmpfile();
    cr_assert(!ha_report_at_exit(p, out));
    cr_assert_str_eq(messages(out, buf, sizeof buf),
        "HostAllocator profile:\n"
        "Current number of allocations = 0\n"
        "Max number of allocations = 1\n"
        "Total number of allocations = 1\n"
        "Current number of bytes allocated = 0\n"
        "Max number of bytes allocated = 8\n");
    fclose(out);
    ha_destroy(p);

    HostAllocator *m = ha_create("malloc", NULL);
    void *leak = ha_alloc(m, 16, 8);
    out = tmpfile();
    cr_assert(!ha_report_at_exit(m, out));               /* malloc never reports */
    cr_assert_str_eq(messages(out, buf, sizeof buf), "");
    fclose(out);
    ha_free(m, leak, 16);
    ha_destroy(m);
}

Test(ha, tfrt_log_format)
{
    FILE *f = tmpfile();
    tfrt_log(f, 'E', "/some/dir/work_queue.cc", 42, "Invalid argument for %s work queue: %d", "s", 1);
    fflush(f);
    rewind(f);
    char line[512];
    cr_assert_not_null(fgets(line, sizeof line, f));
    int y, mo, d, h, mi, s, us, tid, ln;
    char sev, file[64], msg[128];
    int n = sscanf(line, "%c %4d-%2d-%2d %2d:%2d:%2d.%6d %d %63[^:]:%d] %127[^\n]",
                   &sev, &y, &mo, &d, &h, &mi, &s, &us, &tid, file, &ln, msg);
    cr_assert_eq(n, 12, "bad log line: %s", line);
    cr_assert_eq(sev, 'E');
    cr_assert_str_eq(file, "work_queue.cc");
    cr_assert_eq(ln, 42);
    cr_assert_str_eq(msg, "Invalid argument for s work queue: 1");
    cr_assert_eq(line[21], '.');                 /* YYYY-MM-DD HH:MM:SS.uuuuuu */
    cr_assert_eq(line[28], ' ');
    fclose(f);
}

/* Nothing queued or running can resolve [v]: await gives up instead of
** hanging, as s does; a late resolution must not touch the finished await. */
Test(wq, mstd_await_returns_when_idle)
{
    WorkQueue *q = make("mstd:2");
    AsyncValue *v = av_new_unavailable();
    _Atomic int flag = 0;
    wq_add_task(q, slow_flag, &flag, NULL);
    wq_await(q, &v, 1);
    cr_assert(!av_is_resolved(v));
    cr_assert_eq(atomic_load(&flag), 1);       /* it waited for the running task */
    av_emplace(v, any_chain());                /* the stale continuation runs safely */
    av_release(v);
    wq_destroy(q);
}

/* A task that awaits on s (a nested synchronous invocation) runs the tasks
** queued behind it until its value is available, and no further. */
static AsyncValue *nested_v;
static void nested_awaiter(void *a, void *b)
{
    rec->order[rec->n++] = 9;
    wq_await(rec->q, &nested_v, 1);
    rec->order[rec->n++] = 10;
    (void)a; (void)b;
}

Test(wq, s_await_inside_a_task)
{
    Rec r = {0};
    rec = &r;
    r.q = make("s");
    nested_v = av_new_unavailable();
    r.resolve_at[2] = nested_v;
    wq_add_task(r.q, nested_awaiter, NULL, NULL);
    add(1); add(2); add(3);
    wq_quiesce(r.q);
    int want[] = { 9, 1, 2, 10, 3 };
    cr_assert_eq(r.n, 5);
    for (int i = 0; i < 5; i++) cr_assert_eq(r.order[i], want[i], "position %d", i);
    av_release(nested_v);
    wq_destroy(r.q);
}

/* A worker that quiesces while the only other work is running on another
** worker has nothing to help with: it waits for it. */
static _Atomic int long_done;
static void long_task(void *a, void *b) { sleep_us(30000); atomic_store(&long_done, 1); (void)a; (void)b; }
static void quiesce_in_task(void *a, void *b)
{
    while (!atomic_load((_Atomic int *)a)) sleep_us(100);   /* long_task is running */
    wq_quiesce(help->q);
    cr_assert_eq(atomic_load(&long_done), 1);
    (void)b;
}
static void mark_started(void *a, void *b) { atomic_store((_Atomic int *)a, 1); long_task(NULL, b); }

Test(wq, mstd_worker_quiesce_waits_for_other_workers)
{
    Help h = {0};
    help = &h;
    h.q = make("mstd:2");
    _Atomic int started = 0;
    wq_add_task(h.q, mark_started, &started, NULL);
    wq_add_task(h.q, quiesce_in_task, &started, NULL);
    wq_quiesce(h.q);
    cr_assert_eq(atomic_load(&long_done), 1);
    wq_destroy(h.q);
}

/* {=====================================================================
** The FIFO in chunks (interp/workqueue.c, Fifo): order and memory across
** chunk boundaries. The sizes below are several times the chunk (1024
** tasks), so they cross boundaries for any chunk size up to ~2000.
** ====================================================================== */

/* Task i adds tasks 2i+1 and 2i+2 (below [bfs_n]): a FIFO runs a binary
** tree breadth-first, which is 0, 1, 2, ... in order. The queue grows to
** about bfs_n/2 tasks while its head chunks are emptied and recycled. */
typedef struct Bfs { WorkQueue *q; int n, next, bad, max_queued; size_t max_chunks_over; } Bfs;
static Bfs *bfs;

static void bfs_task(void *a, void *b)
{
    int id = (int)(intptr_t)a;
    if (id != bfs->next++) bfs->bad++;
    for (int k = 1; k <= 2; k++)
        if (2 * id + k < bfs->n) wq_add_task(bfs->q, bfs_task, (void *)(intptr_t)(2 * id + k), NULL);
    /* Memory follows the queue: the chunks held beyond those its tasks
    ** need (1 + n/1024, counting a partly used one at each end) stay O(1). */
    size_t n = wq_ntasks(bfs->q), held = wq_chunks_held(bfs->q), need = n / 1024 + 2;
    if ((int)n > bfs->max_queued) bfs->max_queued = (int)n;
    if (held > need && held - need > bfs->max_chunks_over) bfs->max_chunks_over = held - need;
    (void)b;
}

Test(wq, s_fifo_order_across_chunks_with_recycled_head)
{
    Bfs s = { .n = 40000 };
    bfs = &s;
    s.q = make("s");
    cr_assert_eq(wq_chunks_held(s.q), 0);            /* nothing before the first push */
    for (int round = 0; round < 2; round++) {
        s.next = 0;
        wq_add_task(s.q, bfs_task, (void *)(intptr_t)0, NULL);
        wq_quiesce(s.q);
        cr_assert_eq(s.next, s.n, "round %d ran %d", round, s.next);
        cr_assert_eq(s.bad, 0, "round %d: %d tasks out of order", round, s.bad);
        cr_assert_geq(s.max_queued, 15000);          /* ~15 chunks' worth at once */
        cr_assert_leq(s.max_chunks_over, 1, "%zu chunks over", s.max_chunks_over);
        /* Drained: one chunk in use (emptied in place) and at most one spare. */
        cr_assert_leq(wq_chunks_held(s.q), 2, "%zu chunks after the drain", wq_chunks_held(s.q));
    }
    wq_destroy(s.q);
}

/* Steady flow: task i adds task i+3000 (below 12000), so ~3000 tasks stay
** queued while head and tail move through ~12 chunks; the order is 0..11999. */
static void flow_task(void *a, void *b)
{
    int id = (int)(intptr_t)a;
    if (id != seen_next++) seen_bad++;
    if (id + 3000 < 12000) wq_add_task((WorkQueue *)b, flow_task, (void *)(intptr_t)(id + 3000), b);
}

Test(wq, s_fifo_steady_flow_through_chunks)
{
    WorkQueue *q = make("s");
    seen_next = seen_bad = 0;
    for (int i = 0; i < 3000; i++) wq_add_task(q, flow_task, (void *)(intptr_t)i, q);
    cr_assert_eq(wq_ntasks(q), 3000);
    /* 5000 from the head one by one, as the explorer does, then the rest. */
    for (int i = 0; i < 5000; i++) wq_run_at(q, 0);
    cr_assert_eq(wq_ntasks(q), 3000);
    wq_quiesce(q);
    cr_assert_eq(seen_next, 12000);
    cr_assert_eq(seen_bad, 0);
    cr_assert_leq(wq_chunks_held(q), 2);
    wq_destroy(q);
}

/* The explorer's view across chunk boundaries, against a model: random
** pushes, wq_run_at at random places (often near a boundary) and from the
** head; after each step every wq_task_at matches the model. */
typedef struct Model { int ids[8192]; int n; int ran[600 * 600]; int nran; } Model;
static Model *model;
static void model_task(void *a, void *b) { model->ran[model->nran++] = (int)(intptr_t)a; (void)b; }

static void model_check(WorkQueue *q, int step)
{
    cr_assert_eq(wq_ntasks(q), (size_t)model->n, "step %d", step);
    for (int i = 0; i < model->n; i++) {
        TaskFn fn;
        void *a, *b;
        wq_task_at(q, (size_t)i, &fn, &a, &b);
        cr_assert_eq(fn, model_task);
        cr_assert_eq((int)(intptr_t)a, model->ids[i], "step %d, task %d: %d, want %d",
                     step, i, (int)(intptr_t)a, model->ids[i]);
        cr_assert_eq((int)(intptr_t)b, ~model->ids[i]);
    }
}

Test(wq, s_task_at_and_run_at_across_chunks)
{
    static Model m;
    memset(&m, 0, sizeof m);
    model = &m;
    WorkQueue *q = make("s");
    unsigned seed = 7;
    int next_id = 0;
    for (int step = 0; step < 600; step++) {
        seed = seed * 1103515245u + 12345u;
        unsigned r = seed >> 8;
        int op = r % 4;
        if (op == 0 || m.n < 2) {                    /* push up to 600 */
            int k = 1 + (int)((r >> 2) % 600);
            if (m.n + k > 8000) k = 8000 - m.n;
            for (int j = 0; j < k; j++, next_id++) {
                m.ids[m.n++] = next_id;
                wq_add_task(q, model_task, (void *)(intptr_t)next_id, (void *)(intptr_t)~next_id);
            }
        } else {
            int k = op == 1 ? 1 + (int)((r >> 2) % 600) : 1;  /* op 1: k from the head */
            for (int j = 0; j < k && m.n > 0; j++) {
                int i = 0;
                if (op == 2) i = (int)((r >> 2) % (unsigned)m.n);
                else if (op == 3) {                  /* around a multiple of 1024 */
                    i = 1024 * (int)((r >> 2) % 8) + (int)((r >> 5) % 5) - 2;
                    if (i < 0) i = 0;
                    if (i >= m.n) i = m.n - 1;
                }
                int want = m.ids[i];
                memmove(&m.ids[i], &m.ids[i + 1], (size_t)(m.n - i - 1) * sizeof m.ids[0]);
                m.n--;
                int before = m.nran;
                wq_run_at(q, (size_t)i);
                cr_assert_eq(m.nran, before + 1);
                cr_assert_eq(m.ran[before], want, "step %d: run_at(%d) ran %d, want %d", step, i, m.ran[before], want);
            }
        }
        model_check(q, step);
    }
    cr_assert_geq(next_id, 20000);                  /* ~20 chunks' worth went through */
    /* What is left runs in the model's order. */
    int left = m.n, before = m.nran;
    wq_quiesce(q);
    cr_assert_eq(m.nran, before + left);
    for (int i = 0; i < left; i++) cr_assert_eq(m.ran[before + i], m.ids[i], "leftover %d", i);
    cr_assert_leq(wq_chunks_held(q), 2);
    wq_destroy(q);
}

/* mstd: a task on a worker adds more than a chunk of tasks at once (and
** of blocking tasks): all run, and the drained queue holds O(1) chunks. */
typedef struct Burst { WorkQueue *q; _Atomic int ran, blocking_ran, refused; } Burst;
static Burst *burst;
static void burst_leaf(void *a, void *b) { atomic_fetch_add(&burst->ran, 1); (void)a; (void)b; }
static void burst_blocking_leaf(void *a, void *b) { atomic_fetch_add(&burst->blocking_ran, 1); (void)a; (void)b; }
static void burst_root(void *a, void *b)
{
    for (int i = 0; i < 5000; i++) wq_add_task(burst->q, burst_leaf, NULL, NULL);
    for (int i = 0; i < 3000; i++)
        if (!wq_add_blocking_task(burst->q, burst_blocking_leaf, NULL, NULL)) atomic_fetch_add(&burst->refused, 1);
    (void)a; (void)b;
}

Test(wq, mstd_task_adds_more_than_a_chunk)
{
    Burst s = {0};
    burst = &s;
    s.q = make("mstd:2,1");
    wq_set_max_pending_blocking(s.q, 10000);
    for (int round = 0; round < 3; round++) {
        atomic_store(&s.ran, 0);
        atomic_store(&s.blocking_ran, 0);
        wq_add_task(s.q, burst_root, NULL, NULL);
        wq_quiesce(s.q);
        cr_assert_eq(atomic_load(&s.ran), 5000, "round %d", round);
        cr_assert_eq(atomic_load(&s.refused), 0);
        cr_assert_eq(atomic_load(&s.blocking_ran), 3000, "round %d", round);
        cr_assert_leq(wq_chunks_held(s.q), 4, "%zu chunks after the drain", wq_chunks_held(s.q));
    }
    wq_destroy(s.q);
}
