/*
** repl_session.c — the state of a `tfrun repl` session (docs/tools.md §3):
** the module, the top-level values, diagnostics into <repl>, defining and
** loading functions, and the Host that runs them; the commands that show
** or change that state (:list :ir :load :reload :values :print :locals
** :schedule); how the kernels' objects are shown (values, watched
** objects), and silencing a run's output while the debugger goes back.
**
** One Module holds every function defined so far (typed, or loaded with
** :load). Every change of the module is checked first on a scratch copy
** (parse + verify against declarations of the existing functions), so that
** bad input leaves the session unchanged; then the Host is rebuilt (a Host
** compiles the whole module once; host_free before changing the module).
*/
#include "base/typename.h"
#include "base/alloc.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/repl_int.h"
#include "interp/display.h"
#include "ir/print.h"
#include "ir/verify.h"
#include "kernels/dht.h"
#include "kernels/ext.h"
#include "parser/parser.h"

/* Makes the diagnostic sink's copy of <repl> current. */
void repl_sync_src(Repl *r)
{
    if (!r->src_dirty) return;
    diag_add_source(r->diag, REPL_FILE, r->src.p, r->src.n);
    r->src_dirty = false;
}

void repl_diag_at(Repl *r, DiagKind k, const char *file, int line, int col, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fflush(r->out);
    repl_sync_src(r);
    diag_emit(r->diag, k, file, line, col, msg);
}

TopVal *repl_find_val(Repl *r, const char *name, size_t n)
{
    for (int i = r->nvals - 1; i >= 0; i--)
        if (strlen(r->vals[i].name) == n && !strncmp(r->vals[i].name, name, n)) return &r->vals[i];
    return NULL;
}

/* Forgets every value named [base] or [base]#N. */
void repl_drop_vals(Repl *r, const char *base)
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

void repl_add_val(Repl *r, const char *name, const Type *t, AsyncValue *v)
{
    if (r->nvals == r->capvals) {
        r->capvals = r->capvals ? r->capvals * 2 : 16;
        r->vals = realloc(r->vals, sizeof *r->vals * (size_t)r->capvals);
        if (!r->vals) tf_out_of_memory();
    }
    r->vals[r->nvals++] = (TopVal){ xstrdup(name), t, v };
}

/* Types written differently that are the same (docs/kernel-behaviour.md §12). */
bool repl_same_spelling(const char *a, const char *b)
{
    return tn_same(a, b);
}

static bool same_signature(const Func *a, const Func *b)
{
    if (a->nargs != b->nargs || a->nresults != b->nresults) return false;
    for (int i = 0; i < a->nargs; i++)
        if (!repl_same_spelling(a->arg_types[i]->spelling, b->arg_types[i]->spelling)) return false;
    for (int i = 0; i < a->nresults; i++)
        if (!repl_same_spelling(a->result_types[i]->spelling, b->result_types[i]->spelling)) return false;
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

/* A tensor as tfrt_dht.print_tensor shows it, a resource variable and a
** test atomic with what they hold ("!rv.var(2)"); false for other objects. */
static bool session_object(StrBuf *b, const Display *d, const Any *a, int depth)
{
    (void)d, (void)depth;
    if (any_is_objtype(*a, OBJ_TENSOR)) {
        char *s = dht_format((const DenseHostTensor *)a->v.obj);
        sb_adds(b, s);
        free(s);
        return true;
    }
    char *s = ext_rv_repr(*a);
    if (s) {
        sb_printf(b, "!rv.var(%s)", s);
        free(s);
        return true;
    }
    int32_t n;
    if (ext_atomic_i32_get(*a, &n)) {
        sb_printf(b, "!test.atomic.i32(%d)", (int)n);
        return true;
    }
    return false;
}

/* The REPL's display of named values; a value not produced shows as
** <unavailable>. */
const Display repl_display = { DISPLAY_SESSION, false, "<unavailable>", session_object };

char *repl_show_object(void *ud, const Any *a)
{
    (void)ud;
    char *s = ext_rv_repr(*a);
    if (s) return s;
    int32_t n;
    if (ext_atomic_i32_get(*a, &n)) {
        StrBuf b = { 0 };
        sb_printf(&b, "%d", (int)n);
        return b.p;
    }
    StrBuf b = { 0 };
    display_append(&b, &repl_display, NULL, a, 0);
    return b.p ? b.p : xstrdup("");
}

void repl_silence(void *ud, bool silent)
{
    Repl *r = ud;
    Host *h = r->run_host;
    if (!h) return;
    if (silent) {
        if (!r->devnull) r->devnull = fopen("/dev/null", "w");
        fflush(h->out);
        if (r->devnull) h->out = r->devnull;
        h->diag = NULL;
    } else {
        fflush(h->out);
        h->out = r->prog_out ? r->prog_out : r->out;
        h->diag = r->diag;
    }
}

/* "%x = 42 : i32" */
void repl_print_short(FILE *out, const char *name, AsyncValue *v, const Type *t)
{
    fprintf(out, "%%%s = ", name);
    display_value(out, &repl_display, t, v);
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
        display_any(out, &repl_display, t ? t->spelling : NULL, av_get(v));
        fputs(" (available", out);
        break;
    }
    fprintf(out, ", refcount %u)\n", (unsigned)av_refcount(v));
}

