/*
** main.c — `tfrun`: dispatch to a subcommand (docs/tools.md §1).
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"

/* Subcommands are linked weakly while they are being built, so that a
** missing one is a clear message rather than a link error. */
#pragma weak cli_run
#pragma weak cli_opt
#pragma weak cli_test
#pragma weak cli_repl
#pragma weak cli_ops
#pragma weak cli_filecheck
#pragma weak cli_lint
#pragma weak cli_explore
#pragma weak cli_graph

static const char usage[] =
    "usage: tfrun [run] [OPTIONS] [FILE|-]   run every zero-argument function\n"
    "       tfrun opt [--verify-diagnostics] [--split-input-file] [-allow-unregistered-dialect] [FILE|-]\n"
    "       tfrun test [--update] [-j N] [PATH...]\n"
    "       tfrun repl [FILE]\n"
    "       tfrun lint [--fix] [-o FILE] [FILE|-]    unordered effects: a missing chain?\n"
    "       tfrun explore [--function=NAME] [--model=spec|executor] [--max-schedules=N]\n"
    "                     [--json] [--timeout=SECS] FILE   every outcome the schedules allow\n"
    "       tfrun graph [--function=NAME] [--format=dot|svg] [FILE]   the dataflow graph (Graphviz)\n"
    "       tfrun ops [--markdown] [PREFIX]          the ops tfrun knows\n"
    "       tfrun filecheck CHECKFILE [OPTIONS]     LLVM FileCheck over standard input\n"
    "       tfrun --help | --version\n"
    "\n"
    "Run `tfrun run --help`, `tfrun opt --help`, ... for the options of each.\n";

/* Nothing a program asked for is lost silently: a standard output that
** could not be written (a full disk, a closed pipe's EPIPE) is an error. */
static int finish_output(int rc)
{
    /* The error of the failed write, when a later flush has no new one:
    ** stdio keeps only the flag, errno still holds the reason. */
    int before = errno;
    bool flush_failed = fflush(stdout) != 0;
    bool bad = flush_failed || ferror(stdout);
    if (bad) {
        int e = flush_failed ? errno : before;
        fprintf(stderr, "tfrun: write error: %s\n", e ? strerror(e) : "output error");
        if (rc == 0) rc = 1;
    }
    return rc;
}

static int dispatch(int (*fn)(int, char **), const char *name, int argc, char **argv)
{
    if (!fn) {
        fprintf(stderr, "tfrun: the '%s' subcommand is not available in this build\n", name);
        return 2;
    }
    return finish_output(fn(argc, argv));
}

int main(int argc, char **argv)
{
    if (argc >= 2) {
        const char *cmd = argv[1];
        if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
            fputs(usage, stdout);
            return 0;
        }
        if (!strcmp(cmd, "--version")) {
            printf("tfrun %s\n", TFRUN_VERSION);
            return 0;
        }
        if (!strcmp(cmd, "run"))  return dispatch(cli_run, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "opt"))  return dispatch(cli_opt, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "test")) return dispatch(cli_test, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "repl")) return dispatch(cli_repl, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "ops"))  return dispatch(cli_ops, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "lint")) return dispatch(cli_lint, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "explore")) return dispatch(cli_explore, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "graph")) return dispatch(cli_graph, cmd, argc - 1, argv + 1);
        if (!strcmp(cmd, "filecheck") || !strcmp(cmd, "FileCheck"))
            return dispatch(cli_filecheck, cmd, argc - 1, argv + 1);
    }
    /* No subcommand: `tfrun [OPTIONS] [FILE|-]` means run. */
    argv[0] = "run";
    return dispatch(cli_run, "run", argc, argv);
}
