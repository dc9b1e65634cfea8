/*
** fcmain.c — `tfrun filecheck CHECKFILE [OPTIONS]`: LLVM FileCheck's command
** line over tfrun's matcher (cli/filecheck.h), so that lit-style RUN lines
** (`... | FileCheck %s`) run without LLVM (docs/tools.md §2.2). Reads the input
** from standard input or --input-file; exit status as FileCheck's: 0 every
** directive matched, 1 one did not, 2 the check file or a -D is malformed,
** a prefix checks nothing, or a usage error.
**
** Flags taken as FileCheck-14 takes them (with - or --, a value after '='
** or as the next argument): --input-file, --check-prefix and
** --check-prefixes (comma-separated; repeated options add up),
** --implicit-check-not (repeatable), --strict-whitespace,
** --match-full-lines, --allow-empty, --allow-unused-prefixes, -DNAME=VALUE
** (the value attached, as FileCheck's -D takes it; repeatable), -v, -vv,
** --dump-input=help|always|fail|never (default fail: the annotated input
** on failure), --dump-input-filter=all|annotation-full|annotation|error and
** --dump-input-context=N (repeated, the most informative value wins, as in
** FileCheck). --color is accepted and ignored (the dump is never coloured).
** Numeric -D#NAME=VALUE definitions and any other flag are refused with a
** message rather than silently ignored.
**
** Ownership: the option strings point into argv; the collected lists live
** until the check returns.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/filecheck.h"
#include "base/alloc.h"
#include "base/strbuf.h"

static const char fc_usage[] =
    "usage: tfrun filecheck CHECKFILE [--input-file=FILE] [--check-prefix(es)=P,Q...]\n"
    "                       [--implicit-check-not=PATTERN]... [--strict-whitespace]\n"
    "                       [--match-full-lines] [-DNAME=VALUE]... [--allow-empty]\n"
    "                       [--allow-unused-prefixes] [-v|-vv] [--dump-input=MODE]\n"
    "                       [--dump-input-filter=LINES] [--dump-input-context=N]\n"
    "\n"
    "Matches the FileCheck directives of CHECKFILE (CHECK, CHECK-NEXT, -SAME, -NOT,\n"
    "-DAG, -LABEL, -EMPTY, -COUNT-N, {{regex}}, [[VAR:regex]], [[VAR]], [[@LINE]])\n"
    "against standard input (or FILE), as LLVM FileCheck 14 does, with its flags:\n"
    "  --implicit-check-not=PATTERN  PATTERN may not occur between any two matches\n"
    "  --strict-whitespace   blanks count one by one (default: runs fold to one)\n"
    "  --match-full-lines    a positive match covers its whole line\n"
    "  -DNAME=VALUE          defines [[NAME]] (numeric -D#NAME is not supported)\n"
    "  --allow-unused-prefixes  a prefix with no directive is no error\n"
    "  -v, -vv               report the good matches too (-vv: every search)\n"
    "  --dump-input=MODE     the annotated input on stderr: fail (default), always,\n"
    "                        never; help explains the dump\n"
    "  --dump-input-filter=all|annotation-full|annotation|error   lines shown\n"
    "  --dump-input-context=N  lines shown around those (default 5)\n"
    "Exit status 0 when every directive matched, 1 when one did not, 2 when\n"
    "CHECKFILE or a -D is malformed, a prefix has no directive, or for a usage\n"
    "error. --color is accepted and ignored.\n";

static int fc_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "tfrun filecheck: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", fc_usage);
    return 2;
}

/* A growable list of borrowed strings. */
typedef struct strs { const char **v; int n, cap; } strs;

static void strs_add(strs *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->v = xrealloc(l->v, sizeof *l->v * (size_t)l->cap);
    }
    l->v[l->n++] = s;
}

/* Everything the command line collects, freed by cli_filecheck. */
typedef struct fc_cmd {
    StrBuf prefixes;
    strs implicit, defines;
} fc_cmd;

static int filecheck_main(int argc, char **argv, fc_cmd *cmd);

int cli_filecheck(int argc, char **argv)
{
    fc_cmd cmd;
    memset(&cmd, 0, sizeof cmd);
    int rc = filecheck_main(argc, argv, &cmd);
    sb_free(&cmd.prefixes);
    free(cmd.implicit.v);
    free(cmd.defines.v);
    return rc;
}

/* The index of [val] in [names] (NULL-terminated), or -1. */
static int pick(const char *val, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (!strcmp(val, names[i])) return i;
    return -1;
}

static int filecheck_main(int argc, char **argv, fc_cmd *cmd)
{
    /* Each list is in FileCheck's order of precedence: a repeated option
    ** keeps the value that comes later in its list. */
    static const char *const dumps[] = {"never", "fail", "always", "help", NULL};
    static const char *const filters[] = {"error", "annotation", "annotation-full", "all", NULL};
    static const char *const bools[] = {"false", "0", "FALSE", "False", "true", "1", "TRUE", "True", NULL};
    const char *check_file = NULL, *input_file = NULL;
    fc_options o;
    memset(&o, 0, sizeof o);
    int dump = -1, filter = -1;
    long context = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            if (check_file) return fc_usage_error("one CHECKFILE only, not also '%s'", a);
            check_file = a;
            continue;
        }
        const char *b = a[1] == '-' ? a + 2 : a + 1;   /* FileCheck takes - and -- */
        if (b[0] == 'D') {
            /* FileCheck's -D takes its value attached: -DNAME=VALUE. */
            if (!b[1]) return fc_usage_error("%s", "-D wants its definition attached: -DNAME=VALUE");
            strs_add(&cmd->defines, b + 1);
            continue;
        }
        const char *eq = strchr(b, '=');
        size_t klen = eq ? (size_t)(eq - b) : strlen(b);
        const char *val = eq ? eq + 1 : NULL;
