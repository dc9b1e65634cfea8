/*
** diag.c — diagnostics and expected-diagnostic verification (see diag.h).
**
** A sink holds the registered sources (file name, the text, copied or
** borrowed, a lazily built line index, and the annotations found in it) and a recursive
** mutex that serialises emission. The verification rules follow MLIR's
** SourceMgrDiagnosticVerifierHandler, restricted as docs/execution.md §1.7
** says: only plain file locations can match.
*/
#include "base/alloc.h"
#include "ir/diag.h"

#include <pthread.h>
#include <regex.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/ir.h"
#include "ir/print.h"

/* ---------------------------------------------------------------- types */

/* One `expected-KIND[-re][@...] {{TEXT}}` annotation. */
typedef struct Ann {
    DiagKind kind;
    bool is_re, rx_ok, matched;
    regex_t rx;
    char *text;          /* TEXT as written (for messages and substring match) */
    int line, col;       /* where the annotation itself is (col of "expected-") */
    int target;          /* the line it expects a diagnostic on */
} Ann;

typedef struct Source {
    char *file;
    const char *text; size_t len;
    bool owned;                     /* text is the sink's copy (else borrowed) */
    size_t *starts; int nlines;     /* line index, built on first use */
    int off;                        /* the text's first line is line off + 1 */
    Ann *anns; int nanns;
    bool collected;                 /* annotations parsed */
    bool active;                    /* checked at diag_finish */
} Source;

struct DiagSink {
    FILE *out;
    bool color;
    DiagVerify mode;
    Source *srcs; int nsrcs;
    int errors;          /* printed errors */
    int raw_errors;      /* every error emitted */
    int unproduced;      /* annotations reported by diag_finish */
    bool finished;
    bool last_matched;   /* the last error/warning/remark matched an annotation */
    void (*tie)(void *); /* called before a diagnostic is written (diag_set_tie) */
    void *tie_ud;
    pthread_mutex_t mu;
};

static const char *const kind_word[] = { "error", "warning", "note", "remark" };

/* ---------------------------------------------------------------- sink */

void diag_set_tie(DiagSink *d, void (*fn)(void *), void *ud)
{
    d->tie = fn;
    d->tie_ud = ud;
}

DiagSink *diag_new(FILE *out)
{
    DiagSink *d = xcalloc(1, sizeof *d);
    if (!d) return NULL;
    d->out = out ? out : stderr;
    const char *nc = getenv("NO_COLOR");
    d->color = (!nc || !*nc) && isatty(fileno(d->out));
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&d->mu, &a);
    pthread_mutexattr_destroy(&a);
    return d;
}

static void free_anns(Source *s)
{
    for (int i = 0; i < s->nanns; i++) {
        if (s->anns[i].rx_ok) regfree(&s->anns[i].rx);
        free(s->anns[i].text);
    }
    free(s->anns);
    s->anns = NULL;
    s->nanns = 0;
    s->collected = false;
}

void diag_free(DiagSink *d)
{
    if (!d) return;
    for (int i = 0; i < d->nsrcs; i++) {
        free_anns(&d->srcs[i]);
        free(d->srcs[i].file);
        if (d->srcs[i].owned) free((char *)d->srcs[i].text);
        free(d->srcs[i].starts);
    }
    free(d->srcs);
    pthread_mutex_destroy(&d->mu);
    free(d);
}

void diag_set_color(DiagSink *d, bool on) { d->color = on; }
void diag_set_verify(DiagSink *d, DiagVerify mode) { d->mode = mode; }
FILE *diag_swap_out(DiagSink *d, FILE *out)
{
    FILE *old = d->out;
    d->out = out;
    return old;
}
void diag_lock(DiagSink *d) { pthread_mutex_lock(&d->mu); }
void diag_unlock(DiagSink *d) { pthread_mutex_unlock(&d->mu); }

