/*
** async_value.c — AsyncValue: states, continuations, forwarding, and the
** free-list allocator behind them (docs/execution.md §2).
**
** Representation. Every value has one atomic word [ws] holding its state in
** the two low bits and, while unresolved, a pointer to its list of waiters
** (continuations) in the other bits:
**
**   UNAVAILABLE  nobody has resolved it yet; waiters may be pushed
**   CLAIMED      a resolver won the right to resolve it (concrete: it is
**                writing the payload; indirect: it is bound and waits for its
**                target); waiters may still be pushed
**   AVAILABLE / ERROR   published; the list is gone
**
** The waiter list is a lock-free stack (push by CAS), so running it from the
** head gives the REVERSE registration order that docs/execution.md §2 requires. Resolving is
** two atomic operations: a CAS UNAVAILABLE -> CLAIMED (which is how a repeat
** transition is detected without touching the payload) and an exchange that
** publishes the state and detaches the list in one step. A waiter that loses
** the race against the exchange sees the published state and runs at once.
**
** Forwarding. An indirect value bound to an unresolved target pushes a
** special "forward" node on the target's list (holding a reference on the
** indirect value). When the target's list runs, a forward node is not a
** call: the indirect value is published in place and its own waiters are
** spliced in front of the rest of the list, which is exactly the order a
** recursive implementation would give, but with an explicit worklist, so
** chains of any length use constant C stack. Releasing a chain is iterative
** for the same reason. A published indirect value caches its final concrete
** value in [final], so reading a payload is one hop.
**
** Allocation. Values and waiter nodes are 32-byte blocks (half a cache line)
** from one pool: a per-thread free list (an allocator cache, the only
** thread-local state here), refilled from and spilled to a global list under
** a mutex, which is refilled by malloc'ing slabs. In steady state no block
** comes from malloc. Slabs are never returned (they stay reachable from
** [slabs]). The per-thread cache also holds that thread's share of the live
** count, so counting costs no shared cache line; av_live_count() sums the
** shares. Under AddressSanitizer a free block is poisoned, so a use after
** release is still reported although the memory is not freed.
**
** Global state: the pool (free lists, slab list, counters) and the immortal
** ready chain. All of it is allocator state or accounting.
*/
#include "base/alloc.h"
#include "interp/async_value.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define AV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AV_ASAN 1
#endif
#endif
#ifdef AV_ASAN
#include <sanitizer/asan_interface.h>
#endif

/* ORDER ERRCODE */
static const char *const code_names[] = {
    "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
    "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
    "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
};

const char *error_code_name(ErrorCode c)
{
    if ((unsigned)c < sizeof code_names / sizeof code_names[0]) return code_names[c];
    return "UNKNOWN";
}

/* {=====================================================================
** Representation
** ====================================================================== */

/* The struct and these constants are in async_value.h (for the inline
** fast paths); their meaning is here. */
enum { ST_UNAVAILABLE = AV__UNAVAILABLE, ST_CLAIMED = AV__CLAIMED,
       ST_AVAILABLE = AV__AVAILABLE, ST_ERROR = AV__ERROR };
#define ST_MASK ((uintptr_t)3)

enum { K_CONCRETE = AV__CONCRETE, K_INDIRECT = AV__INDIRECT, K_IMMORTAL = AV__IMMORTAL };

typedef struct WaitNode {
    AVCallback fn;           /* fwd_marker: a forward node, a = the indirect value */
    void *a, *b;
    struct WaitNode *next;
} WaitNode;

/* struct AsyncValue (async_value.h):
**   refs   user references (atomic; 0 once dead, kept so that a double
**          release trips the assert)
**   kind   K_*, fixed at creation
**   ws     state bits | waiter list
**   u.payload   concrete: the value, or the ErrorObj for ERROR
**   u.ind.fwd   indirect: bound target (+1), NULL while unbound
**   u.ind.final indirect, once published: the concrete value */

/* Never called: its address marks forward nodes. */
static void fwd_marker(void *a, void *b) { (void)a; (void)b; abort(); }

