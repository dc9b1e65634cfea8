/*
** tsink.c — TFRT's debug tracing sink (interp/tsink.h).
**
** The buffer follows llvm::raw_ostream::write() piece by piece (TFRT's
** sink writes "Scope:", the name and "\n" as three pieces): a piece that
** fits is copied; one that does not fills the buffer, which is written,
** and the rest starts over; a piece met by an empty buffer that is larger
** than it is written directly in whole blocks, its remainder kept. So the
** output's bytes leave in whole blocks, each as soon as a byte beyond it
** comes.
*/
#include "base/alloc.h"
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/strbuf.h"
#include "interp/tsink.h"

struct TSink {
    pthread_mutex_t mu;
    FILE *out;
    TSinkLevel level;
    size_t block;        /* the buffer's size; 0: unbuffered */
    size_t cur;          /* bytes in buf */
    char *buf;
    int err;             /* errno of the first failed write */
};

/* llvm::raw_fd_ostream::preferred_buffer_size(): none on a terminal, else
** the descriptor's block size (none when it cannot be asked). */
static size_t block_of(FILE *out)
{
    struct stat st;
    int fd = fileno(out);
    if (fd < 0 || fstat(fd, &st) != 0) return 0;
    if (S_ISCHR(st.st_mode) && isatty(fd)) return 0;
    return st.st_blksize > 0 ? (size_t)st.st_blksize : 0;
}

TSink *tsink_new_block(FILE *out, TSinkLevel level, size_t block)
{
    TSink *s = xcalloc(1, sizeof *s);
    pthread_mutex_init(&s->mu, NULL);
    s->out = out;
    s->level = level;
    s->block = block;
    if (block) s->buf = xmalloc(block);
    return s;
}

TSink *tsink_new(FILE *out, TSinkLevel level)
{
    return tsink_new_block(out, level, block_of(out));
}

void tsink_free(TSink *s)
{
    if (!s) return;
    pthread_mutex_destroy(&s->mu);
    free(s->buf);
    free(s);
}

bool tsink_on(const TSink *s, TSinkLevel level)
{
    return s && level != TSINK_NONE && level <= s->level;
}

/* Writes [n] bytes to the output now, after what the program printed. */
static void emit(TSink *s, const char *p, size_t n)
{
    if (n == 0 || s->err) return;
    flockfile(s->out);
    errno = 0;
    if (fflush(s->out) != 0 || fwrite(p, 1, n, s->out) != n || fflush(s->out) != 0)
        s->err = errno ? errno : EIO;
    funlockfile(s->out);
}

/* llvm::raw_ostream::write (above). */
static void put(TSink *s, const char *p, size_t n)
{
    if (!s->block) {
        emit(s, p, n);
        return;
    }
    while (n > s->block - s->cur) {
        if (s->cur == 0) {
            size_t whole = n - n % s->block;
            emit(s, p, whole);
            p += whole;
            n -= whole;
            break;
        }
        size_t room = s->block - s->cur;
        memcpy(s->buf + s->cur, p, room);
        emit(s, s->buf, s->block);
        s->cur = 0;
        p += room;
        n -= room;
    }
    memcpy(s->buf + s->cur, p, n);
    s->cur += n;
}

void tsink_push(TSink *s, const char *fmt, ...)
{
    StrBuf name = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&name, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&s->mu);
    put(s, "Scope:", 6);
    put(s, name.p ? name.p : "", name.n);
    put(s, "\n", 1);
    pthread_mutex_unlock(&s->mu);
    sb_free(&name);
}

void tsink_pop(TSink *s)
{
    pthread_mutex_lock(&s->mu);
    put(s, "End Scope\n", 10);
    pthread_mutex_unlock(&s->mu);
}

static void flush_locked(TSink *s)
{
    emit(s, s->buf, s->cur);
    s->cur = 0;
}

void tsink_flush(TSink *s)
{
    if (!s) return;
    pthread_mutex_lock(&s->mu);
    flush_locked(s);
    pthread_mutex_unlock(&s->mu);
}

bool tsink_finish(TSink *s)
{
    pthread_mutex_lock(&s->mu);
    flush_locked(s);
    bool ok = s->err == 0;
    pthread_mutex_unlock(&s->mu);
    return ok;
}

int tsink_error(const TSink *s)
{
    return s->err;
}
