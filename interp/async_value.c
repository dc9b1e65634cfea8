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
** head gives the REVERSE registration order that docs/execution.md §2 requires.
**
** A kept continuation (av_and_then_local, for values only one thread
** touches: interp/xe.c's on the single-threaded queue). The first waiter of
** an unresolved value with none is kept in the value: its two words where
** the payload or the forwarding words will go, its function as a 24-bit
** offset from av_and_then_local in [inl], and the bit WS_KEPT in [ws].
** One whose second word is the value itself (av_and_then_local_v) keeps
** only its first word, in the payload's or the forwarding word, and sets
** WS_KEPTV too: so an unbound indirect value that keeps a word for its
** binder in [final] (av_unbound_keep) can keep one as well.
** Being the first registered, it runs last: after the list. Whoever claims
** the value takes it out before writing those words (claim); binding an
** indirect value to an unresolved target moves it into a block at the
** list's tail, where it would have been (spill). Resolving is
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
** Allocation. Values and waiter nodes are 32-byte blocks of base/freelist.h,
** tfrun's small-block allocator (per-thread lists over slabs: in steady
** state no block comes from malloc), whose live counter counts the values
** (av_live_count). A released value keeps its header in the free block, so
** a double release trips the assert in av_release; under AddressSanitizer
** a free block is poisoned.
**
** Global state: the counter of rejected settings and the immortal ready
** chain (the allocator's state is base/freelist.c's).
*/
#include "base/alloc.h"
#include "base/freelist.h"
#include "interp/async_value.h"

#include <assert.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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
/* [ws] bit: a continuation is kept in the value (av_and_then_local). */
#define WS_KEPT ((uintptr_t)AV__KEPT)
/* [ws] bit, with WS_KEPT: the kept continuation's second word is the value
** itself, not stored (av_and_then_local_v). */
#define WS_KEPTV ((uintptr_t)AV__KEPTV)
#define WS_KEPTS (WS_KEPT | WS_KEPTV)
/* The bits of [ws] beside the list's pointer (waiter nodes are 32-byte
** blocks). */
#define WS_LOW ((uintptr_t)31)

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
**   u.ind.final indirect, once published: the concrete value
**   u.inl, inl  unresolved with WS_KEPT: the kept continuation (with
**          WS_KEPTV only u.inl.a: u.ind.final may be a word kept for the
**          binder) */

/* Never called: its address marks forward nodes. */
static void fwd_marker(void *a, void *b) { (void)a; (void)b; abort(); }

/* {=====================================================================
** Allocation
** ====================================================================== */

/* Values and waiter nodes are blocks of base/freelist.h. */
_Static_assert(sizeof(AsyncValue) <= FL_BLOCK && sizeof(WaitNode) <= FL_BLOCK,
               "values and waiters are 32-byte blocks");
_Static_assert(FL_BLOCK > WS_LOW, "a waiter's address leaves WS_LOW's bits clear");
/* A released value keeps its header (refs == 0, kind) while it is free. */
_Static_assert(offsetof(AsyncValue, refs) + sizeof(((AsyncValue *)0)->refs) <= FL_LINK_OFFSET &&
               offsetof(AsyncValue, kind) < FL_LINK_OFFSET,
               "the free list's link leaves a value's header alone");

static _Atomic int64_t nrejected;

int64_t av_live_count(void)     { return fl_live_sum(); }
int64_t av_malloc_count(void)   { return fl_slab_count(); }
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
    AsyncValue *v = (AsyncValue *)fl_alloc();
    atomic_init(&v->refs, 1);
    v->kind = kind;
    atomic_init(&v->ws, ws);
    fl_live_add(1);
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
    WaitNode *n = (WaitNode *)(ws & ~WS_LOW);
    while (n) {
        WaitNode *next = n->next;
        assert(n->fn != fwd_marker);
        fl_free(n);
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
        uintptr_t ws = atomic_load_explicit(&v->ws, memory_order_acquire);
        drop_waiters(ws);
        if (ws & WS_KEPT) {
            /* (unresolved: a kept continuation, no payload, not bound) */
        } else if (v->kind == K_INDIRECT) {
            next = atomic_load_explicit(&v->u.ind.fwd, memory_order_acquire);
        } else if (v->u.payload.type == ANY_OBJ) {
            any_release(v->u.payload);
        }
        fl_live_add(-1);
        fl_free(v);
        v = next;
        if (!v || v->kind == K_IMMORTAL || !drop_ref(v)) return;
    }
}


