/*
** repl.c — `tfrun repl [FILE]`: the interactive session and debugger
** (docs/tools.md §3).
**
** Input. When standard input is a terminal, lines are read with libedit
** (editing, history saved in $HOME/.tfrun_history — none when HOME is
** unset —, tab completion of commands, op names, @functions and %values),
** with the prompt `tfrun> `, `   ...> ` while a multi-line input is open,
** and `[OP at FILE:L:C] tfrun> ` while stopped before a kernel. Otherwise
** lines are read plainly and no prompt is printed, so that a transcript
** piped in gives exactly the session's output (and nothing else). Every
** physical input line is also a line of the virtual file `<repl>`, which is
** what diagnostics point into: input line N is `<repl>:N`.
**
** Session. One Module holds every function defined so far (typed, or
** loaded with :load). A typed op is run at once in the "top-level frame":
** the REPL wraps it in a hidden function
**
**     func.func @__repl_K(%x: i32, ...) -> (T...) {     <- line N-1
**       <the typed text, at its own line and column>     <- line N...
**       tfrt.return %results... : T...
**     }
**
** whose arguments are the earlier top-level values the text mentions and
** whose results are the values it defines; running it through the real
** executor gives the ops their exact semantics (strictness, errors,
** scheduling, debugging). Its results are kept in a table of named values
** that later lines use. When the typed text starts on line 1 there is no
** line above it for the header: the text is then parsed one line lower and
** the hidden function's locations are moved back up (shift_lines).
**
** Every change of the module is checked first on a scratch copy (parse +
** verify against declarations of the existing functions), so that bad
** input leaves the session unchanged; then the Host is rebuilt (a Host
** compiles the whole module once; host_free before changing the module).
**
** Debugging runs use the single-threaded queue; the debugger
** (interp/debug.c) is attached to every Host, and stops by calling back
** into this file's command loop (stop_loop) from inside the executor.
**
** Ctrl-C while a program runs cancels that run's request (rq_cancel via
** the debugger's before-kernel check), not the session. The SIGINT handler
** only sets [interrupted], a sig_atomic_t: the one piece of global mutable
** state here, as a signal handler cannot be given a context.
*/
#include "base/alloc.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <histedit.h>
#include "cli/cli.h"
#include "cli/repl.h"
#include "interp/debug.h"
#include "interp/display.h"
#include "interp/exec.h"
#include "interp/strbuf.h"
#include "ir/diag.h"
#include "ir/print.h"
#include "ir/verify.h"
#include "kernels/dht.h"
#include "kernels/optable.h"
#include "parser/parser.h"

/* The file name of the session's own text in locations and diagnostics. */
#define REPL_FILE "<repl>"
/* Prefix of the hidden functions that run typed ops (reserved). */
#define HIDDEN "__repl_"
/* History entries kept across sessions. */
#define HISTORY_SIZE 1000

/* Set by the SIGINT handler, read and cleared by the debugger before each
** kernel and by the line reader. See the header comment. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* {=====================================================================
** Small helpers
** ====================================================================== */


static bool is_id_char(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    return s;
}

/* Types written differently that are the same (docs/kernel-behaviour.md §12). */
static bool same_spelling(const char *a, const char *b)
{
    if (!strcmp(a, b)) return true;
    bool ta = !strcmp(a, "!t.tensor") || !strcmp(a, "!tfrt_tensor.tensor");
    bool tb = !strcmp(b, "!t.tensor") || !strcmp(b, "!tfrt_tensor.tensor");
    return ta && tb;
}

static bool same_signature(const Func *a, const Func *b)
{
    if (a->nargs != b->nargs || a->nresults != b->nresults) return false;
    for (int i = 0; i < a->nargs; i++)
        if (!same_spelling(a->arg_types[i]->spelling, b->arg_types[i]->spelling)) return false;
    for (int i = 0; i < a->nresults; i++)
        if (!same_spelling(a->result_types[i]->spelling, b->result_types[i]->spelling)) return false;
    return true;
}

/* "(i32, i32) -> i32" */
static void sig_text(StrBuf *b, const Func *f)
{
    sb_adds(b, "(");
    for (int i = 0; i < f->nargs; i++) {
        if (i) sb_adds(b, ", ");
        sb_adds(b, f->arg_types[i]->spelling);
    }
    sb_adds(b, ") -> ");
    if (f->nresults != 1) sb_adds(b, "(");
    for (int i = 0; i < f->nresults; i++) {
        if (i) sb_adds(b, ", ");
        sb_adds(b, f->result_types[i]->spelling);
    }
    if (f->nresults != 1) sb_adds(b, ")");
}

static bool hidden_name(const char *name) { return !strncmp(name, HIDDEN, strlen(HIDDEN)); }

/* }===================================================================== */

/* {=====================================================================
** Text helpers (repl.h)
** ====================================================================== */

int repl_brace_depth(const char *line, int depth)
{
    for (const char *p = line; *p; p++) {
        if (*p == '"') {
            for (p++; *p && *p != '"'; p++)
                if (*p == '\\' && p[1]) p++;
            if (!*p) break;
        } else if (p[0] == '/' && p[1] == '/') {
            break;
        } else if (*p == '{') {
            depth++;
        } else if (*p == '}') {
            depth--;
        }
    }
    return depth;
}

bool repl_is_blank(const char *line)
{
    const char *p = skip_ws(line);
    return !*p || (p[0] == '/' && p[1] == '/');
}

/* Skips blanks and whole comment lines. */
static const char *skip_ws_comments(const char *s)
{
    for (;;) {
        s = skip_ws(s);
        if (s[0] == '/' && s[1] == '/') {
            while (*s && *s != '\n') s++;
            continue;
        }
        return s;
    }
}

static bool starts_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return !strncmp(s, w, n) && !is_id_char((unsigned char)s[n]);
}

bool repl_is_definition(const char *s)
{
    s = skip_ws_comments(s);
    if (starts_word(s, "func.func") || starts_word(s, "func") || starts_word(s, "module")) return true;
    if (*s == '#') {
        s++;
        while (is_id_char((unsigned char)*s)) s++;
        s = skip_ws(s);
        return *s == '=';
    }
    return false;
}

/* }===================================================================== */

/* {=====================================================================
** Session state
** ====================================================================== */

/* A named value of the top-level frame. */
typedef struct TopVal {
    char *name;            /* without '%': "x", "r#1" */
    const Type *type;      /* in the session module */
    AsyncValue *v;         /* owned (+1) */
} TopVal;

typedef struct Repl Repl;

struct Repl {
    /* I/O */
    FILE *out;
    bool tty;
    EditLine *el;
    History *hist;
    char *histfile;            /* NULL: no persistent history */
    char prompt[600];
    DiagSink *diag;

    /* The virtual file <repl>: every input line. */
    StrBuf src;
    int line;                  /* <repl> line of the last line read */
    bool src_dirty;            /* the sink holds an older copy */
    int cmd_line;              /* <repl> line of the command being run */

    /* The program */
    Module *m;
    WorkQueue *q;
    HostAllocator *alloc;
    Host *host;                /* NULL when it must be rebuilt */
    CliSchedule schedule;      /* asked for (--schedule, :schedule) */
    int max_call_depth;        /* --max-call-depth; 0: the default */
    bool host_watched;         /* the host was built while the debugger
                                  watched the order (watching()) */
    int nhidden;               /* hidden functions made so far */
    char *loaded;              /* last :load file, for :reload */

    /* The top-level frame */
    TopVal *vals; int nvals, capvals;

    /* Debugging */
    Debugger *dbg;
    RequestContext *rq;        /* the request running now, NULL when idle */
    bool step_next_run;        /* :step while idle: stop at the next run's first kernel */
    bool resume;               /* set by :step / :continue / :quit while stopped */
    bool shift;                /* the hidden function being made is one line low */
    bool line_interrupted;     /* Ctrl-C typed while editing */
    bool quit;                 /* :quit or end of input */
};

/* Makes the diagnostic sink's copy of <repl> current. */
static void sync_src(Repl *r)
{
    if (!r->src_dirty) return;
    diag_add_source(r->diag, REPL_FILE, r->src.p, r->src.n);
    r->src_dirty = false;
}

