/*
** args.c — the option scanner of `tfrun run` and `tfrun opt` (see args.h).
*/
#include <stdio.h>
#include <string.h>
#include "cli/args.h"

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