/* {=====================================================================
** Block pool
** ====================================================================== */

/* A block is 32 bytes, a value or a waiter exactly; blocks are 32-byte
** aligned, so none straddles a cache line. The free-list link overlays the
** payload (offset 16), away from the value's header, so a released value
** keeps refs == 0 and kind intact: a double release trips the assert in
** av_release, and under ASan the header is poisoned. */
#define BLOCK_SIZE 32
#define LINK_OFFSET 16
typedef union Block {
    AsyncValue av;
    WaitNode wn;
    struct { unsigned char head[LINK_OFFSET]; union Block *next; } fl;
} Block;

_Static_assert(sizeof(AsyncValue) <= 32 && sizeof(WaitNode) <= 32, "values and waiters are 32 bytes");
_Static_assert(sizeof(Block) == BLOCK_SIZE, "pool blocks are 32 bytes");
_Static_assert(offsetof(Block, fl.next) == LINK_OFFSET, "the link overlays the payload");

/* Why these sizes: a slab is 8 KiB (one malloc per 255 blocks); a thread
** keeps up to CACHE_MAX blocks and spills/refills BATCH at a time, so a
** producer/consumer pair of threads takes the global lock once per 128
** values. */
#define SLAB_BLOCKS 256
#define CACHE_MAX 512
#define BATCH 128

#ifdef AV_ASAN
#define POISON(b)   ASAN_POISON_MEMORY_REGION((b), LINK_OFFSET)
#define UNPOISON(b) ASAN_UNPOISON_MEMORY_REGION((b), sizeof(Block))
#else
#define POISON(b)   ((void)0)
#define UNPOISON(b) ((void)0)
#endif

typedef struct Cache {
    Block *free;
    int nfree;
    bool registered;
    _Atomic int64_t live;           /* values created minus destroyed here */
    struct Cache *next, *prev;      /* registry of live threads' caches */
} Cache;

static _Thread_local Cache tc;

static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static Block *gfree;                /* global free list (pool_mu) */
static Block *slabs;                /* every slab, linked by its first block */
static int64_t dead_live;           /* live share of exited threads (pool_mu) */
static Cache *caches;               /* registered caches (pool_mu) */
static _Atomic int64_t nmalloc;
static _Atomic int64_t nrejected;
static pthread_key_t cache_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

/* Thread exit: give the cached blocks and the live share back. */
static void cache_exit(void *p)
{
    Cache *c = p;
    pthread_mutex_lock(&pool_mu);
    while (c->free) {
        Block *b = c->free;
        c->free = b->fl.next;
        b->fl.next = gfree;
        gfree = b;
    }
    c->nfree = 0;
    dead_live += atomic_load_explicit(&c->live, memory_order_relaxed);
    atomic_store_explicit(&c->live, 0, memory_order_relaxed);
    if (c->prev) c->prev->next = c->next; else caches = c->next;
    if (c->next) c->next->prev = c->prev;
    c->registered = false;
    pthread_mutex_unlock(&pool_mu);
}

static void make_key(void) { pthread_key_create(&cache_key, cache_exit); }

static void cache_register(void)
{
    pthread_once(&key_once, make_key);
    pthread_mutex_lock(&pool_mu);
    tc.prev = NULL;
    tc.next = caches;
    if (caches) caches->prev = &tc;
    caches = &tc;
    tc.registered = true;
    pthread_mutex_unlock(&pool_mu);
    pthread_setspecific(cache_key, &tc);
}

static Block *block_alloc_slow(void)
{
    if (!tc.registered) cache_register();
    pthread_mutex_lock(&pool_mu);
    if (!gfree) {
        Block *slab = aligned_alloc(BLOCK_SIZE, SLAB_BLOCKS * sizeof(Block));
        if (!slab) tf_out_of_memory();
        atomic_fetch_add_explicit(&nmalloc, 1, memory_order_relaxed);
        slab[0].fl.next = slabs;
        slabs = slab;
        for (int i = SLAB_BLOCKS - 1; i >= 1; i--) {
            slab[i].fl.next = gfree;
            gfree = &slab[i];
        }
    }
    for (int i = 0; i < BATCH && gfree; i++) {
        Block *b = gfree;
        gfree = b->fl.next;
        b->fl.next = tc.free;
        tc.free = b;
        tc.nfree++;
    }
    pthread_mutex_unlock(&pool_mu);
    Block *b = tc.free;
    tc.free = b->fl.next;
    tc.nfree--;
    return b;
}

