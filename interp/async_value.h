/*
** async_value.h — reference-counted, type-erased futures (docs/execution.md §2,
** TFRT's AsyncValue design).
**
** States: UNAVAILABLE -> AVAILABLE (holds an Any) | ERROR (holds an ErrorObj).
** A value resolves exactly once; emplacing or setting an error twice is a
** bug (asserted in debug builds, ignored otherwise).
**
** Kinds: a *concrete* value is resolved in place. An *indirect* (forwarding)
** value starts unavailable and is later bound with av_forward() to another
** value; from then on it reports that value's state and payload and keeps it
** alive. Binding to an unresolved value makes the indirect value wait for it.
** Chains of indirect values are followed iteratively (no recursion), so a
** chain of 100 000 forwards cannot overflow the stack.
**
** Reference-count convention (TFRT's AsyncValue design document's):
**   - Arguments are +0: a function that receives an AsyncValue* borrows it
**     for the duration of the call and must av_retain() to keep it.
**   - Results are +1: a function that returns an AsyncValue* (av_new_*,
**     a kernel's result slots) hands one reference to the caller.
**   - av_ready_chain() returns a shared immortal chain; retain/release on it
**     are no-ops, so it can be handed out as +1 for free.
**
** Continuations (av_and_then) run on the thread that resolves the value, in
** REVERSE order of registration (last registered runs first), or at once on
** the calling thread if the value is already resolved. A continuation never
** runs while the value's internal lock is held, so it may register further
** continuations, resolve other values or release this one.
**
** Allocation: values come from a per-thread free list; in steady state
** creating and destroying a value does not call malloc.
**
** Module prefix: av_.
*/
#ifndef TFRUN_ASYNC_VALUE_H
#define TFRUN_ASYNC_VALUE_H

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include "interp/any.h"

/* absl canonical codes (docs/execution.md §1.5). ORDER ERRCODE. */
typedef enum ErrorCode {
    ERR_OK = 0, ERR_CANCELLED, ERR_UNKNOWN, ERR_INVALID_ARGUMENT,
    ERR_DEADLINE_EXCEEDED, ERR_NOT_FOUND, ERR_ALREADY_EXISTS,
    ERR_PERMISSION_DENIED, ERR_RESOURCE_EXHAUSTED, ERR_FAILED_PRECONDITION,
    ERR_ABORTED, ERR_OUT_OF_RANGE, ERR_UNIMPLEMENTED, ERR_INTERNAL,
    ERR_UNAVAILABLE, ERR_DATA_LOSS, ERR_UNAUTHENTICATED
} ErrorCode;
const char *error_code_name(ErrorCode c);   /* "CANCELLED", "INTERNAL", ... */

typedef enum AVState { AV_UNAVAILABLE = 0, AV_AVAILABLE = 1, AV_ERROR = 2 } AVState;

typedef struct AsyncValue AsyncValue;

/* ---- representation ------------------------------------------------------
** Private to interp/async_value.c, which explains the fields. The struct is
** in this header only so that the hottest operations (state queries,
** retain, a release that is not the last, the payload) compile inline in
** the executor and in kernels: each was a call, several per kernel run.
** Everything outside async_value.c uses the functions below, never the
** fields. */
enum { AV__CONCRETE = 0, AV__INDIRECT = 1, AV__IMMORTAL = 2 };                 /* kind */
enum { AV__UNAVAILABLE = 0, AV__CLAIMED = 1, AV__AVAILABLE = 2, AV__ERROR = 3 }; /* ws & 3 */
enum { AV__KEPT = 4 };     /* ws: a continuation is kept in the value */
enum { AV__KEPTV = 8 };    /* ws, with AV__KEPT: its second word is the value itself */
struct AsyncValue {
    _Atomic uint32_t refs;
    uint8_t kind;
    uint8_t inl[3];        /* the kept continuation's function (av_and_then_local) */
    _Atomic uintptr_t ws;
    union {
        Any payload;
        struct { _Atomic(AsyncValue *) fwd; AsyncValue *final; } ind;
        struct { void *a, *b; } inl;   /* the kept continuation's words */
    } u;
};
static inline unsigned av__st(const AsyncValue *v)
{
    return (unsigned)(atomic_load_explicit(&((AsyncValue *)v)->ws, memory_order_acquire) & 3);
}
void av__destroy(AsyncValue *v);               /* the last reference is gone */