static inline unsigned ws_state(uintptr_t ws) { return (unsigned)(ws & ST_MASK); }

/* The target indirect [t] is bound to, or NULL while it is unbound (an
** unbound value's forwarding words may hold a kept continuation). */
static inline AsyncValue *bound_to(const AsyncValue *t)
{
    AsyncValue *m = (AsyncValue *)t;
    if (ws_state(atomic_load_explicit(&m->ws, memory_order_acquire)) == ST_UNAVAILABLE) return NULL;
    return atomic_load_explicit(&m->u.ind.fwd, memory_order_acquire);
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
        AsyncValue *t = bound_to(p);
        if (!t) return true;
        p = t;
    }
}

/* {=====================================================================
** Resolving
** ====================================================================== */

/* The concrete value behind published [t]. */
static inline AsyncValue *final_of(AsyncValue *t)
{
    return t->kind == K_INDIRECT ? t->u.ind.final : t;
}

/* A kept continuation, taken out of its value. */
typedef struct Kept { AVCallback fn; void *a, *b; } Kept;

/* The function of a kept continuation: an offset from this one's. */
void av_and_then_local(AsyncValue *v, AVCallback fn, void *a, void *b);
#define KEPT_BASE ((intptr_t)(void (*)(AsyncValue *, AVCallback, void *, void *))av_and_then_local)

/* The continuation kept in [v], whose [ws] had the bits [kbits] (WS_KEPT,
** maybe WS_KEPTV). */
static inline void kept_of(const AsyncValue *v, uintptr_t kbits, Kept *k)
{
    uint32_t off = (uint32_t)v->inl[0] | (uint32_t)v->inl[1] << 8 | (uint32_t)v->inl[2] << 16;
    k->fn = (AVCallback)(KEPT_BASE + ((int32_t)(off << 8) >> 8));   /* 24 bits, signed */
    k->a = v->u.inl.a;
    k->b = (kbits & WS_KEPTV) ? (void *)v : v->u.inl.b;
}

/* Writes fn(a, v) as [v]'s kept continuation (the caller sets WS_KEPT and
** WS_KEPTV); false, writing nothing, when [fn] is out of the offset's
** reach. */
static inline bool keep_v(AsyncValue *v, AVCallback fn, void *a)
{
    intptr_t off = (intptr_t)fn - KEPT_BASE;
    if (off < -(1 << 23) || off >= (1 << 23)) return false;
    v->inl[0] = (uint8_t)off;
    v->inl[1] = (uint8_t)(off >> 8);
    v->inl[2] = (uint8_t)(off >> 16);
    v->u.inl.a = a;
    return true;
}

/* Writes fn(a, b) as [v]'s kept continuation (the caller sets WS_KEPT), as
** keep_v(). */
static inline bool keep(AsyncValue *v, AVCallback fn, void *a, void *b)
{
    if (!keep_v(v, fn, a)) return false;
    v->u.inl.b = b;
    return true;
}

/* UNAVAILABLE -> CLAIMED; false if someone got there first. [*kept]: the
** bits WS_KEPT and WS_KEPTV [v] had (now cleared): did it keep a
** continuation, and of which kind? Its words are intact until the claimer
** writes the payload or the target. */
static inline bool claim(AsyncValue *v, uintptr_t *kept)
{
    uintptr_t old = atomic_load_explicit(&v->ws, memory_order_relaxed);
    do {
        if (ws_state(old) != ST_UNAVAILABLE) return false;
    } while (!atomic_compare_exchange_weak_explicit(&v->ws, &old, (old & ~WS_KEPTS) | ST_CLAIMED,
                                                    memory_order_acquire, memory_order_relaxed));
    *kept = old & WS_KEPTS;
    return true;
}

