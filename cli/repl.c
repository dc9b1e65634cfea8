/*
** repl.c — `tfrun repl [FILE]`: the interactive session and debugger
** (docs/tools.md §3): reading units of input, the command table and its
** dispatch, the command loop run while the debugger is stopped, and
** cli_repl. The other concerns have files of their own (cli/repl_int.h
** lists them).
**
** Ctrl-C while a program runs stops it before its next kernel, as a
** breakpoint would; a second Ctrl-C before it could stop cancels the run's
** request (in a run the debugger watches, its before-kernel check does
** both, interp/debug.h; in one it does not, cli/repl_exec.c's watcher).
** Neither ends the session. The SIGINT handler only counts up
** [repl_interrupted], a sig_atomic_t, and posts [repl_sigsem]: the only
** global mutable state here, as a signal handler cannot be given a
** context.
*/
#include "base/alloc.h"
#include <ctype.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/repl.h"
#include "cli/repl_int.h"
#include "parser/parser.h"

/* Set by the SIGINT handler, read and cleared by the debugger before each
** kernel and by the line reader. See cli/repl_int.h. */
volatile sig_atomic_t repl_interrupted;
sem_t repl_sigsem;

static void on_sigint(int sig)
{
    (void)sig;
    if (repl_interrupted < 2) repl_interrupted = (sig_atomic_t)(repl_interrupted + 1);
    sem_post(&repl_sigsem);     /* async-signal-safe */
}

/* {=====================================================================
** Text helpers (repl.h)
** ====================================================================== */

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
** Commands
** ====================================================================== */

typedef void (*CmdFn)(Repl *r, const char *arg, int argcol);

enum { C_IDLE = 1, C_STOPPED = 2, C_ANY = 3 };

typedef struct Cmd {
    const char *name, *alias, *args, *help;
    CmdFn fn;
    int when;              /* C_IDLE: not while stopped; C_STOPPED: only then */
} Cmd;

static void c_quit(Repl *r, const char *arg, int col);

