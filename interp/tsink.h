/*
** tsink.h — TFRT's debug tracing sink (docs/tools.md §5.6): what TFRT's
** `bef_executor_debug_tracing --enable_tracing` prints, `Scope:NAME` when a
** tracing scope opens and `End Scope` when it closes, one line each, on
** standard output.
**
** Where TFRT opens scopes (tfrun opens the same): "Bef Executor" around the
** whole run of the driver, "Function: NAME" around each function the
** driver runs (its results, its result line and its quiescence included),
** and in CoreRT "OP#op_handler=HANDLER#" around each op executed through
** `corert.executeop` (.seq), "RunDispatch: OP" around the op handler's
** computation, at level verbose "RunMetadataFunction" around its metadata
** function. TFRT's per-kernel scopes are at level debug, above the
** TFRT_MAX_TRACING_LEVEL its default build has (verbose): a level of debug
** is clamped to verbose, with a warning, as there.
**
** The lines go through a buffer of their own, as TFRT's sink writes to
** llvm::outs() while the program's output goes through TFRT's own stdout
** stream: on a terminal every line is written at once; otherwise the
** buffer is the output's block size (st_blksize, 4096 on a pipe) and is
** written when a line does not fit in it (llvm::raw_ostream::write's rule:
** whole blocks, the rest kept), before a diagnostic (llvm::errs() is tied
** to llvm::outs()) and at the end of the run. Under a pipe the lines of a
** short run thus come after all of its output, as TFRT's do.
**
** Threads: every call takes the sink's mutex. Writes go to the FILE given
** (stdout) under its lock (flockfile), after what the program printed.
**
** Module prefix: tsink_.
*/
#ifndef TFRUN_TSINK_H
#define TFRUN_TSINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* TFRT's TracingLevel: a scope of level L is written when L <= the sink's. */
typedef enum TSinkLevel { TSINK_NONE = 0, TSINK_DEFAULT = 1, TSINK_VERBOSE = 2, TSINK_DEBUG = 3 } TSinkLevel;

/* The highest level the sink writes (TFRT's default build). */
#define TSINK_MAX_LEVEL TSINK_VERBOSE

typedef struct TSink TSink;

/* A sink writing to [out] (whose descriptor decides the buffering, as
** above) at [level] (already clamped). */
TSink *tsink_new(FILE *out, TSinkLevel level);
/* Same, with a buffer of [block] bytes (0: unbuffered): for tests. */
TSink *tsink_new_block(FILE *out, TSinkLevel level, size_t block);
void tsink_free(TSink *s);

/* Whether a scope of [level] is written (false for a NULL sink). */
bool tsink_on(const TSink *s, TSinkLevel level);

/* Opens a scope named by the format (`Scope:NAME`); tsink_pop closes the
** innermost one (`End Scope`). A caller pops only what it pushed: test
** tsink_on once and keep the answer. */
void tsink_push(TSink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tsink_pop(TSink *s);

/* Writes what the buffer holds now (the tie of stderr to the sink's
** stream). */
void tsink_flush(TSink *s);
/* Writes the rest: at the end of the run. False when a write failed (now
** or before); tsink_error() says why. */
bool tsink_finish(TSink *s);
int tsink_error(const TSink *s);

#endif
