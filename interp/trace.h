/*
** trace.h — the trace and the profile of a run (docs/tools.md §5.1, §5.2):
** one consumer of the executor's event stream (interp/hooks.h) that keeps
** what `--trace` writes as Chrome trace-event JSON and what `--profile`
** prints as a table.
**
** The trace: one complete event ("ph": "X") per kernel execution (name =
** op name, args: its location and its results), one per stretch of an
** invocation on a thread (name = "@f" or "region of 'tfrt.if' in @f"; args:
** the invocation's number and the op that started it; a frame that waits
** has several stretches, on several threads), one per function the driver
** runs ("run @f"), a flow ("s" then "f", bound to the two slices) from the
** kernel that produced a value to each kernel that used it in another
** stretch or on another thread, and from the kernel that started an
** invocation to its first kernel when the invocation started in another
** stretch (a do.async body on a worker), an instant event where a value
** that kernels waited for resolved, and the name of every thread.
** Timestamps are microseconds from the recorder's creation, with
** nanosecond digits.
**
** The profile: per op name, executions (every kernel run or skipped,
** compiled or not: the same count under every schedule), total and mean
** self time (the kernel's time without the kernels that ran inside it on
** its thread: a tfrt.call's self time is the call's overhead), and share
** of the run's wall time; per function, invocations and the time its
** stretches took (inclusive; a recursive function's nested stretches are
** not counted twice). Sorted by time (or by count), then by name.
**
** Both engines: the hooks carry HOOKS_THREADS and HOOKS_COMPILED, so the
** fast schedule's compiled code runs and reports (interp/hooks.h says
** what compiling for hooks changes). Attach them before exec_load().
**
** Limits: at most TRACE_MAX_EVENTS events are kept (the profile still
** counts everything); trace_dropped() says how many were not, and the JSON
** says so in its metadata.
**
** Threads: every hook takes one mutex. Ownership: the recorder borrows the
** module (op and block pointers) until trace_free().
**
** Module prefix: trace_.
*/
#ifndef TFRUN_TRACE_H
#define TFRUN_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "interp/hooks.h"

#define TRACE_MAX_EVENTS 2000000

typedef struct Trace Trace;

/* What to keep: the events (--trace), the profile (--profile), or both. */
enum { TRACE_EVENTS = 1u << 0, TRACE_PROFILE = 1u << 1 };

Trace *trace_new(unsigned what);
void trace_free(Trace *t);
/* The hooks to attach to a host (valid while [t] lives). */
const DebugHooks *trace_hooks(Trace *t);

/* The driver runs function [name] (a slice "run @name" on the calling
** thread, and the run's wall time for the profile's shares). */
void trace_function_begin(Trace *t, const char *name);
void trace_function_end(Trace *t);

/* Writes the Chrome trace-event JSON. [title] names the process (the
** program's file). Returns false when a write failed (errno says why). */
bool trace_write_json(Trace *t, FILE *out, const char *title);
/* Events not kept because of TRACE_MAX_EVENTS. */
size_t trace_dropped(const Trace *t);

/* Prints the profile table, sorted by time (or, with [by_count], by
** executions and invocations; ties by name in both). */
void trace_print_profile(Trace *t, FILE *out, bool by_count);

/* For tests: the profile's execution count of op [name] and the
** invocations of function [name] (without '@'). */
long trace_op_count(Trace *t, const char *name);
long trace_func_count(Trace *t, const char *name);

#endif