static inline Block *block_alloc(void)
{
    Block *b = tc.free;
    if (b) {
        UNPOISON(b);
        tc.free = b->fl.next;
        tc.nfree--;
    } else {
        b = block_alloc_slow();
        UNPOISON(b);
    }
    return b;
}

static void block_spill(void)
{
    if (!tc.registered) cache_register();
    Block *first = tc.free, *last = first;
    for (int i = 1; i < BATCH; i++) last = last->fl.next;
    tc.free = last->fl.next;
    tc.nfree -= BATCH;
    pthread_mutex_lock(&pool_mu);
    last->fl.next = gfree;
    gfree = first;
    pthread_mutex_unlock(&pool_mu);
}

static inline void block_free(Block *b)
{
    b->fl.next = tc.free;
    POISON(b);
    tc.free = b;
    if (++tc.nfree > CACHE_MAX || !tc.registered) {
        if (tc.nfree > CACHE_MAX) block_spill();
        else cache_register();
    }
}

static inline void live_add(int64_t d)
{
    int64_t n = atomic_load_explicit(&tc.live, memory_order_relaxed);
    atomic_store_explicit(&tc.live, n + d, memory_order_relaxed);
}

int64_t av_live_count(void)
{
    pthread_mutex_lock(&pool_mu);
    int64_t n = dead_live;
    for (Cache *c = caches; c; c = c->next) n += atomic_load_explicit(&c->live, memory_order_relaxed);
    /* The calling thread's share even if it never touched the pool lock. */
    if (!tc.registered) n += atomic_load_explicit(&tc.live, memory_order_relaxed);
    pthread_mutex_unlock(&pool_mu);
    return n;
}

int64_t av_malloc_count(void)   { return atomic_load_explicit(&nmalloc, memory_order_relaxed); }
int64_t av_rejected_count(void) { return atomic_load_explicit(&nrejected, memory_order_relaxed); }

/* {=====================================================================
** Creation and reference counting
** ====================================================================== */

static AsyncValue ready_chain = {
    .refs = 1, .kind = K_IMMORTAL, .ws = ST_AVAILABLE,
    .u.payload = { .type = ANY_CHAIN },
};

AsyncValue *av_ready_chain(void) { return &ready_chain; }

static inline __attribute__((always_inline)) AsyncValue *av_make(uint8_t kind, uintptr_t ws)
{
    AsyncValue *v = &block_alloc()->av;
    atomic_init(&v->refs, 1);
    v->kind = kind;
    atomic_init(&v->ws, ws);
    live_add(1);
    return v;
}

AsyncValue *av_new_unavailable(void)
{
    AsyncValue *v = av_make(K_CONCRETE, ST_UNAVAILABLE);
    v->u.payload = any_none();
    return v;
}

AsyncValue *av_new_available(Any p)
{
    AsyncValue *v = av_make(K_CONCRETE, ST_AVAILABLE);
    v->u.payload = p;
    return v;
}

AsyncValue *av_new_error_obj(ErrorObj *e)
{
    AsyncValue *v = av_make(K_CONCRETE, ST_ERROR);
    v->u.payload = any_obj(&e->hdr);
    return v;
}

AsyncValue *av_new_error(ErrorCode code, const char *msg)
{
    return av_new_error_obj(obj_error(code, msg));
}

AsyncValue *av_new_indirect(void)
{
    AsyncValue *v = av_make(K_INDIRECT, ST_UNAVAILABLE);
    atomic_init(&v->u.ind.fwd, NULL);
    v->u.ind.final = NULL;
    return v;
}