static void diag_at(Repl *r, DiagKind k, const char *file, int line, int col,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void diag_at(Repl *r, DiagKind k, const char *file, int line, int col, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fflush(r->out);
    sync_src(r);
    diag_emit(r->diag, k, file, line, col, msg);
}

/* An error about the command on the current line, at column [col]. */
#define cmd_error(r, col, ...) diag_at((r), DIAG_ERROR, REPL_FILE, (r)->cmd_line, (col), __VA_ARGS__)

static TopVal *find_val(Repl *r, const char *name, size_t n)
{
    for (int i = r->nvals - 1; i >= 0; i--)
        if (strlen(r->vals[i].name) == n && !strncmp(r->vals[i].name, name, n)) return &r->vals[i];
    return NULL;
}

/* Forgets every value named [base] or [base]#N. */
static void drop_vals(Repl *r, const char *base)
{
    size_t bn = strlen(base);
    int j = 0;
    for (int i = 0; i < r->nvals; i++) {
        TopVal *t = &r->vals[i];
        bool same = !strcmp(t->name, base) || (!strncmp(t->name, base, bn) && t->name[bn] == '#');
        if (same) { free(t->name); av_release(t->v); }
        else r->vals[j++] = *t;
    }
    r->nvals = j;
}

static void add_val(Repl *r, const char *name, const Type *t, AsyncValue *v)
{
    if (r->nvals == r->capvals) {
        r->capvals = r->capvals ? r->capvals * 2 : 16;
        r->vals = realloc(r->vals, sizeof *r->vals * (size_t)r->capvals);
        if (!r->vals) tf_out_of_memory();
    }
    r->vals[r->nvals++] = (TopVal){ xstrdup(name), t, v };
}

/* The name of [v] as a later line refers to it ("x", "r#1"). */
static void value_ref_name(const Value *v, char *buf, size_t cap)
{
    const char *n = v->name ? v->name : "";
    if (*n == '%') n++;
    if (strchr(n, '#') || !v->def || v->def->nresults == 1) snprintf(buf, cap, "%s", n);
    else snprintf(buf, cap, "%s#%d", n, v->result_index);
}

/* }===================================================================== */

/* {=====================================================================
** Printing values
** ====================================================================== */

/* A tensor as tfrt_dht.print_tensor shows it; NULL for other objects. */
static char *session_object(const Any *a)
{
    return any_is_objtype(*a, OBJ_TENSOR) ? dht_format((const DenseHostTensor *)a->v.obj) : NULL;
}

/* The REPL's display of named values; a value not produced shows as
** <unavailable>. */
static const Display session_display = { DISPLAY_SESSION, false, "<unavailable>", session_object };
/* The driver's result line, for :run (an unresolved value as "TYPE value"). */
static const Display run_display = { DISPLAY_RESULT, false, NULL, NULL };

/* "%x = 42 : i32" */
static void print_short(FILE *out, const char *name, AsyncValue *v, const Type *t)
{
    fprintf(out, "%%%s = ", name);
    display_value(out, &session_display, t, v);
    fprintf(out, " : %s\n", t ? t->spelling : "?");
}

/* ":print": "%x : i32 = 42 (available, refcount 1)". The refcount is the
** one of the handle named (for a top-level value: the session's own
** reference plus those of any run using it). */
static void print_long(FILE *out, const char *name, AsyncValue *v, const Type *t)
{
    fprintf(out, "%%%s : %s", name, t ? t->spelling : "?");
    switch (av_state(v)) {
    case AV_UNAVAILABLE: fputs(" (unavailable", out); break;
    case AV_ERROR:
        fprintf(out, " = <<error: %s>> (error, code %s", av_error(v)->msg,
                error_code_name((ErrorCode)av_error(v)->code));
        break;
    case AV_AVAILABLE:
        fputs(" = ", out);
        display_any(out, &session_display, t ? t->spelling : NULL, av_get(v));
        fputs(" (available", out);
        break;
    }
    fprintf(out, ", refcount %u)\n", (unsigned)av_refcount(v));
}

/* }===================================================================== */

/* {=====================================================================
** The program: host, loading, definitions
** ====================================================================== */

static void drop_host(Repl *r)
{
    if (!r->host) return;
    wq_quiesce(r->q);
    host_free(r->host);
    r->host = NULL;
}

/* True when the debugger shows the order in which kernels run: a
** breakpoint is set, :trace is on, or the next run starts stepping. */
static bool watching(const Repl *r)
{
    return dbg_nbreaks(r->dbg) > 0 || dbg_trace(r->dbg) || r->step_next_run;
}

/* The schedule of the session's runs (docs/execution.md §7): what was asked for, or
** for auto the analysis of every function of the session (any may be
** :run) — and exact while the debugger watches the order of kernels, which
** is then part of what the session shows. The debugger watches every
** kernel, so the fast schedule here runs depth-first on the dataflow
** engine, never compiled (docs/engine.md). [why], if not NULL, receives
** the reason (malloc'ed). */
static ExecSchedule session_schedule(Repl *r, char **why)
{
    if (r->schedule == CLI_SCHED_AUTO && watching(r)) {
        if (why) {
            *why = strdup("auto: the debugger shows the order of kernels (a breakpoint, :step or :trace)");
            if (!*why) tf_out_of_memory();
        }
        return EXEC_EXACT;
    }
    const Func **all = malloc(sizeof *all * (size_t)(r->m->nfuncs + 1));
    if (!all) tf_out_of_memory();
    int n = 0;
    for (int i = 0; i < r->m->nfuncs; i++)
        if (r->m->funcs[i]->body) all[n++] = r->m->funcs[i];
    char *w = NULL;
    ExecSchedule s = cli_schedule_choose(r->schedule, r->m, all, n, r->alloc, &w);
    free(all);
    if (why) *why = w;
    else free(w);
    return s;
}

/* A Host for the current module, compiled. False (after the loader's
** diagnostic) when a kernel is unknown. */
static bool make_host(Repl *r)
{
    /* Under auto a host built before the debugger started (or stopped)
    ** watching has the other schedule; between runs it is rebuilt. */
    if (r->host && r->schedule == CLI_SCHED_AUTO && r->host_watched != watching(r) &&
        !dbg_running(r->dbg))
        drop_host(r);
    if (r->host) return true;
    r->host_watched = watching(r);
    r->host = host_new(r->m, r->q, r->alloc, r->diag, r->out);
    r->host->debug = dbg_hooks(r->dbg);
    r->host->schedule = session_schedule(r, NULL);
    if (r->max_call_depth > 0) r->host->max_call_depth = r->max_call_depth;
    sync_src(r);
    if (exec_load(r->host)) return true;
    host_free(r->host);
    r->host = NULL;
    return false;
}

/* Declarations of every function of the session except those named in
** [skip] (the text being checked defines them), so that a scratch module
** resolves calls to them. */
static void add_decls(Repl *r, StrBuf *b, const Module *skip)
{
    for (int i = 0; i < r->m->nfuncs; i++) {
        const Func *f = r->m->funcs[i];
        if (hidden_name(f->name)) continue;
        if (skip && ir_module_func(skip, f->name)) continue;
        sb_printf(b, "func.func private @%s(", f->name);
        for (int j = 0; j < f->nargs; j++) sb_printf(b, "%s%s", j ? ", " : "", f->arg_types[j]->spelling);
        sb_adds(b, ") -> (");
        for (int j = 0; j < f->nresults; j++) sb_printf(b, "%s%s", j ? ", " : "", f->result_types[j]->spelling);
        sb_adds(b, ")");
        if (f->is_native) sb_adds(b, " attributes {tfrt.native}");
        else if (f->is_sync) sb_adds(b, " attributes {tfrt.sync}");
        sb_adds(b, "\n");
    }
}

/* Moves the default locations of the ops of [b] one line up (the hidden
** function of text typed on line 1, parsed one line low). Locations come
** from the module's arena, one per op, so nothing else shares them. */
static void shift_lines(Block *b)
{
    for (int i = 0; i < b->nops; i++) {
        Op *op = b->ops[i];
        Loc *l = (Loc *)op->loc;
        if (l && l->kind == LOC_FILE && l->line == op->line && l->col == op->col &&
            l->file && !strcmp(l->file, REPL_FILE))
            l->line--;
        op->line--;
        for (int k = 0; k < op->nregions; k++) shift_lines(op->regions[k]);
    }
}

static void shift_hidden(Repl *r, Module *m)
{
    if (!r->shift) return;
    for (int i = 0; i < m->nfuncs; i++)
        if (hidden_name(m->funcs[i]->name) && m->funcs[i]->body && !ir_module_func(r->m, m->funcs[i]->name))
            shift_lines(m->funcs[i]->body);
}

static const VerifyOptions verify_opts = { .allow_unknown_ops = false,
                                           .allow_unregistered_dialect = false,
                                           .for_execution = true };

/* Verifies the first [n] functions of a parse of [text] + declarations of
** the session's other functions. Returns the number of errors. */
static int verify_scratch(Repl *r, const char *file, const char *text, size_t len,
                          const Module *defs, int n)
{
    StrBuf b = { 0 };
    sb_addn(&b, text, len);
    sb_adds(&b, "\n");
    add_decls(r, &b, defs);
    Module *m2 = parse_module(file, b.p, b.n, NULL);
    int errors = 0;
    if (m2) {
        shift_hidden(r, m2);
        /* Diagnostics point into <repl> or [file]: make the sink's copy
        ** the text the user wrote (the scratch parse registered nothing). */
        if (!strcmp(file, REPL_FILE)) { r->src_dirty = true; sync_src(r); }
        else diag_add_source(r->diag, file, text, len);
        for (int i = 0; i < n && i < m2->nfuncs; i++)
            errors += verify_func(m2, m2->funcs[i], r->diag, &verify_opts);
        ir_module_free(m2);
    }
    free(b.p);
    return errors;
}

/* Adds the functions of [text] to the session module, or changes nothing
** and returns false after diagnostics. [quiet]: no "defined" lines (the
** hidden functions). */
static bool define(Repl *r, const char *file, const char *text, size_t len, bool quiet)
{
    sync_src(r);
    Module *m1 = parse_module(file, text, len, r->diag);
    if (!strcmp(file, REPL_FILE)) r->src_dirty = true;
    if (!m1) return false;
    bool ok = true;
    for (int i = 0; i < m1->nfuncs; i++) {
        const Func *nf = m1->funcs[i];
        if (!quiet && hidden_name(nf->name)) {
            diag_at(r, DIAG_ERROR, file, nf->line, nf->col,
                    "function names starting with '%s' are reserved by the REPL", HIDDEN);
            ok = false;
            continue;
        }
        const Func *old = ir_module_func(r->m, nf->name);
        if (old && !same_signature(old, nf)) {
            StrBuf was = { 0 }, now = { 0 };
            sig_text(&was, old);
            sig_text(&now, nf);
            diag_at(r, DIAG_ERROR, file, nf->line, nf->col,
                    "redefinition of '@%s' with a different signature: %s (was %s)", nf->name, now.p, was.p);
            const Loc *l = old->loc;
            if (l && l->kind == LOC_FILE)
                diag_at(r, DIAG_NOTE, l->file, l->line, l->col, "previous definition of '@%s' is here", nf->name);
            free(was.p); free(now.p);
            ok = false;
        }
    }
    if (ok && verify_scratch(r, file, text, len, m1, m1->nfuncs) > 0) ok = false;
    if (!ok) { ir_module_free(m1); return false; }

    /* Commit: the old host goes first (it owns plans of the old bodies). */
    drop_host(r);
    int oldn = r->m->nfuncs;
    Func **saved = malloc(sizeof *saved * (size_t)(oldn + 1));
    if (!saved) tf_out_of_memory();
    memcpy(saved, r->m->funcs, sizeof *saved * (size_t)oldn);
    /* The hidden function to shift, if any, is the one not yet defined. */
    const char *fresh = NULL;
    for (int i = 0; r->shift && i < m1->nfuncs; i++)
        if (hidden_name(m1->funcs[i]->name)) fresh = m1->funcs[i]->name;
    int n = parse_funcs_into(r->m, file, text, len, r->diag);
    if (!strcmp(file, REPL_FILE)) r->src_dirty = true;
    if (n >= 0 && fresh) {
        Func *nf = ir_module_func(r->m, fresh);
        if (nf && nf->body) shift_lines(nf->body);
    }
    if (n < 0 || !make_host(r)) {
        /* Roll back to the functions as they were. */
        if (n >= 0) {
            memcpy(r->m->funcs, saved, sizeof *saved * (size_t)oldn);
            r->m->nfuncs = oldn;
        }
        make_host(r);
        free(saved);
        ir_module_free(m1);
        return false;
    }
    if (!quiet) {
        for (int i = 0; i < m1->nfuncs; i++) {
            const Func *nf = m1->funcs[i];
            bool existed = false;
            for (int j = 0; j < oldn; j++)
                if (!strcmp(saved[j]->name, nf->name)) existed = true;
            fprintf(r->out, "%s @%s\n", existed ? "redefined" : "defined", nf->name);
        }
    }
    free(saved);
    ir_module_free(m1);
    return true;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf b = { 0 };
    bool ok = sb_read(&b, f);
    fclose(f);
    if (!ok) { free(b.p); return NULL; }
    *len = b.n;
    return b.p;
}

static bool load_file(Repl *r, const char *path, int col)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        if (col > 0) cmd_error(r, col, "cannot open '%s': %s", path, strerror(errno));
        else { fflush(r->out); fprintf(stderr, "tfrun: cannot open '%s': %s\n", path, strerror(errno)); }
        return false;
    }
    bool ok = define(r, path, text, len, false);
    free(text);
    if (ok && r->loaded != path) {
        free(r->loaded);
        r->loaded = xstrdup(path);
    }
    return ok;
}