/* Appends [k] to the waiter list of unresolved [v], as a block at its tail
** (the kept continuation was registered first: it runs last). */
static void spill(AsyncValue *v, const Kept *k)
{
    WaitNode *n = fl_alloc();
    n->fn = k->fn;
    n->a = k->a;
    n->b = k->b;
    n->next = NULL;
    uintptr_t old = atomic_load_explicit(&v->ws, memory_order_acquire);
    for (;;) {
        WaitNode *h = (WaitNode *)(old & ~WS_LOW);
        if (h) {
            while (h->next) h = h->next;
            h->next = n;
            return;
        }
        if (atomic_compare_exchange_weak_explicit(&v->ws, &old, (uintptr_t)n | (old & WS_LOW),
                                                  memory_order_acq_rel, memory_order_acquire))
            return;
    }
}

/* Unresolved [v] (WS_KEPT in [ws]) keeps its continuation no longer: [k]
** goes to a block at the list's tail, where the kept one ran, and the
** words it took are what they were before (no payload, unbound; a word
** kept for the binder stays). */
static void unkeep(AsyncValue *v, uintptr_t ws, const Kept *k)
{
    atomic_store_explicit(&v->ws, ws & ~WS_KEPTS, memory_order_relaxed);
    if (v->kind == K_INDIRECT) {
        atomic_store_explicit(&v->u.ind.fwd, NULL, memory_order_relaxed);
        if (!(ws & WS_KEPTV)) v->u.ind.final = NULL;
    } else {
        v->u.payload = any_none();
    }
    spill(v, k);
}

