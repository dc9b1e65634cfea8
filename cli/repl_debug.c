/*
** repl_debug.c — the debugger commands of `tfrun repl` (docs/tools.md §3):
** :break :watch :delete, :step :next :finish :continue :kill, :ready
** :pending, :bt :up :down :frame, :trace, :reverse-step :reverse-continue
** :reverse-finish, :replay.
**
** Debugging runs use the single-threaded queue; the debugger
** (interp/debug.c) is attached to every Host, and stops by calling back
** into the command loop of cli/repl.c (stop_loop) from inside the
** executor. These commands set breakpoints and say how a stopped run
** resumes (Repl.resume); going back resumes the stopped run only to leave
** it, and cli/repl_exec.c runs the function again.
*/
#include "base/alloc.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/explore.h"
#include "cli/repl_int.h"
#include "ops/optable.h"

/* Calls [fn] on every op of [b] and of its regions. */
static bool any_op(const Block *b, bool (*fn)(const Op *, const void *), const void *ud)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (fn(op, ud)) return true;
        for (int k = 0; k < op->nregions; k++)
            if (any_op(op->regions[k], fn, ud)) return true;
    }
    return false;
}

typedef struct LineQ { const char *file; int line; const char *cond_name; } LineQ;

static int op_line(const Op *op, const char **file)
{
    const Loc *l = op->loc;
    *file = l && l->kind == LOC_FILE ? l->file : NULL;
    return l && l->kind == LOC_FILE ? l->line : op->line;
}

/* An op at the line (and whose block names the condition's value). */
static bool at_line(const Op *op, const void *ud)
{
    const LineQ *q = ud;
    const char *of;
    if (op_line(op, &of) != q->line || (q->file && !(of && !strcmp(of, q->file)))) return false;
    return !q->cond_name || dbg_find_name(op->parent, q->cond_name);
}

typedef struct NameQ { const char *opname; const char *cond_name; } NameQ;

static bool named(const Op *op, const void *ud)
{
    const NameQ *q = ud;
    return !strcmp(op->name, q->opname) && (!q->cond_name || dbg_find_name(op->parent, q->cond_name));
}

/* Does an op of a (visible) function satisfy [fn]? */
static bool some_op(Repl *r, bool (*fn)(const Op *, const void *), const void *ud)
{
    for (int i = 0; i < r->m->nfuncs; i++)
        if (r->m->funcs[i]->body && !hidden_name(r->m->funcs[i]->name) && any_op(r->m->funcs[i]->body, fn, ud))
            return true;
    return false;
}

