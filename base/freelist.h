/*
** freelist.h — small blocks from a per-thread free list: an allocator cache
** for objects of at most FL_BLOCK bytes that are made and dropped at a high
** rate (the executor's continuations, tasks and call-chain links), so that
** a program that keeps deferring work does not call malloc for them in
** steady state.
**
** A block freed on another thread joins that thread's list; a list holds at
** most FL_CACHE_MAX blocks (beyond that blocks go back to free()) and is
** freed when its thread exits (a pthread key's destructor, registered on a
** thread's first fl_free). Under AddressSanitizer blocks go straight to
** malloc/free, so that a use after free is still reported.
**
** The fast paths are inline; base/freelist.c holds the thread-exit hook.
** Memory comes from xmalloc (base/alloc.h): out of memory ends the process.
**
** Module prefix: fl_.
*/
#ifndef TFRUN_BASE_FREELIST_H
#define TFRUN_BASE_FREELIST_H

#include <stdbool.h>
#include <stdlib.h>
#include "base/alloc.h"

#define FL_BLOCK 24         /* bytes; malloc rounds a block to a 32-byte chunk */
#define FL_CACHE_MAX 256

#if defined(__SANITIZE_ADDRESS__)
#define FL_NOCACHE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FL_NOCACHE 1
#endif
#endif

typedef union FlBlock {
    union FlBlock *next;
    unsigned char bytes[FL_BLOCK];
} FlBlock;

#ifndef FL_NOCACHE
/* The calling thread's list (base/freelist.c): one thread-local object, so
** that the fast paths find it with one address computation. */
typedef struct FlCache {
    FlBlock *list;
    int n;
    bool hooked;             /* the exit hook is set for this thread */
} FlCache;
extern _Thread_local FlCache fl_tl;
/* Sets the hook that frees the calling thread's list when it exits. */
void fl_hook_thread(void);
#endif

/* A block of FL_BLOCK bytes (uninitialised). */
static inline void *fl_alloc(void)
{
#ifndef FL_NOCACHE
    FlBlock *b = fl_tl.list;
    if (b) {
        fl_tl.list = b->next;
        fl_tl.n--;
        return b;
    }
#endif
    return xmalloc(FL_BLOCK);
}

/* Gives back a block of fl_alloc (on any thread). */
static inline void fl_free(void *p)
{
#ifndef FL_NOCACHE
    if (fl_tl.n < FL_CACHE_MAX) {
        if (!fl_tl.hooked) fl_hook_thread();
        FlBlock *b = p;
        b->next = fl_tl.list;
        fl_tl.list = b;
        fl_tl.n++;
        return;
    }
#endif
    free(p);
}

#endif