/* }===================================================================== */

/* {=====================================================================
** Running
** ====================================================================== */

static void stop_loop(void *ud, Debugger *d);

/* Runs [fn] with [args] (+0) to completion: invoke, await, print (by
** [show]), quiesce. Results are returned +1 in [res] (NULL: released).
** Returns the number of kernels left waiting (-1: nothing ran). */
static int run_func(Repl *r, const Func *fn, AsyncValue **args, int nargs, AsyncValue **res,
                    void (*show)(Repl *, const Func *, AsyncValue **))
{
    if (!make_host(r)) return -1;
    int n = fn->nresults;
    AsyncValue *tmp[16];
    AsyncValue **out = res ? res : n <= 16 ? tmp : malloc(sizeof *out * (size_t)n);
    if (!out) tf_out_of_memory();
    sync_src(r);
    r->rq = rq_new(r->q);
    ExecCtx c = { r->host, r->rq, 0, NULL, NULL };
    dbg_run_begin(r->dbg);
    if (r->step_next_run) { dbg_step(r->dbg); r->step_next_run = false; }
    interrupted = 0;
    bool failed_sync = false;
    if (fn->is_sync) {
        char *err = NULL;
        if (!exec_run_sync(&c, fn, args, nargs, out, &err)) {
            display_failed(r->out, fn, err);
            free(err);
            failed_sync = true;
            for (int i = 0; i < n; i++) out[i] = av_new_error(ERR_INTERNAL, "sync function failed");
        }
    } else {
        exec_invoke_func(&c, fn, args, nargs, out);
        if (n > 0) wq_await(r->q, out, n);
    }
    if (show && !failed_sync) show(r, fn, out);
    fflush(r->out);
    wq_quiesce(r->q);
    int waiting = dbg_run_end(r->dbg);
    rq_release(r->rq);
    r->rq = NULL;
    if (waiting)
        fprintf(r->out, "note: %d kernel%s never ran; :pending shows what %s waiting for\n", waiting,
                waiting == 1 ? "" : "s", waiting == 1 ? "it is" : "they are");
    fflush(r->out);
    if (!res) {
        for (int i = 0; i < n; i++) av_release(out[i]);
        if (out != tmp) free(out);
    }
    return waiting;
}

/* Takes the hidden function [fn], which has run and left nothing waiting,
** out of the module, so that the module (and the work of compiling it on
** the next change) does not grow with every typed line. Its IR stays in
** the arena; the Host, which holds its plan, goes first. */
static void forget_hidden(Repl *r, const Func *fn)
{
    drop_host(r);
    Module *m = r->m;
    for (int i = 0; i < m->nfuncs; i++) {
        if (m->funcs[i] != fn) continue;
        memmove(&m->funcs[i], &m->funcs[i + 1], sizeof *m->funcs * (size_t)(m->nfuncs - i - 1));
        m->nfuncs--;
        for (int j = i; j < m->nfuncs; j++) m->funcs[j]->index = j;
        break;
    }
}

static void show_run(Repl *r, const Func *fn, AsyncValue **res)
{
    if (fn->nresults > 0) display_returned(r->out, &run_display, fn, res);
}

/* A `%name` token of typed text: where, how long, and whether it defines. */
typedef struct NameRef {
    size_t at, len;        /* of the whole token, '%' included */
    char name[128];        /* without '%': "x", "r#1" */
    bool def;              /* a result at depth 0 */
    int count;             /* %r:2 */
} NameRef;

/* Scans typed text for value names, outside strings and comments. A name
** is a definition when it is part of the result list before `=` of an op
** starting a line at brace depth 0. */
static int scan_names(const char *s, NameRef **out)
{
    int n = 0, cap = 16, depth = 0;
    NameRef *v = malloc(sizeof *v * (size_t)cap);
    if (!v) tf_out_of_memory();
    bool line_start = true;
    int first_of_line = -1;
    for (size_t i = 0; s[i];) {
        char c = s[i];
        if (c == '\n') { line_start = true; first_of_line = -1; i++; continue; }
        if (c == ' ' || c == '\t' || c == '\r') { i++; continue; }
        if (c == '"') {
            for (i++; s[i] && s[i] != '"' && s[i] != '\n'; i++)
                if (s[i] == '\\' && s[i + 1]) i++;
            if (s[i] == '"') i++;
            line_start = false;
            continue;
        }
        if (c == '/' && s[i + 1] == '/') { while (s[i] && s[i] != '\n') i++; continue; }
        if (c == '{') { depth++; i++; line_start = false; continue; }
        if (c == '}') { depth--; i++; line_start = false; continue; }
        if (c == '%' && is_id_char((unsigned char)s[i + 1])) {
            size_t st = i++;
            while (is_id_char((unsigned char)s[i])) i++;
            size_t base_end = i;
            int count = 0;
            if (s[i] == '#' && isdigit((unsigned char)s[i + 1])) { i++; while (isdigit((unsigned char)s[i])) i++; }
            else if (s[i] == ':' && isdigit((unsigned char)s[i + 1])) {
                count = atoi(s + i + 1);
                i++; while (isdigit((unsigned char)s[i])) i++;
            }
            if (n == cap) { cap *= 2; v = realloc(v, sizeof *v * (size_t)cap); if (!v) tf_out_of_memory(); }
            NameRef *nr = &v[n];
            memset(nr, 0, sizeof *nr);
            nr->at = st;
            nr->len = i - st;
            size_t keep = count ? base_end - st - 1 : i - st - 1;
            if (keep >= sizeof nr->name) keep = sizeof nr->name - 1;
            memcpy(nr->name, s + st + 1, keep);
            nr->count = count;
            if (line_start && depth == 0) first_of_line = n;
            line_start = false;
            n++;
            /* A result list ends with '='; mark the names since the line's first. */
            size_t j = i;
            while (s[j] == ' ' || s[j] == '\t') j++;
            if (s[j] == '=' && s[j + 1] != '=' && first_of_line >= 0 && depth == 0)
                for (int k = first_of_line; k < n; k++) v[k].def = true;
            if (s[j] != ',') first_of_line = s[j] == '=' ? -1 : first_of_line;
            continue;
        }
        /* Anything else ends a potential result list. */
        if (c != ',') first_of_line = -1;
        line_start = false;
        i++;
    }
    *out = v;
    return n;
}

/* Is [name] ("x" or "r#1") defined by the scanned text? */
static bool defined_by(const NameRef *refs, int n, const char *name)
{
    const char *hash = strchr(name, '#');
    size_t bn = hash ? (size_t)(hash - name) : strlen(name);
    for (int i = 0; i < n; i++) {
        if (!refs[i].def) continue;
        const char *rn = refs[i].name;
        const char *rh = strchr(rn, '#');
        size_t rbn = rh ? (size_t)(rh - rn) : strlen(rn);
        if (rbn == bn && !strncmp(rn, name, bn)) return true;
    }
    return false;
}