/* A continuation: fn(a, b). Two words of inline closure so that the common
** cases need no allocation. */
typedef void (*AVCallback)(void *a, void *b);

/* ---- creation (+1) ------------------------------------------------------ */
AsyncValue *av_new_unavailable(void);          /* concrete, unresolved */
AsyncValue *av_new_available(Any v);           /* takes over v's reference */
AsyncValue *av_new_error(ErrorCode code, const char *msg);
AsyncValue *av_new_error_obj(ErrorObj *e);     /* takes over e's reference */
AsyncValue *av_new_indirect(void);             /* forwarding, unbound */
AsyncValue *av_ready_chain(void);              /* immortal shared chain */

/* ---- reference counting ------------------------------------------------- */
static inline void av_retain(AsyncValue *v)
{
    if (v->kind != AV__IMMORTAL) atomic_fetch_add_explicit(&v->refs, 1, memory_order_relaxed);
}
void av_retain_n(AsyncValue *v, uint32_t n);   /* n references in one step */
/* Frees at zero (payload released). A sole owner needs no read-modify-write:
** nobody else can add a reference to a value they do not hold (TFRT's
** DropRef trick). NULL is ignored. */
static inline void av_release(AsyncValue *v)
{
    if (!v || v->kind == AV__IMMORTAL) return;
    uint32_t n = atomic_load_explicit(&v->refs, memory_order_acquire);
    assert(n > 0 && "av_release of a dead AsyncValue");
    if (n != 1) {
        uint32_t old = atomic_fetch_sub_explicit(&v->refs, 1, memory_order_acq_rel);
        assert(old > 0 && "av_release of a dead AsyncValue");
        if (old != 1) return;
    }
    av__destroy(v);
}
/* References held by users (an indirect value waiting for its target is also
** held internally; that reference is not counted). */
uint32_t av_refcount(const AsyncValue *v);
/* docs/execution.md §6.6: one reference exists; for an indirect value, one
** reference to it and its target is unique. */
bool av_is_unique(const AsyncValue *v);

/* ---- resolving ---------------------------------------------------------- */
/* On an unbound indirect value, emplace and set_error bind it to a new
** concrete value holding the payload / error. */
void av_emplace(AsyncValue *v, Any payload);   /* concrete: -> AVAILABLE; takes payload */
void av_set_error(AsyncValue *v, ErrorCode code, const char *msg);
void av_set_error_obj(AsyncValue *v, ErrorObj *e);   /* borrows e (retains it) */
/* Bind indirect [v] to [target] (borrowed; v takes its own reference). If
** target is itself a bound indirect value, v binds to its final target.
** A target that forwards to [v] (the value would wait for itself: a
** function that returns the tfrt.once of itself) leaves [v] unbound, never
** produced; binding [v] twice is a bug (an assertion). */
void av_forward(AsyncValue *v, AsyncValue *target);
/* The same four operations, reporting a rejected repeat transition instead of
** asserting: they return false (and release what they took over) when [v]
** was already resolved or bound, or when forwarding would make a cycle. The
** av_ forms above assert on false in debug builds and ignore it otherwise. */
bool av_try_emplace(AsyncValue *v, Any payload);
bool av_try_set_error(AsyncValue *v, ErrorCode code, const char *msg);
bool av_try_set_error_obj(AsyncValue *v, ErrorObj *e);
bool av_try_forward(AsyncValue *v, AsyncValue *target);
/* Copy the state of resolved [src] into unresolved concrete or indirect [dst]:
** emplace its payload (retained) or its error. */
void av_set_from(AsyncValue *dst, const AsyncValue *src);

