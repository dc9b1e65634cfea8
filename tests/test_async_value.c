/*
** test_async_value.c — AsyncValue lifecycle, transitions, continuations,
** forwarding, allocation and concurrency.
*/
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <stdlib.h>

#include "base/freelist.h"
#include "interp/async_value.h"

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define SLOW_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
/* Sanitized builds are ~10x slower; stress tests scale their rounds. */
#ifdef SLOW_BUILD
#define STRESS_SCALE 1
#else
#define STRESS_SCALE 8
#endif

TestSuite(av, .timeout = 20.0);

static int64_t live0, objs0;
static void setup(void) { live0 = av_live_count(); objs0 = obj_live_count(); }
static void no_leaks(void)
{
    cr_assert_eq(av_live_count(), live0, "leaked %lld async values", (long long)(av_live_count() - live0));
    cr_assert_eq(obj_live_count(), objs0, "leaked %lld objects", (long long)(obj_live_count() - objs0));
}

/* {=====================================================================
** Lifecycle and refcounts
** ====================================================================== */

Test(av, last_release_frees)
{
    setup();
    AsyncValue *v = av_new_available(any_int(ANY_I32, 7));   /* +1 */
    cr_assert_eq(av_refcount(v), 1);
    cr_assert_eq(av_live_count(), live0 + 1);
    av_retain(v);
    cr_assert_eq(av_refcount(v), 2);
    av_release(v);
    cr_assert_eq(av_live_count(), live0 + 1);
    cr_assert_eq(av_get(v)->v.i, 7);
    av_release(v);
    no_leaks();
}

Test(av, release_frees_payload_object)
{
    setup();
    AsyncValue *v = av_new_available(any_str("more than seven", 15));
    cr_assert_eq(obj_live_count(), objs0 + 1);
    av_release(v);
    no_leaks();
}

Test(av, unresolved_value_may_die_with_waiters)
{
    setup();
    AsyncValue *v = av_new_unavailable();
    for (int i = 0; i < 10; i++) av_and_then(v, (AVCallback)abort, NULL, NULL);
    av_release(v);                    /* the continuations are dropped, never run */
    AsyncValue *i = av_new_indirect();
    av_and_then(i, (AVCallback)abort, NULL, NULL);
    av_release(i);
    no_leaks();
}

Test(av, ready_chain_is_immortal)
{
    setup();
    AsyncValue *c = av_ready_chain();
    cr_assert_eq(c, av_ready_chain());
    cr_assert(av_is_available(c));
    cr_assert_eq(av_get(c)->type, ANY_CHAIN);
    for (int i = 0; i < 5; i++) av_release(c);
    av_retain(c);
    cr_assert(av_is_available(c));
    cr_assert(!av_try_emplace(c, any_int(ANY_I32, 1)));
    cr_assert(!av_try_set_error(c, ERR_INTERNAL, "x"));
    cr_assert(!av_is_unique(c));
    no_leaks();
}

Test(av, uniqueness)
{
    setup();
    AsyncValue *v = av_new_available(any_int(ANY_I32, 1));
    cr_assert(av_is_unique(v));
    av_retain(v);
    cr_assert(!av_is_unique(v));
    av_release(v);
    AsyncValue *i = av_new_indirect();
    cr_assert(av_is_unique(i));
    av_forward(i, v);
    av_release(v);                     /* only i holds v now */
    cr_assert(av_is_unique(i));
    av_retain(av_resolve_target(i));   /* a second holder of the target */
    cr_assert(!av_is_unique(i));
    av_release(av_resolve_target(i));
    cr_assert(av_is_unique(i));
    av_release(i);
    no_leaks();
}

/* {=====================================================================
** Transitions and rejected repeats
** ====================================================================== */

Test(av, unavailable_to_available_once)
{
    setup();
    AsyncValue *v = av_new_unavailable();
    cr_assert_eq(av_state(v), AV_UNAVAILABLE);
    cr_assert(!av_is_resolved(v));
    cr_assert(!av_is_indirect(v));
    av_emplace(v, any_int(ANY_I64, 42));
    cr_assert_eq(av_state(v), AV_AVAILABLE);
    int64_t rej = av_rejected_count();
    cr_assert(!av_try_emplace(v, any_str("a heap string!", 14)));   /* released */
    cr_assert(!av_try_set_error(v, ERR_INTERNAL, "late"));
    cr_assert_eq(av_rejected_count(), rej + 2);
    cr_assert_eq(av_state(v), AV_AVAILABLE);
    cr_assert_eq(av_get(v)->v.i, 42);
    av_release(v);
    no_leaks();
}

Test(av, unavailable_to_error_once)
{
    setup();
    AsyncValue *v = av_new_unavailable();
    av_set_error(v, ERR_INTERNAL, "boom");
    cr_assert(av_is_error(v));
    cr_assert_str_eq(av_error(v)->msg, "boom");
    cr_assert_eq(av_error(v)->code, ERR_INTERNAL);
    cr_assert(!av_try_emplace(v, any_int(ANY_I32, 1)));
    cr_assert(!av_try_set_error(v, ERR_CANCELLED, "again"));
    ErrorObj *e = obj_error(ERR_UNKNOWN, "obj");
    cr_assert(!av_try_set_error_obj(v, e));
    cr_assert_eq(obj_refcount(&e->hdr), 1);      /* not kept on rejection */
    obj_release(&e->hdr);
    cr_assert_str_eq(av_error(v)->msg, "boom");
    av_release(v);
    no_leaks();
}

Test(av, created_resolved_values_reject_resolution)
{
    setup();
    AsyncValue *a = av_new_available(any_f32(1.5f));
    AsyncValue *e = av_new_error(ERR_CANCELLED, "Cancelled");
    cr_assert(!av_try_emplace(a, any_f32(2)));
    cr_assert(!av_try_set_error(e, ERR_INTERNAL, "x"));
    cr_assert_eq(av_get(a)->v.f32, 1.5f);
    cr_assert_str_eq(av_error(e)->msg, "Cancelled");
    av_release(a);
    av_release(e);
    no_leaks();
}

#ifndef NDEBUG
Test(av, repeated_emplace_asserts_in_debug, .signal = SIGABRT)
{
    cr_redirect_stderr();
    AsyncValue *v = av_new_unavailable();
    av_emplace(v, any_int(ANY_I32, 1));
    av_emplace(v, any_int(ANY_I32, 2));
}

Test(av, repeated_forward_asserts_in_debug, .signal = SIGABRT)
{
    cr_redirect_stderr();
    AsyncValue *i = av_new_indirect();
    av_forward(i, av_ready_chain());
    av_forward(i, av_ready_chain());
}