/* Checks the syntax and names of typed ops [padded] (the text at its <repl>
** lines) with the parser's incremental mode, in a scratch scope that knows
** every top-level value the text does not define again (so the check does
** not depend on the scope's shadowing). Reports the first error; false
** then. */
static bool check_ops(Repl *r, const char *padded, size_t len, const NameRef *refs, int nrefs)
{
    Module *sm = parse_module("<seed>", "", 0, NULL);
    if (!sm) return false;
    ParseScope *sc = parse_scope_new(sm);
    StrBuf seed = { 0 };
    for (int i = 0; i < r->nvals; i++) {
        const char *nm = r->vals[i].name;
        if (defined_by(refs, nrefs, nm)) continue;
        /* Only names the text mentions (by their base: %r for %r#1). */
        size_t bn = strcspn(nm, "#");
        bool used = false;
        for (int k = 0; k < nrefs && !used; k++)
            used = !refs[k].def && strcspn(refs[k].name, "#") == bn && !strncmp(refs[k].name, nm, bn);
        if (!used) continue;
        const char *h = strchr(nm, '#');
        if (!h) {
            sb_printf(&seed, "%%%s = \"repl.value\"() : () -> %s\n", nm, r->vals[i].type->spelling);
            continue;
        }
        /* %r#0, %r#1 ...: one %r:N group, the first time the base is seen. */
        bool seen = false;
        for (int j = 0; j < i; j++)
            if (!strncmp(r->vals[j].name, nm, bn) && r->vals[j].name[bn] == '#') seen = true;
        if (seen) continue;
        int count = 0;
        for (int j = 0; j < r->nvals; j++)
            if (!strncmp(r->vals[j].name, nm, bn) && r->vals[j].name[bn] == '#') {
                int k = atoi(r->vals[j].name + bn + 1);
                if (k + 1 > count) count = k + 1;
            }
        sb_printf(&seed, "%%%.*s:%d = \"repl.value\"() : () -> (", (int)bn, nm, count);
        for (int k = 0; k < count; k++) {
            char want[160];
            snprintf(want, sizeof want, "%.*s#%d", (int)bn, nm, k);
            TopVal *t = find_val(r, want, strlen(want));
            sb_printf(&seed, "%s%s", k ? ", " : "", t ? t->type->spelling : "i32");
        }
        sb_adds(&seed, ")\n");
    }
    bool ok = sc && (!seed.n || parse_ops_into(sc, "<seed>", seed.p, seed.n, NULL, NULL) >= 0);
    if (ok) {
        ok = parse_ops_into(sc, REPL_FILE, padded, len, r->diag, NULL) >= 0;
        r->src_dirty = true;
    }
    free(seed.p);
    ir_module_free(sm);
    return ok;
}

/* Typed ops: check on a scratch module, then define the hidden function,
** run it, keep its results. [text] starts at <repl> line [line]. */
static void exec_ops(Repl *r, const char *text, int line)
{
    NameRef *refs;
    int nrefs = scan_names(text, &refs);
    /* Arguments: earlier values the text uses and does not redefine. */
    TopVal **argv = malloc(sizeof *argv * (size_t)(nrefs + 1));
    if (!argv) tf_out_of_memory();
    int nargs = 0;
    for (int i = 0; i < nrefs; i++) {
        if (refs[i].def) continue;
        TopVal *t = find_val(r, refs[i].name, strlen(refs[i].name));
        if (!t || defined_by(refs, nrefs, t->name)) continue;
        bool dup = false;
        for (int j = 0; j < nargs; j++) if (argv[j] == t) dup = true;
        if (!dup) argv[nargs++] = t;
    }
    /* The text as the hidden function sees it: `%r#1` of an argument is
    ** spelled `%r$1` (same length, so columns stay right). */
    char *body = xstrdup(text);
    for (int i = 0; i < nrefs; i++) {
        if (refs[i].def) continue;
        char *h = memchr(body + refs[i].at, '#', refs[i].len);
        if (h) *h = '$';
    }
    size_t blen = strlen(body);
    while (blen && (body[blen - 1] == '\n' || body[blen - 1] == ' ')) body[--blen] = 0;
    /* The synthetic return goes on the text's last line (so errors at the
    ** end of the input point there) unless that line ends in a comment. */
    const char *last = strrchr(body, '\n');
    last = last ? last + 1 : body;
    bool comment = strstr(last, "//") != NULL;
    const char *sep = comment ? "\n" : " ";

    char fname[64];
    snprintf(fname, sizeof fname, "%s%d", HIDDEN, r->nhidden + 1);
    StrBuf head = { 0 };
    /* The header goes on the line above the text; on line 1 when the text
    ** starts there, with the text one line lower (r->shift). */
    r->shift = line == 1;
    for (int i = 0; i < line - 2; i++) sb_adds(&head, "\n");
    sb_printf(&head, "func.func @%s(", fname);
    for (int i = 0; i < nargs; i++) {
        char an[160];
        snprintf(an, sizeof an, "%s", argv[i]->name);
        char *h = strchr(an, '#');
        if (h) *h = '$';
        sb_printf(&head, "%s%%%s: %s", i ? ", " : "", an, argv[i]->type->spelling);
    }
    sb_adds(&head, ")");

    /* 0. Syntax and names, with the parser's own end-of-input messages. */
    StrBuf pad = { 0 };
    for (int i = 1; i < line; i++) sb_adds(&pad, "\n");
    sb_adds(&pad, text);
    /* End of input is then reported at the end of the last typed line. */
    while (pad.n && (pad.p[pad.n - 1] == '\n' || pad.p[pad.n - 1] == ' ')) pad.p[--pad.n] = 0;
    bool syntax_ok = check_ops(r, pad.p, pad.n, refs, nrefs);
    free(pad.p);
    if (!syntax_ok) {
        free(head.p); free(body); free(argv); free(refs);
        return;
    }
    /* 1. Scratch: no results; types and the other static checks. */
    StrBuf t1 = { 0 };
    sb_addn(&t1, head.p, head.n);
    sb_adds(&t1, " {\n");
    sb_addn(&t1, body, blen);
    sb_printf(&t1, "%stfrt.return }\n", sep);
    Module *m1 = parse_module(REPL_FILE, t1.p, t1.n, NULL);
    StrBuf t2 = { 0 };
    if (!m1) cmd_error(r, 1, "this input cannot be run as top-level ops");
    bool ok = m1 && verify_scratch(r, REPL_FILE, t1.p, t1.n, m1, 1) == 0;
    /* 2. The real function, returning every top-level result. */
    int nres = 0;
    char (*resnames)[160] = NULL;
    if (ok) {
        const Block *b = m1->funcs[0]->body;
        for (int k = 0; k < b->nops; k++) nres += b->ops[k]->nresults;
        resnames = malloc(sizeof *resnames * (size_t)(nres + 1));
        if (!resnames) tf_out_of_memory();
        StrBuf rt = { 0 }, rv = { 0 };
        int i = 0;
        for (int k = 0; k < b->nops; k++) {
            const Op *op = b->ops[k];
            for (int j = 0; j < op->nresults; j++, i++) {
                value_ref_name(op->results[j], resnames[i], sizeof resnames[i]);
                sb_printf(&rt, "%s%s", i ? ", " : "", op->results[j]->type->spelling);
                sb_printf(&rv, "%s%%%s", i ? ", " : "", resnames[i]);
            }
        }
        sb_addn(&t2, head.p, head.n);
        sb_printf(&t2, " -> (%s) {\n", rt.p ? rt.p : "");
        sb_addn(&t2, body, blen);
        if (nres) sb_printf(&t2, "%stfrt.return %s : %s }\n", sep, rv.p, rt.p);
        else sb_printf(&t2, "%stfrt.return }\n", sep);
        free(rt.p); free(rv.p);
        ok = define(r, REPL_FILE, t2.p, t2.n, true);
    }
    if (m1) ir_module_free(m1);
    if (ok) {
        r->nhidden++;
        const Func *fn = ir_module_func(r->m, fname);
        AsyncValue **args = malloc(sizeof *args * (size_t)(nargs + 1));
        AsyncValue **res = malloc(sizeof *res * (size_t)(nres + 1));
        if (!args || !res) tf_out_of_memory();
        for (int i = 0; i < nargs; i++) args[i] = argv[i]->v;
        if (fn) {
            int waiting = run_func(r, fn, args, nargs, res, NULL);
            if (waiting < 0)
                for (int i = 0; i < nres; i++) res[i] = av_new_error(ERR_INTERNAL, "not run");
            /* Replace shadowed names, then show the new values. */
            for (int i = 0; i < nres; i++) {
                char base[160];
                snprintf(base, sizeof base, "%s", resnames[i]);
                char *h = strchr(base, '#');
                if (h) *h = 0;
                drop_vals(r, base);
            }
            for (int i = 0; i < nres; i++) {
                add_val(r, resnames[i], fn->result_types[i], res[i]);
                print_short(r->out, resnames[i], res[i], fn->result_types[i]);
            }
            fflush(r->out);
            /* A run that left kernels waiting keeps its function (their
            ** frames still point into its compiled plan). */
            if (waiting == 0) forget_hidden(r, fn);
        }
        free(args);
        free(res);
    }
    free(resnames);
    free(t1.p); free(t2.p); free(head.p);
    free(body);
    free(argv);
    free(refs);
}

/* }===================================================================== */

/* {=====================================================================
** Commands
** ====================================================================== */

typedef void (*CmdFn)(Repl *r, const char *arg, int argcol);

enum { C_IDLE = 1, C_STOPPED = 2, C_ANY = 3 };

typedef struct Cmd {
    const char *name, *args, *help;
    CmdFn fn;
    int when;              /* C_IDLE: not while stopped; C_STOPPED: only then */
} Cmd;

