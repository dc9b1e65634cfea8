/*
** repl_debug.c — the debugger commands of `tfrun repl` (docs/tools.md §3):
** :break :delete :step :continue :ready :pending :where :trace.
**
** Debugging runs use the single-threaded queue; the debugger
** (interp/debug.c) is attached to every Host, and stops by calling back
** into the command loop of cli/repl.c (stop_loop) from inside the
** executor. These commands set breakpoints and say how a stopped run
** resumes (Repl.resume).
*/
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/repl_int.h"
#include "ops/optable.h"

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

void repl_cmd_break(Repl *r, const char *arg, int col)
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

void repl_cmd_delete(Repl *r, const char *arg, int col)
{
    char *end;
    long id = strtol(arg, &end, 10);
    if (end == arg || *skip_ws(end)) { cmd_error(r, col, ":delete needs a breakpoint number"); return; }
    if (!dbg_delete(r->dbg, (int)id)) { cmd_error(r, col, "no breakpoint %ld", id); return; }
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
    r->step_next_run = true;
    fputs("the next run stops before its first kernel\n", r->out);
}

void repl_cmd_continue(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_continue(r->dbg);
    r->resume = true;
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
}

void repl_cmd_where(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    dbg_print_where(r->dbg, r->out);
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
