/*
** args.c — the option scanner of `tfrun run` and `tfrun opt` (see args.h).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/args.h"
#include "base/strbuf.h"

Args args_begin(int argc, char **argv, const char *who, const char *cmd)
{
    return (Args){ .argc = argc, .argv = argv, .i = 0, .who = who, .cmd = cmd };
}

int args_next(Args *s)
{
    while (++s->i < s->argc) {
        const char *a = s->argv[s->i];
        if (s->only_files || a[0] != '-' || !strcmp(a, "-")) {
            if (s->input) {
                args_error(s->who, s->cmd, "more than one input file ('%s')", a);
                return -1;
            }
            s->input = a;
            continue;
        }
        if (!strcmp(a, "--")) { s->only_files = true; continue; }
        const char *n = a + 1;
        if (*n == '-') n++;
        const char *eq = strchr(n, '=');
        s->arg = a;
        s->name = n;
        s->nlen = eq ? (size_t)(eq - n) : strlen(n);
        s->value = eq ? eq + 1 : NULL;
        return 1;
    }
    return 0;
}

bool args_is(const Args *s, const char *name)
{
    return s->nlen == strlen(name) && !strncmp(s->name, name, s->nlen);
}

const char *args_value(Args *s)
{
    if (s->value) return s->value;
    if (s->i + 1 < s->argc) return s->argv[++s->i];
    args_error(s->who, s->cmd, "option '%s' needs a value", s->arg);
    return NULL;
}

int args_error(const char *who, const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", who);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nRun '%s --help' for the options.\n", cmd);
    return 2;
}

bool args_read_input(const char *who, const char *path, StrBuf *out, const char **fname)
{
    bool from_stdin = !path || !strcmp(path, "-");
    *fname = from_stdin ? "<stdin>" : path;
    FILE *in = from_stdin ? stdin : fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "%s: cannot open input file '%s': %s\n", who, path, strerror(errno));
        return false;
    }
    bool ok = sb_read(out, in);
    int e = errno;
    if (!from_stdin) fclose(in);
    if (!ok) {
        fprintf(stderr, "%s: cannot read input file '%s': %s\n", who, *fname, strerror(e));
        free(out->p);
        memset(out, 0, sizeof *out);
    }
    return ok;
}