void av_retain_n(AsyncValue *v, uint32_t n)
{
    if (n == 0 || v->kind == K_IMMORTAL) return;
    atomic_fetch_add_explicit(&v->refs, n, memory_order_relaxed);
}

/* Frees the user waiters of a value that dies unresolved: their
** continuations can never run. (A forward node cannot be here: it holds a
** value that holds this one.) */
static void drop_waiters(uintptr_t ws)
{
    if ((ws & ST_MASK) >= ST_AVAILABLE) return;
    WaitNode *n = (WaitNode *)(ws & ~ST_MASK);
    while (n) {
        WaitNode *next = n->next;
        assert(n->fn != fwd_marker);
        block_free((Block *)n);
        n = next;
    }
}

/* Drops one reference to live [v]; true if it was the last one. A sole
** owner needs no read-modify-write: nobody else can add a reference to a
** value they do not hold (TFRT's DropRef trick). */
static inline bool drop_ref(AsyncValue *v)
{
    uint32_t n = atomic_load_explicit(&v->refs, memory_order_acquire);
    assert(n > 0 && "av_release of a dead AsyncValue");
    if (n != 1) {
        uint32_t old = atomic_fetch_sub_explicit(&v->refs, 1, memory_order_acq_rel);
        assert(old > 0 && "av_release of a dead AsyncValue");
        if (old != 1) return false;
    }
    return true;
}

/* Frees [v], whose last reference is gone. Iterative: freeing an indirect
** value releases its target, which may in turn be the last reference to
** another indirect value, and so on. Out of line so that av_release's
** common case (not the last reference) stays a few instructions with no
** registers to save. */
void av__destroy(AsyncValue *v)
{
    for (;;) {
        atomic_store_explicit(&v->refs, 0, memory_order_relaxed);
        AsyncValue *next = NULL;
        drop_waiters(atomic_load_explicit(&v->ws, memory_order_acquire));
        if (v->kind == K_INDIRECT) next = atomic_load_explicit(&v->u.ind.fwd, memory_order_acquire);
        else if (v->u.payload.type == ANY_OBJ) any_release(v->u.payload);
        live_add(-1);
        block_free((Block *)v);
        v = next;
        if (!v || v->kind == K_IMMORTAL || !drop_ref(v)) return;
    }
}


/* References held by users: a bound indirect value that still waits for its
** target is also held by the forward node on the target's list; that
** internal reference is not counted. */
static uint32_t user_refs(const AsyncValue *v)
{
    AsyncValue *m = (AsyncValue *)v;
    uint32_t n = atomic_load_explicit(&m->refs, memory_order_acquire);
    if (m->kind == K_INDIRECT && (atomic_load_explicit(&m->ws, memory_order_acquire) & ST_MASK) == ST_CLAIMED &&
        atomic_load_explicit(&m->u.ind.fwd, memory_order_acquire) && n > 1)
        n--;
    return n;
}

uint32_t av_refcount(const AsyncValue *v) { return user_refs(v); }

bool av_is_unique(const AsyncValue *v)
{
    AsyncValue *p = (AsyncValue *)v;
    for (;;) {
        if (p->kind == K_IMMORTAL) return false;
        if (user_refs(p) != 1) return false;
        if (p->kind != K_INDIRECT) return true;
        AsyncValue *t = atomic_load_explicit(&p->u.ind.fwd, memory_order_acquire);
        if (!t) return true;
        p = t;
    }
}

/* {=====================================================================
** Resolving
** ====================================================================== */

static inline unsigned ws_state(uintptr_t ws) { return (unsigned)(ws & ST_MASK); }

/* The concrete value behind published [t]. */
static inline AsyncValue *final_of(AsyncValue *t)
{
    return t->kind == K_INDIRECT ? t->u.ind.final : t;
}

/* UNAVAILABLE -> CLAIMED; false if someone got there first. */
static bool claim(AsyncValue *v)
{
    uintptr_t old = atomic_load_explicit(&v->ws, memory_order_relaxed);
    do {
        if (ws_state(old) != ST_UNAVAILABLE) return false;
    } while (!atomic_compare_exchange_weak_explicit(&v->ws, &old, old | ST_CLAIMED,
                                                    memory_order_acquire, memory_order_relaxed));
    return true;
}