int diag_error_count(const DiagSink *d) { return d->errors; }
int diag_raw_error_count(const DiagSink *d) { return d->raw_errors; }
bool diag_failed(const DiagSink *d) { return d->errors > 0 || d->unproduced > 0; }

static Source *find_source(DiagSink *d, const char *file)
{
    if (!file) return NULL;
    for (int i = 0; i < d->nsrcs; i++)
        if (!strcmp(d->srcs[i].file, file)) return &d->srcs[i];
    return NULL;
}

/* Registers [text] for [file]: a copy of it when [borrow] is false. */
static void add_source(DiagSink *d, const char *file, const char *text, size_t len, bool borrow,
                       int first_line)
{
    int off = first_line > 1 ? first_line - 1 : 0;
    if (!d || !file) return;
    if (!text) { text = ""; len = 0; }
    pthread_mutex_lock(&d->mu);
    Source *s = find_source(d, file);
    /* Registering the very text again (the parser after its caller) costs
    ** nothing; equal text in another buffer is compared once. A borrowed
    ** registration of text equal to an owned copy keeps the copy. */
    if (s && s->off == off && s->len == len && (s->text == text || len == 0 || !memcmp(s->text, text, len))) {
        pthread_mutex_unlock(&d->mu);
        return;
    }
    const char *keep = text;
    if (!borrow) {
        char *copy = xmalloc(len + 1);
        if (!copy) { pthread_mutex_unlock(&d->mu); return; }
        if (len) memcpy(copy, text, len);
        copy[len] = '\0';
        keep = copy;
    }
    if (!s) {
        Source *ns = xrealloc(d->srcs, (size_t)(d->nsrcs + 1) * sizeof *ns);
        char *name = xstrdup(file);
        if (!ns || !name) {
            if (ns) d->srcs = ns;
            free(name);
            if (!borrow) free((char *)keep);
            pthread_mutex_unlock(&d->mu);
            return;
        }
        d->srcs = ns;
        s = &d->srcs[d->nsrcs++];
        memset(s, 0, sizeof *s);
        s->file = name;
    } else {
        free_anns(s);
        if (s->owned) free((char *)s->text);
        free(s->starts);
        s->starts = NULL;
        s->nlines = 0;
    }
    s->text = keep;
    s->len = len;
    s->owned = !borrow;
    s->off = off;
    pthread_mutex_unlock(&d->mu);
}

void diag_add_source(DiagSink *d, const char *file, const char *text, size_t len)
{
    add_source(d, file, text, len, false, 1);
}

void diag_add_source_borrowed(DiagSink *d, const char *file, const char *text, size_t len)
{
    add_source(d, file, text, len, true, 1);
}

void diag_add_source_borrowed_at(DiagSink *d, const char *file, const char *text, size_t len,
                                 int first_line)
{
    add_source(d, file, text, len, true, first_line);
}

/* ---------------------------------------------------------------- lines */

static bool build_index(Source *s)
{
    if (s->starts) return true;
    int n = 1;
    for (size_t i = 0; i < s->len; i++)
        if (s->text[i] == '\n') n++;
    s->starts = xmalloc((size_t)(n + 1) * sizeof *s->starts);
    if (!s->starts) return false;
    int k = 0;
    s->starts[k++] = 0;
    for (size_t i = 0; i < s->len; i++)
        if (s->text[i] == '\n') s->starts[k++] = i + 1;
    s->starts[k] = s->len + 1;   /* sentinel: one past the (virtual) last newline */
    s->nlines = n;
    return true;
}

/* The text of 1-based [line] without its newline (and without a trailing
** '\r'); NULL when out of range. */
static const char *line_text(Source *s, int line, size_t *len)
{
    line -= s->off;
    if (!build_index(s) || line < 1 || line > s->nlines) return NULL;
    size_t b = s->starts[line - 1];
    size_t e = s->starts[line] - 1;          /* the newline (or end of text) */
    if (e > s->len) e = s->len;
    if (e > b && s->text[e - 1] == '\r') e--;
    *len = e - b;
    return s->text + b;
}