static void c_break(Repl *r, const char *arg, int col);
static void c_continue(Repl *r, const char *arg, int col);
static void c_delete(Repl *r, const char *arg, int col);
static void c_help(Repl *r, const char *arg, int col);
static void c_ir(Repl *r, const char *arg, int col);
static void c_list(Repl *r, const char *arg, int col);
static void c_load(Repl *r, const char *arg, int col);
static void c_pending(Repl *r, const char *arg, int col);
static void c_print(Repl *r, const char *arg, int col);
static void c_quit(Repl *r, const char *arg, int col);
static void c_ready(Repl *r, const char *arg, int col);
static void c_reload(Repl *r, const char *arg, int col);
static void c_run(Repl *r, const char *arg, int col);
static void c_schedule(Repl *r, const char *arg, int col);
static void c_step(Repl *r, const char *arg, int col);
static void c_trace(Repl *r, const char *arg, int col);
static void c_values(Repl *r, const char *arg, int col);
static void c_where(Repl *r, const char *arg, int col);

/* ORDER CMD: alphabetical (:help prints them in this order; a prefix such
** as :c picks the unique command it starts). */
static const Cmd cmds[] = {
    { "break",    "[OP-NAME | LINE | FILE:LINE]", "stop before matching kernels; no argument: list breakpoints", c_break, C_ANY },
    { "continue", "",          "resume a stopped run until the next breakpoint", c_continue, C_STOPPED },
    { "delete",   "N",         "delete breakpoint N", c_delete, C_ANY },
    { "help",     "",          "this list", c_help, C_ANY },
    { "ir",       "@f",        "print function @f in canonical MLIR", c_ir, C_ANY },
    { "list",     "",          "the functions defined, with their signatures", c_list, C_ANY },
    { "load",     "FILE",      "define every function of FILE", c_load, C_IDLE },
    { "pending",  "",          "kernels waiting, and the operands each waits on", c_pending, C_ANY },
    { "print",    "%x",        "type, state (value or error) and refcount of a value", c_print, C_ANY },
    { "quit",     "",          "leave the session (so does end of input)", c_quit, C_ANY },
    { "ready",    "",          "kernels ready to run", c_ready, C_ANY },
    { "reload",   "",          "load the last loaded file again", c_reload, C_IDLE },
    { "run",      "@f(ARGS)",  "run @f; ARGS are literals (41 : i32, 2.5 : f32, \"s\") or %values", c_run, C_IDLE },
    { "schedule", "[auto|exact|fast]", "the schedule of later runs; no argument: the current one and why", c_schedule, C_IDLE },
    { "step",     "",          "run the next kernel and stop; idle: stop at the next run's first kernel", c_step, C_ANY },
    { "trace",    "on|off",    "print one line per kernel executed", c_trace, C_ANY },
    { "values",   "",          "all values of the top-level frame", c_values, C_ANY },
    { "where",    "",          "the call stack of invocations while stopped", c_where, C_ANY },
};
#define NCMDS ((int)(sizeof cmds / sizeof cmds[0]))

const char *repl_command_name(const char *word, size_t n, bool *ambiguous)
{
    const char *found = NULL;
    *ambiguous = false;
    for (int i = 0; i < NCMDS; i++) {
        if (strlen(cmds[i].name) == n && !strncmp(cmds[i].name, word, n)) return cmds[i].name;
        if (n && !strncmp(cmds[i].name, word, n)) {
            if (found) *ambiguous = true;
            found = cmds[i].name;
        }
    }
    return *ambiguous ? NULL : found;
}

static void c_help(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    FILE *o = r->out;
    fputs("Type a func.func (or module) to define functions (read until its braces balance),\n"
          "or an op such as `%x = tfrt.constant.i32 1` to run it at once; its results stay\n"
          "available to later lines. Commands (a unique prefix is enough, e.g. :c):\n", o);
    for (int i = 0; i < NCMDS; i++) {
        char head[64];
        snprintf(head, sizeof head, ":%s %s", cmds[i].name, cmds[i].args);
        fprintf(o, "  %-36s %s\n", head, cmds[i].help);
    }
    fputs("Prompts appear only on a terminal (`tfrun> `, `   ...> ` inside braces, and the\n"
          "op about to run while stopped); piped input is read silently. Ctrl-C cancels a\n"
          "running program, not the session. Diagnostics call input line N <repl>:N.\n", o);
}

static void c_quit(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    r->quit = true;
    if (dbg_stopped(r->dbg)) {
        r->resume = true;
        dbg_detach(r->dbg);
        if (r->rq) rq_cancel(r->rq);
    }
}

static void c_list(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    int n = 0;
    for (int i = 0; i < r->m->nfuncs; i++) {
        const Func *f = r->m->funcs[i];
        if (hidden_name(f->name)) continue;
        StrBuf s = { 0 };
        sig_text(&s, f);
        fprintf(r->out, "@%s : %s", f->name, s.p);
        if (f->is_native) fputs(" (native)", r->out);
        if (f->is_sync) fputs(" (sync)", r->out);
        if (f->loc && f->loc->kind == LOC_FILE) fprintf(r->out, "  at %s:%d", f->loc->file, f->loc->line);
        fputc('\n', r->out);
        free(s.p);
        n++;
    }
    if (!n) fputs("no functions\n", r->out);
}

/* "@name" at [arg]: the function, or NULL after a diagnostic. *end gets
** the position after the name. */
static const Func *func_arg(Repl *r, const char *arg, int col, const char **end)
{
    const char *p = arg;
    if (*p != '@') { cmd_error(r, col, "expected a function name such as @f"); return NULL; }
    p++;
    const char *st = p;
    while (is_id_char((unsigned char)*p)) p++;
    if (end) *end = p;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(p - st), st);
    const Func *f = name[0] && !hidden_name(name) ? ir_module_func(r->m, name) : NULL;
    if (!f) cmd_error(r, col, "no function named '@%s'", name);
    return f;
}

static void c_ir(Repl *r, const char *arg, int col)
{
    const Func *f = func_arg(r, arg, col, NULL);
    if (!f) return;
    /* Printed as the only function of a module named after the function's
    ** file, so that ops at their own position print no loc(...); the
    ** module wrapper is then taken off. */
    Module one = *r->m;
    Func *fp = (Func *)f;
    one.funcs = &fp;
    one.nfuncs = 1;
    one.nattrs = 0;
    if (f->loc && f->loc->kind == LOC_FILE) one.filename = f->loc->file;
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return;
    ir_print_module(mem, &one);
    fclose(mem);
    /* Drop the first ("module {") and last ("}") lines and two columns. */
    char *p = strchr(buf, '\n');
    p = p ? p + 1 : buf;
    while (*p) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (!nl && n == 1 && *p == '}') break;
        if (nl && !nl[1] && n == 1 && *p == '}') break;
        const char *q = p;
        if (n >= 2 && q[0] == ' ' && q[1] == ' ') { q += 2; n -= 2; }
        fprintf(r->out, "%.*s\n", (int)n, q);
        if (!nl) break;
        p = nl + 1;
    }
    free(buf);
}

static void c_load(Repl *r, const char *arg, int col)
{
    if (!*arg) { cmd_error(r, col, ":load needs a file name"); return; }
    char *path = xstrdup(arg);
    size_t n = strlen(path);
    while (n && isspace((unsigned char)path[n - 1])) path[--n] = 0;
    load_file(r, path, col);
    free(path);
}

static void c_reload(Repl *r, const char *arg, int col)
{
    (void)arg;
    if (!r->loaded) { cmd_error(r, 1, "nothing to reload: no file was loaded"); return; }
    load_file(r, r->loaded, col);
}

static void c_values(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    if (!r->nvals) fputs("no values\n", r->out);
    for (int i = 0; i < r->nvals; i++) print_long(r->out, r->vals[i].name, r->vals[i].v, r->vals[i].type);
}

static void c_print(Repl *r, const char *arg, int col)
{
    if (*arg != '%' || !is_id_char((unsigned char)arg[1])) {
        cmd_error(r, col, "expected a value name such as %%x");
        return;
    }
    const char *p = arg + 1;
    while (is_id_char((unsigned char)*p) || *p == '#') p++;
    size_t n = (size_t)(p - arg - 1);
    char name[160];
    snprintf(name, sizeof name, "%.*s", (int)n, arg + 1);
    /* While stopped, the names of the frame stopped in come first. */
    if (dbg_stopped(r->dbg)) {
        const Type *ty = NULL;
        const char *why = NULL;
        AsyncValue *v = dbg_frame_value(r->dbg, name, &ty, &why);
        if (v) { print_long(r->out, name, v, ty); return; }
        if (ty) {
            fprintf(r->out, "%%%s : %s (%s)\n", name, ty->spelling, why);
            return;
        }
    }
    TopVal *t = find_val(r, name, n);
    if (!t) { cmd_error(r, col, "use of undefined value '%%%s'", name); return; }
    print_long(r->out, t->name, t->v, t->type);
}

/* Finds an op at [line] (of [file], NULL: any) in any body. */
static bool op_at_line(const Block *b, const char *file, int line)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        const Loc *l = op->loc;
        const char *of = l && l->kind == LOC_FILE ? l->file : NULL;
        int ol = l && l->kind == LOC_FILE ? l->line : op->line;
        if (ol == line && (!file || (of && !strcmp(of, file)))) return true;
        for (int k = 0; k < op->nregions; k++)
            if (op_at_line(op->regions[k], file, line)) return true;
    }
    return false;
}

