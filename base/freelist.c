/*
** freelist.c — the per-thread lists of base/freelist.h and the hook that
** frees a thread's list when the thread exits.
*/
#include "base/freelist.h"
#include <pthread.h>

#ifndef FL_NOCACHE
_Thread_local FlCache fl_tl;

static pthread_key_t fl_key;
static pthread_once_t fl_once = PTHREAD_ONCE_INIT;

static void fl_exit(void *unused)
{
    (void)unused;
    while (fl_tl.list) {
        FlBlock *b = fl_tl.list;
        fl_tl.list = b->next;
        free(b);
    }
    fl_tl.n = 0;
    fl_tl.hooked = false;
}

static void fl_make_key(void) { pthread_key_create(&fl_key, fl_exit); }

void fl_hook_thread(void)
{
    /* The key's destructor runs only for a non-NULL value. */
    pthread_once(&fl_once, fl_make_key);
    pthread_setspecific(fl_key, (void *)1);
    fl_tl.hooked = true;
}
#else
/* ISO C wants a translation unit to declare something. */
typedef int fl_unused;
#endif