/* ---------------------------------------------------------------- printing */

#define C_BOLD  "\033[1m"
#define C_RESET "\033[0m"
static const char *const kind_color[] = {
    "\033[1;31m", "\033[1;35m", "\033[1;36m", "\033[1;34m"
};

/* One printer for locations: print.c's, whose fused<...> metadata is any
** attribute in full (as MLIR's diagnostics print it). */
void diag_print_loc(FILE *out, const Loc *loc) { ir_print_loc(out, loc); }

/* The first file location inside [l], pre-order (MLIR's findInstanceOf). */
static const Loc *find_file_loc(const Loc *l, int depth)
{
    if (!l || depth > 256) return NULL;
    switch (l->kind) {
    case LOC_FILE: return l;
    case LOC_NAME: return find_file_loc(l->child, depth + 1);
    case LOC_FUSED:
        for (int i = 0; i < l->nitems; i++) {
            const Loc *f = find_file_loc(l->items[i], depth + 1);
            if (f) return f;
        }
        return NULL;
    case LOC_CALLSITE: {
        const Loc *f = find_file_loc(l->callee, depth + 1);
        return f ? f : find_file_loc(l->caller, depth + 1);
    }
    default: return NULL;
    }
}

/* Longest source line shown in full; longer lines are shown as a window
** around the column so that a 1 MB line does not flood the terminal. */
enum { MAX_SHOWN = 200, WINDOW_BEFORE = 80 };

static void print_source_line(DiagSink *d, Source *s, int line, int col)
{
    size_t len;
    const char *t = s ? line_text(s, line, &len) : NULL;
    if (!t) return;
    size_t c = col >= 1 ? (size_t)col - 1 : 0;      /* 0-based caret byte */
    if (c > len) c = len;
    size_t b = 0, e = len;
    bool pre = false, post = false;
    if (len > MAX_SHOWN) {
        b = c > WINDOW_BEFORE ? c - WINDOW_BEFORE : 0;
        e = b + MAX_SHOWN < len ? b + MAX_SHOWN : len;
        pre = b > 0;
        post = e < len;
    }
    FILE *o = d->out;
    if (pre) fputs("...", o);
    for (size_t i = b; i < e; i++) {
        unsigned char ch = (unsigned char)t[i];
        fputc(ch == '\t' || ch >= 0x20 ? ch : ' ', o);
    }
    if (post) fputs("...", o);
    fputc('\n', o);
    if (pre) fputs("   ", o);
    for (size_t i = b; i < c; i++) fputc(t[i] == '\t' ? '\t' : ' ', o);
    if (d->color) fputs("\033[1;32m", o);
    fputc('^', o);
    if (d->color) fputs(C_RESET, o);
    fputc('\n', o);
}

/* Prints "[prefix]KIND: [msg_prefix]MSG" plus the source line, for a
** location that is a file position (file != NULL, line > 0), a bare file
** (line <= 0), or nothing (file == NULL, loc == NULL). A non-file [loc]
** is printed in MLIR syntax unless it contains a file location. */
static void print_diag(DiagSink *d, DiagKind k, const char *file, int line, int col,
                       const Loc *loc, const char *msg_prefix, const char *msg)
{
    FILE *o = d->out;
    if (d->tie) d->tie(d->tie_ud);
    if (d->color) fputs(C_BOLD, o);
    if (loc) {
        const Loc *f = find_file_loc(loc, 0);
        if (f) {
            file = f->file; line = f->line; col = f->col;
        } else {
            file = NULL;
            if (loc->kind != LOC_UNKNOWN) { diag_print_loc(o, loc); fputs(": ", o); }
        }
    }
    if (file) {
        if (line > 0) fprintf(o, "%s:%d:%d: ", file, line, col > 0 ? col : 1);
        else fprintf(o, "%s: ", file);
    }
    if (d->color) fputs(kind_color[k], o);
    fputs(kind_word[k], o);
    if (d->color) fputs(C_RESET C_BOLD, o);
    fputs(": ", o);
    if (msg_prefix) fputs(msg_prefix, o);
    fputs(msg, o);
    if (d->color) fputs(C_RESET, o);
    fputc('\n', o);
    if (file && line > 0) print_source_line(d, find_source(d, file), line, col);
    fflush(o);
}