Test(av, get_of_unavailable_asserts, .signal = SIGABRT)
{
    cr_redirect_stderr();
    AsyncValue *v = av_new_unavailable();
    (void)av_get(v);
}

Test(av, get_of_error_asserts, .signal = SIGABRT)
{
    cr_redirect_stderr();
    AsyncValue *v = av_new_error(ERR_INTERNAL, "x");
    (void)av_get(v);
}

Test(av, error_of_available_asserts, .signal = SIGABRT)
{
    cr_redirect_stderr();
    AsyncValue *v = av_new_available(any_chain());
    (void)av_error(v);
}
#endif

#if !defined(NDEBUG) && !defined(UNDER_ASAN)
Test(av, double_release_asserts_in_debug, .signal = SIGABRT)
{
    cr_redirect_stderr();
    AsyncValue *v = av_new_available(any_int(ANY_I32, 1));
    av_release(v);
    av_release(v);
}
#endif

#ifdef UNDER_ASAN
/* Pool blocks are not freed, but a released value is poisoned. */
Test(av, use_after_release_is_reported_by_asan, .exit_code = 1)
{
    cr_redirect_stderr();
    AsyncValue *v = av_new_available(any_int(ANY_I32, 1));
    av_release(v);
    av_retain(v);
}
#endif

Test(av, error_payloads_and_codes)
{
    setup();
    ErrorObj *e = obj_error(ERR_INTERNAL, "something bad happened");
    AsyncValue *a = av_new_error_obj(e);               /* takes e's ref */
    cr_assert_eq(av_error_obj(a), e);
    cr_assert_eq(obj_refcount(&e->hdr), 1);
    AsyncValue *b = av_new_unavailable();
    av_set_error_obj(b, e);                            /* borrows: retains */
    cr_assert_eq(obj_refcount(&e->hdr), 2);
    cr_assert_eq(av_error(b), e);                      /* shared, not copied */
    av_release(a);
    cr_assert_str_eq(av_error(b)->msg, "something bad happened");
    av_release(b);
    cr_assert_str_eq(error_code_name(ERR_OK), "OK");
    cr_assert_str_eq(error_code_name(ERR_CANCELLED), "CANCELLED");
    cr_assert_str_eq(error_code_name(ERR_INVALID_ARGUMENT), "INVALID_ARGUMENT");
    cr_assert_str_eq(error_code_name(ERR_INTERNAL), "INTERNAL");
    cr_assert_str_eq(error_code_name(ERR_UNAUTHENTICATED), "UNAUTHENTICATED");
    cr_assert_str_eq(error_code_name((ErrorCode)99), "UNKNOWN");
    no_leaks();
}

Test(av, set_from_copies_state)
{
    setup();
    AsyncValue *s = av_new_available(any_str("shared payload", 14));
    AsyncValue *d = av_new_unavailable();
    av_set_from(d, s);
    cr_assert_eq(av_get(d)->v.obj, av_get(s)->v.obj);        /* payload shared */
    cr_assert_eq(obj_refcount(av_get(s)->v.obj), 2);
    AsyncValue *err = av_new_error(ERR_INTERNAL, "bad");
    AsyncValue *d2 = av_new_unavailable();
    av_set_from(d2, err);
    cr_assert_str_eq(av_error(d2)->msg, "bad");
    AsyncValue *i = av_new_indirect();
    av_set_from(i, err);
    cr_assert(av_is_error(i));
    cr_assert_eq(av_error(i), av_error(err));
    av_release(s); av_release(d); av_release(err); av_release(d2); av_release(i);
    no_leaks();
}

/* {=====================================================================
** Continuations
** ====================================================================== */

typedef struct Log { int n; int order[64]; } Log;
static void log_cb(void *a, void *b) { Log *l = a; l->order[l->n++] = (int)(intptr_t)b; }

Test(av, continuations_run_in_reverse_registration_order)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    for (int i = 0; i < 5; i++) av_and_then(v, log_cb, &log, (void *)(intptr_t)i);
    cr_assert_eq(log.n, 0);
    av_emplace(v, any_chain());
    cr_assert_eq(log.n, 5);
    for (int i = 0; i < 5; i++) cr_assert_eq(log.order[i], 4 - i);
    av_and_then(v, log_cb, &log, (void *)(intptr_t)9);     /* resolved: at once */
    cr_assert_eq(log.n, 6);
    cr_assert_eq(log.order[5], 9);
    av_release(v);
    no_leaks();
}

Test(av, continuations_run_on_error_too)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    av_and_then(v, log_cb, &log, (void *)1);
    av_and_then(v, log_cb, &log, (void *)2);
    av_set_error(v, ERR_INTERNAL, "e");
    cr_assert_eq(log.n, 2);
    cr_assert_eq(log.order[0], 2);
    av_release(v);
    no_leaks();
}

typedef struct Reent { AsyncValue *v; Log *log; } Reent;
static void reent_cb(void *a, void *b)
{
    Reent *r = a;
    log_cb(r->log, b);
    /* The value is resolved now: a continuation registered from inside a
    ** continuation runs at once, and releasing the value here is allowed. */
    av_and_then(r->v, log_cb, r->log, (void *)100);
    if ((intptr_t)b == 0) av_release(r->v);
}

Test(av, continuation_may_register_and_release)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    Reent r = { v, &log };
    av_and_then(v, reent_cb, &r, (void *)0);
    av_and_then(v, reent_cb, &r, (void *)1);
    av_emplace(v, any_chain());
    int want[] = { 1, 100, 0, 100 };
    cr_assert_eq(log.n, 4);
    for (int i = 0; i < 4; i++) cr_assert_eq(log.order[i], want[i]);
    no_leaks();
}

static void count_cb(void *a, void *b) { (*(int64_t *)a)++; (void)b; }

typedef struct Seq { int64_t next; bool ok; } Seq;
static void seq_cb(void *a, void *b)
{
    Seq *s = a;
    if ((int64_t)(intptr_t)b != s->next) s->ok = false;
    s->next--;
}

/* Runs [fn] on a thread with a 256 KiB stack: an implementation that
** recursed once per forwarding link or continuation (about 50 bytes a frame
** at the least) would overflow it with 100 000 of them. */
static void *small_stack_main(void *p)
{
    ((void (*)(void))p)();
    return NULL;
}

static void on_small_stack(void (*fn)(void))
{
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 256 * 1024);
    pthread_t t;
    cr_assert_eq(pthread_create(&t, &at, small_stack_main, (void *)fn), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&at);
}

