/*
** debug.h — the debugger interface of the executor, and the debugger the
** REPL builds on it (docs/tools.md §3.1: breakpoints, watchpoints, frames,
** stepping, going back).
**
** The hook interface the executor calls (DebugHooks) lives in
** interp/hooks.h, with its contract; this file is its first consumer.
**
** Debugger (module prefix dbg_): a consumer of those hooks (the original
** four callbacks, no flags: it runs on the dataflow engine and on the
** single-threaded queue only), the REPL's debugger (docs/tools.md §3). Per
** live invocation it keeps a record (interp/debug_int.h): the body, the
** values its registers received (and a copy of each scalar one), the
** position at which each of its kernels started, and its logical caller —
** the invocation whose kernel started it, found through the call chain of
** ExecCtx.site even when the body runs later from a task (do.async, a queued
** rv.critical, a deep call). It numbers kernels in the order they start:
** kernel N is a position in the run, and a stop is before a kernel or after
** one.
**
** What stops a run: breakpoints (op name, line, first kernel of a function;
** each with an optional condition on a value of the frame), watchpoints
** (after a kernel that writes a watched object, the op table's FX_W column),
** :step / :next / :finish, a target position while going back, and Ctrl-C
** (the first stops at the next kernel, a second before that cancels the
** request). When none of these is armed the hooks keep their records and
** test one flag per kernel.
**
** Going back (reverse-step / -continue / -finish) is re-execution: the
** debugger abandons the stopped run (its request is stopped and its output
** silenced through DbgSilenceFn), and its user runs the same function again
** (dbg_restart_pending); the debugger stops the new run at the target
** position, silent until then. The exact schedule and a replayed witness are
** deterministic, so that is the same place; a run whose kernels differ on
** the way is reported, not hidden.
**
** Safety rule: a recorded value is dereferenced only while the executor
** still holds a reference to it — a kernel of its frame that has not started
** uses it, a kernel that is running uses it, or it is a result of the kernel
** the run is stopped after. Otherwise only the scalar copy is shown. The
** hooks never retain a value; a watchpoint retains the object it watches
** until the run ends (so a watched object may be destroyed later than it
** would be otherwise).
**
** Ownership: a Debugger is created and freed by its user; it borrows the
** output stream and the Display. The Op / Block / Func pointers it keeps
** belong to the module, which must outlive every run the debugger watches.
**
** Threads: a Debugger is single-threaded; attach it only to runs on the
** single-threaded ("s") work queue.
*/
#ifndef TFRUN_DEBUG_H
#define TFRUN_DEBUG_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include "interp/async_value.h"
#include "ir/ir.h"
#include "interp/hooks.h"
#include "interp/kernel_abi.h"

/* ---- the debugger --------------------------------------------------------- */
typedef struct Debugger Debugger;
struct Display;

/* Called when the debugger stops (before or after a kernel). It returns
** when the user resumes (dbg_step, dbg_next, dbg_finish, dbg_continue,
** dbg_reverse_*, dbg_kill, dbg_detach). */
typedef void (*DbgStopFn)(void *ud, Debugger *d);
/* The contents of a watched object as text (malloc'ed; NULL: unknown):
** the user knows the kernels' objects, the debugger does not. */
typedef char *(*DbgShowFn)(void *ud, const Any *obj);
/* Turns the program's output (and diagnostics) off and on again: off
** while an abandoned run winds down and while a run is re-executed up to
** where the user goes back to. */
typedef void (*DbgSilenceFn)(void *ud, bool silent);

/* A debugger printing to [out] (trace lines, stop lines, query answers). */
Debugger *dbg_new(FILE *out);
void dbg_free(Debugger *d);
/* The hooks to attach to a Host (valid while d lives). */
const DebugHooks *dbg_hooks(Debugger *d);
void dbg_set_stop_handler(Debugger *d, DbgStopFn fn, void *ud);
/* Functions whose name starts with [prefix] are shown as "top level" (the
** REPL runs each typed op in a hidden function). Borrowed. */
void dbg_set_toplevel_prefix(Debugger *d, const char *prefix);
/* Before each kernel the debugger checks *[flag] (incremented by a SIGINT
** handler): 1 stops the run there ("interrupted: ..."), 2 or more (two
** Ctrl-C before a kernel could stop) cancels its request (rq_cancel). The
** debugger clears it. NULL: no check. */
void dbg_set_interrupt_flag(Debugger *d, volatile sig_atomic_t *flag);
/* How values are shown (borrowed; default: DISPLAY_SESSION, no objects). */
void dbg_set_display(Debugger *d, const struct Display *disp);
void dbg_set_show(Debugger *d, DbgShowFn fn, void *ud);
void dbg_set_silence(Debugger *d, DbgSilenceFn fn, void *ud);

