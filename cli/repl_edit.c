/*
** repl_edit.c — line input of `tfrun repl` (docs/tools.md §3).
**
** When standard input is a terminal, lines are read with libedit (editing,
** history saved in $HOME/.tfrun_history — none when HOME is unset —, tab
** completion of commands, op names, @functions and %values), with the
** prompt `tfrun> `, `   ...> ` while a multi-line input is open, and
** `[OP at FILE:L:C] tfrun> ` while stopped before a kernel. Otherwise lines
** are read plainly and no prompt is printed, so that a transcript piped in
** gives exactly the session's output (and nothing else). Every physical
** input line is also a line of the virtual file `<repl>`, which is what
** diagnostics point into: input line N is `<repl>:N`.
*/
#include "base/alloc.h"
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <histedit.h>
#include "cli/repl_int.h"
#include "ops/optable.h"

/* History entries kept across sessions. */
#define HISTORY_SIZE 1000

/* libedit is opened with dlopen when a session on a terminal starts, not
** linked: linked, the library and the three it needs (libtinfo, libbsd,
** libmd) were loaded and relocated by every run of tfrun, 0.3 ms of CPU
** of a 1.4 ms start, and only this file uses them (docs/perf-notes.md).
** TFRUN_LIBEDIT names another file to open. When it cannot be opened, the
** session reads lines plainly (with the prompt, without editing or
** history) after a note. */
#define EDIT_LIB "libedit.so.2"

/* The library's entry points: set once, by edit_load under edit_once, and
** read-only afterwards (no state of tfrun's own); edit.ok when all were
** found. */
static struct {
    bool ok;
    __typeof__(el_init) *init;
    __typeof__(el_end) *end;
    __typeof__(el_set) *set;
    __typeof__(el_get) *get;
    __typeof__(el_gets) *gets;
    __typeof__(el_line) *line;
    __typeof__(el_insertstr) *insertstr;
    __typeof__(el_deletestr) *deletestr;
    __typeof__(el_cursor) *cursor;
    __typeof__(el_reset) *reset;
    __typeof__(history_init) *history_init;
    __typeof__(history_end) *history_end;
    __typeof__(history) *history;
} edit;
static pthread_once_t edit_once = PTHREAD_ONCE_INIT;

static const char *edit_lib(void)
{
    const char *e = getenv("TFRUN_LIBEDIT");
    return e && *e ? e : EDIT_LIB;
}