static void hundred_body(void);
Test(av, hundred_thousand_continuations) { on_small_stack(hundred_body); }
static void hundred_body(void)
{
    setup();
    enum { N = 100000 };
    Seq s = { N - 1, true };
    AsyncValue *v = av_new_unavailable();
    for (intptr_t i = 0; i < N; i++) av_and_then(v, seq_cb, &s, (void *)i);
    av_emplace(v, any_int(ANY_I32, 1));
    cr_assert(s.ok, "continuations ran out of reverse order");
    cr_assert_eq(s.next, -1);
    av_release(v);
    no_leaks();
}

/* {=====================================================================
** Forwarding
** ====================================================================== */

Test(av, forward_to_available_resolves_at_once)
{
    setup();
    Log log = {0};
    AsyncValue *t = av_new_available(any_int(ANY_I32, 5));
    AsyncValue *i = av_new_indirect();
    cr_assert(av_is_indirect(i));
    cr_assert(!av_is_bound(i));
    av_and_then(i, log_cb, &log, (void *)1);
    av_forward(i, t);
    cr_assert(av_is_bound(i));
    cr_assert_eq(log.n, 1);
    cr_assert(av_is_available(i));
    cr_assert_eq(av_get(i), av_get(t));            /* the same payload */
    cr_assert_eq(av_refcount(t), 2);               /* i keeps t alive */
    av_release(t);
    cr_assert_eq(av_get(i)->v.i, 5);
    cr_assert_eq(av_live_count(), live0 + 1 + 1);
    av_release(i);
    no_leaks();
}

Test(av, forward_to_unavailable_waits)
{
    setup();
    Log log = {0};
    AsyncValue *t = av_new_unavailable();
    AsyncValue *i = av_new_indirect();
    av_and_then(t, log_cb, &log, (void *)1);
    av_forward(i, t);
    av_and_then(i, log_cb, &log, (void *)2);
    av_and_then(i, log_cb, &log, (void *)3);
    av_and_then(t, log_cb, &log, (void *)4);
    cr_assert(av_is_bound(i));
    cr_assert_eq(av_state(i), AV_UNAVAILABLE);
    av_set_error(t, ERR_INTERNAL, "late error");
    cr_assert(av_is_error(i));
    cr_assert_str_eq(av_error(i)->msg, "late error");
    /* t's list (newest first): 4, [i: 3, 2], 1 — as if i's waiters ran
    ** inside i's own continuation on t. */
    int want[] = { 4, 3, 2, 1 };
    cr_assert_eq(log.n, 4);
    for (int k = 0; k < 4; k++) cr_assert_eq(log.order[k], want[k]);
    av_release(i);
    av_release(t);
    no_leaks();
}

Test(av, forward_rejections)
{
    setup();
    AsyncValue *i = av_new_indirect();
    AsyncValue *j = av_new_indirect();
    cr_assert(!av_try_forward(i, i));               /* itself */
    cr_assert(av_try_forward(i, j));
    cr_assert(!av_try_forward(j, i));               /* cycle j -> i -> j */
    cr_assert(!av_try_forward(i, av_ready_chain())); /* bound twice */
    cr_assert(!av_try_emplace(i, any_int(ANY_I32, 1)));
    /* i is bound but still waiting (j is unbound): every transition is refused. */
    cr_assert(!av_try_set_error(i, ERR_INTERNAL, "x"));
    ErrorObj *e = obj_error(ERR_INTERNAL, "y");
    cr_assert(!av_try_set_error_obj(i, e));
    obj_release(&e->hdr);
    cr_assert_eq(av_state(i), AV_UNAVAILABLE);
    AsyncValue *c = av_new_unavailable();
    cr_assert(!av_try_forward(c, j));               /* concrete values do not forward */
    av_forward(j, av_ready_chain());
    cr_assert(!av_try_set_error(j, ERR_INTERNAL, "x"));   /* bound and resolved */
    cr_assert(!av_try_emplace(j, any_chain()));
    cr_assert(av_is_available(i));
    cr_assert_eq(av_get(i)->type, ANY_CHAIN);
    av_emplace(c, any_chain());
    av_release(i); av_release(j); av_release(c);
    no_leaks();
}

Test(av, emplace_into_unbound_indirect)
{
    setup();
    Log log = {0};
    AsyncValue *i = av_new_indirect();
    av_and_then(i, log_cb, &log, (void *)1);
    av_emplace(i, any_str("payload on heap", 15));
    cr_assert_eq(log.n, 1);
    cr_assert(av_is_available(i));
    cr_assert(av_is_bound(i));
    cr_assert(!av_try_forward(i, av_ready_chain()));
    AsyncValue *k = av_new_indirect();
    av_set_error(k, ERR_CANCELLED, "Cancelled");
    cr_assert_eq(av_error(k)->code, ERR_CANCELLED);
    av_release(i);
    av_release(k);
    no_leaks();
}

Test(av, forward_to_bound_indirect_binds_final_target)
{
    setup();
    AsyncValue *c = av_new_unavailable();
    AsyncValue *i1 = av_new_indirect();
    AsyncValue *i2 = av_new_indirect();
    av_forward(i1, c);
    av_forward(i2, i1);
    cr_assert_eq(av_resolve_target(i2), c);
    cr_assert_eq(av_refcount(i1), 1);               /* i2 did not take i1 */
    cr_assert_eq(av_refcount(c), 3);                /* creator, i1, i2 */
    av_release(i1);                                 /* i2 does not need it */
    av_emplace(c, any_int(ANY_I32, 3));
    cr_assert_eq(av_get(i2)->v.i, 3);
    av_release(c);
    av_release(i2);
    no_leaks();
}

/* A chain built towards the tail: i[k] is bound to i[k+1] while i[k+1] is
** still unbound, so nothing can shortcut; resolving the tail publishes all
** of them. Every link has a continuation. */
static void chain_deep_body(void);
Test(av, forwarding_chain_100000_deep) { on_small_stack(chain_deep_body); }
static void chain_deep_body(void)
{
    setup();
    enum { N = 100000 };
    AsyncValue **iv = malloc(N * sizeof *iv);
    int64_t ran = 0;
    for (int k = 0; k < N; k++) iv[k] = av_new_indirect();
    for (int k = 0; k + 1 < N; k++) {
        av_forward(iv[k], iv[k + 1]);
        av_and_then(iv[k], count_cb, &ran, NULL);
    }
    cr_assert_eq(av_resolve_target(iv[0]), iv[N - 1]);
    AsyncValue *c = av_new_unavailable();
    av_forward(iv[N - 1], c);
    cr_assert_eq(ran, 0);
    av_emplace(c, any_int(ANY_I64, 77));
    cr_assert_eq(ran, N - 1);
    cr_assert_eq(av_get(iv[0])->v.i, 77);
    cr_assert_eq(av_resolve_target(iv[0]), c);
    av_release(c);
    for (int k = 0; k < N; k++) av_release(iv[k]);
    free(iv);
    no_leaks();
}

