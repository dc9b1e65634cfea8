/*
** cli.h — the subcommands of bin/tfrun. Each takes the arguments after the
** subcommand name (argv[0] is the subcommand) and returns the exit status
** (docs/execution.md §1.9: 0 ok, 1 failure, 2 usage error).
**
** Module prefix: cli_.
*/
#ifndef TFRUN_CLI_H
#define TFRUN_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "interp/any.h"
#include "interp/exec.h"

int cli_run(int argc, char **argv);    /* cli/run.c  — tfrun [run] */
int cli_opt(int argc, char **argv);    /* cli/opt.c  — tfrun opt */
int cli_test(int argc, char **argv);   /* cli/test.c — tfrun test */
int cli_repl(int argc, char **argv);   /* cli/repl.c — tfrun repl */
int cli_ops(int argc, char **argv);    /* cli/ops.c — tfrun ops */
int cli_filecheck(int argc, char **argv); /* cli/fcmain.c — tfrun filecheck */
int cli_lint(int argc, char **argv);   /* cli/lint.c — tfrun lint */
int cli_explore(int argc, char **argv); /* cli/explore.c — tfrun explore */
int cli_graph(int argc, char **argv);   /* cli/graph.c — tfrun graph */
int cli_btf(int argc, char **argv);     /* cli/btf.c — tfrun btf */

#define TFRUN_VERSION "0.1.0"

/* ---- seeing a run (cli/run.c; docs/tools.md §5) ---- */
struct Trace;
/* Writes trace [t] (interp/trace.h) to [path] as Chrome trace-event JSON,
** through a temporary file renamed over [path] once complete; [title] names
** the program. On failure says why on stderr (`tfrun: --trace: cannot
** write ...`) and returns false. The REPL's :run uses it too. */
bool cli_trace_write(struct Trace *t, const char *path, const char *title);

/* ---- the op reference (cli/ops.c): `tfrun ops` and the REPL's :help OP ---- */
struct OpInfo;
/* The op's custom syntax with its name and operands, into [buf]. */
void cli_op_syntax(const struct OpInfo *op, char *buf, size_t cap);
/* What the op does beyond its types ("async, may fail, writes operand 0"). */
void cli_op_properties(const struct OpInfo *op, char *buf, size_t cap);

/* ---- schedules (cli/schedule.c; docs/execution.md §7) ------------------------ */
typedef enum CliSchedule { CLI_SCHED_AUTO, CLI_SCHED_EXACT, CLI_SCHED_FAST } CliSchedule;
/* "auto", "exact" or "fast"; false for anything else. */
bool cli_schedule_parse(const char *s, CliSchedule *out);
const char *cli_schedule_name(CliSchedule s);
/* The value of --max-call-depth: a decimal number from 1 to 10^9; false
** for anything else. Shared by `tfrun run` and the REPL. */
bool cli_parse_call_depth(const char *s, int *out);
/* The value of --max-memory and TFRUN_MAX_MEMORY: a number of bytes with
** an optional K, M, G or T (binary multiples), at least CLI_MIN_MEMORY, or
** "none" or 0 (no ceiling of tfrun's: 0); false for anything else. */
#define CLI_MIN_MEMORY ((uint64_t)64 << 20)
bool cli_parse_size(const char *s, uint64_t *out);
/* The schedule for a run of [funcs] (in run order; NULL: every function
** `tfrun run` would run) of verified module [m] with host allocator [alloc]
** when [want] was asked for: auto asks the sequencing analysis (analysis/
** seq.h) and runs fast exactly when it proves the run determinate. *why
** receives a malloc'ed reason for --verbose ("requested", or what the
** analysis found: the first opaque op or unordered pair). */
ExecSchedule cli_schedule_choose(CliSchedule want, const Module *m, const Func *const *funcs,
                                 int nfuncs, const HostAllocator *alloc, char **why);

/* The schedule of each function of a `tfrun run` (docs/analysis.md §8):
** [host] is what the host loads: EXEC_EXACT or EXEC_FAST when every
** function gets that one, EXEC_MIXED when auto chose per function; then
** [mix] holds the choices (analysis/mixed.h), and the driver sets each
** run's request (rq_set_fast, rq_set_watch). [verbose] is the --verbose
** text (one or more lines, each ending in a newline). */
typedef struct CliRunSchedule {
    ExecSchedule host;
    struct MixPlan *mix;
    char *verbose;
} CliRunSchedule;
void cli_schedule_run(CliSchedule want, const Module *m, const Func *const *funcs, int nfuncs,
                      const HostAllocator *alloc, CliRunSchedule *out);
void cli_schedule_run_free(CliRunSchedule *s);

#endif