#define IS(k) (klen == strlen(k) && !strncmp(b, k, klen))
        bool flag = IS("allow-empty") || IS("strict-whitespace") || IS("match-full-lines") ||
                    IS("allow-unused-prefixes") || IS("color") || IS("v") || IS("vv");
        if (flag) {
            int v = val ? pick(val, bools) : 4;
            if (v < 0) return fc_usage_error("option '%s' wants true or false", a);
            int on = v >= 4;
            if (IS("allow-empty")) o.allow_empty = on;
            else if (IS("strict-whitespace")) o.strict_whitespace = on;
            else if (IS("match-full-lines")) o.match_full_lines = on;
            else if (IS("allow-unused-prefixes")) o.allow_unused_prefixes = on;
            else if (IS("v")) o.verbose = on && o.verbose < 1 ? 1 : o.verbose;
            else if (IS("vv")) o.verbose = on ? 2 : o.verbose;
            continue;
        }
        if (IS("help") || IS("h")) { fputs(fc_usage, stdout); return 0; }
        bool takes = IS("input-file") || IS("check-prefix") || IS("check-prefixes") || IS("dump-input") ||
                     IS("dump-input-filter") || IS("dump-input-context") || IS("implicit-check-not");
        if (!takes) return fc_usage_error("option '%s' is not supported", a);
        if (!val) {
            if (i + 1 >= argc) return fc_usage_error("option '%s' needs a value", a);
            val = argv[++i];
        }
        if (IS("input-file")) {
            input_file = val;
        } else if (IS("check-prefix") || IS("check-prefixes")) {
            /* Repeated options add up, as in FileCheck; fc_check checks each. */
            if (cmd->prefixes.n) sb_addc(&cmd->prefixes, ',');
            sb_adds(&cmd->prefixes, val);
        } else if (IS("implicit-check-not")) {
            strs_add(&cmd->implicit, val);
        } else if (IS("dump-input")) {
            int k = pick(val, dumps);
            if (k < 0) return fc_usage_error("--dump-input wants help, always, fail or never, not '%s'", val);
            if (k > dump) dump = k;
        } else if (IS("dump-input-filter")) {
            int k = pick(val, filters);
            if (k < 0)
                return fc_usage_error("--dump-input-filter wants all, annotation-full, annotation or error, not '%s'",
                                      val);
            if (k > filter) filter = k;
        } else {
            char *end;
            errno = 0;
            long n = strtol(val, &end, 10);
            if (!*val || *end || n < 0 || n > 1000000 || errno)
                return fc_usage_error("--dump-input-context wants a number of lines, not '%s'", val);
            if (n > context) context = n;
        }
#undef IS
    }
    if (dump == 3) { fc_dump_help(stdout); return 0; }
    if (!check_file) return fc_usage_error("%s", "no CHECKFILE given");
    StrBuf check = {0}, input = {0};
    FILE *cf = fopen(check_file, "rb");
    if (!cf) {
        fprintf(stderr, "tfrun filecheck: could not open check file '%s': %s\n", check_file, strerror(errno));
        return 2;
    }
    bool ok = sb_read(&check, cf);
    fclose(cf);
    FILE *in = input_file && strcmp(input_file, "-") ? fopen(input_file, "rb") : stdin;
    if (!in) {
        fprintf(stderr, "tfrun filecheck: could not open input file '%s': %s\n", input_file, strerror(errno));
        free(check.p);
        return 2;
    }
    ok = ok && sb_read(&input, in);
    if (in != stdin) fclose(in);
    if (!ok) {
        fprintf(stderr, "tfrun filecheck: read error: %s\n", strerror(errno));
        free(check.p);
        free(input.p);
        return 2;
    }
    o.prefix = cmd->prefixes.n ? cmd->prefixes.p : NULL;
    o.check_name = check_file;
    o.input_name = input_file && strcmp(input_file, "-") ? input_file : "<stdin>";
    o.implicit_not = cmd->implicit.v;
    o.n_implicit_not = cmd->implicit.n;
    o.defines = cmd->defines.v;
    o.n_defines = cmd->defines.n;
    o.dump = dump == 0 ? FC_DUMP_NEVER : dump == 2 ? FC_DUMP_ALWAYS : FC_DUMP_FAIL;
    o.dump_filter = filter < 0 ? FC_FILTER_DEFAULT : FC_FILTER_ERROR + filter;
    o.dump_context = (int)context;
    StrBuf line = {0};   /* " tfrun filecheck ARGS...", as FileCheck echoes its own */
    sb_adds(&line, " tfrun");
    for (int i = 0; i < argc; i++) sb_printf(&line, " %s", argv[i]);
    o.command_line = line.p;
    int rc = fc_check(check.p ? check.p : "", check.n, input.p ? input.p : "", input.n, &o, stderr);
    sb_free(&line);
    free(check.p);
    free(input.p);
    return rc;
}