/* Releasing the head of a 100 000-long chain that nobody else holds frees
** the whole chain, iteratively. */
static void chain_release_body(void);
Test(av, releasing_a_long_chain_is_iterative) { on_small_stack(chain_release_body); }
static void chain_release_body(void)
{
    setup();
    enum { N = 100000 };
    AsyncValue *head = av_new_indirect(), *cur = head;
    for (int k = 1; k < N; k++) {
        AsyncValue *next = av_new_indirect();
        av_forward(cur, next);
        av_release(next);          /* only cur holds it now */
        cur = next;
    }
    cr_assert_eq(av_live_count(), live0 + N);
    cr_assert(av_is_unique(head));
    av_forward(cur, av_ready_chain());
    cr_assert(av_is_available(head));
    av_release(head);
    no_leaks();
}

/* The same chain built from the head: each new link binds to the final
** target directly. */
static void chain_head_body(void);
Test(av, chain_built_from_head_binds_to_final_target) { on_small_stack(chain_head_body); }
static void chain_head_body(void)
{
    setup();
    enum { N = 100000 };
    AsyncValue *c = av_new_unavailable();
    AsyncValue *prev = av_new_indirect();
    av_forward(prev, c);
    AsyncValue *first = prev;
    av_retain(first);
    for (int k = 1; k < N; k++) {
        AsyncValue *i = av_new_indirect();
        av_forward(i, prev);
        av_release(prev);
        prev = i;
    }
    cr_assert_eq(av_resolve_target(prev), c);
    av_emplace(c, any_chain());
    cr_assert(av_is_available(prev) && av_is_available(first));
    av_release(prev);
    av_release(first);
    av_release(c);
    no_leaks();
}

/* {=====================================================================
** Kept continuations (av_and_then_local: a value's first waiter kept in
** the value, for values one thread touches)
** ====================================================================== */

static void expect_order(const Log *log, const int *want, int n)
{
    cr_assert_eq(log->n, n, "%d continuations ran, want %d", log->n, n);
    for (int k = 0; k < n; k++)
        cr_assert_eq(log->order[k], want[k], "continuation %d is %d, want %d", k, log->order[k], want[k]);
}

Test(av, kept_continuation_runs_last_as_the_first_registered)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    av_and_then_local(v, log_cb, &log, (void *)1);    /* kept in v */
    cr_assert(av_has_waiters(v));
    av_and_then(v, log_cb, &log, (void *)2);
    av_and_then_local(v, log_cb, &log, (void *)3);    /* v keeps one already: a block */
    cr_assert_eq(log.n, 0);
    ErrorObj *o = obj_error(ERR_INTERNAL, "payload"); /* an object payload, released with v */
    av_emplace(v, any_obj(&o->hdr));
    int want[] = { 3, 2, 1 };
    expect_order(&log, want, 3);
    cr_assert_eq(av_get(v)->type, ANY_OBJ);
    av_and_then_local(v, log_cb, &log, (void *)4);    /* resolved: at once */
    cr_assert_eq(log.order[3], 4);
    av_release(v);
    no_leaks();
}

Test(av, kept_continuation_on_error)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    av_and_then_local(v, log_cb, &log, (void *)1);
    av_set_error(v, ERR_CANCELLED, "gone");
    int want[] = { 1 };
    expect_order(&log, want, 1);
    cr_assert_str_eq(av_error(v)->msg, "gone");
    av_release(v);
    no_leaks();
}

Test(av, kept_continuation_on_unbound_indirect)
{
    setup();
    Log log = {0};
    AsyncValue *i = av_new_indirect();
    av_and_then_local(i, log_cb, &log, (void *)1);
    av_and_then(i, log_cb, &log, (void *)2);
    /* The kept words sit where the target will go: i is still unbound. */
    cr_assert(!av_is_bound(i));
    cr_assert_eq(av_resolve_target(i), i);
    cr_assert(av_is_unique(i));
    cr_assert_eq(av_refcount(i), 1);
    AsyncValue *c = av_new_available(any_int(ANY_I32, 7));
    av_forward(i, c);
    int want[] = { 2, 1 };
    expect_order(&log, want, 2);
    cr_assert_eq(av_get(i)->v.i, 7);
    av_release(c);
    av_release(i);
    no_leaks();
}

Test(av, kept_continuation_joins_the_list_when_bound_to_unavailable)
{
    setup();
    Log log = {0};
    AsyncValue *t = av_new_unavailable();
    av_and_then(t, log_cb, &log, (void *)1);
    AsyncValue *i = av_new_indirect();
    av_and_then_local(i, log_cb, &log, (void *)2);    /* kept */
    av_and_then(i, log_cb, &log, (void *)3);
    av_forward(i, t);                                  /* 2 moves to the tail of i's list */
    cr_assert(av_is_bound(i));
    cr_assert_eq(av_resolve_target(i), t);
    av_and_then(i, log_cb, &log, (void *)4);
    av_and_then(t, log_cb, &log, (void *)5);
    cr_assert_eq(log.n, 0);
    av_emplace(t, any_int(ANY_I32, 1));
    /* t's list, newest first: 5, [i's: 4, 3, 2], 1. */
    int want[] = { 5, 4, 3, 2, 1 };
    expect_order(&log, want, 5);
    av_release(i);
    av_release(t);
    no_leaks();
}

Test(av, kept_continuation_moves_out_for_a_kept_word)
{
    setup();
    Log log = {0};
    AsyncValue *w = av_new_unavailable();
    AsyncValue *i = av_new_indirect();
    av_and_then_local(i, log_cb, &log, (void *)1);
    av_and_then(i, log_cb, &log, (void *)2);
    av_unbound_keep(i, w);                             /* 1 moves to a block */
    cr_assert_eq(av_unbound_kept(i), w);
    cr_assert(!av_is_bound(i));
    av_and_then_local(i, log_cb, &log, (void *)3);    /* keeps a word: a block */
    cr_assert_eq(av_unbound_kept(i), w);
    av_emplace(i, any_int(ANY_I32, 2));
    int want[] = { 3, 2, 1 };
    expect_order(&log, want, 3);
    av_release(i);
    av_release(w);
    no_leaks();
}

