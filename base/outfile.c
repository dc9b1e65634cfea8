/*
** outfile.c — writing output files so that a failure never destroys the
** target (outfile.h, docs/tools.md §6).
*/
#include "base/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/alloc.h"
#include "base/strbuf.h"

#ifdef TFRUN_FAULT_INJECT
#define FAULT(o, step) (fault_now(o, step))
static bool fault_now(OutFile *o, const char *step)
{
    int e = tf_fault_io();
    if (!e) return false;
    errno = e;
    (void)o;
    (void)step;
    return true;
}
#else
#define FAULT(o, step) false
#endif

/* Records the first failure. */
static void fail(OutFile *o, const char *what, int err)
{
    if (o->err) return;
    o->err = err ? err : EIO;
    o->what = what;
}

/* The stream's write: every byte to the descriptor, or the error kept. */
static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
    OutFile *o = cookie;
    if (o->err) return 0;
    size_t done = 0;
    while (done < n) {
        if (FAULT(o, "write")) {
            fail(o, "write", errno);
            return 0;
        }
        ssize_t k = write(o->fd, buf + done, n - done);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            fail(o, "write", k < 0 ? errno : ENOSPC);
            return 0;     /* fewer bytes than asked: stdio sets its error flag */
        }
        done += (size_t)k;
    }
    return (ssize_t)n;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return xstrdup(".");
    if (slash == path) return xstrdup("/");
    return xstrndup(path, (size_t)(slash - path));
}

/* The name of the [i]th temporary file beside [o->target]. */
static void tmp_name(const OutFile *o, int i, StrBuf *b)
{
    char *dir = dir_of(o->target);
    const char *slash = strrchr(o->target, '/');
    b->n = 0;
    sb_printf(b, "%s/.%s.tfrun-%ld-%d", dir, slash ? slash + 1 : o->target, (long)getpid(), i);
    free(dir);
}

/* Makes the temporary file beside [o->target] with [mode] (exact when
** [exact], else less the umask). First an unnamed one (O_TMPFILE), which
** nothing can leave behind, not even an exit from deep inside on running
** out of memory: it gets a name only when outfile_close() links it, just
** before the rename. Where the file system cannot (or /proc is not there
** to link it), a named one. */
static bool make_tmp(OutFile *o, mode_t mode, bool exact)
{
    if (FAULT(o, "create")) {
        fail(o, "create", errno);
        return false;
    }
    char *dir = dir_of(o->target);
    int fd = access("/proc/self/fd", X_OK) == 0
                 ? open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, exact ? 0600 : mode) : -1;
    free(dir);
    StrBuf b = { 0 };
    for (int i = 0; fd < 0 && i < 1000; i++) {
        tmp_name(o, i, &b);
        fd = open(b.p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exact ? 0600 : mode);
        if (fd >= 0) {
            o->tmp = b.p;
            b.p = NULL;
        } else if (errno != EEXIST) {
            break;
        }
    }
    free(b.p);
    if (fd >= 0 && exact && fchmod(fd, mode) != 0) {
        int e = errno;
        close(fd);
        fd = -1;
        if (o->tmp) unlink(o->tmp);
        errno = e;
    }
    if (fd < 0) {
        fail(o, "create", errno);
        free(o->tmp);
        o->tmp = NULL;
        return false;
    }
    o->fd = fd;
    o->anon = o->tmp == NULL;
    return true;
}

/* Gives the unnamed temporary file a name beside the target. */
static bool link_tmp(OutFile *o)
{
    if (FAULT(o, "link")) return false;
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
    StrBuf b = { 0 };
    for (int i = 0; i < 1000; i++) {
        tmp_name(o, i, &b);
        if (linkat(AT_FDCWD, proc, AT_FDCWD, b.p, AT_SYMLINK_FOLLOW) == 0) {
            o->tmp = b.p;
            return true;
        }
        if (errno != EEXIST) break;
    }
    free(b.p);
    return false;
}