static void c_break(Repl *r, const char *arg, int col)
{
    if (!*arg) { dbg_list_breaks(r->dbg, r->out); return; }
    char word[512];
    size_t n = 0;
    while (arg[n] && !isspace((unsigned char)arg[n]) && n + 1 < sizeof word) { word[n] = arg[n]; n++; }
    word[n] = 0;
    /* LINE or FILE:LINE */
    char *colon = strrchr(word, ':');
    const char *digits = colon ? colon + 1 : word;
    bool is_line = *digits && strspn(digits, "0123456789") == strlen(digits);
    if (is_line) {
        errno = 0;
        long lv = strtol(digits, NULL, 10);
        if (errno == ERANGE || lv > INT_MAX || lv < 1) {
            cmd_error(r, col, "line number '%s' is out of range", digits);
            return;
        }
        int line = (int)lv;
        const char *file = NULL;
        if (colon) { *colon = 0; file = word; }
        bool found = false;
        for (int i = 0; i < r->m->nfuncs && !found; i++)
            if (r->m->funcs[i]->body && !hidden_name(r->m->funcs[i]->name))
                found = op_at_line(r->m->funcs[i]->body, file, line);
        if (!found) {
            if (file) cmd_error(r, col, "no op at line %d of '%s'", line, file);
            else cmd_error(r, col, "no op at line %d in any function", line);
            return;
        }
        int id = dbg_break_line(r->dbg, file, line);
        if (file) fprintf(r->out, "breakpoint %d: line %s:%d\n", id, file, line);
        else fprintf(r->out, "breakpoint %d: line %d\n", id, line);
        return;
    }
    if (!optable_lookup(word, strlen(word))) {
        cmd_error(r, col, "no op named '%s' (breakpoints take an op name, LINE or FILE:LINE)", word);
        return;
    }
    int id = dbg_break_op(r->dbg, word);
    fprintf(r->out, "breakpoint %d: op %s\n", id, word);
}

static void c_delete(Repl *r, const char *arg, int col)
{
    char *end;
    long id = strtol(arg, &end, 10);
    if (end == arg || *skip_ws(end)) { cmd_error(r, col, ":delete needs a breakpoint number"); return; }
    if (!dbg_delete(r->dbg, (int)id)) { cmd_error(r, col, "no breakpoint %ld", id); return; }
    fprintf(r->out, "deleted breakpoint %ld\n", id);
}

static void c_step(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    if (dbg_stopped(r->dbg)) {
        dbg_step(r->dbg);
        r->resume = true;
        return;
    }
    r->step_next_run = true;
    fputs("the next run stops before its first kernel\n", r->out);
}

static void c_continue(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_continue(r->dbg);
    r->resume = true;
}

static void c_ready(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_ready(r->dbg, r->out);
}

static void c_pending(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_pending(r->dbg, r->out);
}

static void c_where(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_where(r->dbg, r->out);
}

static void c_trace(Repl *r, const char *arg, int col)
{
    const char *a = skip_ws(arg);
    if (starts_word(a, "on")) dbg_set_trace(r->dbg, true);
    else if (starts_word(a, "off")) dbg_set_trace(r->dbg, false);
    else if (!*a) { fprintf(r->out, "trace is %s\n", dbg_trace(r->dbg) ? "on" : "off"); return; }
    else { cmd_error(r, col, ":trace takes 'on' or 'off'"); return; }
    fprintf(r->out, "trace %s\n", dbg_trace(r->dbg) ? "on" : "off");
}

/* ---- :schedule --------------------------------------------------------- */

static void c_schedule(Repl *r, const char *arg, int col)
{
    const char *a = skip_ws(arg);
    if (*a) {
        size_t n = strcspn(a, " \t");
        char word[16];
        CliSchedule s;
        if (n >= sizeof word || a[n + strspn(a + n, " \t")] ||
            (memcpy(word, a, n), word[n] = 0, !cli_schedule_parse(word, &s))) {
            cmd_error(r, col, ":schedule takes 'auto', 'exact' or 'fast'");
            return;
        }
        r->schedule = s;
        drop_host(r);          /* the next run builds a host for it */
    }
    char *why = NULL;
    ExecSchedule e = session_schedule(r, &why);
    fprintf(r->out, "schedule %s: %s (%s)\n", cli_schedule_name(r->schedule),
            e == EXEC_FAST ? "fast" : "exact", why);
    free(why);
}

/* ---- :run @f(ARGS) ---------------------------------------------------- */

static const struct { const char *sp; AnyType t; } int_types[] = {
    { "i1", ANY_I1 }, { "i8", ANY_I8 }, { "i16", ANY_I16 }, { "i32", ANY_I32 }, { "i64", ANY_I64 },
    { "ui8", ANY_UI8 }, { "ui16", ANY_UI16 }, { "ui32", ANY_UI32 }, { "ui64", ANY_UI64 },
};

/* Parses literal [s] ([n] bytes, trimmed) as a value of type [want]. Returns
** the value (+1) or NULL after a diagnostic at [col]. */
static AsyncValue *literal(Repl *r, const char *s, size_t n, int col, const Type *want, int argno,
                           const Func *f)
{
    char lit[512], ty[256] = "";
    const char *colon = NULL;
    /* A ':' outside a string separates the type. */
    bool instr = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"' && (i == 0 || s[i - 1] != '\\')) instr = !instr;
        if (s[i] == ':' && !instr) { colon = s + i; break; }
    }
    size_t ln = colon ? (size_t)(colon - s) : n;
    while (ln && isspace((unsigned char)s[ln - 1])) ln--;
    snprintf(lit, sizeof lit, "%.*s", (int)ln, s);
    if (colon) {
        const char *t = skip_ws(colon + 1);
        size_t tn = n - (size_t)(t - s);
        while (tn && isspace((unsigned char)t[tn - 1])) tn--;
        snprintf(ty, sizeof ty, "%.*s", (int)tn, t);
        if (!same_spelling(ty, want->spelling)) {
            cmd_error(r, col + (int)(t - s), "argument %d of '@%s' has type %s, not %s", argno, f->name,
                      want->spelling, ty);
            return NULL;
        }
    }
    const char *sp = want->spelling;
    if (lit[0] == '%') {
        TopVal *tv = find_val(r, lit + 1, strlen(lit + 1));
        if (!tv) { cmd_error(r, col, "use of undefined value '%s'", lit); return NULL; }
        if (!same_spelling(tv->type->spelling, sp)) {
            cmd_error(r, col, "argument %d of '@%s' has type %s, but %s has type %s", argno, f->name, sp,
                      lit, tv->type->spelling);
            return NULL;
        }
        av_retain(tv->v);
        return tv->v;
    }
    for (size_t i = 0; i < sizeof int_types / sizeof int_types[0]; i++) {
        if (strcmp(sp, int_types[i].sp)) continue;
        char *end;
        errno = 0;
        bool neg = lit[0] == '-';
        long long v = 0;
        unsigned long long u = 0;
        if (!strcmp(lit, "true")) v = 1, u = 1, end = lit + 4;
        else if (!strcmp(lit, "false")) v = 0, u = 0, end = lit + 5;
        else if (neg) v = strtoll(lit, &end, 0);
        else { u = strtoull(lit, &end, 0); v = (long long)u; }
        if (end == lit || *end || errno) {
            cmd_error(r, col, "argument %d of '@%s' must be an integer of type %s", argno, f->name, sp);
            return NULL;
        }
        int bits = !strcmp(sp, "i1") ? 1 : atoi(sp + (sp[0] == 'u' ? 2 : 1));
        bool fits;
        /* -0 is zero in every type; a signed type takes the values of its
        ** own range only (no wrapping of 2^64 - 1 to -1). */
        if (sp[0] == 'u') fits = (!neg || v == 0) && (bits == 64 || u < (1ULL << bits));
        else if (bits == 1) fits = v == 0 || v == 1 || v == -1;
        else if (bits == 64) fits = neg || u <= (unsigned long long)INT64_MAX;
        else fits = neg ? v >= -(1LL << (bits - 1)) : u < (1ULL << (bits - 1));
        if (!fits) {
            cmd_error(r, col, "argument %d of '@%s': %s does not fit in %s", argno, f->name, lit, sp);
            return NULL;
        }
        if (neg && sp[0] == 'u') u = 0;
        Any a = sp[0] == 'u' ? any_uint(int_types[i].t, u) : any_int(int_types[i].t, neg ? v : (long long)u);
        return av_new_available(a);
    }
    if (!strcmp(sp, "f32") || !strcmp(sp, "f64")) {
        char *end;
        double d = strtod(lit, &end);
        if (end == lit || *end) {
            cmd_error(r, col, "argument %d of '@%s' must be a number of type %s", argno, f->name, sp);
            return NULL;
        }
        return av_new_available(sp[1] == '3' ? any_f32((float)d) : any_f64(d));
    }
    if (!strcmp(sp, "!tfrt.chain") && (!strcmp(lit, "chain") || !lit[0])) return av_ready_chain();
    if (!strcmp(sp, "!tfrt.string") && lit[0] == '"') {
        StrBuf b = { 0 };
        size_t L = strlen(lit);
        if (L < 2 || lit[L - 1] != '"') {
            cmd_error(r, col, "unterminated string");
            return NULL;
        }
        for (size_t i = 1; i + 1 < L; i++) {
            char c = lit[i];
            if (c == '\\' && i + 2 < L) {
                char e = lit[++i];
                if (e == 'n') c = '\n';
                else if (e == 't') c = '\t';
                else if (isxdigit((unsigned char)e) && isxdigit((unsigned char)lit[i + 1])) {
                    char hx[3] = { e, lit[i + 1], 0 };
                    c = (char)strtol(hx, NULL, 16);
                    i++;
                } else c = e;
            }
            sb_addn(&b, &c, 1);
        }
        Any a = any_str(b.p ? b.p : "", b.n);
        free(b.p);
        return av_new_available(a);
    }
    cmd_error(r, col, "argument %d of '@%s' has type %s: pass a %%value (no literal of that type)", argno,
              f->name, sp);
    return NULL;
}