Test(av, value_may_die_keeping_a_continuation)
{
    setup();
    Log log = {0};
    /* The kept words look like a target and a payload; dying, the value
    ** must follow neither: [other] keeps its one reference. */
    AsyncValue *other = av_new_available(any_int(ANY_I32, 3));
    AsyncValue *v = av_new_unavailable();
    av_and_then_local(v, log_cb, other, other);
    av_release(v);
    AsyncValue *i = av_new_indirect();
    av_and_then_local(i, log_cb, other, other);
    av_and_then(i, log_cb, &log, (void *)1);
    av_release(i);
    cr_assert_eq(log.n, 0);
    cr_assert_eq(av_refcount(other), 1);
    av_release(other);
    no_leaks();
}

static void other_cb(void *a, void *b) { Log *l = a; l->order[l->n++] = 1000 + (int)(intptr_t)b; }

Test(av, retarget_changes_a_waiter_in_its_place)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    av_and_then_local(v, log_cb, &log, (void *)0x100000001);   /* kept */
    av_and_then(v, log_cb, &log, (void *)0x200000002);         /* blocks */
    av_and_then(v, log_cb, &log, (void *)0x300000003);
    /* Matched on the function, the first word and b's high half. */
    cr_assert(!av_retarget_local(v, log_cb, ~(uintptr_t)0, (uintptr_t)&log, ~(uintptr_t)0xffffffffu, (uintptr_t)4 << 32, other_cb, &log, (void *)4));
    cr_assert(!av_retarget_local(v, other_cb, ~(uintptr_t)0, (uintptr_t)&log, 0, 0, log_cb, &log, (void *)4));
    cr_assert(av_retarget_local(v, log_cb, ~(uintptr_t)0, (uintptr_t)&log, ~(uintptr_t)0xffffffffu, (uintptr_t)2 << 32, other_cb, &log, (void *)20));
    cr_assert(av_retarget_local(v, log_cb, ~(uintptr_t)0, (uintptr_t)&log, ~(uintptr_t)0xffffffffu, (uintptr_t)1 << 32, other_cb, &log, (void *)10));
    av_emplace(v, any_chain());
    /* Newest first, each where it was: 3, then 2's and 1's replacements. */
    cr_assert_eq(log.n, 3);
    cr_assert_eq(log.order[0], 3);
    cr_assert_eq(log.order[1], 1020);
    cr_assert_eq(log.order[2], 1010);
    cr_assert(!av_retarget_local(v, other_cb, ~(uintptr_t)0, (uintptr_t)&log, 0, 0, log_cb, &log, NULL));   /* resolved */
    av_release(v);
    no_leaks();
}

Test(av, retarget_of_a_kept_waiter_to_a_far_function_keeps_its_place)
{
    setup();
    Log log = {0};
    AsyncValue *i = av_new_indirect();
    av_and_then_local(i, log_cb, &log, (void *)1);   /* kept */
    av_and_then(i, log_cb, &log, (void *)2);
    /* A function too far from av_and_then_local for the kept offset (the
    ** C library's, in a PIE build): the waiter moves to a block at the
    ** list's tail, where the kept one runs. Never called: it is changed
    ** again before the value resolves. */
    AVCallback far = (AVCallback)(void (*)(void))abort;
    cr_assert(av_retarget_local(i, log_cb, ~(uintptr_t)0, (uintptr_t)&log, ~(uintptr_t)0, 1, far, &log, (void *)1));
    cr_assert(!av_is_bound(i));
    cr_assert(av_retarget_local(i, far, ~(uintptr_t)0, (uintptr_t)&log, 0, 0, other_cb, &log, (void *)1));
    AsyncValue *c = av_new_available(any_int(ANY_I32, 5));
    av_forward(i, c);
    cr_assert_eq(log.n, 2);
    cr_assert_eq(log.order[0], 2);
    cr_assert_eq(log.order[1], 1001);
    av_release(c);
    av_release(i);
    no_leaks();
}

/* A continuation of one word and its value (av_and_then_local_v): logs
** [id], or -[id] when the second word is not the value it waits for. */
typedef struct VCb { Log *log; AsyncValue *v; int id; } VCb;
static void vcb(void *a, void *b)
{
    VCb *c = a;
    c->log->order[c->log->n++] = b == (void *)c->v ? c->id : -c->id;
}

/* The calling thread's cached blocks, after making sure it has some: a
** continuation that takes a block takes one of them. */
static int cached_blocks(void)
{
    void *x = fl_alloc(), *y = fl_alloc();
    fl_free(x);
    fl_free(y);
    return fl_tl.n;
}

Test(av, kept_v_continuation_beside_a_word_kept_for_the_binder)
{
    setup();
    Log log = {0};
    AsyncValue *w = av_new_unavailable();
    AsyncValue *i = av_new_indirect();
    VCb c1 = { &log, i, 1 }, c3 = { &log, i, 3 };
    av_unbound_keep(i, w);
    int n0 = cached_blocks();
    av_and_then_local_v(i, vcb, &c1);                  /* kept in the forwarding word */
    cr_assert_eq(fl_tl.n, n0, "a block was taken");
    cr_assert_eq(av_unbound_kept(i), w);
    cr_assert(!av_is_bound(i));
    cr_assert(av_has_waiters(i));
    cr_assert_eq(av_resolve_target(i), i);
    av_and_then(i, log_cb, &log, (void *)2);
    av_and_then_local_v(i, vcb, &c3);                  /* i keeps one already: a block */
    cr_assert_eq(av_unbound_kept(i), w);
    AsyncValue *c = av_new_available(any_int(ANY_I32, 9));
    av_forward(i, c);
    int want[] = { 3, 2, 1 };
    expect_order(&log, want, 3);
    cr_assert_eq(av_get(i)->v.i, 9);
    VCb c4 = { &log, i, 4 };
    av_and_then_local_v(i, vcb, &c4);                  /* resolved: at once */
    cr_assert_eq(log.order[3], 4);
    av_release(c);
    av_release(i);
    av_release(w);
    no_leaks();
}

Test(av, kept_v_continuation_joins_the_list_with_its_value)
{
    setup();
    Log log = {0};
    AsyncValue *w = av_new_unavailable();
    AsyncValue *t = av_new_unavailable();
    av_and_then(t, log_cb, &log, (void *)1);
    AsyncValue *i = av_new_indirect();
    VCb c2 = { &log, i, 2 };
    av_unbound_keep(i, w);
    av_and_then_local_v(i, vcb, &c2);                  /* kept */
    av_and_then(i, log_cb, &log, (void *)3);
    av_forward(i, t);                                  /* 2 moves to the tail of i's list, with i */
    cr_assert_eq(av_resolve_target(i), t);
    av_and_then(t, log_cb, &log, (void *)4);
    av_set_error(t, ERR_ABORTED, "no");
    int want[] = { 4, 3, 2, 1 };
    expect_order(&log, want, 4);
    cr_assert(av_is_error(i));
    av_release(i);
    av_release(t);
    av_release(w);
    no_leaks();
}