bool outfile_open(OutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    if (!path || !strcmp(path, "-")) {
        o->f = stdout;
        return true;
    }
    o->path = path;
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (!exists && errno != ENOENT) {
        fail(o, "open", errno);
        return false;
    }
    bool in_place = false;
    if (exists && S_ISLNK(st.st_mode)) {
        /* Replace the file the link names, not the link. */
        char *real = realpath(path, NULL);
        if (real && stat(real, &st) == 0) {
            o->target = real;
        } else {
            free(real);
            in_place = true;    /* a dangling link: nothing to keep */
        }
    }
    if (!o->target) o->target = xstrdup(path);
    if (exists && S_ISDIR(st.st_mode)) {
        fail(o, "open", EISDIR);
        free(o->target);
        o->target = NULL;
        return false;
    }
    if (exists && !in_place && !S_ISREG(st.st_mode)) in_place = true;
    if (in_place) {
        if (FAULT(o, "open")) {
            fail(o, "open", errno);
        } else {
            o->fd = open(o->target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
            if (o->fd < 0) fail(o, "open", errno);
        }
    } else if (exists) {
        make_tmp(o, st.st_mode & 07777, true);
    } else {
        make_tmp(o, 0666, false);
    }
    if (o->fd >= 0) {
        cookie_io_functions_t io = { NULL, cookie_write, NULL, NULL };
        o->f = fopencookie(o, "w", io);
        if (!o->f) fail(o, "open", errno ? errno : ENOMEM);
    }
    if (o->f) return true;
    if (o->fd >= 0) close(o->fd);
    if (o->tmp) unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    o->fd = -1;
    return false;
}

bool outfile_close(OutFile *o)
{
    if (!o->f) return false;
    if (o->f == stdout) {
        /* Its errors are reported once, at exit (cli/main.c). */
        o->f = NULL;
        fflush(stdout);
        return true;
    }
    /* fclose flushes through cookie_write, which keeps the first error. */
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f)) fail(o, "write", errno);
    if (fclose(o->f) != 0) fail(o, "write", errno);
    o->f = NULL;
    bool replace = o->tmp || o->anon;
    if (!o->err && replace) {
        if (FAULT(o, "fsync") || fsync(o->fd) != 0) fail(o, "fsync", errno);
    }
    if (!o->err && o->anon && !link_tmp(o)) fail(o, "create", errno);
    if (FAULT(o, "close")) {
        fail(o, "close", errno);
        close(o->fd);
    } else if (close(o->fd) != 0) {
        fail(o, "close", errno);
    }
    o->fd = -1;
    if (!o->err && replace) {
        if (FAULT(o, "rename") || rename(o->tmp, o->target) != 0) fail(o, "rename", errno);
    }
    if (o->err && o->tmp) unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    return o->err == 0;
}

void outfile_discard(OutFile *o)
{
    if (!o->f) return;
    if (o->f == stdout) {
        o->f = NULL;
        fflush(stdout);
        return;
    }
    int keep = o->err;
    fclose(o->f);
    o->f = NULL;
    close(o->fd);
    o->fd = -1;
    if (o->tmp) unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    o->err = keep;
}

const char *outfile_error(const OutFile *o, char *buf, size_t n)
{
    const char *p = o->path ? o->path : "standard output";
    const char *why = strerror(o->err ? o->err : EIO);
    const char *w = o->what ? o->what : "write";
    if (!strcmp(w, "create"))
        snprintf(buf, n, "cannot create a temporary file beside '%s': %s", p, why);
    else if (!strcmp(w, "open"))
        snprintf(buf, n, "cannot open output file '%s': %s", p, why);
    else if (!strcmp(w, "rename"))
        snprintf(buf, n, "cannot replace '%s': %s", p, why);
    else
        snprintf(buf, n, "write error on '%s': %s", p, why);
    return buf;
}

bool outfile_write_all(const char *path, const void *data, size_t n, char *buf, size_t bufsize)
{
    OutFile o;
    bool ok = outfile_open(&o, path);
    if (ok) {
        if (n) fwrite(data, 1, n, o.f);
        ok = outfile_close(&o);
    }
    if (!ok) outfile_error(&o, buf, bufsize);
    return ok;
}

void outfile_guard_std(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
        /* The lowest free descriptor is [fd]: those below it are open. */
        int got = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY));
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}