/* ---- inspection (follow forwarding) ------------------------------------- */
static inline AVState av_state(const AsyncValue *v)
{
    unsigned st = av__st(v);
    return st >= AV__AVAILABLE ? (AVState)(st - 1) : AV_UNAVAILABLE;
}
static inline bool av_is_available(const AsyncValue *v) { return av__st(v) == AV__AVAILABLE; }
static inline bool av_is_error(const AsyncValue *v)     { return av__st(v) == AV__ERROR; }
static inline bool av_is_resolved(const AsyncValue *v)  { return av__st(v) >= AV__AVAILABLE; }
static inline bool av_is_indirect(const AsyncValue *v)  { return v->kind == AV__INDIRECT; }
bool av_is_bound(const AsyncValue *v);         /* indirect and already forwarded */
/* The payload of an AVAILABLE value (asserts the state in debug builds).
** Borrowed: valid while v is alive. A published indirect value caches its
** final concrete value, so this is one hop. */
static inline const Any *av_get(const AsyncValue *v)
{
    assert(av__st(v) == AV__AVAILABLE && "av_get of a value that is not available");
    return &(v->kind == AV__INDIRECT ? v->u.ind.final : v)->u.payload;
}
/* Mutable payload, for kernels that mutate shared objects in place. */
Any *av_get_mut(AsyncValue *v);
/* The error of an ERROR value (asserts the state in debug builds). */
const ErrorObj *av_error(const AsyncValue *v);
ErrorObj *av_error_obj(const AsyncValue *v);   /* borrowed; obj_retain to keep */
/* Final target of a forwarding chain, or v itself (borrowed). */
AsyncValue *av_resolve_target(AsyncValue *v);
/* Unresolved, with continuations or forward nodes registered on it. */
static inline bool av_has_waiters(const AsyncValue *v)
{
    uintptr_t ws = atomic_load_explicit(&((AsyncValue *)v)->ws, memory_order_acquire);
    return (ws & 3) < AV__AVAILABLE && (ws & ~(uintptr_t)3) != 0;
}
/* A word that an unbound indirect value keeps for the one who will bind it
** (interp/xe.c: the value a waiting register's placeholder will be bound
** to), in the field a published indirect value caches its final value in,
** which nothing reads before then: binding the value overwrites it.
** Only for a value no other thread touches (as av_and_then_local): a
** continuation kept in the value with both its words moves to a block of
** its own first (one of av_and_then_local_v stays). */
void av__unbound_keep_kept(AsyncValue *v, void *w);
static inline void av_unbound_keep(AsyncValue *v, void *w)
{
    assert(v->kind == AV__INDIRECT && av__st(v) == AV__UNAVAILABLE);
    if ((atomic_load_explicit(&v->ws, memory_order_relaxed) & (AV__KEPT | AV__KEPTV)) == AV__KEPT)
        av__unbound_keep_kept(v, w);
    else v->u.ind.final = (AsyncValue *)w;
}
static inline void *av_unbound_kept(const AsyncValue *v)
{
    assert(v->kind == AV__INDIRECT && av__st(v) == AV__UNAVAILABLE);
    return v->u.ind.final;
}

/* ---- continuations ------------------------------------------------------ */
void av_and_then(AsyncValue *v, AVCallback fn, void *a, void *b);
/* av_and_then, for a value that no thread but the caller's touches until
** it resolves (interp/xe.c, which runs only on the single-threaded queue):
** the first continuation of an unresolved value that has none is kept in
** the value itself (its payload or forwarding words are unused until it
** resolves), with no block of its own; it runs where av_and_then's would,
** after every continuation registered later. */
void av_and_then_local(AsyncValue *v, AVCallback fn, void *a, void *b);
/* av_and_then_local(v, fn, a, v): a continuation whose second word is the
** value it waits for, so that it needs one word of the value: it is kept
** also in an indirect value that keeps a word for its binder
** (av_unbound_keep), which has only its forwarding word free. */
void av_and_then_local_v(AsyncValue *v, AVCallback fn, void *a);
/* For such a value, unresolved: the continuation fn(a, b) registered on it
** whose a has the bits [aval] under [amask] and whose b has [bval] under
** [bmask] becomes nfn(na, nb), in its place (interp/xe.c: a frame hands its
** waits to a smaller record). False when there is none (nothing changed). */
bool av_retarget_local(AsyncValue *v, AVCallback fn, uintptr_t amask, uintptr_t aval, uintptr_t bmask,
                       uintptr_t bval, AVCallback nfn, void *na, void *nb);
/* The same when the caller knows its continuation is on [v]: if it is the
** only one, kept in one word (av_and_then_local_v), it becomes nfn(na, v)
** with no search; false (nothing changed) otherwise. */
bool av_retarget_sole_local(AsyncValue *v, AVCallback nfn, void *na);

/* ---- accounting --------------------------------------------------------- */
int64_t av_live_count(void);                   /* live AsyncValues (immortal excluded) */
/* Steady-state allocator statistics, for the benchmark and tests. */
int64_t av_malloc_count(void);                 /* slabs (malloc calls) ever made by the pool */
int64_t av_rejected_count(void);               /* repeat transitions rejected so far */

#endif