Test(av, kept_v_continuation_on_a_concrete_value_and_dying)
{
    setup();
    Log log = {0};
    AsyncValue *v = av_new_unavailable();
    VCb c1 = { &log, v, 1 };
    av_and_then_local_v(v, vcb, &c1);
    av_and_then(v, log_cb, &log, (void *)2);
    av_emplace(v, any_int(ANY_I32, 4));
    int want[] = { 2, 1 };
    expect_order(&log, want, 2);
    av_release(v);
    /* Dying unresolved, the kept word is neither a target nor a payload,
    ** and the binder's word stays the binder's. */
    AsyncValue *other = av_new_available(any_int(ANY_I32, 3));
    AsyncValue *i = av_new_indirect();
    av_unbound_keep(i, other);
    av_and_then_local_v(i, log_cb, other);
    av_release(i);
    cr_assert_eq(log.n, 2);
    cr_assert_eq(av_refcount(other), 1);
    av_release(other);
    no_leaks();
}

Test(av, word_kept_for_the_binder_leaves_a_kept_v_continuation_in_place)
{
    setup();
    Log log = {0};
    AsyncValue *w = av_new_unavailable();
    AsyncValue *i = av_new_indirect();
    VCb c1 = { &log, i, 1 };
    av_and_then_local_v(i, vcb, &c1);
    int n0 = cached_blocks();
    av_unbound_keep(i, w);                             /* no block: the word is free */
    cr_assert_eq(fl_tl.n, n0, "the kept continuation moved to a block");
    cr_assert_eq(av_unbound_kept(i), w);
    AsyncValue *c = av_new_available(any_int(ANY_I32, 1));
    av_forward(i, c);
    int want[] = { 1 };
    expect_order(&log, want, 1);
    av_release(c);
    av_release(i);
    av_release(w);
    no_leaks();
}

Test(av, retarget_between_one_and_two_words_in_place)
{
    setup();
    Log log = {0};
    AsyncValue *w = av_new_unavailable();
    AsyncValue *i = av_new_indirect();
    VCb c5 = { &log, i, 5 }, c6 = { &log, i, 6 };
    av_and_then_local(i, log_cb, &log, (void *)7);    /* kept, two words */
    av_and_then(i, log_cb, &log, (void *)2);
    /* Two words -> one (the new second word is the value): still kept,
    ** and the old second word is not taken for a binder's. */
    int n0 = cached_blocks();
    cr_assert(av_retarget_local(i, log_cb, ~(uintptr_t)0, (uintptr_t)&log, ~(uintptr_t)0, 7, vcb, &c5, i));
    cr_assert_eq(fl_tl.n, n0);
    cr_assert_null(av_unbound_kept(i));
    av_unbound_keep(i, w);
    cr_assert_eq(fl_tl.n, n0, "the kept continuation moved to a block");
    /* One word -> one, matched on the first word under a mask. */
    cr_assert(!av_retarget_local(i, vcb, ~(uintptr_t)0, (uintptr_t)&c6, 0, 0, vcb, &c6, i));
    cr_assert(av_retarget_local(i, vcb, ~(uintptr_t)0, (uintptr_t)&c5, 0, 0, vcb, &c6, i));
    cr_assert_eq(fl_tl.n, n0);
    /* One -> two words while the binder's word is kept: a block, in the
    ** kept one's place, and the binder's word stays. */
    cr_assert(av_retarget_local(i, vcb, ~(uintptr_t)0, (uintptr_t)&c6, 0, 0, log_cb, &log, (void *)8));
    cr_assert_eq(av_unbound_kept(i), w);
    av_and_then(i, log_cb, &log, (void *)3);
    AsyncValue *c = av_new_available(any_int(ANY_I32, 1));
    av_forward(i, c);
    int want[] = { 3, 2, 8 };
    expect_order(&log, want, 3);
    av_release(c);
    av_release(i);
    av_release(w);
    no_leaks();
}

Test(av, retarget_of_the_sole_kept_v_continuation)
{
    setup();
    Log log = {0};
    AsyncValue *w = av_new_unavailable();
    AsyncValue *i = av_new_indirect();
    VCb c1 = { &log, i, 1 }, c2 = { &log, i, 2 }, c3 = { &log, i, 3 };
    av_unbound_keep(i, w);
    av_and_then_local_v(i, vcb, &c1);
    cr_assert(av_retarget_sole_local(i, vcb, &c2));    /* the only one, kept: rewritten */
    cr_assert_eq(av_unbound_kept(i), w);
    av_and_then(i, log_cb, &log, (void *)4);
    cr_assert(!av_retarget_sole_local(i, vcb, &c3));   /* not the only one */
    AsyncValue *c = av_new_available(any_int(ANY_I32, 1));
    av_forward(i, c);
    int want[] = { 4, 2 };
    expect_order(&log, want, 2);
    cr_assert(!av_retarget_sole_local(i, vcb, &c3));   /* resolved */
    /* Two words kept: not this form. */
    AsyncValue *v = av_new_unavailable();
    av_and_then_local(v, log_cb, &log, (void *)5);
    cr_assert(!av_retarget_sole_local(v, vcb, &c3));
    av_emplace(v, any_chain());
    cr_assert_eq(log.order[2], 5);
    av_release(v);
    av_release(c);
    av_release(i);
    av_release(w);
    no_leaks();
}

/* {=====================================================================
** Allocation
** ====================================================================== */

static void nop_cb(void *a, void *b) { (void)a; (void)b; }

Test(av, steady_state_needs_no_malloc)
{
    setup();
    for (int i = 0; i < 1000; i++) av_release(av_new_unavailable());   /* warm up */
    int64_t m = av_malloc_count();
    for (int i = 0; i < 200000; i++) {
        AsyncValue *v = av_new_unavailable();
        av_and_then(v, nop_cb, NULL, NULL);
        AsyncValue *ind = av_new_indirect();
        av_forward(ind, v);
        av_emplace(v, any_int(ANY_I32, i));
        av_release(ind);
        av_release(v);
    }
    cr_assert_eq(av_malloc_count(), m, "%lld mallocs in steady state", (long long)(av_malloc_count() - m));
    no_leaks();
}

/* {=====================================================================
** Concurrency: several threads racing and_then against resolution
** ====================================================================== */

enum { RACE_VALUES = 4096, RACE_WAITERS = 2, RACE_PER = 4 };

