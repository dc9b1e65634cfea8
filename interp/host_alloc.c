/*
** host_alloc.c — the host allocator kinds of docs/execution.md §1.10 and the
** TFRT_LOG line format of docs/execution.md §1.9.
**
** Every kind keeps the same statistics (current/max/total allocations,
** current/max bytes) under one mutex; only the kinds that print them differ.
** The fixed-size kind models TFRT's test allocator: a 1024-byte capacity,
** requests of at most 32 bytes granted without counting, larger ones granted
** while they fit, each counted request and free logged at INFO, a refusal at
** ERROR.
*/
#include "base/alloc.h"
#include "interp/workqueue.h"
#include "ir/ir.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* TFRT's FixedSizeAllocator: capacity and the size below which requests
** are free. */
#define HA_FIXED_CAPACITY 1024
#define HA_FIXED_SMALL 32

/* A live block of the leak check allocator: its address, the op that
** asked for it (NULL: not a kernel) and its size. */
typedef struct LiveBlock { void *p; const Op *site; size_t size; } LiveBlock;

struct HostAllocator {
    HostAllocKind kind;
    FILE *log;
    pthread_mutex_t mu;
    HostAllocStats st;
    size_t capacity;                  /* fixed-size: bytes still available */
    LiveBlock *live; size_t nlive, caplive;   /* leak check: open addressing by p */
};

static size_t live_slot(const HostAllocator *a, const void *p)
{
    uintptr_t h = (uintptr_t)p >> 4;
    h ^= h >> 17; h *= 0x9E3779B97F4A7C15ull;
    return (size_t)h & (a->caplive - 1);
}

/* Remembers block [p] (under a->mu). */
static void live_add(HostAllocator *a, void *p, const Op *site, size_t size)
{
    if ((a->nlive + 1) * 2 > a->caplive) {
        size_t ncap = a->caplive ? a->caplive * 2 : 64;
        LiveBlock *old = a->live, *nl = xcalloc(ncap, sizeof *nl);
        size_t ocap = a->caplive;
        a->live = nl; a->caplive = ncap;
        for (size_t i = 0; i < ocap; i++) {
            if (!old[i].p) continue;
            size_t j = live_slot(a, old[i].p);
            while (a->live[j].p) j = (j + 1) & (ncap - 1);
            a->live[j] = old[i];
        }
        free(old);
    }
    size_t j = live_slot(a, p);
    while (a->live[j].p) j = (j + 1) & (a->caplive - 1);
    a->live[j] = (LiveBlock){ p, site, size };
    a->nlive++;
}

/* Forgets block [p] (under a->mu), shifting back the run after it. */
static void live_remove(HostAllocator *a, const void *p)
{
    if (!a->caplive) return;
    size_t mask = a->caplive - 1, j = live_slot(a, p);
    while (a->live[j].p && a->live[j].p != p) j = (j + 1) & mask;
    if (!a->live[j].p) return;
    a->live[j].p = NULL;
    a->nlive--;
    for (size_t k = (j + 1) & mask; a->live[k].p; k = (k + 1) & mask) {
        size_t home = live_slot(a, a->live[k].p);
        /* Move k back into the hole at j unless its home lies in (j, k]. */
        if ((k > j && (home <= j || home > k)) || (k < j && home <= j && home > k)) {
            a->live[j] = a->live[k];
            a->live[k].p = NULL;
            j = k;
        }
    }
}

/* ORDER HAKIND */
static const char *const ha_names[] = {
    "malloc", "test_fixed_size_1k", "profiled_allocator", "leak_check_allocator",
};
static const char *const ha_banners[] = {
    "Choosing malloc.", "Choosing fixed size malloc.",
    "Choosing profiled allocator based on malloc.", "Choosing memory leak check allocator.",
};

HostAllocator *ha_create(const char *name, FILE *log)
{
    for (int k = 0; k < 4; k++) {
        if (strcmp(name, ha_names[k]) != 0) continue;
        HostAllocator *a = calloc(1, sizeof *a);
        if (!a) tf_out_of_memory();
        a->kind = (HostAllocKind)k;
        a->log = log ? log : stderr;
        a->capacity = HA_FIXED_CAPACITY;
        pthread_mutex_init(&a->mu, NULL);
        return a;
    }
    return NULL;
}

void ha_destroy(HostAllocator *a)
{
    if (!a) return;
    pthread_mutex_destroy(&a->mu);
    free(a->live);
    free(a);
}

HostAllocKind ha_kind(const HostAllocator *a)   { return a->kind; }
const char *ha_banner(const HostAllocator *a)   { return ha_banners[a->kind]; }

void *ha_alloc(HostAllocator *a, size_t size, size_t align)
{
    return ha_alloc_at(a, size, align, NULL);
}

