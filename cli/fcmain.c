/*
** fcmain.c — `tfrun filecheck CHECKFILE [OPTIONS]`: LLVM FileCheck's command
** line over tfrun's matcher (cli/filecheck.h), so that lit-style RUN lines
** (`... | FileCheck %s`) run without LLVM (docs/tools.md §2). Reads the input
** from standard input or --input-file; exit status as FileCheck's: 0 every
** directive matched, 1 one did not, 2 the check file is malformed, checks
** nothing, or a usage error.
**
** Flags taken as FileCheck-14 takes them: --input-file, --check-prefix and
** --check-prefixes (comma-separated; repeated options add up), --allow-empty,
** and --dump-input,
** --dump-input-filter, --color, -v, -vv, which change only how FileCheck
** reports and are accepted and ignored. The others (--implicit-check-not,
** --strict-whitespace, --match-full-lines, -D) are
** refused with a message rather than silently ignored.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/filecheck.h"
#include "base/strbuf.h"

static const char fc_usage[] =
    "usage: tfrun filecheck CHECKFILE [--input-file=FILE] [--check-prefix=P]\n"
    "                       [--check-prefixes=P,Q...] [--allow-empty] [--dump-input=MODE]\n"
    "\n"
    "Matches the FileCheck directives of CHECKFILE (CHECK, CHECK-NEXT, -SAME, -NOT,\n"
    "-DAG, -LABEL, -EMPTY, -COUNT-N, {{regex}}, [[VAR:regex]], [[VAR]], [[@LINE]])\n"
    "against standard input (or FILE), as LLVM FileCheck 14 does. Exit status 0 when\n"
    "every directive matched, 1 when one did not, 2 when CHECKFILE is malformed or\n"
    "has no directive with the prefixes, or for a usage error. --dump-input, --color,\n"
    "-v and -vv are accepted and ignored; --implicit-check-not, --strict-whitespace,\n"
    "--match-full-lines and -D are not supported.\n";

static int fc_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "tfrun filecheck: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", fc_usage);
    return 2;
}

/* Reads all of [f] into [b]; false on a read error. */
static bool slurp(FILE *f, StrBuf *b)
{
    return sb_read(b, f);
}

static int filecheck_main(int argc, char **argv, StrBuf *prefixes_out);

int cli_filecheck(int argc, char **argv)
{
    StrBuf prefixes = {0};
    int rc = filecheck_main(argc, argv, &prefixes);
    sb_free(&prefixes);
    return rc;
}

static int filecheck_main(int argc, char **argv, StrBuf *prefixes_out)
{
#define prefixes (*prefixes_out)
    const char *check_file = NULL, *input_file = NULL;
    int allow_empty = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            if (check_file) return fc_usage_error("one CHECKFILE only, not also '%s'", a);
            check_file = a;
            continue;
        }
        const char *b = a[1] == '-' ? a + 2 : a + 1;   /* FileCheck takes - and -- */
        const char *eq = strchr(b, '=');
        size_t klen = eq ? (size_t)(eq - b) : strlen(b);
        const char *val = eq ? eq + 1 : NULL;
#define IS(k) (klen == strlen(k) && !strncmp(b, k, klen))
        bool takes = IS("input-file") || IS("check-prefix") || IS("check-prefixes") || IS("dump-input") ||
                     IS("dump-input-filter") || IS("color");
        if (takes && !val && !IS("color")) {
            if (i + 1 >= argc) return fc_usage_error("option '%s' needs a value", a);
            val = argv[++i];
        }
        if (IS("help") || IS("h")) { fputs(fc_usage, stdout); return 0; }
        else if (IS("input-file")) input_file = val;
        else if (IS("check-prefix") || IS("check-prefixes")) {
            /* Repeated options add up, as in FileCheck; fc_check checks each. */
            if (prefixes.n) sb_addc(&prefixes, ',');
            sb_adds(&prefixes, val);
        } else if (IS("allow-empty")) allow_empty = 1;
        else if (IS("dump-input") || IS("dump-input-filter") || IS("color") || IS("v") || IS("vv")) continue;
        else return fc_usage_error("option '%s' is not supported", a);
#undef IS
    }
    if (!check_file) return fc_usage_error("%s", "no CHECKFILE given");
    StrBuf check = {0}, input = {0};
    FILE *cf = fopen(check_file, "rb");
    if (!cf) {
        fprintf(stderr, "tfrun filecheck: could not open check file '%s': %s\n", check_file, strerror(errno));
        return 2;
    }
    bool ok = slurp(cf, &check);
    fclose(cf);
    FILE *in = input_file && strcmp(input_file, "-") ? fopen(input_file, "rb") : stdin;
    if (!in) {
        fprintf(stderr, "tfrun filecheck: could not open input file '%s': %s\n", input_file, strerror(errno));
        free(check.p);
        return 2;
    }
    ok = ok && slurp(in, &input);
    if (in != stdin) fclose(in);
    if (!ok) {
        fprintf(stderr, "tfrun filecheck: read error: %s\n", strerror(errno));
        free(check.p);
        free(input.p);
        return 2;
    }
    fc_options o = { prefixes.n ? prefixes.p : "CHECK", check_file, input_file && strcmp(input_file, "-") ? input_file : "<stdin>",
                     allow_empty };
    int rc = fc_check(check.p ? check.p : "", check.n, input.p ? input.p : "", input.n, &o, stderr);
    free(check.p);
    free(input.p);
    return rc;
#undef prefixes
}