typedef struct Race {
    AsyncValue **vals;            /* what the waiters register on */
    AsyncValue **targets;         /* forward targets (some unresolved) */
    _Atomic int *counts;
    _Atomic int go;
    int mode;                     /* 0 emplace, 1 set_error, 2 forward, 3 mixed */
} Race;

static void race_cb(void *a, void *b)
{
    atomic_fetch_add_explicit((_Atomic int *)a, 1, memory_order_relaxed);
    (void)b;
}

static void *race_waiter(void *p)
{
    Race *r = p;
    while (!atomic_load(&r->go)) {}
    for (int i = 0; i < RACE_VALUES; i++)
        for (int k = 0; k < RACE_PER; k++) av_and_then(r->vals[i], race_cb, &r->counts[i], NULL);
    return NULL;
}

static void *race_resolver(void *p)
{
    Race *r = p;
    while (!atomic_load(&r->go)) {}
    for (int i = 0; i < RACE_VALUES; i++) {
        int mode = r->mode == 3 ? i % 3 : r->mode;
        AsyncValue *v = r->vals[i];
        if (mode == 0) av_emplace(v, any_int(ANY_I32, i));
        else if (mode == 1) av_set_error(v, ERR_INTERNAL, "race");
        else {
            av_forward(v, r->targets[i]);
            /* Resolve an earlier unresolved target: a forward made before. */
            if (i % 2 == 1) av_emplace(r->targets[i - 1], any_int(ANY_I32, i));
        }
    }
    return NULL;
}

static void race_round(int mode)
{
    Race r = {0};
    r.mode = mode;
    r.vals = malloc(RACE_VALUES * sizeof *r.vals);
    r.targets = calloc(RACE_VALUES, sizeof *r.targets);
    r.counts = calloc(RACE_VALUES, sizeof *r.counts);
    for (int i = 0; i < RACE_VALUES; i++) {
        int m = mode == 3 ? i % 3 : mode;
        r.vals[i] = m == 2 ? av_new_indirect() : av_new_unavailable();
        if (m == 2) {
            r.targets[i] = i % 2 == 0 ? av_new_unavailable() : av_new_available(any_int(ANY_I32, i));
        }
    }
    /* In mixed mode, target i-1 may not exist (i-1 not a forward); give
    ** every odd forward an even partner. */
    for (int i = 1; i < RACE_VALUES; i += 2)
        if (r.targets[i] && !r.targets[i - 1]) r.targets[i - 1] = av_new_unavailable();
    pthread_t w[RACE_WAITERS], res;
    for (int k = 0; k < RACE_WAITERS; k++) pthread_create(&w[k], NULL, race_waiter, &r);
    pthread_create(&res, NULL, race_resolver, &r);
    atomic_store(&r.go, 1);
    for (int k = 0; k < RACE_WAITERS; k++) pthread_join(w[k], NULL);
    pthread_join(res, NULL);
    /* Targets that no odd forward resolved: resolve them now. */
    for (int i = 0; i < RACE_VALUES; i++)
        if (r.targets[i] && !av_is_resolved(r.targets[i])) av_emplace(r.targets[i], any_chain());
    for (int i = 0; i < RACE_VALUES; i++) {
        cr_assert(av_is_resolved(r.vals[i]));
        cr_assert_eq(atomic_load(&r.counts[i]), RACE_WAITERS * RACE_PER,
                     "value %d (mode %d): %d continuations ran", i, mode, atomic_load(&r.counts[i]));
        av_release(r.vals[i]);
        if (r.targets[i]) av_release(r.targets[i]);
    }
    free(r.vals);
    free(r.targets);
    free(r.counts);
}

Test(av, race_and_then_vs_emplace)
{
    setup();
    for (int round = 0; round < 4 * STRESS_SCALE; round++) race_round(0);
    no_leaks();
}

Test(av, race_and_then_vs_set_error)
{
    setup();
    for (int round = 0; round < 4 * STRESS_SCALE; round++) race_round(1);
    no_leaks();
}

Test(av, race_and_then_vs_forward)
{
    setup();
    for (int round = 0; round < 4 * STRESS_SCALE; round++) race_round(2);
    no_leaks();
}

Test(av, race_mixed)
{
    setup();
    for (int round = 0; round < 4 * STRESS_SCALE; round++) race_round(3);
    no_leaks();
}

/* Chains built on one thread while other threads register on every link
** and a third resolves the tail at a random point. */
enum { CHAIN_LEN = 2000 };
typedef struct ChainRace {
    AsyncValue *links[CHAIN_LEN];
    AsyncValue *tail;
    _Atomic int counts[CHAIN_LEN];
    _Atomic int go;
    _Atomic int forwarded;
    int variant;
} ChainRace;

/* Variant 0 binds head-first (a real chain, connected to the tail last);
** variant 1 binds the last link to the tail first and then goes head-ward
** (each link binds straight to the final target). */
static void *chain_binder(void *p)
{
    ChainRace *c = p;
    while (!atomic_load(&c->go)) {}
    if (c->variant == 0) {
        for (int k = 0; k + 1 < CHAIN_LEN; k++) {
            av_forward(c->links[k], c->links[k + 1]);
            atomic_store(&c->forwarded, k + 1);
        }
        av_forward(c->links[CHAIN_LEN - 1], c->tail);
    } else {
        av_forward(c->links[CHAIN_LEN - 1], c->tail);
        for (int k = CHAIN_LEN - 1; k > 0; k--) {
            av_forward(c->links[k - 1], c->links[k]);
            atomic_store(&c->forwarded, CHAIN_LEN - k);
        }
    }
    return NULL;
}

static void *chain_waiter(void *p)
{
    ChainRace *c = p;
    while (!atomic_load(&c->go)) {}
    for (int k = 0; k < CHAIN_LEN; k++) av_and_then(c->links[k], race_cb, &c->counts[k], NULL);
    return NULL;
}

static void *chain_resolver(void *p)
{
    ChainRace *c = p;
    while (!atomic_load(&c->go)) {}
    while (atomic_load(&c->forwarded) < CHAIN_LEN / 2) {}
    av_emplace(c->tail, any_int(ANY_I32, 1));
    return NULL;
}