void *ha_alloc_at(HostAllocator *a, size_t size, size_t align, const Op *site)
{
    /* The block first, then one critical section for the accounting (and
    ** the live table of the leak check): the lock is not held in malloc. */
    void *p = NULL;
    if (align > sizeof(void *)) {
        size_t al = sizeof(void *);
        while (al < align) al <<= 1;
        if (posix_memalign(&p, al, size ? size : 1) != 0) p = NULL;
    } else {
        p = malloc(size ? size : 1);
    }
    if (!p) tf_out_of_memory();
    pthread_mutex_lock(&a->mu);
    if (a->kind == HA_FIXED_SIZE_1K && size > HA_FIXED_SMALL) {
        if (size > a->capacity) {
            tfrt_log(a->log, 'E', __FILE__, __LINE__,
                     "Attempted to allocate %zu bytes. However current capacity is only %zu.", size, a->capacity);
            pthread_mutex_unlock(&a->mu);
            free(p);
            return NULL;
        }
        a->capacity -= size;
        tfrt_log(a->log, 'I', __FILE__, __LINE__, "Allocating %zu bytes. %zu remaining.", size, a->capacity);
    }
    HostAllocStats *s = &a->st;
    s->cur_allocs++;
    s->total_allocs++;
    s->cur_bytes += (int64_t)size;
    if (s->cur_allocs > s->max_allocs) s->max_allocs = s->cur_allocs;
    if (s->cur_bytes > s->max_bytes) s->max_bytes = s->cur_bytes;
    if (a->kind == HA_LEAK_CHECK) live_add(a, p, site, size);
    pthread_mutex_unlock(&a->mu);
    return p;
}

void ha_free(HostAllocator *a, void *p, size_t size)
{
    if (!p) return;
    pthread_mutex_lock(&a->mu);
    if (a->kind == HA_LEAK_CHECK) live_remove(a, p);
    if (a->kind == HA_FIXED_SIZE_1K && size > HA_FIXED_SMALL) {
        a->capacity += size;
        tfrt_log(a->log, 'I', __FILE__, __LINE__, "Freeing %zu bytes. %zu available.", size, a->capacity);
    }
    a->st.cur_allocs--;
    a->st.cur_bytes -= (int64_t)size;
    pthread_mutex_unlock(&a->mu);
    free(p);     /* after live_remove: a reuse of the address is added anew */
}

HostAllocStats ha_stats(const HostAllocator *a)
{
    HostAllocator *m = (HostAllocator *)a;
    pthread_mutex_lock(&m->mu);
    HostAllocStats s = m->st;
    pthread_mutex_unlock(&m->mu);
    return s;
}

void ha_print_profile(const HostAllocator *a, FILE *out)
{
    HostAllocStats s = ha_stats(a);
    fprintf(out, "HostAllocator profile:\n"
                 "Current number of allocations = %lld\n"
                 "Max number of allocations = %lld\n"
                 "Total number of allocations = %lld\n"
                 "Current number of bytes allocated = %lld\n"
                 "Max number of bytes allocated = %lld\n",
            (long long)s.cur_allocs, (long long)s.max_allocs, (long long)s.total_allocs,
            (long long)s.cur_bytes, (long long)s.max_bytes);
    fflush(out);
}

/* One line per op that made live blocks, in source order. */
static int site_cmp(const void *x, const void *y)
{
    const LiveBlock *a = x, *b = y;
    if (!a->site || !b->site) return (a->site == NULL) - (b->site == NULL);
    if (a->site->line != b->site->line) return a->site->line < b->site->line ? -1 : 1;
    if (a->site->col != b->site->col) return a->site->col < b->site->col ? -1 : 1;
    return a->site < b->site ? -1 : a->site > b->site;
}

static void report_sites(const HostAllocator *a, FILE *out)
{
    HostAllocator *m = (HostAllocator *)a;
    pthread_mutex_lock(&m->mu);
    LiveBlock *v = m->nlive ? xmalloc(m->nlive * sizeof *v) : NULL;
    size_t n = 0;
    for (size_t i = 0; v && i < m->caplive; i++) if (m->live[i].p) v[n++] = m->live[i];
    pthread_mutex_unlock(&m->mu);
    if (!v) return;
    qsort(v, n, sizeof *v, site_cmp);
    for (size_t i = 0; i < n;) {
        size_t j = i, bytes = 0;
        while (j < n && v[j].site == v[i].site) bytes += v[j++].size;
        const Op *op = v[i].site;
        if (op)
            fprintf(out, "  %zu allocation%s, %zu bytes: made by '%s' at line %d:%d\n", j - i,
                    j - i == 1 ? "" : "s", bytes, op->name ? op->name : "?", op->line, op->col);
        else
            fprintf(out, "  %zu allocation%s, %zu bytes: made outside any kernel\n", j - i, j - i == 1 ? "" : "s", bytes);
        i = j;
    }
    free(v);
}

bool ha_report_at_exit(const HostAllocator *a, FILE *out)
{
    if (a->kind == HA_PROFILED) {
        ha_print_profile(a, out);
        return false;
    }
    if (a->kind != HA_LEAK_CHECK) return false;
    HostAllocStats s = ha_stats(a);
    if (s.cur_bytes == 0) return false;
    ha_print_profile(a, out);
    fprintf(out, "Memory leak detected: %lld alive allocations, %lld alive bytes\n",
            (long long)s.cur_allocs, (long long)s.cur_bytes);
    report_sites(a, out);
    fflush(out);
    return true;
}

/* {=====================================================================
** TFRT_LOG
** ====================================================================== */

void tfrt_log(FILE *out, char severity, const char *file, int line, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);

    struct timeval tv;
    gettimeofday(&tv, NULL);
    struct tm tm;
    time_t secs = tv.tv_sec;
    localtime_r(&secs, &tm);
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    /* One fprintf, so concurrent log lines never interleave within a line. */
    fprintf(out, "%c %04d-%02d-%02d %02d:%02d:%02d.%06ld %ld %s:%d] %s\n", severity,
            tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
            (long)tv.tv_usec, (long)syscall(SYS_gettid), base, line, msg);
    fflush(out);
}