/* Pushes [n] on [v]'s waiter list; false if [v] is already published (then
** its payload is visible to the caller). */
static bool push_waiter(AsyncValue *v, WaitNode *n)
{
    uintptr_t old = atomic_load_explicit(&v->ws, memory_order_acquire);
    do {
        if (ws_state(old) >= ST_AVAILABLE) return false;
        n->next = (WaitNode *)(old & ~ST_MASK);
    } while (!atomic_compare_exchange_weak_explicit(&v->ws, &old, (uintptr_t)n | ws_state(old),
                                                    memory_order_acq_rel, memory_order_acquire));
    return true;
}

/* Publishes bound indirect [v], whose target is published; returns its
** detached waiter list. */
static WaitNode *publish_indirect(AsyncValue *v)
{
    AsyncValue *t = atomic_load_explicit(&v->u.ind.fwd, memory_order_acquire);
    uintptr_t tws = atomic_load_explicit(&t->ws, memory_order_acquire);
    assert(ws_state(tws) >= ST_AVAILABLE);
    v->u.ind.final = final_of(t);
    uintptr_t old = atomic_exchange_explicit(&v->ws, ws_state(tws), memory_order_acq_rel);
    return (WaitNode *)(old & ~ST_MASK);
}

/* Runs a detached waiter list: head first (reverse registration order).
** Forward nodes publish their indirect value and splice its waiters in
** front of the remaining ones — the worklist that replaces recursion. */
static void run_waiters(WaitNode *list)
{
    while (list) {
        WaitNode *n = list;
        list = n->next;
        AVCallback fn = n->fn;
        void *a = n->a, *b = n->b;
        block_free((Block *)n);
        if (fn != fwd_marker) {
            fn(a, b);
            continue;
        }
        AsyncValue *v = a;
        WaitNode *more = publish_indirect(v);
        av_release(v);               /* the forward node's reference */
        if (more) {
            WaitNode *tail = more;
            while (tail->next) tail = tail->next;
            tail->next = list;
            list = more;
        }
    }
}

static void publish(AsyncValue *v, unsigned st)
{
    uintptr_t old = atomic_exchange_explicit(&v->ws, st, memory_order_acq_rel);
    WaitNode *list = (WaitNode *)(old & ~ST_MASK);
    if (list) run_waiters(list);
}

static bool reject(void)
{
    atomic_fetch_add_explicit(&nrejected, 1, memory_order_relaxed);
    return false;
}

bool av_try_forward(AsyncValue *v, AsyncValue *target)
{
    if (v->kind != K_INDIRECT) return reject();
    AsyncValue *t = target;
    while (t->kind == K_INDIRECT) {
        AsyncValue *n = atomic_load_explicit(&t->u.ind.fwd, memory_order_acquire);
        if (!n) break;
        t = n;
    }
    if (t == v) return reject();     /* a cycle would never resolve */
    if (!claim(v)) return reject();
    av_retain(t);
    atomic_store_explicit(&v->u.ind.fwd, t, memory_order_release);
    if (ws_state(atomic_load_explicit(&t->ws, memory_order_acquire)) >= ST_AVAILABLE) {
        WaitNode *list = publish_indirect(v);
        if (list) run_waiters(list);
        return true;
    }
    Block *b = block_alloc();
    WaitNode *n = &b->wn;
    n->fn = fwd_marker;
    n->a = v;
    n->b = NULL;
    av_retain(v);
    if (!push_waiter(t, n)) {
        /* [t] was published meanwhile. */
        block_free(b);
        av_release(v);
        WaitNode *list = publish_indirect(v);
        if (list) run_waiters(list);
    }
    return true;
}

/* Resolves concrete [v] with [p] in state [st]; takes over p. */
static bool resolve(AsyncValue *v, Any p, unsigned st)
{
    if (v->kind == K_INDIRECT) {
        AsyncValue *c = av_make(K_CONCRETE, st);
        c->u.payload = p;
        bool ok = av_try_forward(v, c);
        av_release(c);
        return ok;
    }
    if (v->kind == K_IMMORTAL || !claim(v)) {
        any_release(p);
        return reject();
    }
    v->u.payload = p;
    publish(v, st);
    return true;
}