Test(av, race_chains_of_forwards)
{
    setup();
    for (int round = 0; round < 2 * STRESS_SCALE; round++) {
        ChainRace *c = calloc(1, sizeof *c);
        for (int k = 0; k < CHAIN_LEN; k++) c->links[k] = av_new_indirect();
        c->tail = av_new_unavailable();
        c->variant = round % 2;
        pthread_t t[4];
        pthread_create(&t[0], NULL, chain_binder, c);
        pthread_create(&t[1], NULL, chain_waiter, c);
        pthread_create(&t[2], NULL, chain_waiter, c);
        pthread_create(&t[3], NULL, chain_resolver, c);
        atomic_store(&c->go, 1);
        for (int k = 0; k < 4; k++) pthread_join(t[k], NULL);
        for (int k = 0; k < CHAIN_LEN; k++) {
            cr_assert(av_is_available(c->links[k]));
            cr_assert_eq(av_get(c->links[k])->v.i, 1);
            cr_assert_eq(atomic_load(&c->counts[k]), 2, "link %d ran %d", k, atomic_load(&c->counts[k]));
            av_release(c->links[k]);
        }
        av_release(c->tail);
        free(c);
    }
    no_leaks();
}

/* Values created on one thread and released on another: the pool moves
** blocks between threads through the global list. */
enum { XFER = 100000 };
typedef struct Xfer { AsyncValue **vals; _Atomic int produced; } Xfer;

static void *xfer_consumer(void *p)
{
    Xfer *x = p;
    for (int i = 0; i < XFER; i++) {
        while (atomic_load_explicit(&x->produced, memory_order_acquire) <= i) {}
        av_emplace(x->vals[i], any_int(ANY_I32, i));
        av_release(x->vals[i]);
    }
    return NULL;
}

Test(av, cross_thread_create_and_release)
{
    setup();
    Xfer x = { malloc(XFER * sizeof(AsyncValue *)), 0 };
    pthread_t t;
    pthread_create(&t, NULL, xfer_consumer, &x);
    for (int i = 0; i < XFER; i++) {
        x.vals[i] = av_new_unavailable();
        atomic_store_explicit(&x.produced, i + 1, memory_order_release);
    }
    pthread_join(t, NULL);
    free(x.vals);
    no_leaks();          /* the consumer's share survives its exit */
}

/* Two threads racing to resolve the same values (a program bug, but the
** value must stay consistent): exactly one transition wins each time, the
** loser's payload is released, and every continuation runs once. */
enum { DUEL = 20000 };
typedef struct Duel {
    AsyncValue *vals[DUEL];
    AsyncValue *targets[DUEL];
    _Atomic int wins[DUEL];
    _Atomic int ran[DUEL];
    _Atomic int go;
} Duel;

static void *duel_emplacer(void *p)
{
    Duel *d = p;
    while (!atomic_load(&d->go)) {}
    for (int i = 0; i < DUEL; i++) {
        bool ok;
        if (av_is_indirect(d->vals[i])) ok = av_try_forward(d->vals[i], d->targets[i]);
        else if (i % 2) ok = av_try_emplace(d->vals[i], any_str("a payload on the heap", 21));
        else ok = av_try_set_error(d->vals[i], ERR_INTERNAL, "lost?");
        if (ok) atomic_fetch_add(&d->wins[i], 1);
        av_and_then(d->vals[i], race_cb, &d->ran[i], NULL);
    }
    return NULL;
}

Test(av, racing_resolutions_have_one_winner)
{
    setup();
    int64_t rej = av_rejected_count();
    Duel *d = calloc(1, sizeof *d);
    for (int i = 0; i < DUEL; i++) {
        d->vals[i] = i % 3 == 0 ? av_new_indirect() : av_new_unavailable();
        if (i % 3 == 0) d->targets[i] = i % 2 ? av_ready_chain() : av_new_unavailable();
    }
    pthread_t t[3];
    for (int k = 0; k < 3; k++) pthread_create(&t[k], NULL, duel_emplacer, d);
    atomic_store(&d->go, 1);
    for (int k = 0; k < 3; k++) pthread_join(t[k], NULL);
    for (int i = 0; i < DUEL; i++) {
        cr_assert_eq(atomic_load(&d->wins[i]), 1, "value %d: %d winners", i, atomic_load(&d->wins[i]));
        if (d->targets[i] && !av_is_resolved(d->targets[i])) av_emplace(d->targets[i], any_chain());
        cr_assert_eq(atomic_load(&d->ran[i]), 3);
        av_release(d->vals[i]);
        if (d->targets[i]) av_release(d->targets[i]);
    }
    cr_assert_eq(av_rejected_count(), rej + 2 * DUEL);
    free(d);
    no_leaks();
}

Test(av, mutable_payload_is_shared_by_forwarders)
{
    setup();
    AsyncValue *v = av_new_available(any_int(ANY_I64, 1));
    AsyncValue *i = av_new_indirect();
    av_forward(i, v);
    av_get_mut(i)->v.i = 41;                /* mutation through the forwarder */
    av_get_mut(v)->v.i++;
    cr_assert_eq(av_get(i)->v.i, 42);
    cr_assert_eq(av_get_mut(i), av_get_mut(v));
    av_release(i);
    av_release(v);
    no_leaks();
}

/* One thread binds indirect values to targets while another resolves the
** targets at the same moment, so bindings land on both sides of each
** target's publication (including the window between reading its state and
** pushing the forward node). */
enum { BIND = 50000 };
typedef struct Bind { AsyncValue *ind[BIND], *tgt[BIND]; _Atomic int go; _Atomic int ran[BIND]; } Bind;

static void *bind_forwarder(void *p)
{
    Bind *b = p;
    while (!atomic_load(&b->go)) {}
    for (int k = 0; k < BIND; k++) {
        av_and_then(b->ind[k], race_cb, &b->ran[k], NULL);
        av_forward(b->ind[k], b->tgt[k]);
    }
    return NULL;
}

static void *bind_resolver(void *p)
{
    Bind *b = p;
    while (!atomic_load(&b->go)) {}
    for (int k = 0; k < BIND; k++) av_emplace(b->tgt[k], any_int(ANY_I32, k));
    return NULL;
}

Test(av, race_forward_vs_target_resolution)
{
    setup();
    Bind *b = calloc(1, sizeof *b);
    for (int round = 0; round < STRESS_SCALE; round++) {
        for (int k = 0; k < BIND; k++) {
            b->ind[k] = av_new_indirect();
            b->tgt[k] = av_new_unavailable();
            atomic_store(&b->ran[k], 0);
        }
        atomic_store(&b->go, 0);
        pthread_t t1, t2;
        pthread_create(&t1, NULL, bind_forwarder, b);
        pthread_create(&t2, NULL, bind_resolver, b);
        atomic_store(&b->go, 1);
        pthread_join(t1, NULL);
        pthread_join(t2, NULL);
        for (int k = 0; k < BIND; k++) {
            cr_assert_eq(av_get(b->ind[k])->v.i, k);
            cr_assert_eq(atomic_load(&b->ran[k]), 1);
            av_release(b->ind[k]);
            av_release(b->tgt[k]);
        }
    }
    free(b);
    no_leaks();
}