/* ---- breakpoints and watchpoints ---- */
typedef enum DbgCmp { DBG_EQ, DBG_NE, DBG_LT, DBG_LE, DBG_GT, DBG_GE } DbgCmp;
/* `%x OP LITERAL`: an integer (decimal, 0x hex, optional '-'), a float,
** true / false, or a string literal. */
typedef struct DbgCond {
    char name[128];           /* without '%' */
    DbgCmp cmp;
    Any lit;                  /* ANY_I64, ANY_F64 or ANY_I1; ANY_NONE: [str] */
    char *str;                /* a string literal (malloc'ed), else NULL */
} DbgCond;
/* Parses the condition [text] ("%x == 3"). On error returns false with a
** message in *err and its offset in [text] in *at. */
bool dbg_cond_parse(const char *text, DbgCond *c, const char **err, int *at);
void dbg_cond_free(DbgCond *c);
/* "%x == 3" into [buf]. */
const char *dbg_cond_text(const DbgCond *c, char *buf, size_t cap);

/* Adds a breakpoint on every kernel named [opname] / on every op whose
** location is line [line] of [file] (NULL: of any file) / on the first
** kernel of every invocation of [f]. [cond] (taken over; NULL: none) must
** hold in the kernel's frame. Returns its number (1, 2, ...; watchpoints
** share the numbering). The caller validates that something can match. */
int dbg_break_op(Debugger *d, const char *opname, DbgCond *cond);
int dbg_break_line(Debugger *d, const char *file, int line, DbgCond *cond);
int dbg_break_func(Debugger *d, const Func *f, DbgCond *cond);
/* Watches the object held by %[name] in the selected frame of a stopped
** run, or else by [session] of type [session_type] (a value of the user's
** own, e.g. the REPL's top-level values; NULL: none). The type must be one
** the op table calls mutable (ops/effects.def). Returns its number, or
** 0 with the reason in *why: not found, not produced yet, not an object a
** kernel writes. */
int dbg_watch(Debugger *d, const char *name, AsyncValue *session, const Type *session_type, const char **why);
/* The number of breakpoints and watchpoints set. */
int dbg_nbreaks(const Debugger *d);
/* Deletes breakpoint or watchpoint [id]; false if there is none. */
bool dbg_delete(Debugger *d, int id);
/* One line per breakpoint ("breakpoint 1: op tfrt.print.i32 if %x == 2",
** "watchpoint 3: %v = 5"), or "no breakpoints". */
void dbg_list_breaks(const Debugger *d, FILE *out);
/* The line of breakpoint or watchpoint [id] alone. */
void dbg_print_break(const Debugger *d, int id, FILE *out);

/* ---- running ---- */
/* Marks the start / end of one run. dbg_run_end keeps a snapshot of the
** kernels still waiting (for :pending after the run) and returns their
** number; the frame records are dropped. [why_not_back]: why this run
** cannot be gone back in (its arguments hold objects it may change, so
** running it again would not repeat it), or NULL. */
void dbg_run_begin(Debugger *d, const char *why_not_back);
int dbg_run_end(Debugger *d);
bool dbg_running(const Debugger *d);
/* The run's results are there (its user is about to show them): a :finish
** whose invocation has returned by now is told first. */
void dbg_results_ready(Debugger *d);
/* After dbg_run_end: the user asked to go back, so the same function must
** run again from the start (with the same arguments and schedule). */
bool dbg_restart_pending(const Debugger *d);
/* True while the program's output is silenced (going back). */
bool dbg_silent(const Debugger *d);
/* True when something is armed that makes runs stop or print (a
** breakpoint, a watchpoint, stepping, tracing, going back). */
bool dbg_armed(const Debugger *d);

