/*
** debug.h — the debugger interface of the executor, and the debugger the
** REPL builds on it (docs/tools.md §3: :break, :step, :continue, :ready,
** :pending, :trace, :where).
**
** The hook interface the executor calls (DebugHooks) lives in
** interp/hooks.h, with its contract; this file is its first consumer.
**
** Debugger (module prefix dbg_): a consumer of those hooks (the original
** four callbacks, no flags: it runs on the dataflow engine and on the
** single-threaded queue only). It keeps a record per live frame (which
** kernels have started — a kernel counts as started once the
** before_kernel hook returns —, the values its registers received),
** breakpoints (by op name or by source line), a step flag, tracing, and
** the stack of kernels currently running. It only dereferences a recorded
** value while some kernel that has not started yet still uses it (the
** executor then still holds a reference for that use), so it never
** touches a freed value.
**
** Ownership: a Debugger is created and freed by its user; it borrows the
** output stream. The Op / Block pointers it keeps belong to the module,
** which must outlive every run the debugger watches.
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

/* Called when the debugger stops before a kernel (breakpoint or step). It
** returns when the user resumes (dbg_step / dbg_continue / dbg_detach). */
typedef void (*DbgStopFn)(void *ud, Debugger *d);

/* A debugger printing to [out] (trace lines, stop lines, query answers). */
Debugger *dbg_new(FILE *out);
void dbg_free(Debugger *d);
/* The hooks to attach to a Host (valid while d lives). */
const DebugHooks *dbg_hooks(Debugger *d);
void dbg_set_stop_handler(Debugger *d, DbgStopFn fn, void *ud);
/* Functions whose name starts with [prefix] are shown as "top level" (the
** REPL runs each typed op in a hidden function). Borrowed. */
void dbg_set_toplevel_prefix(Debugger *d, const char *prefix);
/* Before each kernel the debugger checks *[flag] (set by a SIGINT handler);
** when set it clears it, cancels the kernel's request (rq_cancel) and prints
** one line. NULL: no check. */
void dbg_set_interrupt_flag(Debugger *d, volatile sig_atomic_t *flag);

/* ---- breakpoints ---- */
/* Adds a breakpoint on every kernel named [opname] / on every op whose
** location is line [line] of [file] (NULL: of any file). Returns its
** number (1, 2, ...). The caller validates that something can match. */
int dbg_break_op(Debugger *d, const char *opname);
int dbg_break_line(Debugger *d, const char *file, int line);
/* The number of breakpoints set. */
int dbg_nbreaks(const Debugger *d);
/* Deletes breakpoint [id]; false if there is none. */
bool dbg_delete(Debugger *d, int id);
/* One line per breakpoint ("1: op tfrt.print.i32", "2: line 7"), or
** "no breakpoints". */
void dbg_list_breaks(const Debugger *d, FILE *out);

/* ---- running ---- */
/* Marks the start / end of one top-level run. dbg_run_end keeps a snapshot
** of the kernels still waiting (for :pending after the run) and returns
** their number; the frame records are dropped. */
void dbg_run_begin(Debugger *d);
int dbg_run_end(Debugger *d);
bool dbg_running(const Debugger *d);
/* While stopped: resume and stop again before the next kernel / resume
** until the next breakpoint. */
void dbg_step(Debugger *d);
void dbg_continue(Debugger *d);
/* Resume and never stop again during this run (quit, end of input). */
void dbg_detach(Debugger *d);
bool dbg_stopped(const Debugger *d);
/* The op the debugger is stopped before (NULL when not stopped). */
const Op *dbg_stop_op(const Debugger *d);
void dbg_set_trace(Debugger *d, bool on);
bool dbg_trace(const Debugger *d);

/* ---- queries (print to [out]) ---- */
/* Kernels ready to run: not started, operands resolved (strict) or first
** operand resolved (non-strict). */
void dbg_print_ready(Debugger *d, FILE *out);
/* Kernels waiting, and for each the operands it waits on and why (never
** produced: its producer has not run; or produced but unavailable). After a
** run, the snapshot taken by dbg_run_end. */
void dbg_print_pending(Debugger *d, FILE *out);
/* The stack of invocations: the op about to run, then each invoking op. */
void dbg_print_where(Debugger *d, FILE *out);
/* A value named [name] (without '%') of the frame stopped in, if it is
** still alive (some kernel that has not started uses it, or the stopped op
** does); borrowed. Otherwise NULL, and *why says why ("no value named ...
** in this frame", "not produced yet", "no longer alive"). *ty receives the
** value's type whenever the name exists. */
AsyncValue *dbg_frame_value(Debugger *d, const char *name, const Type **ty, const char **why);

/* "tfrt.add.i32 at f.mlir:3:8" for messages; returns [buf]. */
const char *dbg_op_where(const Op *op, char *buf, size_t cap);

#endif