bool av_try_emplace(AsyncValue *v, Any p) { return resolve(v, p, ST_AVAILABLE); }

bool av_try_set_error_obj(AsyncValue *v, ErrorObj *e)
{
    obj_retain(&e->hdr);
    return resolve(v, any_obj(&e->hdr), ST_ERROR);
}

bool av_try_set_error(AsyncValue *v, ErrorCode code, const char *msg)
{
    return resolve(v, any_obj(&obj_error(code, msg)->hdr), ST_ERROR);
}

void av_emplace(AsyncValue *v, Any p)
{
    bool ok = av_try_emplace(v, p);
    assert(ok && "AsyncValue resolved twice");
    (void)ok;
}

void av_set_error(AsyncValue *v, ErrorCode code, const char *msg)
{
    bool ok = av_try_set_error(v, code, msg);
    assert(ok && "AsyncValue resolved twice");
    (void)ok;
}

void av_set_error_obj(AsyncValue *v, ErrorObj *e)
{
    bool ok = av_try_set_error_obj(v, e);
    assert(ok && "AsyncValue resolved twice");
    (void)ok;
}

void av_forward(AsyncValue *v, AsyncValue *target)
{
    bool ok = av_try_forward(v, target);
    assert(ok && "indirect AsyncValue bound twice (or to itself)");
    (void)ok;
}

void av_set_from(AsyncValue *dst, const AsyncValue *src)
{
    AsyncValue *s = (AsyncValue *)src;
    assert(av_is_resolved(s));
    if (dst->kind == K_INDIRECT) {
        av_forward(dst, s);
        return;
    }
    if (av_state(s) == AV_ERROR) {
        av_set_error_obj(dst, av_error_obj(s));
    } else {
        Any p = *av_get(s);
        any_retain(p);
        av_emplace(dst, p);
    }
}

/* {=====================================================================
** Inspection
** ====================================================================== */

bool av_is_bound(const AsyncValue *v)
{
    return v->kind == K_INDIRECT &&
           atomic_load_explicit(&((AsyncValue *)v)->u.ind.fwd, memory_order_acquire) != NULL;
}

Any *av_get_mut(AsyncValue *v)
{
    assert(ws_state(atomic_load_explicit(&v->ws, memory_order_acquire)) == ST_AVAILABLE &&
           "av_get_mut of a value that is not available");
    return &final_of(v)->u.payload;
}

ErrorObj *av_error_obj(const AsyncValue *v)
{
    assert(ws_state(atomic_load_explicit(&((AsyncValue *)v)->ws, memory_order_acquire)) == ST_ERROR &&
           "av_error of a value that is not an error");
    return (ErrorObj *)final_of((AsyncValue *)v)->u.payload.v.obj;
}

const ErrorObj *av_error(const AsyncValue *v) { return av_error_obj(v); }

AsyncValue *av_resolve_target(AsyncValue *v)
{
    if (v->kind != K_INDIRECT) return v;
    if (av_is_resolved(v)) return v->u.ind.final;
    for (;;) {
        AsyncValue *n = atomic_load_explicit(&v->u.ind.fwd, memory_order_acquire);
        if (!n) return v;
        v = n;
        if (v->kind != K_INDIRECT) return v;
    }
}

/* {=====================================================================
** Continuations
** ====================================================================== */

void av_and_then(AsyncValue *v, AVCallback fn, void *a, void *b)
{
    if (ws_state(atomic_load_explicit(&v->ws, memory_order_acquire)) >= ST_AVAILABLE) {
        fn(a, b);
        return;
    }
    Block *blk = block_alloc();
    WaitNode *n = &blk->wn;
    n->fn = fn;
    n->a = a;
    n->b = b;
    if (!push_waiter(v, n)) {
        block_free(blk);
        fn(a, b);
    }
}