/* ---------------------------------------------------------------- annotations */

/* Converts MLIR's regex annotation text (literal text with {{regex}}
** segments) into a POSIX extended regular expression. */
static char *mlir_regex(const char *t)
{
    size_t n = strlen(t);
    char *r = xmalloc(2 * n + 3);
    if (!r) return NULL;
    size_t k = 0;
    const char *p = t;
    while (*p) {
        if (p[0] == '{' && p[1] == '{') {
            const char *q = strstr(p + 2, "}}");
            if (q) {
                r[k++] = '(';
                memcpy(r + k, p + 2, (size_t)(q - p - 2));
                k += (size_t)(q - p - 2);
                r[k++] = ')';
                p = q + 2;
                continue;
            }
        }
        if (strchr(".[]()*+?{}|^$\\", *p)) r[k++] = '\\';
        r[k++] = *p++;
    }
    r[k] = '\0';
    return r;
}

/* Parses an annotation starting at "expected-" ([p], inside line [ln] of
** [lt]..[le]). Returns true and fills [a] (text malloc'ed) on success;
** [*designator] receives 0, 'a' (@above) or 'b' (@below). */
static bool parse_ann(const char *p, const char *le, int ln, const char *lt, Ann *a, int *designator)
{
    const char *q = p + 9;   /* after "expected-" */
    static const char *const words[] = { "error", "warning", "note", "remark" };
    int kind = -1;
    for (int i = 0; i < 4; i++) {
        size_t wl = strlen(words[i]);
        if ((size_t)(le - q) >= wl && !memcmp(q, words[i], wl)) { kind = i; q += wl; break; }
    }
    if (kind < 0) return false;
    memset(a, 0, sizeof *a);
    a->kind = (DiagKind)kind;
    if (le - q >= 3 && !memcmp(q, "-re", 3)) { a->is_re = true; q += 3; }
    while (q < le && *q == ' ') q++;
    a->line = ln;
    a->col = (int)(p - lt) + 1;
    a->target = ln;
    *designator = 0;
    if (q < le && *q == '@') {
        q++;
        if (q < le && (*q == '+' || *q == '-')) {
            char sign = *q++;
            if (q >= le || *q < '0' || *q > '9') return false;
            long v = 0;
            while (q < le && *q >= '0' && *q <= '9') {
                if (v < 100000000) v = v * 10 + (*q - '0');
                q++;
            }
            a->target = sign == '+' ? ln + (int)v : ln - (int)v;
        } else if (le - q >= 5 && !memcmp(q, "above", 5)) {
            *designator = 'a'; q += 5;
        } else if (le - q >= 5 && !memcmp(q, "below", 5)) {
            *designator = 'b'; q += 5;
        } else {
            return false;
        }
        while (q < le && *q == ' ') q++;
    }
    if (le - q < 2 || q[0] != '{' || q[1] != '{') return false;
    const char *tb = q + 2, *te = NULL;
    for (const char *s = le - 2; s >= tb; s--)
        if (s[0] == '}' && s[1] == '}') { te = s; break; }
    if (!te) return false;
    a->text = xmalloc((size_t)(te - tb) + 1);
    if (!a->text) return false;
    memcpy(a->text, tb, (size_t)(te - tb));
    a->text[te - tb] = '\0';
    if (a->is_re) {
        char *rx = mlir_regex(a->text);
        a->rx_ok = rx && regcomp(&a->rx, rx, REG_EXTENDED | REG_NOSUB) == 0;
        free(rx);
    }
    return true;
}