static void c_run(Repl *r, const char *arg, int col)
{
    const char *p;
    const Func *f = func_arg(r, arg, col, &p);
    if (!f) return;
    p = skip_ws(p);
    if (*p != '(') { cmd_error(r, col + (int)(p - arg), "expected '(' after '@%s'", f->name); return; }
    const char *close = NULL;
    int depth = 0;
    bool instr = false;
    for (const char *q = p; *q; q++) {
        if (*q == '"' && q[-1] != '\\') instr = !instr;
        if (instr) continue;
        if (*q == '(') depth++;
        if (*q == ')' && --depth == 0) { close = q; break; }
    }
    if (!close) { cmd_error(r, col + (int)(p - arg), "expected ')' to close the arguments"); return; }
    if (*skip_ws(close + 1)) { cmd_error(r, col + (int)(close + 1 - arg), "unexpected text after ')'"); return; }
    /* Split at commas outside strings. */
    const char *starts[64];
    size_t lens[64];
    int n = 0;
    const char *st = p + 1;
    instr = false;
    bool empty = !*skip_ws(p + 1) || skip_ws(p + 1) == close;
    for (const char *q = p + 1; !empty && q <= close; q++) {
        if (*q == '"' && q[-1] != '\\') instr = !instr;
        if (instr) continue;
        if (*q == ',' || q == close) {
            if (n == 64) { cmd_error(r, col, "too many arguments"); return; }
            const char *a = skip_ws(st);
            size_t len = (size_t)(q - a);
            while (len && isspace((unsigned char)a[len - 1])) len--;
            starts[n] = a; lens[n] = len; n++;
            st = q + 1;
        }
    }
    if (n != f->nargs) {
        cmd_error(r, col, "'@%s' takes %d argument%s, %d given", f->name, f->nargs, f->nargs == 1 ? "" : "s", n);
        return;
    }
    AsyncValue **args = calloc((size_t)n + 1, sizeof *args);
    if (!args) tf_out_of_memory();
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        if (!lens[i]) { cmd_error(r, col + (int)(starts[i] - arg), "empty argument"); ok = false; break; }
        args[i] = literal(r, starts[i], lens[i], col + (int)(starts[i] - arg), f->arg_types[i], i + 1, f);
        if (!args[i]) ok = false;
    }
    if (ok) run_func(r, f, args, n, NULL, show_run);
    for (int i = 0; i < n; i++) if (args[i]) av_release(args[i]);
    free(args);
}

/* }===================================================================== */

/* {=====================================================================
** Input
** ====================================================================== */

static char *prompt_fn(EditLine *el)
{
    Repl *r = NULL;
    el_get(el, EL_CLIENTDATA, (void **)&r);
    return r ? r->prompt : "tfrun> ";
}

/* Tab completion: commands after ':', @functions, %values, op names. */
static unsigned char complete_fn(EditLine *el, int ch)
{
    (void)ch;
    Repl *r = NULL;
    el_get(el, EL_CLIENTDATA, (void **)&r);
    const LineInfo *li = el_line(el);
    const char *st = li->cursor;
    while (st > li->buffer && !isspace((unsigned char)st[-1]) && st[-1] != '(' && st[-1] != ',') st--;
    size_t n = (size_t)(li->cursor - st);
    char word[256];
    if (n >= sizeof word) return CC_ERROR;
    memcpy(word, st, n);
    word[n] = 0;
    bool first = skip_ws(li->buffer) == st;

    const char **cand = NULL;
    int nc = 0, cap = 0;
#define ADD(s) do { if (nc == cap) { cap = cap ? cap * 2 : 64; cand = realloc(cand, sizeof *cand * (size_t)cap); if (!cand) tf_out_of_memory(); } cand[nc++] = (s); } while (0)
    size_t skip = 0;
    if (word[0] == ':' && first) {
        skip = 1;
        for (int i = 0; i < NCMDS; i++) if (!strncmp(cmds[i].name, word + 1, n - 1)) ADD(cmds[i].name);
    } else if (word[0] == '@') {
        skip = 1;
        for (int i = 0; r && i < r->m->nfuncs; i++) {
            const char *fn = r->m->funcs[i]->name;
            if (!hidden_name(fn) && !strncmp(fn, word + 1, n - 1)) ADD(fn);
        }
    } else if (word[0] == '%') {
        skip = 1;
        for (int i = 0; r && i < r->nvals; i++)
            if (!strncmp(r->vals[i].name, word + 1, n - 1)) ADD(r->vals[i].name);
    } else {
        size_t nops;
        const OpInfo *ops = optable_all(&nops);
        for (size_t i = 0; i < nops; i++) if (!strncmp(ops[i].name, word, n)) ADD(ops[i].name);
    }
#undef ADD
    if (!nc) { free(cand); return CC_ERROR; }
    /* Longest common prefix of the candidates. */
    size_t common = strlen(cand[0]);
    for (int i = 1; i < nc; i++) {
        size_t k = 0;
        while (k < common && cand[i][k] == cand[0][k]) k++;
        common = k;
    }
    size_t have = n - skip;
    unsigned char rc = CC_REFRESH;
    if (common > have) {
        char ins[256];
        snprintf(ins, sizeof ins, "%.*s%s", (int)(common - have), cand[0] + have, nc == 1 ? " " : "");
        el_insertstr(el, ins);
    } else if (nc == 1) {
        el_insertstr(el, " ");
    } else {
        FILE *o = r ? r->out : stdout;
        fputc('\n', o);
        int shown = 0;
        for (int i = 0; i < nc && shown < 60; i++, shown++)
            fprintf(o, "%s%s%s", skip ? (word[0] == ':' ? ":" : word[0] == '@' ? "@" : "%") : "", cand[i],
                    i + 1 < nc ? "  " : "");
        if (nc > 60) fprintf(o, "  ... (%d more)", nc - 60);
        fputc('\n', o);
        fflush(o);
        rc = CC_REDISPLAY;
    }
    free(cand);
    return rc;
}

/* Ctrl-C while editing: the terminal's ISIG is off during editing (see
** input_open), so it arrives as a key. The line (and any multi-line input
** in progress) is abandoned and a new prompt shown. */
static unsigned char interrupt_fn(EditLine *el, int ch)
{
    (void)ch;
    Repl *r = NULL;
    el_get(el, EL_CLIENTDATA, (void **)&r);
    const LineInfo *li = el_line(el);
    el_cursor(el, (int)(li->lastchar - li->cursor));
    li = el_line(el);
    el_deletestr(el, (int)(li->cursor - li->buffer));
    if (r) {
        r->line_interrupted = true;
        fputs("^C\n", r->out);
    }
    return CC_NEWLINE;
}

static void input_open(Repl *r)
{
    if (!r->tty) return;
    r->hist = history_init();
    HistEvent ev;
    history(r->hist, &ev, H_SETSIZE, HISTORY_SIZE);
    history(r->hist, &ev, H_SETUNIQUE, 1);
    const char *home = getenv("HOME");
    if (home && *home) {
        size_t n = strlen(home) + 32;
        r->histfile = malloc(n);
        if (!r->histfile) tf_out_of_memory();
        snprintf(r->histfile, n, "%s/.tfrun_history", home);
        history(r->hist, &ev, H_LOAD, r->histfile);
    }
    r->el = el_init("tfrun", stdin, stdout, stderr);
    el_set(r->el, EL_CLIENTDATA, r);
    el_set(r->el, EL_PROMPT, prompt_fn);
    el_set(r->el, EL_EDITOR, "emacs");
    el_set(r->el, EL_HIST, history, r->hist);
    el_set(r->el, EL_ADDFN, "tfrun-complete", "Complete commands, ops, @functions, %values", complete_fn);
    el_set(r->el, EL_BIND, "^I", "tfrun-complete", NULL);
    /* While a line is edited Ctrl-C is a key (interrupt_fn); while a
    ** program runs the terminal is in its normal mode and Ctrl-C sends
    ** SIGINT, which cancels the run. */
    el_set(r->el, EL_SETTY, "-d", "-isig", NULL);
    el_set(r->el, EL_ADDFN, "tfrun-interrupt", "Abandon the line being typed", interrupt_fn);
    el_set(r->el, EL_BIND, "^C", "tfrun-interrupt", NULL);
}

static void input_close(Repl *r)
{
    if (r->hist) {
        HistEvent ev;
        if (r->histfile) history(r->hist, &ev, H_SAVE, r->histfile);
        history_end(r->hist);
    }
    if (r->el) el_end(r->el);
    free(r->histfile);
}

/* One line without its newline (malloc'ed), or NULL at end of input. An
** interrupted read (Ctrl-C at the prompt) gives "" and sets *intr. */
static char *read_line(Repl *r, bool *intr)
{
    *intr = false;
    if (r->el) {
        int count = 0;
        const char *l = el_gets(r->el, &count);
        /* An abandoned line is empty, which el_gets reports as NULL. A
        ** SIGINT that came before libedit set up the terminal (typed ahead)
        ** abandons the line as well. */
        if (r->line_interrupted || (l && interrupted)) {
            r->line_interrupted = false;
            interrupted = 0;
            *intr = true;
            return xstrdup("");
        }
        if (!l || count <= 0) {
            if (interrupted) {
                interrupted = 0;
                *intr = true;
                fputc('\n', r->out);
                el_reset(r->el);
                return xstrdup("");
            }
            return NULL;
        }
        char *s = xstrdup(l);
        size_t n = strlen(s);
        while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
        if (*skip_ws(s)) {
            HistEvent ev;
            history(r->hist, &ev, H_ENTER, s);
        }
        return s;
    }
    char *line = NULL;
    size_t cap = 0;
    for (;;) {
        errno = 0;
        ssize_t n = getline(&line, &cap, stdin);
        if (n >= 0) {
            while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
            return line;
        }
        if (errno == EINTR && interrupted) {
            interrupted = 0;
            clearerr(stdin);
            *intr = true;
            free(line);
            return xstrdup("");
        }
        free(line);
        return NULL;
    }
}

