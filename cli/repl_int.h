/*
** repl_int.h — what the files of `tfrun repl` share (private to cli/repl*.c;
** the public interface is cli_repl() in cli/cli.h and the text helpers of
** cli/repl.h).
**
**   cli/repl.c          the loop: reading units, command dispatch, the
**                       command loop while stopped, cli_repl
**   cli/repl_session.c  session state: the module, the top-level values,
**                       diagnostics into <repl>, defining and loading,
**                       the Host; :list :ir :load :reload :values :print
**                       :schedule
**   cli/repl_exec.c     running: typed ops in the hidden function, :run
**                       (and `%r = :run`), replaying a witness, running
**                       again when the user goes back, output silenced
**   cli/repl_lex.c      program text read by the lexer: the value names of
**                       typed ops, the arguments of :run
**   cli/repl_edit.c     line input: libedit, completion, history, prompts
**   cli/repl_debug.c    the debugger's commands: :break :watch :delete
**                       :step :next :finish :continue :kill :ready :pending
**                       :bt :up :down :frame :locals :trace :reverse-*
**                       :replay
**   cli/repl_help.c     :help (commands, and ops from the op table), :ops
**
** Module prefix: repl_ (commands repl_cmd_).
*/
#ifndef TFRUN_REPL_INT_H
#define TFRUN_REPL_INT_H

#include <ctype.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <histedit.h>
#include <semaphore.h>
#include "cli/cli.h"
#include "interp/debug.h"
#include "interp/exec.h"
#include "base/strbuf.h"
#include "ir/diag.h"

/* The file name of the session's own text in locations and diagnostics. */
#define REPL_FILE "<repl>"
/* Prefix of the hidden functions that run typed ops (reserved). */
#define HIDDEN "__repl_"

/* Counted up by the SIGINT handler (cli/repl.c), read and cleared by the
** debugger before each kernel (1: stop there, 2: cancel) and by the line
** reader; and posted by it, for the watcher of a run the debugger does not
** watch (cli/repl_exec.c). The only global mutable state of the REPL, as
** a signal handler cannot be given a context. */
extern volatile sig_atomic_t repl_interrupted;
extern sem_t repl_sigsem;

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
    Host *replay_host;         /* EXEC_EXPLORE, for :replay runs; NULL */
    Host *run_host;            /* the host of the run going on (silencing) */
    FILE *prog_out;            /* that run's output (counted, cli/repl_exec.c) */
    FILE *devnull;             /* the program's output while silenced */
    CliSchedule schedule;      /* asked for (--schedule, :schedule) */
    int max_call_depth;        /* --max-call-depth; 0: the default */
    bool host_watched;         /* the host was built while the debugger
                                  watched the order (repl_session.c) */
    bool said_exact;           /* the note that armed runs are exact was shown */
    bool said_rerun;           /* the note on runs interrupted unwatched was shown */
    bool rerun;                /* a run again to stop where Ctrl-C came: watched */
    char *witness;             /* :replay / --replay: runs follow it; NULL */
    int nhidden;               /* hidden functions made so far */
    char *loaded;              /* last :load file, for :reload */
    char *trace_path;          /* :run --trace=FILE: where this run's trace
                                  goes (docs/tools.md §5.1); NULL */
    char *never_ran;           /* the last run's report of work that never ran
                                  (interp/stuck.h), which :pending repeats; NULL */

    /* The top-level frame */
    TopVal *vals; int nvals, capvals;

    /* Debugging */
    Debugger *dbg;
    RequestContext *rq;        /* the request running now, NULL when idle */
    bool resume;               /* set by :step / :continue / :quit while stopped */
    bool shift;                /* the hidden function being made is one line low */
    bool line_interrupted;     /* Ctrl-C typed while editing */
    bool quit;                 /* :quit or end of input */
    bool killed;               /* the run going on was cancelled by the user */
};


/* ---- small text helpers ------------------------------------------------ */

static inline bool is_id_char(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

static inline const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    return s;
}

