/*
** alloc.c — the one allocation path and its out-of-memory policy (alloc.h).
*/
#include "base/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TF_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define TF_SANITIZED 1
#endif
#endif

_Noreturn void tf_out_of_memory(void)
{
    /* No stdio formatting here (it may allocate): the limit, when tfrun's
    ** ceiling is in force, in MiB by hand. */
    char msg[96] = "tfrun: out of memory";
    size_t n = strlen(msg);
    struct rlimit rl;
    if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        static const char pre[] = " (the limit is ", post[] = " MiB: --max-memory)";
        char digits[24];
        int k = 0;
        for (unsigned long long v = (unsigned long long)rl.rlim_cur >> 20; k == 0 || v; v /= 10) digits[k++] = (char)('0' + v % 10);
        memcpy(msg + n, pre, sizeof pre - 1), n += sizeof pre - 1;
        while (k) msg[n++] = digits[--k];
        memcpy(msg + n, post, sizeof post - 1), n += sizeof post - 1;
    }
    msg[n++] = '\n';
    fflush(stdout);
    ssize_t w = write(STDERR_FILENO, msg, n);
    (void)w;
    _exit(1);
}

/* A number of bytes from the first line of [path] ("max" or a number that
** is no limit: 0). */
static uint64_t file_bytes(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[64];
    uint64_t v = 0;
    if (fgets(line, sizeof line, f)) {
        char *end;
        unsigned long long x = strtoull(line, &end, 10);
        if (end != line && x < ((uint64_t)1 << 60)) v = (uint64_t)x;
    }
    fclose(f);
    return v;
}

uint64_t tf_default_memory_limit(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t m = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
    /* A container's limit, cgroup v2 then v1, when lower. */
    uint64_t c = file_bytes("/sys/fs/cgroup/memory.max");
    if (!c) c = file_bytes("/sys/fs/cgroup/memory/memory.limit_in_bytes");
    if (c && (!m || c < m)) m = c;
    return m / 4 * 3;
}

void tf_lift_memory_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_DATA, &rl) != 0 || rl.rlim_cur == rl.rlim_max) return;
    rl.rlim_cur = rl.rlim_max;
    (void)setrlimit(RLIMIT_DATA, &rl);
}

uint64_t tf_memory_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_DATA, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return 0;
    return (uint64_t)rl.rlim_cur;
}

bool tf_set_memory_limit(uint64_t bytes)
{
#ifdef TF_SANITIZED
    (void)bytes;
    return false;
#else
    struct rlimit rl;
    if (getrlimit(RLIMIT_DATA, &rl) != 0) return false;
    rlim_t want = bytes ? (rlim_t)bytes : RLIM_INFINITY;
    if (rl.rlim_max != RLIM_INFINITY && (want == RLIM_INFINITY || want > rl.rlim_max)) want = rl.rlim_max;
    rl.rlim_cur = want;
    return setrlimit(RLIMIT_DATA, &rl) == 0;
#endif
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) tf_out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) tf_out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) tf_out_of_memory();
    return q;
}

char *xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p) tf_out_of_memory();
    return p;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = strndup(s, n);
    if (!p) tf_out_of_memory();
    return p;
}