static void edit_load(void)
{
    void *h = dlopen(edit_lib(), RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
#define EDIT_SYM(field, name) (edit.field = (__typeof__(edit.field))dlsym(h, name)) != NULL
    edit.ok = EDIT_SYM(init, "el_init") && EDIT_SYM(end, "el_end") && EDIT_SYM(set, "el_set") &&
              EDIT_SYM(get, "el_get") && EDIT_SYM(gets, "el_gets") && EDIT_SYM(line, "el_line") &&
              EDIT_SYM(insertstr, "el_insertstr") && EDIT_SYM(deletestr, "el_deletestr") &&
              EDIT_SYM(cursor, "el_cursor") && EDIT_SYM(reset, "el_reset") &&
              EDIT_SYM(history_init, "history_init") && EDIT_SYM(history_end, "history_end") &&
              EDIT_SYM(history, "history");
#undef EDIT_SYM
}

static char *prompt_fn(EditLine *el)
{
    Repl *r = NULL;
    edit.get(el, EL_CLIENTDATA, (void **)&r);
    return r ? r->prompt : "tfrun> ";
}

/* Tab completion: commands after ':', @functions, %values, op names. */
static unsigned char complete_fn(EditLine *el, int ch)
{
    (void)ch;
    Repl *r = NULL;
    edit.get(el, EL_CLIENTDATA, (void **)&r);
    const LineInfo *li = edit.line(el);
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
        for (int i = 0; repl_command_at(i); i++)
            if (!strncmp(repl_command_at(i), word + 1, n - 1)) ADD(repl_command_at(i));
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
        edit.insertstr(el, ins);
    } else if (nc == 1) {
        edit.insertstr(el, " ");
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
** repl_input_open), so it arrives as a key. The line (and any multi-line input
** in progress) is abandoned and a new prompt shown. */
static unsigned char interrupt_fn(EditLine *el, int ch)
{
    (void)ch;
    Repl *r = NULL;
    edit.get(el, EL_CLIENTDATA, (void **)&r);
    const LineInfo *li = edit.line(el);
    edit.cursor(el, (int)(li->lastchar - li->cursor));
    li = edit.line(el);
    edit.deletestr(el, (int)(li->cursor - li->buffer));
    if (r) {
        r->line_interrupted = true;
        fputs("^C\n", r->out);
    }
    return CC_NEWLINE;
}

void repl_input_open(Repl *r)
{
    if (!r->tty) return;
    pthread_once(&edit_once, edit_load);
    if (!edit.ok) {
        fprintf(stderr, "tfrun repl: %s could not be opened: lines are read without editing or history\n",
                edit_lib());
        return;
    }
    r->hist = edit.history_init();
    HistEvent ev;
    edit.history(r->hist, &ev, H_SETSIZE, HISTORY_SIZE);
    edit.history(r->hist, &ev, H_SETUNIQUE, 1);
    const char *home = getenv("HOME");
    if (home && *home) {
        size_t n = strlen(home) + 32;
        r->histfile = malloc(n);
        if (!r->histfile) tf_out_of_memory();
        snprintf(r->histfile, n, "%s/.tfrun_history", home);
        edit.history(r->hist, &ev, H_LOAD, r->histfile);
    }
    r->el = edit.init("tfrun", stdin, stdout, stderr);
    edit.set(r->el, EL_CLIENTDATA, r);
    edit.set(r->el, EL_PROMPT, prompt_fn);
    edit.set(r->el, EL_EDITOR, "emacs");
    edit.set(r->el, EL_HIST, edit.history, r->hist);
    edit.set(r->el, EL_ADDFN, "tfrun-complete", "Complete commands, ops, @functions, %values", complete_fn);
    edit.set(r->el, EL_BIND, "^I", "tfrun-complete", NULL);
    /* While a line is edited Ctrl-C is a key (interrupt_fn); while a
    ** program runs the terminal is in its normal mode and Ctrl-C sends
    ** SIGINT, which cancels the run. */
    edit.set(r->el, EL_SETTY, "-d", "-isig", NULL);
    edit.set(r->el, EL_ADDFN, "tfrun-interrupt", "Abandon the line being typed", interrupt_fn);
    edit.set(r->el, EL_BIND, "^C", "tfrun-interrupt", NULL);
}

void repl_input_close(Repl *r)
{
    if (r->hist) {
        HistEvent ev;
        if (r->histfile) edit.history(r->hist, &ev, H_SAVE, r->histfile);
        edit.history_end(r->hist);
    }
    if (r->el) edit.end(r->el);
    free(r->histfile);
}

/* One line without its newline (malloc'ed), or NULL at end of input. An
** repl_interrupted read (Ctrl-C at the prompt) gives "" and sets *intr. */
char *repl_read_line(Repl *r, bool *intr)
{
    *intr = false;
    if (r->el) {
        int count = 0;
        const char *l = edit.gets(r->el, &count);
        /* An abandoned line is empty, which el_gets reports as NULL. A
        ** SIGINT that came before libedit set up the terminal (typed ahead)
        ** abandons the line as well. */
        if (r->line_interrupted || (l && repl_interrupted)) {
            r->line_interrupted = false;
            repl_interrupted = 0;
            *intr = true;
            return xstrdup("");
        }
        if (!l || count <= 0) {
            if (repl_interrupted) {
                repl_interrupted = 0;
                *intr = true;
                fputc('\n', r->out);
                edit.reset(r->el);
                return xstrdup("");
            }
            return NULL;
        }
        char *s = xstrdup(l);
        size_t n = strlen(s);
        while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
        if (*skip_ws(s)) {
            HistEvent ev;
            edit.history(r->hist, &ev, H_ENTER, s);
        }
        return s;
    }
    if (r->tty) {
        /* (a terminal without libedit: repl_input_open said why) */
        fputs(r->prompt, r->out);
        fflush(r->out);
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
        if (errno == EINTR && repl_interrupted) {
            repl_interrupted = 0;
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
void repl_note_line(Repl *r, const char *line)
{
    sb_adds(&r->src, line);
    sb_adds(&r->src, "\n");
    r->line++;
    r->src_dirty = true;
}

void repl_set_prompt(Repl *r, bool cont)
{
    const Op *op = dbg_stop_op(r->dbg);
    if (cont) snprintf(r->prompt, sizeof r->prompt, "   ...> ");
    else if (op) {
        char where[512];
        snprintf(r->prompt, sizeof r->prompt, "[%s] tfrun> ", dbg_op_where(op, where, sizeof where));
    } else snprintf(r->prompt, sizeof r->prompt, "tfrun> ");
}