/* Does [s] start with the word [w] (not followed by a name character)? */
static inline bool starts_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return !strncmp(s, w, n) && !is_id_char((unsigned char)s[n]);
}

static inline bool hidden_name(const char *name) { return !strncmp(name, HIDDEN, strlen(HIDDEN)); }

/* ---- session (cli/repl_session.c) ---------------------------------------- */

/* Makes the diagnostic sink's copy of <repl> current. */
void repl_sync_src(Repl *r);
/* A diagnostic of kind [k] at [file]:[line]:[col] (stdout flushed first). */
void repl_diag_at(Repl *r, DiagKind k, const char *file, int line, int col,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* An error about the command on the current line, at column [col]. */
#define cmd_error(r, col, ...) repl_diag_at((r), DIAG_ERROR, REPL_FILE, (r)->cmd_line, (col), __VA_ARGS__)

/* The top-level value named [name] ([n] bytes), the latest first; NULL if none. */
TopVal *repl_find_val(Repl *r, const char *name, size_t n);
/* Forgets every value named [base] or [base]#N. */
void repl_drop_vals(Repl *r, const char *base);
/* Adds a top-level value (takes over the reference of [v]). */
void repl_add_val(Repl *r, const char *name, const Type *t, AsyncValue *v);
/* Types written differently that are the same (docs/kernel-behaviour.md §12). */
bool repl_same_spelling(const char *a, const char *b);
/* "%x = 42 : i32\n" */
void repl_print_short(FILE *out, const char *name, AsyncValue *v, const Type *t);

/* Frees the Host (after quiescing); the next run builds one. */
void repl_drop_host(Repl *r);
/* A Host for the current module, compiled. False (after the loader's
** diagnostic) when a kernel is unknown. */
bool repl_make_host(Repl *r);
/* Verifies the first [n] functions of a parse of [text] + declarations of
** the session's other functions. Returns the number of errors. */
int repl_verify_scratch(Repl *r, const char *file, const char *text, size_t len,
                        const Module *defs, int n);
/* Adds the functions of [text] to the session module, or changes nothing
** and returns false after diagnostics. [quiet]: no "defined" lines. */
bool repl_define(Repl *r, const char *file, const char *text, size_t len, bool quiet);
/* Defines every function of the file [path]; [col] > 0: errors point at
** the command's column, else they go to stderr. */
bool repl_load_file(Repl *r, const char *path, int col);
/* "@name" at [arg]: the function, or NULL after a diagnostic. *end gets
** the position after the name. */
const Func *repl_func_arg(Repl *r, const char *arg, int col, const char **end);

/* ---- running (cli/repl_exec.c) ------------------------------------------- */

/* Typed ops [text] starting at <repl> line [line]: check, define the hidden
** function, run it, keep its results. */
void repl_exec_ops(Repl *r, const char *text, int line);

/* ---- program text read by the lexer (cli/repl_lex.c) ------------------------ */

/* A `%name` token of typed text: where, how long, and whether it defines. */
typedef struct NameRef {
    size_t at, len;        /* of the whole token, '%' included */
    char name[128];        /* without '%': "x", "r#1" */
    bool def;              /* a result at depth 0 */
    int count;             /* %r:2 */
} NameRef;

/* Scans typed text [s] for value names (*out: malloc'ed). Returns how many. */
int repl_scan_names(const char *s, NameRef **out);

/* The arguments of `:run @f(ARGS)` for [f]: [p] points after the name,
** into the command's argument text [arg] (at column [col]). Returns them
** (+1 each, calloc'ed, f->nargs of them), or NULL after a diagnostic. */
AsyncValue **repl_run_args(Repl *r, const Func *f, const char *arg, int col, const char *p);

/* ---- line input (cli/repl_edit.c) ------------------------------------------ */

/* Starts libedit and the history on a terminal (nothing otherwise). */
void repl_input_open(Repl *r);
/* Saves the history and ends libedit. */
void repl_input_close(Repl *r);
/* One line without its newline (malloc'ed), or NULL at end of input. An
** interrupted read (Ctrl-C at the prompt) gives "" and sets *intr. */
char *repl_read_line(Repl *r, bool *intr);
/* Records a line in <repl>. */
void repl_note_line(Repl *r, const char *line);
/* The prompt for the next line: [cont] inside an open multi-line input. */
void repl_set_prompt(Repl *r, bool cont);

/* ---- commands ---------------------------------------------------------------- */

/* The name of command [i] of the table (cli/repl.c), in :help order; NULL
** past the end. */
const char *repl_command_at(int i);

/* Each takes the argument text (trimmed) and its column. */
void repl_cmd_list(Repl *r, const char *arg, int col);      /* cli/repl_session.c */
void repl_cmd_ir(Repl *r, const char *arg, int col);
void repl_cmd_load(Repl *r, const char *arg, int col);
void repl_cmd_reload(Repl *r, const char *arg, int col);
void repl_cmd_values(Repl *r, const char *arg, int col);
void repl_cmd_print(Repl *r, const char *arg, int col);
void repl_cmd_locals(Repl *r, const char *arg, int col);
void repl_cmd_schedule(Repl *r, const char *arg, int col);
void repl_cmd_run(Repl *r, const char *arg, int col);       /* cli/repl_exec.c */
void repl_cmd_break(Repl *r, const char *arg, int col);     /* cli/repl_debug.c */
void repl_cmd_watch(Repl *r, const char *arg, int col);
void repl_cmd_delete(Repl *r, const char *arg, int col);
void repl_cmd_step(Repl *r, const char *arg, int col);
void repl_cmd_next(Repl *r, const char *arg, int col);
void repl_cmd_finish(Repl *r, const char *arg, int col);
void repl_cmd_continue(Repl *r, const char *arg, int col);
void repl_cmd_kill(Repl *r, const char *arg, int col);
void repl_cmd_ready(Repl *r, const char *arg, int col);
void repl_cmd_pending(Repl *r, const char *arg, int col);
void repl_cmd_bt(Repl *r, const char *arg, int col);
void repl_cmd_up(Repl *r, const char *arg, int col);
void repl_cmd_down(Repl *r, const char *arg, int col);
void repl_cmd_frame(Repl *r, const char *arg, int col);
void repl_cmd_trace(Repl *r, const char *arg, int col);
void repl_cmd_rstep(Repl *r, const char *arg, int col);
void repl_cmd_rcontinue(Repl *r, const char *arg, int col);
void repl_cmd_rfinish(Repl *r, const char *arg, int col);
void repl_cmd_replay(Repl *r, const char *arg, int col);
void repl_cmd_help(Repl *r, const char *arg, int col);      /* cli/repl_help.c */
void repl_cmd_ops(Repl *r, const char *arg, int col);

/* The command table (cli/repl.c), for :help. */
typedef struct ReplCmdInfo {
    const char *name, *alias, *args, *help;
} ReplCmdInfo;
const ReplCmdInfo *repl_command_info(int i, ReplCmdInfo *info);

/* :run @f(ARGS) whose results are bound to [names] ([n] of them; 0: shown
** as "'f' returned ..."). cli/repl_exec.c. */
void repl_run_bound(Repl *r, const char *arg, int col, char (*names)[128], int n);

/* ---- what the REPL shows of the kernels' objects (cli/repl_session.c) ---- */
/* The REPL's display of values (tensors as tfrt_dht.print_tensor). */
extern const struct Display repl_display;
/* The contents of a watched object (a DbgShowFn). */
char *repl_show_object(void *ud, const Any *a);
/* Turns the program's output off and on (a DbgSilenceFn). */
void repl_silence(void *ud, bool silent);
/* Frees the replay host (before the module changes). */
void repl_drop_replay_host(Repl *r);
/* Source lines [from, to] of [file] (<repl> or a loaded file), each with
** its number; [mark]: the line marked as the stop. */
void repl_print_lines(Repl *r, const char *file, int from, int to, int mark);

#endif