/* While stopped, each of these says how the run resumes:
**   dbg_step      stop before the next kernel (any invocation); the
**                 kernel stopped before has its results printed;
**   dbg_next      stop before the next kernel of the selected invocation
**                 (calls run through), or of its caller once it returns;
**   dbg_finish    run until the selected invocation is over, print its
**                 results, stop before the next kernel;
**   dbg_continue  run to the next breakpoint or watchpoint;
**   dbg_kill      cancel the run's request (its kernels are skipped);
**   dbg_detach    never stop again during this run (quit, end of input).
** dbg_finish and the dbg_reverse_* functions return false with the reason
** in *why when they cannot (and the run stays stopped). */
void dbg_step(Debugger *d);
void dbg_next(Debugger *d);
bool dbg_finish(Debugger *d, const char **why);
void dbg_continue(Debugger *d);
void dbg_kill(Debugger *d);
void dbg_detach(Debugger *d);
/* Going back: to the kernel that started just before the current stop
** (before it); to the previous breakpoint or watchpoint hit; to the
** kernel that started the selected invocation. */
bool dbg_reverse_step(Debugger *d, const char **why);
bool dbg_reverse_continue(Debugger *d, const char **why);
bool dbg_reverse_finish(Debugger *d, const char **why);
/* Idle only: the next run stops before its first kernel. */
void dbg_step_next_run(Debugger *d);
/* The next run stops, as Ctrl-C stops one ("stopped by Ctrl-C: ..."),
** before the first kernel at which [ready]([ud]) returns true. Its user
** runs again a run that was interrupted where the debugger could not stop
** it (unhooked, compiled code), and says when it is far enough. */
void dbg_stop_when(Debugger *d, bool (*ready)(void *ud), void *ud);
bool dbg_stopped(const Debugger *d);
/* The op the debugger is stopped at (NULL when not stopped), and whether
** the stop is after it ran (a watchpoint) rather than before. */
const Op *dbg_stop_op(const Debugger *d);
bool dbg_stop_after(const Debugger *d);
/* :trace on: one line per kernel, indented by call depth, with the values
** it produced. */
void dbg_set_trace(Debugger *d, bool on);
bool dbg_trace(const Debugger *d);

/* After a run of [fn]: why its result [i] was never produced, as far as
** the records tell (the kernel it comes from; when the run was watched,
** whether that kernel ran and what it waited for), one line. */
void dbg_explain_result(Debugger *d, const Func *fn, int i, FILE *out);

/* ---- while stopped: frames ---- */
/* The logical call stack: frame 0 is the invocation stopped in, frame k+1
** the one whose kernel started frame k. */
int dbg_nframes(const Debugger *d);
int dbg_selected(const Debugger *d);
/* Selects frame [n]; false when there is none. */
bool dbg_select(Debugger *d, int n);
/* "#N OP at FILE:L:C in @f(%x = 1)" for frame [n] (its kernel running or
** stopped at). */
void dbg_print_frame(Debugger *d, int n, FILE *out);
/* Every frame, innermost first ("not stopped" when not). */
void dbg_print_bt(Debugger *d, FILE *out);
/* The selected frame's values: arguments then results, in block order,
** each with its type, state and value. */
void dbg_print_locals(Debugger *d, FILE *out);

/* ---- queries (print to [out]) ---- */
/* Kernels ready to run: not started, operands resolved (strict) or first
** operand resolved (non-strict). */
void dbg_print_ready(Debugger *d, FILE *out);
/* Kernels waiting, and for each the operands it waits on and why (never
** produced: its producer has not run; or produced but unavailable). After a
** run, the snapshot taken by dbg_run_end. */
void dbg_print_pending(Debugger *d, FILE *out);
/* A value named [name] (with or without '%') of the selected frame, if the
** safety rule allows reading it; borrowed. Otherwise NULL, and *why says
** why ("no value of that name in this frame", "not produced yet", "no
** longer alive"); *copy then receives its scalar copy when there is one
** (type ANY_NONE otherwise). *ty receives the value's type whenever the
** name exists (NULL otherwise). */
AsyncValue *dbg_frame_value(Debugger *d, const char *name, const Type **ty, Any *copy, const char **why);

/* The value named [name] (with or without '%') among the arguments and
** results of [b] (not of its regions), or NULL. */
const Value *dbg_find_name(const Block *b, const char *name);

/* "tfrt.add.i32 at f.mlir:3:8" for messages; returns [buf]. */
const char *dbg_op_where(const Op *op, char *buf, size_t cap);
/* "f.mlir:3:8" (or "line 3:8"); returns [buf]. */
const char *dbg_op_loc(const Op *op, char *buf, size_t cap);

#endif