/* Pushes [n] on [v]'s waiter list; false if [v] is already published (then
** its payload is visible to the caller). */
static bool push_waiter(AsyncValue *v, WaitNode *n)
{
    uintptr_t old = atomic_load_explicit(&v->ws, memory_order_acquire);
    do {
        if (ws_state(old) >= ST_AVAILABLE) return false;
        n->next = (WaitNode *)(old & ~WS_LOW);
    } while (!atomic_compare_exchange_weak_explicit(&v->ws, &old, (uintptr_t)n | (old & WS_LOW),
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
    return (WaitNode *)(old & ~WS_LOW);
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
        fl_free(n);
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

/* Runs [list], then the kept continuation [k] (or none), the first one
** registered. */
static inline void run_all(WaitNode *list, const Kept *k)
{
    if (list) run_waiters(list);
    if (k) k->fn(k->a, k->b);
}

static void publish(AsyncValue *v, unsigned st, const Kept *k)
{
    uintptr_t old = atomic_exchange_explicit(&v->ws, st, memory_order_acq_rel);
    run_all((WaitNode *)(old & ~WS_LOW), k);
}

static bool reject(void)
{
    atomic_fetch_add_explicit(&nrejected, 1, memory_order_relaxed);
    return false;
}

static void bind_wait(AsyncValue *v, AsyncValue *t, const Kept *k);
static bool bind_kept(AsyncValue *v, AsyncValue *t, uintptr_t kbits);

/* Binds claimed [v] to [t], then runs [v]'s waiters if [t] is published;
** [k]: the continuation [v] kept (or none), the first registered. Compiled
** into both callers, so that the common one (none) is what it was. */
static inline __attribute__((always_inline)) void bind(AsyncValue *v, AsyncValue *t, const Kept *k)
{
    av_retain(t);
    atomic_store_explicit(&v->u.ind.fwd, t, memory_order_release);
    if (ws_state(atomic_load_explicit(&t->ws, memory_order_acquire)) >= ST_AVAILABLE) run_all(publish_indirect(v), k);
    else bind_wait(v, t, k);
}


bool av_try_forward(AsyncValue *v, AsyncValue *target)
{
    if (v->kind != K_INDIRECT) return reject();
    AsyncValue *t = target;
    while (t->kind == K_INDIRECT) {
        AsyncValue *n = bound_to(t);
        if (!n) break;
        t = n;
    }
    if (t == v) return reject();     /* a cycle would never resolve */
    uintptr_t kept;
    if (!claim(v, &kept)) return reject();
    if (__builtin_expect(kept != 0, 0)) return bind_kept(v, t, kept);
    bind(v, t, NULL);
    return true;
}

/* The rest of binding claimed [v] to unresolved [t], keeping continuation
** [k] (or none) for after [v]'s list. */
static void bind_wait(AsyncValue *v, AsyncValue *t, const Kept *k)
{
    /* [v] waits for [t]: a kept continuation joins the list, in its place. */
    if (k) spill(v, k);
    WaitNode *n = fl_alloc();
    n->fn = fwd_marker;
    n->a = v;
    n->b = NULL;
    av_retain(v);
    if (!push_waiter(t, n)) {
        /* [t] was published meanwhile. */
        fl_free(n);
        av_release(v);
        WaitNode *list = publish_indirect(v);
        if (list) run_waiters(list);
    }
}

/* av_try_forward's binding of claimed [v], which kept a continuation, to
** [t] (out of line: rare, and it keeps the words on the stack). */
static __attribute__((noinline)) bool bind_kept(AsyncValue *v, AsyncValue *t, uintptr_t kbits)
{
    Kept k;
    kept_of(v, kbits, &k);
    bind(v, t, &k);
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
    uintptr_t kept;
    if (v->kind == K_IMMORTAL || !claim(v, &kept)) {
        any_release(p);
        return reject();
    }
    if (__builtin_expect(kept != 0, 0)) {
        Kept k;
        kept_of(v, kept, &k);
        v->u.payload = p;
        publish(v, st, &k);
        return true;
    }
    v->u.payload = p;
    publish(v, st, NULL);
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

/* Does [target]'s forwarding chain end at [v]? */
static bool forwards_to(const AsyncValue *target, const AsyncValue *v)
{
    const AsyncValue *t = target;
    while (t->kind == K_INDIRECT && t != v) {
        const AsyncValue *n = bound_to(t);
        if (!n) break;
        t = n;
    }
    return t == v;
}

void av_forward(AsyncValue *v, AsyncValue *target)
{
    if (av_try_forward(v, target)) return;
    /* A value the program makes wait for itself (a function returning the
    ** tfrt.once of itself) stays unbound: never produced, as in TFRT, and
    ** the run's end says why (interp/stuck.h). Anything else is a bug. */
    bool cycle = v->kind == K_INDIRECT && forwards_to(target, v);
    assert(cycle && "indirect AsyncValue bound twice");
    (void)cycle;
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
    return v->kind == K_INDIRECT && bound_to(v) != NULL;
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
        AsyncValue *n = bound_to(v);
        if (!n) return v;
        v = n;
        if (v->kind != K_INDIRECT) return v;
    }
}

/* {=====================================================================
** Continuations
** ====================================================================== */

/* av_and_then on [v], seen unresolved: a block on the list. */
static inline __attribute__((always_inline)) void and_then_node(AsyncValue *v, AVCallback fn, void *a, void *b)
{
    WaitNode *n = fl_alloc();
    n->fn = fn;
    n->a = a;
    n->b = b;
    if (!push_waiter(v, n)) {
        fl_free(n);
        fn(a, b);
    }
}

void av_and_then(AsyncValue *v, AVCallback fn, void *a, void *b)
{
    if (ws_state(atomic_load_explicit(&v->ws, memory_order_acquire)) >= ST_AVAILABLE) {
        fn(a, b);
        return;
    }
    and_then_node(v, fn, a, b);
}

/* av_and_then_local's other cases (out of line: the kept case stays a few
** instructions). */
static __attribute__((noinline)) void and_then_other(AsyncValue *v, uintptr_t ws, AVCallback fn, void *a, void *b)
{
    if (ws_state(ws) >= ST_AVAILABLE) fn(a, b);
    else and_then_node(v, fn, a, b);
}

void av_and_then_local(AsyncValue *v, AVCallback fn, void *a, void *b)
{
    uintptr_t ws = atomic_load_explicit(&v->ws, memory_order_acquire);
    /* Unavailable with no waiter, not keeping a word for its binder
    ** (av_unbound_keep), and a function within reach of the offset. */
    if (ws == ST_UNAVAILABLE && (v->kind == K_CONCRETE || !v->u.ind.final) && keep(v, fn, a, b)) {
        atomic_store_explicit(&v->ws, ST_UNAVAILABLE | WS_KEPT, memory_order_release);
        return;
    }
    and_then_other(v, ws, fn, a, b);
}

void av_and_then_local_v(AsyncValue *v, AVCallback fn, void *a)
{
    uintptr_t ws = atomic_load_explicit(&v->ws, memory_order_acquire);
    /* Unavailable with no waiter, and a function within reach. */
    if (ws == ST_UNAVAILABLE && keep_v(v, fn, a)) {
        atomic_store_explicit(&v->ws, ST_UNAVAILABLE | WS_KEPTS, memory_order_release);
        return;
    }
    and_then_other(v, ws, fn, a, v);
}

/* av_unbound_keep on a value that keeps a continuation with both its
** words: it moves to a block at the list's tail, and the forwarding words
** are free again. */
void av__unbound_keep_kept(AsyncValue *v, void *w)
{
    uintptr_t ws = atomic_load_explicit(&v->ws, memory_order_relaxed);
    assert((ws & WS_KEPTS) == WS_KEPT);
    Kept k;
    kept_of(v, ws, &k);
    unkeep(v, ws, &k);
    v->u.ind.final = (AsyncValue *)w;
}

bool av_retarget_sole_local(AsyncValue *v, AVCallback nfn, void *na)
{
    if (atomic_load_explicit(&v->ws, memory_order_relaxed) != (ST_UNAVAILABLE | WS_KEPTS)) return false;
    return keep_v(v, nfn, na);
}

/* Does fn(a, b) match av_retarget_local's pattern? */
static inline bool matches(AVCallback fn, void *a, void *b, AVCallback pfn, uintptr_t amask, uintptr_t aval,
                           uintptr_t bmask, uintptr_t bval)
{
    return fn == pfn && ((uintptr_t)a & amask) == aval && ((uintptr_t)b & bmask) == bval;
}

bool av_retarget_local(AsyncValue *v, AVCallback fn, uintptr_t amask, uintptr_t aval, uintptr_t bmask,
                       uintptr_t bval, AVCallback nfn, void *na, void *nb)
{
    uintptr_t ws = atomic_load_explicit(&v->ws, memory_order_acquire);
    if (ws_state(ws) >= ST_AVAILABLE) return false;
    for (WaitNode *n = (WaitNode *)(ws & ~WS_LOW); n; n = n->next) {
        if (matches(n->fn, n->a, n->b, fn, amask, aval, bmask, bval)) {
            n->fn = nfn;
            n->a = na;
            n->b = nb;
            return true;
        }
    }
    if (!(ws & WS_KEPT)) return false;
    Kept k;
    kept_of(v, ws, &k);
    if (!matches(k.fn, k.a, k.b, fn, amask, aval, bmask, bval)) return false;
    /* In its place: with one word when the new one's second is the value,
    ** with two when the old one had two; else (or out of the offset's
    ** reach) a block where the kept one runs. */
    if (nb == (void *)v && keep_v(v, nfn, na)) {
        if (!(ws & WS_KEPTV)) v->u.inl.b = NULL;   /* (no word for a binder: the old second word) */
        atomic_store_explicit(&v->ws, ws | WS_KEPTV, memory_order_relaxed);
    } else if (!(ws & WS_KEPTV) && keep(v, nfn, na, nb)) {
        /* (two words, as before) */
    } else {
        Kept nk = { nfn, na, nb };
        unkeep(v, ws, &nk);
    }
    return true;
}