void repl_cmd_break(Repl *r, const char *arg, int col)
{
    if (!*arg) { dbg_list_breaks(r->dbg, r->out); return; }
    char word[512];
    size_t n = 0;
    while (arg[n] && !isspace((unsigned char)arg[n]) && n + 1 < sizeof word) { word[n] = arg[n]; n++; }
    word[n] = 0;
    /* `if COND` */
    DbgCond cond, *cp = NULL;
    const char *rest = skip_ws(arg + n);
    if (*rest) {
        if (!starts_word(rest, "if")) {
            cmd_error(r, col + (int)(rest - arg), "expected 'if %%x == VALUE' after the breakpoint's place");
            return;
        }
        const char *ct = skip_ws(rest + 2);
        const char *err;
        int at;
        if (!dbg_cond_parse(ct, &cond, &err, &at)) {
            cmd_error(r, col + (int)(ct - arg) + at, "%s", err);
            return;
        }
        cp = &cond;
    }
    const char *cname = cp ? cond.name : NULL;
    int id;
    char cb[200];
    if (word[0] == '@') {
        const Func *f = repl_func_arg(r, word, col, NULL);
        if (!f) goto out;
        if (!f->body) { cmd_error(r, col, "'@%s' has no body to stop in", f->name); goto out; }
        if (cname && !dbg_find_name(f->body, cname)) {
            cmd_error(r, col, "'@%s' has no value %%%s for the condition", f->name, cname);
            goto out;
        }
        id = dbg_break_func(r->dbg, f, cp);
        fprintf(r->out, "breakpoint %d: function @%s", id, f->name);
    } else {
        /* LINE or FILE:LINE */
        char *colon = strrchr(word, ':');
        const char *digits = colon ? colon + 1 : word;
        bool is_line = *digits && strspn(digits, "0123456789") == strlen(digits);
        if (is_line) {
            errno = 0;
            long lv = strtol(digits, NULL, 10);
            if (errno == ERANGE || lv > INT_MAX || lv < 1) {
                cmd_error(r, col, "line number '%s' is out of range", digits);
                goto out;
            }
            LineQ q = { NULL, (int)lv, NULL };
            if (colon) { *colon = 0; q.file = word; }
            if (!some_op(r, at_line, &q)) {
                if (q.file) cmd_error(r, col, "no op at line %d of '%s'", q.line, q.file);
                else cmd_error(r, col, "no op at line %d in any function", q.line);
                goto out;
            }
            q.cond_name = cname;
            if (cname && !some_op(r, at_line, &q)) {
                cmd_error(r, col, "no op at line %d sees a value %%%s for the condition", q.line, cname);
                goto out;
            }
            id = dbg_break_line(r->dbg, q.file, q.line, cp);
            if (q.file) fprintf(r->out, "breakpoint %d: line %s:%d", id, q.file, q.line);
            else fprintf(r->out, "breakpoint %d: line %d", id, q.line);
        } else {
            if (!optable_lookup(word, strlen(word))) {
                cmd_error(r, col, "no op named '%s' (breakpoints take an op name, LINE, FILE:LINE or @f)", word);
                goto out;
            }
            NameQ q = { word, cname };
            if (cname && !some_op(r, named, &q)) {
                cmd_error(r, col, "no %s op sees a value %%%s for the condition", word, cname);
                goto out;
            }
            id = dbg_break_op(r->dbg, word, cp);
            fprintf(r->out, "breakpoint %d: op %s", id, word);
        }
    }
    if (cp) fprintf(r->out, " if %s", dbg_cond_text(cp, cb, sizeof cb));
    fputc('\n', r->out);
    return;
out:
    if (cp) dbg_cond_free(cp);
}

void repl_cmd_watch(Repl *r, const char *arg, int col)
{
    if (*arg != '%' || !is_id_char((unsigned char)arg[1])) {
        cmd_error(r, col, "expected a value name such as %%v");
        return;
    }
    const char *p = arg + 1;
    while (is_id_char((unsigned char)*p) || *p == '#') p++;
    if (*skip_ws(p)) { cmd_error(r, col + (int)(p - arg), ":watch takes one value"); return; }
    char name[160];
    snprintf(name, sizeof name, "%.*s", (int)(p - arg - 1), arg + 1);
    TopVal *t = repl_find_val(r, name, strlen(name));
    const char *why = NULL;
    int id = dbg_watch(r->dbg, name, t ? t->v : NULL, t ? t->type : NULL, &why);
    if (!id) { cmd_error(r, col, "cannot watch %%%s: %s", name, why); return; }
    dbg_print_break(r->dbg, id, r->out);
}

void repl_cmd_delete(Repl *r, const char *arg, int col)
{
    char *end;
    long id = strtol(arg, &end, 10);
    if (end == arg || *skip_ws(end)) { cmd_error(r, col, ":delete needs a breakpoint number"); return; }
    if (id < 1 || id > INT_MAX || !dbg_delete(r->dbg, (int)id)) { cmd_error(r, col, "no breakpoint %ld", id); return; }
    fprintf(r->out, "deleted breakpoint %ld\n", id);
}

void repl_cmd_step(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    if (dbg_stopped(r->dbg)) {
        dbg_step(r->dbg);
        r->resume = true;
        return;
    }
    dbg_step_next_run(r->dbg);
    fputs("the next run stops before its first kernel\n", r->out);
}

void repl_cmd_next(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_next(r->dbg);
    r->resume = true;
}