/* Scans [s] for annotations (once). */
static void collect(DiagSink *d, Source *s)
{
    if (s->collected) return;
    s->collected = true;
    if (!build_index(s)) return;
    int cap = 0;
    int last_plain = 0;            /* last line without an annotation */
    int pending_below = 0;         /* annotations waiting for the next plain line */
    int *below = NULL;
    for (int ln = 1 + s->off; ln <= s->nlines + s->off; ln++) {
        size_t len;
        const char *lt = line_text(s, ln, &len);
        const char *le = lt + len;
        bool found = false;
        for (const char *p = lt; p && le - p >= 9; p++) {
            p = memchr(p, 'e', (size_t)(le - p));
            if (!p || le - p < 9) break;
            if (memcmp(p, "expected-", 9)) continue;
            Ann a;
            int des;
            if (!parse_ann(p, le, ln, lt, &a, &des)) continue;
            if (s->nanns == cap) {
                int nc = cap ? 2 * cap : 8;
                Ann *na = xrealloc(s->anns, (size_t)nc * sizeof *na);
                if (!na) { free(a.text); if (a.rx_ok) regfree(&a.rx); break; }
                s->anns = na;
                cap = nc;
            }
            if (des == 'a') a.target = last_plain;
            if (des == 'b') {
                int *nb = xrealloc(below, (size_t)(pending_below + 1) * sizeof *nb);
                if (nb) { below = nb; below[pending_below++] = s->nanns; }
                a.target = 0;      /* no plain line below: never matches */
            }
            s->anns[s->nanns++] = a;
            found = true;
            if (a.is_re && !a.rx_ok) {
                /* Reported now (outside verification) so that a broken
                ** pattern is not silently "not produced". */
                print_diag(d, DIAG_ERROR, s->file, a.line, a.col, NULL,
                           "invalid regular expression in annotation: ", a.text);
                d->errors++;
            }
            break;   /* one annotation per line, as MLIR's regex match */
        }
        if (!found) {
            last_plain = ln;
            for (int i = 0; i < pending_below; i++) s->anns[below[i]].target = ln;
            pending_below = 0;
        }
    }
    free(below);
}

static bool ann_matches(const Ann *a, const char *msg)
{
    if (a->is_re) return a->rx_ok && regexec(&a->rx, msg, 0, NULL, 0) == 0;
    return strstr(msg, a->text) != NULL;
}

/* ---------------------------------------------------------------- emission */

/* The core: [loc] is the IR location when the diagnostic came from one
** (file/line/col then describe it only if it is a plain file location). */
static void emit(DiagSink *d, DiagKind k, const char *file, int line, int col,
                 const Loc *loc, bool plain_file, const char *msg)
{
    pthread_mutex_lock(&d->mu);
    if (k == DIAG_ERROR) d->raw_errors++;
    if (d->mode == DIAG_VERIFY_OFF) {
        print_diag(d, k, file, line, col, plain_file ? NULL : loc, NULL, msg);
        if (k == DIAG_ERROR) d->errors++;
        pthread_mutex_unlock(&d->mu);
        return;
    }
    Source *s = plain_file && line > 0 ? find_source(d, file) : NULL;
    if (s) {
        collect(d, s);
        s->active = true;
        const Ann *near = NULL;
        for (int i = 0; i < s->nanns; i++) {
            Ann *a = &s->anns[i];
            if (a->target != line || !ann_matches(a, msg)) continue;
            if (a->kind == k) {
                a->matched = true;
                if (k != DIAG_NOTE) d->last_matched = true;
                pthread_mutex_unlock(&d->mu);
                return;
            }
            near = a;
        }
        if (near) {
            if (k != DIAG_NOTE) d->last_matched = false;
            char buf[96];
            snprintf(buf, sizeof buf, "'%s' diagnostic emitted when expecting a '%s'",
                     kind_word[k], kind_word[near->kind]);
            print_diag(d, DIAG_ERROR, s->file, near->line, near->col, NULL, NULL, buf);
            d->errors++;
            pthread_mutex_unlock(&d->mu);
            return;
        }
    }
    if (k == DIAG_NOTE) {
        /* A note nobody expected explains the diagnostic just before it:
        ** dropped when that one was expected, printed as a plain note
        ** (not an error) when it was not. See diag.h. */
        if (!d->last_matched) print_diag(d, DIAG_NOTE, file, line, col, plain_file ? NULL : loc, NULL, msg);
        pthread_mutex_unlock(&d->mu);
        return;
    }
    d->last_matched = false;
    char prefix[32] = "";
    if (d->mode != DIAG_VERIFY_LAZY_STATIC) snprintf(prefix, sizeof prefix, "unexpected %s: ", kind_word[k]);
    print_diag(d, DIAG_ERROR, file, line, col, plain_file ? NULL : loc, prefix, msg);
    d->errors++;
    pthread_mutex_unlock(&d->mu);
}

