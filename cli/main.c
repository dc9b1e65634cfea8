/*
** main.c — `tfrun`: dispatch to a subcommand (docs/tools.md §1).
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/alloc.h"
#include "base/outfile.h"
#include "cli/cli.h"

/* Every subcommand, with its line of `tfrun --help`. ORDER: as --help
** lists them. */
static const struct Subcommand {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
} subcommands[] = {
    { "run", cli_run, "tfrun [run] [OPTIONS] [FILE|-]   run every zero-argument function" },
    { "opt", cli_opt, "tfrun opt [--verify-diagnostics] [--split-input-file] [-allow-unregistered-dialect] [FILE|-]" },
    { "test", cli_test, "tfrun test [--update] [-j N] [PATH...]" },
    { "repl", cli_repl, "tfrun repl [FILE]" },
    { "lint", cli_lint, "tfrun lint [--fix] [-o FILE] [FILE|-]    unordered effects: a missing chain?" },
    { "explore", cli_explore, "tfrun explore [--function=NAME] [--model=spec|executor] [--max-schedules=N]\n"
                              "                     [--max-states=N] [--json] [--timeout=SECS] FILE   every outcome the schedules allow" },
    { "graph", cli_graph, "tfrun graph [--function=NAME] [--format=dot|svg] [FILE]   the dataflow graph (Graphviz)" },
    { "ops", cli_ops, "tfrun ops [--markdown] [PREFIX]          the ops tfrun knows" },
    { "filecheck", cli_filecheck, "tfrun filecheck CHECKFILE [OPTIONS]     LLVM FileCheck over standard input" },
    { "btf", cli_btf, "tfrun btf info|print|pack ...           files of TFRT's binary tensor format" },
    { "FileCheck", cli_filecheck, NULL },   /* lit's spelling; not listed */
};
#define NSUB (sizeof subcommands / sizeof subcommands[0])

static void print_usage(FILE *out)
{
    const char *lead = "usage: ";
    for (size_t i = 0; i < NSUB; i++) {
        if (!subcommands[i].usage) continue;
        fprintf(out, "%s%s\n", lead, subcommands[i].usage);
        lead = "       ";
    }
    fprintf(out, "%stfrun --help | --version\n\n"
                 "Run `tfrun run --help`, `tfrun opt --help`, ... for the options of each.\n", lead);
}

/* Nothing a program asked for is lost silently: a standard output that
** could not be written (a full disk, a closed pipe's EPIPE) is an error. */
static int finish_output(int rc)
{
    /* stdio keeps only an error flag, not the errno of the write that
    ** failed, and errno has moved on since: the flush's own error when it
    ** fails now, else what a write of nothing says (EBADF for a closed
    ** standard output, base/outfile.h), else no reason. */
    errno = 0;
    bool flush_failed = fflush(stdout) != 0;
    int e = flush_failed ? errno : 0;
    if (flush_failed || ferror(stdout)) {
        if (!e && write(1, "", 0) < 0) e = errno;
        if (e) fprintf(stderr, "tfrun: write error: %s\n", strerror(e));
        else fputs("tfrun: write error on standard output\n", stderr);
        if (rc == 0) rc = 1;
    }
    return rc;
}

/* Edit distance (insert, delete, substitute) of two short words, or 3 once
** it is above 2. */
static int distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > 31 || nb > 31 || (na > nb ? na - nb : nb - na) > 2) return 3;
    int d[32][32];
    for (size_t i = 0; i <= na; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= nb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= na; i++)
        for (size_t j = 1; j <= nb; j++) {
            int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            d[i][j] = v;
        }
    return d[na][nb] > 2 ? 3 : d[na][nb];
}

/* A first word that is neither a subcommand nor a file, and reads like a
** subcommand (no '.' or '/', which input files have): a usage error, with
** the nearest subcommand when one is near. Without this `tfrun lnt f.mlir`
** would be `run` with two input files. */
static bool unknown_subcommand(const char *word)
{
    struct stat st;
    if (!*word || word[0] == '-' || strpbrk(word, "./") || stat(word, &st) == 0) return false;
    const char *best = NULL;
    int bestd = 3;
    for (size_t i = 0; i < NSUB; i++) {
        int d = distance(word, subcommands[i].name);
        if (d < bestd) { bestd = d; best = subcommands[i].name; }
    }
    if (best) fprintf(stderr, "tfrun: unknown subcommand '%s'; did you mean '%s'?\n", word, best);
    else fprintf(stderr, "tfrun: '%s' is neither a subcommand nor a file (tfrun --help lists the subcommands)\n", word);
    return true;
}

int main(int argc, char **argv)
{
    /* A closed descriptor 0-2 gets /dev/null (opened so that using it still
    ** fails as a closed one would), so that no file opened later becomes
    ** standard output (base/outfile.h). */
    outfile_guard_std();
    /* The memory ceiling (base/alloc.h, docs/tools.md §1): TFRUN_MAX_MEMORY,
    ** else three quarters of the machine's; `run --max-memory` sets it again. */
    const char *mm = getenv("TFRUN_MAX_MEMORY");
    uint64_t limit = tf_default_memory_limit();
    if (mm && *mm) {
        if (!cli_parse_size(mm, &limit)) {
            fprintf(stderr, "tfrun: invalid TFRUN_MAX_MEMORY '%s' (want a size of at least 64M, such as 512M or 8G, or none)\n", mm);
            return 2;
        }
    } else {
        /* The default never raises a lower limit the user set (ulimit -d). */
        uint64_t cur = tf_memory_limit();
        if (cur && (!limit || cur < limit)) limit = cur;
    }
    tf_set_memory_limit(limit);
    if (argc >= 2) {
        const char *cmd = argv[1];
        if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
            print_usage(stdout);
            return finish_output(0);
        }
        if (!strcmp(cmd, "--version")) {
            printf("tfrun %s\n", TFRUN_VERSION);
            return finish_output(0);
        }
        for (size_t i = 0; i < NSUB; i++)
            if (!strcmp(cmd, subcommands[i].name))
                return finish_output(subcommands[i].fn(argc - 1, argv + 1));
        if (unknown_subcommand(cmd)) return 2;
    }
    /* No subcommand: `tfrun [OPTIONS] [FILE|-]` means run. */
    argv[0] = "run";
    return finish_output(cli_run(argc, argv));
}
