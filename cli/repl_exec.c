/*
** repl_exec.c — running code in a `tfrun repl` session (docs/tools.md §3):
** typed ops at the top level, and :run @f(ARGS).
**
** A typed op is run at once in the "top-level frame": the REPL wraps it in
** a hidden function
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
** the hidden function's locations are moved back up (repl_session.c,
** shift_lines).
**
** Ctrl-C while a program runs cancels that run's request (rq_cancel via
** the debugger's before-kernel check), not the session.
*/
#include "base/alloc.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/repl_int.h"
#include "interp/display.h"
#include "parser/parser.h"

/* The name of [v] as a later line refers to it ("x", "r#1"). */
static void value_ref_name(const Value *v, char *buf, size_t cap)
{
    const char *n = v->name ? v->name : "";
    if (*n == '%') n++;
    if (strchr(n, '#') || !v->def || v->def->nresults == 1) snprintf(buf, cap, "%s", n);
    else snprintf(buf, cap, "%s#%d", n, v->result_index);
}

/* The driver's result line, for :run (an unresolved value as "TYPE value"). */
static const Display run_display = { DISPLAY_RESULT, false, NULL, NULL };

/* Runs [fn] with [args] (+0) to completion: invoke, await, print (by
** [show]), quiesce. Results are returned +1 in [res] (NULL: released).
** Returns the number of kernels left waiting (-1: nothing ran). */
static int run_func(Repl *r, const Func *fn, AsyncValue **args, int nargs, AsyncValue **res,
                    void (*show)(Repl *, const Func *, AsyncValue **))
{
    if (!repl_make_host(r)) return -1;
    int n = fn->nresults;
    AsyncValue *tmp[16];
    AsyncValue **out = res ? res : n <= 16 ? tmp : malloc(sizeof *out * (size_t)n);
    if (!out) tf_out_of_memory();
    repl_sync_src(r);
    r->rq = rq_new(r->q);
    ExecCtx c = { r->host, r->rq, 0, NULL, NULL, NULL };
    dbg_run_begin(r->dbg);
    if (r->step_next_run) { dbg_step(r->dbg); r->step_next_run = false; }
    repl_interrupted = 0;
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
    repl_drop_host(r);
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
            TopVal *t = repl_find_val(r, want, strlen(want));
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
void repl_exec_ops(Repl *r, const char *text, int line)
{
    NameRef *refs;
    int nrefs = repl_scan_names(text, &refs);
    /* Arguments: earlier values the text uses and does not redefine. */
    TopVal **argv = malloc(sizeof *argv * (size_t)(nrefs + 1));
    if (!argv) tf_out_of_memory();
    int nargs = 0;
    for (int i = 0; i < nrefs; i++) {
        if (refs[i].def) continue;
        TopVal *t = repl_find_val(r, refs[i].name, strlen(refs[i].name));
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
    bool ok = m1 && repl_verify_scratch(r, REPL_FILE, t1.p, t1.n, m1, 1) == 0;
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
        ok = repl_define(r, REPL_FILE, t2.p, t2.n, true);
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
                repl_drop_vals(r, base);
            }
            for (int i = 0; i < nres; i++) {
                repl_add_val(r, resnames[i], fn->result_types[i], res[i]);
                repl_print_short(r->out, resnames[i], res[i], fn->result_types[i]);
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

/* :run @f(ARGS): the arguments are read by cli/repl_lex.c. */
void repl_cmd_run(Repl *r, const char *arg, int col)
{
    const char *p;
    const Func *f = repl_func_arg(r, arg, col, &p);
    if (!f) return;
    AsyncValue **args = repl_run_args(r, f, arg, col, skip_ws(p));
    if (!args) return;
    run_func(r, f, args, f->nargs, NULL, show_run);
    for (int i = 0; i < f->nargs; i++) av_release(args[i]);
    free(args);
}