/* Records a line in <repl>. */
static void note_line(Repl *r, const char *line)
{
    sb_adds(&r->src, line);
    sb_adds(&r->src, "\n");
    r->line++;
    r->src_dirty = true;
}

static void set_prompt(Repl *r, bool cont)
{
    const Op *op = dbg_stop_op(r->dbg);
    if (cont) snprintf(r->prompt, sizeof r->prompt, "   ...> ");
    else if (op) {
        char where[512];
        snprintf(r->prompt, sizeof r->prompt, "[%s] tfrun> ", dbg_op_where(op, where, sizeof where));
    } else snprintf(r->prompt, sizeof r->prompt, "tfrun> ");
}

/* Reads one unit of input: a command line, or MLIR text whose braces
** balance. Returns NULL at end of input. *first_line gets the <repl> line
** it starts at; *is_cmd whether it is a command. */
static char *read_unit(Repl *r, int *first_line, bool *is_cmd)
{
    StrBuf unit = { 0 };
    int depth = 0;
    bool open = false;
    for (;;) {
        set_prompt(r, open);
        bool intr;
        char *line = read_line(r, &intr);
        if (!line) {
            if (open) {
                fflush(r->out);
                diag_at(r, DIAG_ERROR, REPL_FILE, *first_line, 0,
                        "end of input inside an unclosed '{' (the input started here)");
            }
            free(unit.p);
            return NULL;
        }
        if (intr) {
            /* Ctrl-C at the prompt abandons the input being typed. */
            free(line);
            free(unit.p);
            unit = (StrBuf){ 0 };
            open = false;
            depth = 0;
            continue;
        }
        note_line(r, line);
        if (!open) {
            const char *p = skip_ws(line);
            if (*p == ':') {
                *first_line = r->line;
                *is_cmd = true;
                sb_adds(&unit, line);
                free(line);
                return unit.p;
            }
            if (repl_is_blank(line)) { free(line); continue; }
            *first_line = r->line;
            *is_cmd = false;
            open = true;
        }
        sb_adds(&unit, line);
        sb_adds(&unit, "\n");
        depth = repl_brace_depth(line, depth);
        free(line);
        if (depth <= 0) return unit.p;
    }
}

/* Runs one command line. */
static void run_command(Repl *r, const char *line, int at_line)
{
    r->cmd_line = at_line;
    const char *p = skip_ws(line);
    int base = (int)(p - line) + 1;      /* column of ':' */
    const char *w = p + 1;
    const char *e = w;
    while (isalpha((unsigned char)*e)) e++;
    bool amb;
    const char *name = repl_command_name(w, (size_t)(e - w), &amb);
    if (!name || (*e && !isspace((unsigned char)*e))) {
        if (amb) cmd_error(r, base, "ambiguous command ':%.*s' (:help lists the commands)", (int)(e - w), w);
        else cmd_error(r, base, "unknown command ':%.*s' (:help lists the commands)",
                       (int)(strcspn(w, " \t")), w);
        return;
    }
    const Cmd *c = NULL;
    for (int i = 0; i < NCMDS; i++) if (!strcmp(cmds[i].name, name)) c = &cmds[i];
    bool stopped = dbg_stopped(r->dbg);
    if (stopped && !(c->when & C_STOPPED)) {
        cmd_error(r, base, ":%s is not available while a run is stopped (:continue, :step or :quit first)", name);
        return;
    }
    if (!stopped && !(c->when & C_IDLE)) {
        cmd_error(r, base, ":%s resumes a stopped run, and no run is stopped", name);
        return;
    }
    const char *arg = skip_ws(e);
    char *a = xstrdup(arg);
    size_t n = strlen(a);
    while (n && isspace((unsigned char)a[n - 1])) a[--n] = 0;
    c->fn(r, a, (int)(arg - line) + 1);
    free(a);
    fflush(r->out);
}

/* Handles one unit read while idle. */
static void handle(Repl *r, const char *unit, int line, bool is_cmd)
{
    r->shift = false;
    if (is_cmd) { run_command(r, unit, line); return; }
    if (repl_is_definition(unit)) {
        StrBuf t = { 0 };
        for (int i = 1; i < line; i++) sb_adds(&t, "\n");
        sb_adds(&t, unit);
        define(r, REPL_FILE, t.p, t.n, false);
        free(t.p);
    } else {
        exec_ops(r, unit, line);
    }
    fflush(r->out);
}

/* The command loop run while the debugger is stopped before a kernel. */
static void stop_loop(void *ud, Debugger *d)
{
    Repl *r = ud;
    while (dbg_stopped(d) && !r->quit) {
        int line;
        bool is_cmd;
        char *unit = read_unit(r, &line, &is_cmd);
        if (!unit) {
            /* End of input while stopped: finish the run unattended. */
            r->quit = true;
            dbg_detach(d);
            if (r->rq) rq_cancel(r->rq);
            return;
        }
        if (is_cmd) {
            r->resume = false;
            run_command(r, unit, line);
            free(unit);
            /* :step, :continue and :quit resume the run. */
            if (r->resume) { r->resume = false; return; }
        } else {
            r->cmd_line = line;
            cmd_error(r, 1, "cannot define or run code while a run is stopped (:continue, :step or :quit first)");
            free(unit);
        }
    }
}

/* }===================================================================== */

static const char repl_usage[] =
    "usage: tfrun repl [--schedule=auto|exact|fast] [--max-call-depth=N] [FILE]\n"
    "Interactive session and debugger: type MLIR functions and ops, or :help.\n"
    "FILE is loaded first (as with :load). --schedule (default auto) is the\n"
    "schedule of the session's runs, as in 'tfrun run'; :schedule changes it.\n"
    "--max-call-depth (default 1000000) bounds the call chain of every run,\n"
    "as in 'tfrun run'.\n";

int cli_repl(int argc, char **argv)
{
    const char *file = NULL;
    CliSchedule schedule = CLI_SCHED_AUTO;
    int max_call_depth = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(repl_usage, stdout); return 0; }
        const char *v = NULL;
        if (!strncmp(argv[i], "--schedule=", 11) || !strncmp(argv[i], "-schedule=", 10)) v = strchr(argv[i], '=') + 1;
        else if ((!strcmp(argv[i], "--schedule") || !strcmp(argv[i], "-schedule")) && i + 1 < argc) v = argv[++i];
        if (v) {
            if (!cli_schedule_parse(v, &schedule)) {
                fprintf(stderr, "tfrun repl: invalid schedule '%s' (want auto, exact or fast)\n%s", v, repl_usage);
                return 2;
            }
            continue;
        }
        v = NULL;
        if (!strncmp(argv[i], "--max-call-depth=", 17) || !strncmp(argv[i], "-max-call-depth=", 16)) v = strchr(argv[i], '=') + 1;
        else if ((!strcmp(argv[i], "--max-call-depth") || !strcmp(argv[i], "-max-call-depth")) && i + 1 < argc) v = argv[++i];
        if (v) {
            if (!cli_parse_call_depth(v, &max_call_depth)) {
                fprintf(stderr, "tfrun repl: invalid call depth '%s' (want a number from 1 to 1000000000)\n%s", v,
                        repl_usage);
                return 2;
            }
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "tfrun repl: unknown option '%s'\n%s", argv[i], repl_usage);
            return 2;
        }
        if (file) {
            fprintf(stderr, "tfrun repl: more than one FILE ('%s')\n%s", argv[i], repl_usage);
            return 2;
        }
        file = argv[i];
    }

    Repl r0, *r = &r0;
    memset(r, 0, sizeof *r);
    r->schedule = schedule;
    r->max_call_depth = max_call_depth;
    r->out = stdout;
    setvbuf(stdout, NULL, _IOLBF, 0);
    r->tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    r->diag = diag_new(stderr);
    char err[256] = "";
    r->q = wq_create("s", err, sizeof err);
    r->alloc = ha_create("malloc", stderr);
    r->dbg = dbg_new(r->out);
    if (!r->diag || !r->q || !r->alloc || !r->dbg) {
        fprintf(stderr, "tfrun repl: cannot start: %s\n", err[0] ? err : "out of memory");
        return 1;
    }
    dbg_set_stop_handler(r->dbg, stop_loop, r);
    dbg_set_toplevel_prefix(r->dbg, HIDDEN);
    dbg_set_interrupt_flag(r->dbg, &interrupted);
    r->line = 0;
    r->src_dirty = true;
    r->m = parse_module(REPL_FILE, "", 0, r->diag);
    if (!r->m) {
        fprintf(stderr, "tfrun repl: cannot create the session module\n");
        return 1;
    }
    make_host(r);

    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;            /* no SA_RESTART: a read at the prompt returns */
    sigaction(SIGINT, &sa, &old);

    input_open(r);
    if (r->tty) fprintf(r->out, "tfrun %s: :help lists the commands, :quit leaves\n", TFRUN_VERSION);
    if (file) load_file(r, file, 0);
    while (!r->quit) {
        int line;
        bool is_cmd;
        char *unit = read_unit(r, &line, &is_cmd);
        if (!unit) break;
        handle(r, unit, line, is_cmd);
        free(unit);
    }
    fflush(r->out);
    input_close(r);
    sigaction(SIGINT, &old, NULL);

    for (int i = 0; i < r->nvals; i++) { free(r->vals[i].name); av_release(r->vals[i].v); }
    free(r->vals);
    wq_destroy(r->q);
    if (r->host) host_free(r->host);
    ir_module_free(r->m);
    dbg_free(r->dbg);
    ha_destroy(r->alloc);
    diag_free(r->diag);
    free(r->src.p);
    free(r->loaded);
    fflush(stdout);
    return 0;
}