/* ORDER CMD: alphabetical (:help prints them in this order; a prefix such
** as :fin picks the unique command it starts; an alias — gdb's short
** names, :where — is matched whole and wins over prefixes). */
static const Cmd cmds[] = {
    { "break",    "b",  "[OP|LINE|@f] [if %x OP V]", "stop before matching kernels; none: list them", repl_cmd_break, C_ANY },
    { "bt",       "where", "",       "the call stack of the stopped kernel", repl_cmd_bt, C_ANY },
    { "continue", "c",  "",          "run to the next breakpoint or watchpoint", repl_cmd_continue, C_STOPPED },
    { "delete",   NULL, "N",         "delete breakpoint or watchpoint N", repl_cmd_delete, C_ANY },
    { "down",     NULL, "",          "select the frame the selected one called", repl_cmd_down, C_STOPPED },
    { "finish",   "fin", "",         "run until the selected frame returns; its results", repl_cmd_finish, C_STOPPED },
    { "frame",    "f",  "[N]",       "select frame N (none: show the selected one)", repl_cmd_frame, C_STOPPED },
    { "help",     NULL, "[OP | CMD]", "this list; an op's syntax, signature, effects", repl_cmd_help, C_ANY },
    { "ir",       NULL, "@f",        "print function @f in canonical MLIR", repl_cmd_ir, C_ANY },
    { "kill",     NULL, "",          "cancel the stopped run (its kernels are skipped)", repl_cmd_kill, C_STOPPED },
    { "list",     "l",  "[N | FILE:N | @f]", "the functions; lines around N; the source of @f", repl_cmd_list, C_ANY },
    { "load",     NULL, "FILE",      "define every function of FILE", repl_cmd_load, C_IDLE },
    { "locals",   NULL, "",          "the selected frame's values and their states", repl_cmd_locals, C_STOPPED },
    { "next",     "n",  "",          "the next kernel of the selected frame (over calls)", repl_cmd_next, C_STOPPED },
    { "ops",      NULL, "[PREFIX]",  "ops whose name starts so, with their signatures", repl_cmd_ops, C_ANY },
    { "pending",  NULL, "",          "kernels waiting, and the operands each waits on", repl_cmd_pending, C_ANY },
    { "print",    "p",  "%x",        "type, state, value, refcount (selected frame first)", repl_cmd_print, C_ANY },
    { "quit",     "q",  "",          "leave the session (so does end of input)", c_quit, C_ANY },
    { "ready",    NULL, "",          "kernels ready to run", repl_cmd_ready, C_ANY },
    { "reload",   NULL, "",          "load the last loaded file again", repl_cmd_reload, C_IDLE },
    { "replay",   NULL, "[WITNESS | off]", "later :run follow a `tfrun explore` witness", repl_cmd_replay, C_IDLE },
    { "reverse-continue", "rc", "",  "back to the previous breakpoint or watchpoint hit", repl_cmd_rcontinue, C_STOPPED },
    { "reverse-finish", NULL, "",    "back to the kernel that started the selected frame", repl_cmd_rfinish, C_STOPPED },
    { "reverse-step", "rs", "",      "back to the kernel that started before this one", repl_cmd_rstep, C_STOPPED },
    { "run",      NULL, "@f(ARGS)",  "run @f (ARGS: 41 : i32, \"s\", %x); %r = :run binds; --trace=FILE", repl_cmd_run, C_IDLE },
    { "schedule", NULL, "[auto|exact|fast]", "the schedule of later runs; none: which and why", repl_cmd_schedule, C_IDLE },
    { "step",     "s",  "",          "run one kernel, show its results, stop at the next", repl_cmd_step, C_ANY },
    { "trace",    NULL, "on|off",    "a line per kernel run, by call depth, with results", repl_cmd_trace, C_ANY },
    { "up",       NULL, "",          "select the caller of the selected frame", repl_cmd_up, C_STOPPED },
    { "values",   NULL, "",          "all values of the top-level frame", repl_cmd_values, C_ANY },
    { "watch",    NULL, "%v",        "stop after each kernel that writes %v's object", repl_cmd_watch, C_ANY },
};

#define NCMDS ((int)(sizeof cmds / sizeof cmds[0]))

const char *repl_command_name(const char *word, size_t n, bool *ambiguous)
{
    const char *found = NULL;
    *ambiguous = false;
    for (int i = 0; i < NCMDS; i++) {
        if (strlen(cmds[i].name) == n && !strncmp(cmds[i].name, word, n)) return cmds[i].name;
        if (cmds[i].alias && strlen(cmds[i].alias) == n && !strncmp(cmds[i].alias, word, n)) return cmds[i].name;
    }
    for (int i = 0; i < NCMDS; i++) {
        if (n && !strncmp(cmds[i].name, word, n)) {
            if (found) *ambiguous = true;
            found = cmds[i].name;
        }
    }
    return *ambiguous ? NULL : found;
}

const char *repl_command_at(int i)
{
    return i >= 0 && i < NCMDS ? cmds[i].name : NULL;
}

const ReplCmdInfo *repl_command_info(int i, ReplCmdInfo *info)
{
    if (i < 0 || i >= NCMDS) return NULL;
    *info = (ReplCmdInfo){ cmds[i].name, cmds[i].alias, cmds[i].args, cmds[i].help };
    return info;
}

/* Is [w] ([n] bytes) a command's whole name or alias (typed without ':')? */
static bool whole_command(const char *w, size_t n)
{
    for (int i = 0; i < NCMDS; i++) {
        if (strlen(cmds[i].name) == n && !strncmp(cmds[i].name, w, n)) return true;
        if (cmds[i].alias && strlen(cmds[i].alias) == n && !strncmp(cmds[i].alias, w, n)) return true;
    }
    return false;
}