void repl_cmd_finish(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    const char *why;
    if (!dbg_finish(r->dbg, &why)) { cmd_error(r, 1, "cannot finish: %s", why); return; }
    r->resume = true;
}

void repl_cmd_continue(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_continue(r->dbg);
    r->resume = true;
}

void repl_cmd_kill(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_kill(r->dbg);
    r->resume = true;
    r->killed = true;
    fputs("run cancelled: its remaining kernels are skipped\n", r->out);
}

void repl_cmd_ready(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_ready(r->dbg, r->out);
}

void repl_cmd_pending(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_pending(r->dbg, r->out);
    /* Why: the run's report of work that never ran (its causes). */
    if (r->never_ran) fputs(r->never_ran, r->out);
}

void repl_cmd_bt(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_bt(r->dbg, r->out);
}

static void select_frame(Repl *r, int n, int col)
{
    int nf = dbg_nframes(r->dbg);
    if (!dbg_select(r->dbg, n)) {
        if (n < 0) cmd_error(r, col, "frame #0 is the innermost; there is no frame below it");
        else cmd_error(r, col, "frame #%d is the outermost; there is no frame #%d", nf - 1, n);
        return;
    }
    dbg_print_frame(r->dbg, n, r->out);
}

void repl_cmd_up(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    select_frame(r, dbg_selected(r->dbg) + 1, 1);
}

void repl_cmd_down(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    select_frame(r, dbg_selected(r->dbg) - 1, 1);
}

void repl_cmd_frame(Repl *r, const char *arg, int col)
{
    if (!*arg) { dbg_print_frame(r->dbg, dbg_selected(r->dbg), r->out); return; }
    char *end;
    long n = strtol(arg, &end, 10);
    if (end == arg || *skip_ws(end) || n < 0 || n > INT_MAX) {
        cmd_error(r, col, ":frame takes a frame number (:bt lists them)");
        return;
    }
    select_frame(r, (int)n, col);
}

void repl_cmd_trace(Repl *r, const char *arg, int col)
{
    const char *a = skip_ws(arg);
    if (starts_word(a, "on")) dbg_set_trace(r->dbg, true);
    else if (starts_word(a, "off")) dbg_set_trace(r->dbg, false);
    else if (!*a) { fprintf(r->out, "trace is %s\n", dbg_trace(r->dbg) ? "on" : "off"); return; }
    else { cmd_error(r, col, ":trace takes 'on' or 'off'"); return; }
    fprintf(r->out, "trace %s\n", dbg_trace(r->dbg) ? "on" : "off");
}

static void go_back(Repl *r, bool (*fn)(Debugger *, const char **), int col)
{
    (void)col;
    const char *why;
    if (!fn(r->dbg, &why)) { cmd_error(r, 1, "cannot go back: %s", why); return; }
    r->resume = true;
}

void repl_cmd_rstep(Repl *r, const char *arg, int col) { (void)arg; go_back(r, dbg_reverse_step, col); }
void repl_cmd_rcontinue(Repl *r, const char *arg, int col) { (void)arg; go_back(r, dbg_reverse_continue, col); }
void repl_cmd_rfinish(Repl *r, const char *arg, int col) { (void)arg; go_back(r, dbg_reverse_finish, col); }

void repl_cmd_replay(Repl *r, const char *arg, int col)
{
    if (!*arg) {
        if (r->witness) fprintf(r->out, "runs replay witness %s\n", r->witness);
        else fputs("no witness: runs follow the session's schedule\n", r->out);
        return;
    }
    if (!strcmp(arg, "off")) {
        free(r->witness);
        r->witness = NULL;
        fputs("no witness: runs follow the session's schedule\n", r->out);
        return;
    }
    if (strcspn(arg, " \t") != strlen(arg)) { cmd_error(r, col, ":replay takes one witness (or 'off')"); return; }
    free(r->witness);
    r->witness = xstrdup(arg);
    char *wf = explore_witness_function(arg);
    if (wf) fprintf(r->out, ":run @%s() follows witness %s\n", wf, arg);
    else fprintf(r->out, ":run of a function without arguments follows witness %s\n", arg);
    free(wf);
}