void repl_drop_replay_host(Repl *r)
{
    if (!r->replay_host) return;
    wq_quiesce(r->q);
    host_free(r->replay_host);
    r->replay_host = NULL;
}

void repl_drop_host(Repl *r)
{
    repl_drop_replay_host(r);
    if (!r->host) return;
    wq_quiesce(r->q);
    host_free(r->host);
    r->host = NULL;
}

/* True when the debugger shows the order in which kernels run: a
** breakpoint or watchpoint is set, :trace is on, or the next run starts
** stepping. */
static bool watching(const Repl *r)
{
    return dbg_armed(r->dbg) || r->rerun || r->trace_path;
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
            *why = strdup("auto: the debugger shows the order of kernels (a breakpoint, watchpoint, :step, "
                          ":trace or :run --trace)");
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
bool repl_make_host(Repl *r)
{
    /* Under auto a host built before the debugger started (or stopped)
    ** watching has the other schedule; between runs it is rebuilt. */
    if (r->host && r->schedule == CLI_SCHED_AUTO && r->host_watched != watching(r) &&
        !dbg_running(r->dbg))
        repl_drop_host(r);
    if (r->host) return true;
    r->host_watched = watching(r);
    r->host = host_new(r->m, r->q, r->alloc, r->diag, r->out);
    /* Attached per run (cli/repl_exec.c): none while nothing is armed. */
    r->host->debug = NULL;
    r->host->schedule = session_schedule(r, NULL);
    if (r->host_watched && !r->rerun && r->schedule == CLI_SCHED_AUTO && !r->said_exact && r->m->nfuncs > 0) {
        /* Said once: what auto would choose without the debugger. */
        char *why = NULL;
        const Func **all = malloc(sizeof *all * (size_t)(r->m->nfuncs + 1));
        if (!all) tf_out_of_memory();
        int n = 0;
        for (int i = 0; i < r->m->nfuncs; i++)
            if (r->m->funcs[i]->body) all[n++] = r->m->funcs[i];
        ExecSchedule plain = cli_schedule_choose(CLI_SCHED_AUTO, r->m, all, n, r->alloc, &why);
        free(all);
        free(why);
        if (plain == EXEC_FAST) {
            fprintf(r->out, "note: runs use the exact schedule while the debugger is armed (breakpoints, "
                            "watchpoints, stepping, tracing); auto would choose fast\n");
            r->said_exact = true;
        }
    }
    if (r->max_call_depth > 0) r->host->max_call_depth = r->max_call_depth;
    repl_sync_src(r);
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
int repl_verify_scratch(Repl *r, const char *file, const char *text, size_t len,
                          const Module *defs, int n)
{
    StrBuf b = { 0 };
    sb_addn(&b, text, len);
    sb_adds(&b, "\n");
    add_decls(r, &b, defs);
    Module *m2 = parse_module(file, b.p, b.n, NULL);
    if (!m2) {
        /* A `module { ... }`: nothing may follow it, so the declarations
        ** go inside, before its closing brace (the last one of the text). */
        size_t k = len;
        while (k > 0 && text[k - 1] != '}') k--;
        if (k > 0) {
            free(b.p);
            b = (StrBuf){ 0 };
            sb_addn(&b, text, k - 1);
            sb_adds(&b, "\n");
            add_decls(r, &b, defs);
            sb_addn(&b, text + k - 1, len - (k - 1));
            m2 = parse_module(file, b.p, b.n, NULL);
        }
    }
    int errors = 0;
    /* Diagnostics point into <repl> or [file]: make the sink's copy the
    ** text the user wrote (the scratch parse registered nothing). */
    if (!strcmp(file, REPL_FILE)) { r->src_dirty = true; repl_sync_src(r); }
    else diag_add_source(r->diag, file, text, len);
    if (m2) {
        shift_hidden(r, m2);
        for (int i = 0; i < n && i < m2->nfuncs; i++)
            errors += verify_func(m2, m2->funcs[i], r->diag, &verify_opts);
        ir_module_free(m2);
    } else {
        /* Never define what could not be checked. */
        fflush(r->out);
        diag_emit(r->diag, DIAG_ERROR, file, 1, 0, "this input cannot be checked against the session's functions");
        errors = 1;
    }
    free(b.p);
    return errors;
}

/* Adds the functions of [text] to the session module, or changes nothing
** and returns false after diagnostics. [quiet]: no "defined" lines (the
** hidden functions). */
bool repl_define(Repl *r, const char *file, const char *text, size_t len, bool quiet)
{
    repl_sync_src(r);
    Module *m1 = parse_module(file, text, len, r->diag);
    if (!strcmp(file, REPL_FILE)) r->src_dirty = true;
    if (!m1) return false;
    bool ok = true;
    for (int i = 0; i < m1->nfuncs; i++) {
        const Func *nf = m1->funcs[i];
        if (!quiet && hidden_name(nf->name)) {
            repl_diag_at(r, DIAG_ERROR, file, nf->line, nf->col,
                    "function names starting with '%s' are reserved by the REPL", HIDDEN);
            ok = false;
            continue;
        }
        const Func *old = ir_module_func(r->m, nf->name);
        if (old && !same_signature(old, nf)) {
            StrBuf was = { 0 }, now = { 0 };
            sig_text(&was, old);
            sig_text(&now, nf);
            repl_diag_at(r, DIAG_ERROR, file, nf->line, nf->col,
                    "redefinition of '@%s' with a different signature: %s (was %s)", nf->name, now.p, was.p);
            const Loc *l = old->loc;
            if (l && l->kind == LOC_FILE)
                repl_diag_at(r, DIAG_NOTE, l->file, l->line, l->col, "previous definition of '@%s' is here", nf->name);
            free(was.p); free(now.p);
            ok = false;
        }
    }
    if (ok && repl_verify_scratch(r, file, text, len, m1, m1->nfuncs) > 0) ok = false;
    if (!ok) { ir_module_free(m1); return false; }

    /* Commit: the old host goes first (it owns plans of the old bodies). */
    repl_drop_host(r);
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
    if (n < 0 || !repl_make_host(r)) {
        /* Roll back to the functions as they were. */
        if (n >= 0) {
            memcpy(r->m->funcs, saved, sizeof *saved * (size_t)oldn);
            r->m->nfuncs = oldn;
        }
        repl_make_host(r);
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

bool repl_load_file(Repl *r, const char *path, int col)
{
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        if (col > 0) cmd_error(r, col, "cannot open '%s': %s", path, strerror(errno));
        else { fflush(r->out); fprintf(stderr, "tfrun: cannot open '%s': %s\n", path, strerror(errno)); }
        return false;
    }
    bool ok = repl_define(r, path, text, len, false);
    free(text);
    if (ok && r->loaded != path) {
        free(r->loaded);
        r->loaded = xstrdup(path);
    }
    return ok;
}

/* The last line of [b] that holds an op (its regions included). */
static int last_line(const Block *b)
{
    int m = 0;
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        const Loc *l = op->loc;
        int ln = l && l->kind == LOC_FILE ? l->line : op->line;
        if (ln > m) m = ln;
        for (int k = 0; k < op->nregions; k++) {
            int x = last_line(op->regions[k]);
            if (x > m) m = x;
        }
    }
    return m;
}

void repl_print_lines(Repl *r, const char *file, int from, int to, int mark)
{
    size_t len = 0;
    char *owned = NULL;
    const char *text;
    if (!strcmp(file, REPL_FILE)) {
        text = r->src.p ? r->src.p : "";
        len = r->src.n;
    } else {
        owned = read_file(file, &len);
        if (!owned) { cmd_error(r, 1, "cannot open '%s': %s", file, strerror(errno)); return; }
        text = owned;
    }
    int line = 1, shown = 0;
    const char *p = text, *end = text + len;
    while (p < end && line <= to) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (line >= from) {
            fprintf(r->out, "%s%4d  %.*s\n", line == mark ? "=>" : "  ", line, (int)n, p);
            shown++;
        }
        line++;
        p = nl ? nl + 1 : end;
    }
    if (!shown) cmd_error(r, 1, "line %d is past the end of '%s' (%d lines)", from, file, line - 1);
    free(owned);
}

void repl_cmd_list(Repl *r, const char *arg, int col)
{
    if (*arg == '@') {
        const Func *f = repl_func_arg(r, arg, col, NULL);
        if (!f) return;
        if (!f->body || !f->loc || f->loc->kind != LOC_FILE) {
            cmd_error(r, col, "'@%s' has no source lines to show", f->name);
            return;
        }
        repl_print_lines(r, f->loc->file, f->loc->line, last_line(f->body) + 1, 0);
        return;
    }
    if (*arg) {
        /* N or FILE:N: ten lines around it. */
        const char *colon = strrchr(arg, ':');
        const char *digits = colon ? colon + 1 : arg;
        char *e;
        errno = 0;
        long n = strtol(digits, &e, 10);
        if (e == digits || *e || n < 1 || n > 100000000 || errno) {
            cmd_error(r, col, ":list takes a line number N, FILE:N or @f");
            return;
        }
        char file[512];
        int mark = 0;
        const Op *stop = dbg_stop_op(r->dbg);
        if (colon) {
            snprintf(file, sizeof file, "%.*s", (int)(colon - arg), arg);
            /* Only the session's own sources: <repl> and the files its
            ** functions come from. */
            bool known = !strcmp(file, REPL_FILE) || (r->loaded && !strcmp(file, r->loaded));
            for (int i = 0; i < r->m->nfuncs && !known; i++) {
                const Loc *l = r->m->funcs[i]->loc;
                known = l && l->kind == LOC_FILE && l->file && !strcmp(l->file, file);
            }
            if (!known) {
                cmd_error(r, col, "'%s' is not a file of this session (:list shows <repl> and loaded files)", file);
                return;
            }
        } else if (stop && stop->loc && stop->loc->kind == LOC_FILE) {
            snprintf(file, sizeof file, "%s", stop->loc->file);
        } else {
            snprintf(file, sizeof file, "%s", r->loaded ? r->loaded : REPL_FILE);
        }
        if (stop && stop->loc && stop->loc->kind == LOC_FILE && !strcmp(stop->loc->file, file))
            mark = stop->loc->line;
        int from = (int)n - 5 < 1 ? 1 : (int)n - 5;
        repl_print_lines(r, file, from, from + 9, mark);
        return;
    }
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
const Func *repl_func_arg(Repl *r, const char *arg, int col, const char **end)
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

void repl_cmd_ir(Repl *r, const char *arg, int col)
{
    const Func *f = repl_func_arg(r, arg, col, NULL);
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

void repl_cmd_load(Repl *r, const char *arg, int col)
{
    if (!*arg) { cmd_error(r, col, ":load needs a file name"); return; }
    char *path = xstrdup(arg);
    size_t n = strlen(path);
    while (n && isspace((unsigned char)path[n - 1])) path[--n] = 0;
    repl_load_file(r, path, col);
    free(path);
}

void repl_cmd_reload(Repl *r, const char *arg, int col)
{
    (void)arg;
    if (!r->loaded) { cmd_error(r, 1, "nothing to reload: no file was loaded"); return; }
    repl_load_file(r, r->loaded, col);
}

void repl_cmd_values(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    if (!r->nvals) fputs("no values\n", r->out);
    for (int i = 0; i < r->nvals; i++) print_long(r->out, r->vals[i].name, r->vals[i].v, r->vals[i].type);
}

void repl_cmd_print(Repl *r, const char *arg, int col)
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
    /* While stopped, the names of the selected frame come first. */
    if (dbg_stopped(r->dbg)) {
        const Type *ty = NULL;
        const char *why = NULL;
        Any copy;
        AsyncValue *v = dbg_frame_value(r->dbg, name, &ty, &copy, &why);
        if (v) { print_long(r->out, name, v, ty); return; }
        if (ty && copy.type != ANY_NONE) {
            /* A scalar that was produced: its value, kept by the debugger. */
            fprintf(r->out, "%%%s : %s = ", name, ty->spelling);
            display_any(r->out, &repl_display, ty->spelling, &copy);
            fprintf(r->out, " (%s)\n", why);
            return;
        }
        if (ty) {
            fprintf(r->out, "%%%s : %s (%s)\n", name, ty->spelling, why);
            return;
        }
    }
    TopVal *t = repl_find_val(r, name, n);
    if (!t) { cmd_error(r, col, "use of undefined value '%%%s'", name); return; }
    print_long(r->out, t->name, t->v, t->type);
}

void repl_cmd_locals(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_locals(r->dbg, r->out);
}

void repl_cmd_schedule(Repl *r, const char *arg, int col)
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
        repl_drop_host(r);          /* the next run builds a host for it */
    }
    char *why = NULL;
    ExecSchedule e = session_schedule(r, &why);
    fprintf(r->out, "schedule %s: %s (%s)\n", cli_schedule_name(r->schedule),
            e == EXEC_FAST ? "fast" : "exact", why);
    free(why);
}