static void c_quit(Repl *r, const char *arg, int col)
{
    (void)arg; (void)col;
    r->quit = true;
    if (dbg_stopped(r->dbg)) {
        r->resume = true;
        r->killed = true;
        dbg_kill(r->dbg);
        dbg_detach(r->dbg);
    }
}

/* }===================================================================== */

/* {=====================================================================
** The loop
** ====================================================================== */

/* Reads one unit of input: a command line, or MLIR text whose braces
** balance. Returns NULL at end of input. *first_line gets the <repl> line
** it starts at; *is_cmd whether it is a command. */
static char *read_unit(Repl *r, int *first_line, bool *is_cmd)
{
    StrBuf unit = { 0 };
    int depth = 0;
    bool open = false;
    for (;;) {
        repl_set_prompt(r, open);
        bool intr;
        char *line = repl_read_line(r, &intr);
        if (!line) {
            if (open) {
                fflush(r->out);
                repl_diag_at(r, DIAG_ERROR, REPL_FILE, *first_line, 0,
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
        repl_note_line(r, line);
        if (!open) {
            const char *p = skip_ws(line);
            /* A command: `:name ...`, or a command's whole name or alias
            ** typed without the colon (`quit`, `help`, `bt`): no op name
            ** is a bare word without a dot. */
            const char *e = p;
            while (isalpha((unsigned char)*e) || *e == '-') e++;
            bool bare = e > p && (!*e || isspace((unsigned char)*e)) && whole_command(p, (size_t)(e - p)) &&
                        *skip_ws(e) != '=';
            if (*p == ':' || bare) {
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
    int base = (int)(p - line) + 1;      /* column of ':' (or of the bare name) */
    const char *w = *p == ':' ? p + 1 : p;
    const char *e = w;
    while (isalpha((unsigned char)*e) || *e == '-') e++;
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
        cmd_error(r, base, ":%s is not available while a run is stopped (:continue, :kill or :quit first)", name);
        return;
    }
    if (!stopped && !(c->when & C_IDLE)) {
        cmd_error(r, base, ":%s works on a stopped run, and no run is stopped", name);
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

/* `%a, %b = :run @f(ARGS)`: true (after running it) when [unit] is one. */
static bool bound_run(Repl *r, const char *unit, int line)
{
    char names[16][128];
    int n = 0;
    const char *p = skip_ws(unit);
    while (*p == '%' && n < 16) {
        const char *st = ++p;
        while (is_id_char((unsigned char)*p)) p++;
        if (p == st || (size_t)(p - st) >= sizeof names[0]) return false;
        snprintf(names[n++], sizeof names[0], "%.*s", (int)(p - st), st);
        p = skip_ws(p);
        if (*p != ',') break;
        p = skip_ws(p + 1);
    }
    if (!n || *p != '=') return false;
    p = skip_ws(p + 1);
    if (*p != ':') return false;
    const char *w = p + 1, *e = w;
    while (isalpha((unsigned char)*e) || *e == '-') e++;
    bool amb;
    const char *cmd = repl_command_name(w, (size_t)(e - w), &amb);
    r->cmd_line = line;
    if (!cmd || strcmp(cmd, "run")) {
        cmd_error(r, (int)(p - unit) + 1, "only :run gives results to bind (%%r = :run @f(ARGS))");
        return true;
    }
    char *a = xstrdup(skip_ws(e));
    size_t len = strlen(a);
    while (len && isspace((unsigned char)a[len - 1])) a[--len] = 0;
    repl_run_bound(r, a, (int)(skip_ws(e) - unit) + 1, names, n);
    free(a);
    return true;
}

/* Handles one unit read while idle. */
static void handle(Repl *r, const char *unit, int line, bool is_cmd)
{
    r->shift = false;
    if (is_cmd) { run_command(r, unit, line); return; }
    if (bound_run(r, unit, line)) { fflush(r->out); return; }
    if (repl_is_definition(unit)) {
        StrBuf t = { 0 };
        for (int i = 1; i < line; i++) sb_adds(&t, "\n");
        sb_adds(&t, unit);
        repl_define(r, REPL_FILE, t.p, t.n, false);
        free(t.p);
    } else {
        repl_exec_ops(r, unit, line);
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
            /* End of input while stopped: the run is cancelled. */
            r->quit = true;
            r->killed = true;
            dbg_kill(d);
            dbg_detach(d);
            return;
        }
        if (is_cmd) {
            r->resume = false;
            run_command(r, unit, line);
            free(unit);
            /* :step, :continue, :reverse-step ..., :kill and :quit resume the run. */
            if (r->resume) { r->resume = false; return; }
        } else {
            r->cmd_line = line;
            cmd_error(r, 1, "cannot define or run code while a run is stopped (:continue, :kill or :quit first)");
            free(unit);
        }
    }
}

static const char repl_usage[] =
    "usage: tfrun repl [--schedule=auto|exact|fast] [--max-call-depth=N] [--replay=WITNESS] [FILE]\n"
    "Interactive session and debugger: type MLIR functions and ops, or :help.\n"
    "FILE is loaded first (as with :load). --schedule (default auto) is the\n"
    "schedule of the session's runs, as in 'tfrun run'; :schedule changes it.\n"
    "--max-call-depth (default 1000000) bounds the call chain of every run,\n"
    "as in 'tfrun run'. --replay=WITNESS: :run of the function a 'tfrun explore'\n"
    "witness names follows its schedule (as :replay WITNESS).\n";

int cli_repl(int argc, char **argv)
{
    const char *file = NULL, *witness = NULL;
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
        if (!strncmp(argv[i], "--replay=", 9) || !strncmp(argv[i], "-replay=", 8)) {
            witness = strchr(argv[i], '=') + 1;
            continue;
        }
        if ((!strcmp(argv[i], "--replay") || !strcmp(argv[i], "-replay")) && i + 1 < argc) {
            witness = argv[++i];
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
    dbg_set_interrupt_flag(r->dbg, &repl_interrupted);
    dbg_set_display(r->dbg, &repl_display);
    dbg_set_show(r->dbg, repl_show_object, r);
    dbg_set_silence(r->dbg, repl_silence, r);
    if (witness) r->witness = xstrdup(witness);
    r->line = 0;
    r->src_dirty = true;
    r->m = parse_module(REPL_FILE, "", 0, r->diag);
    if (!r->m) {
        fprintf(stderr, "tfrun repl: cannot create the session module\n");
        return 1;
    }
    repl_make_host(r);

    sem_init(&repl_sigsem, 0, 0);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;            /* no SA_RESTART: a read at the prompt returns */
    sigaction(SIGINT, &sa, &old);

    repl_input_open(r);
    if (r->tty) fprintf(r->out, "tfrun %s: :help lists the commands, :quit leaves\n", TFRUN_VERSION);
    if (file) repl_load_file(r, file, 0);
    while (!r->quit) {
        int line;
        bool is_cmd;
        char *unit = read_unit(r, &line, &is_cmd);
        if (!unit) break;
        handle(r, unit, line, is_cmd);
        free(unit);
    }
    fflush(r->out);
    repl_input_close(r);
    sigaction(SIGINT, &old, NULL);
    sem_destroy(&repl_sigsem);

    for (int i = 0; i < r->nvals; i++) { free(r->vals[i].name); av_release(r->vals[i].v); }
    free(r->vals);
    wq_destroy(r->q);
    if (r->host) host_free(r->host);
    if (r->replay_host) host_free(r->replay_host);
    if (r->devnull) fclose(r->devnull);
    free(r->witness);
    ir_module_free(r->m);
    dbg_free(r->dbg);
    ha_destroy(r->alloc);
    diag_free(r->diag);
    free(r->src.p);
    free(r->loaded);
    free(r->never_ran);
    free(r->trace_path);
    fflush(stdout);
    return 0;
}