void diag_emit(DiagSink *d, DiagKind k, const char *file, int line, int col, const char *msg)
{
    if (!d) return;
    emit(d, k, file, line, col, NULL, file != NULL, msg ? msg : "");
}

/* Formats [fmt] into [small] ([cap] bytes) or, when the text is longer,
** into a malloc'd *big (the caller frees it). Falls back to the truncated
** text when that allocation fails, and to [fmt] itself on an encoding error. */
static const char *vformat(char *small, size_t cap, char **big, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, cap, fmt, ap2);
    va_end(ap2);
    if (n < 0) return fmt;
    if ((size_t)n < cap || !(*big = xmalloc((size_t)n + 1))) return small;
    vsnprintf(*big, (size_t)n + 1, fmt, ap);
    return *big;
}

void diag_emitv(DiagSink *d, DiagKind k, const char *file, int line, int col,
                const char *fmt, va_list ap)
{
    if (!d) return;
    char small[512], *big = NULL;
    diag_emit(d, k, file, line, col, vformat(small, sizeof small, &big, fmt, ap));
    free(big);
}

void diag_emitf(DiagSink *d, DiagKind k, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_emitv(d, k, file, line, col, fmt, ap);
    va_end(ap);
}

void diag_emit_loc(DiagSink *d, DiagKind k, const Loc *loc, const char *msg)
{
    if (!d) return;
    if (!msg) msg = "";
    if (loc && loc->kind == LOC_FILE)
        emit(d, k, loc->file, loc->line, loc->col, NULL, true, msg);
    else
        emit(d, k, NULL, 0, 0, loc, false, msg);
}

void diag_emit_locf(DiagSink *d, DiagKind k, const Loc *loc, const char *fmt, ...)
{
    if (!d) return;
    char small[512], *big = NULL;
    va_list ap;
    va_start(ap, fmt);
    const char *msg = vformat(small, sizeof small, &big, fmt, ap);
    va_end(ap);
    diag_emit_loc(d, k, loc, msg);
    free(big);
}

/* ---------------------------------------------------------------- finish */

bool diag_finish(DiagSink *d)
{
    pthread_mutex_lock(&d->mu);
    if (!d->finished && d->mode != DIAG_VERIFY_OFF) {
        d->finished = true;
        for (int i = 0; i < d->nsrcs; i++) {
            Source *s = &d->srcs[i];
            if (d->mode == DIAG_VERIFY_ALL) { collect(d, s); s->active = true; }
            if (!s->active) continue;
            for (int j = 0; j < s->nanns; j++) {
                Ann *a = &s->anns[j];
                if (a->matched || (a->is_re && !a->rx_ok)) continue;
                char *buf = xmalloc(strlen(a->text) + 64);
                if (!buf) continue;
                sprintf(buf, "expected %s \"%s\" was not produced", kind_word[a->kind], a->text);
                print_diag(d, DIAG_ERROR, s->file, a->line, a->col, NULL, NULL, buf);
                free(buf);
                d->unproduced++;
            }
        }
    }
    d->finished = true;
    bool bad = diag_failed(d);
    pthread_mutex_unlock(&d->mu);
    return bad;
}
