/*
** args.h — the option scanner of `tfrun run` and `tfrun opt` (docs/execution.md
** §1, docs/tools.md §1). Every option may be written `-name` or `--name`; a value follows
** `=` or comes as the next argument; `--` ends the options; `-` and every
** word that does not start with a dash is the input file, of which there is
** at most one.
**
**     Args s = args_begin(argc, argv, "tfrun opt", "tfrun opt");
**     int k;
**     while ((k = args_next(&s)) > 0) {
**         if (args_is(&s, "o")) { if (!(out = args_value(&s))) return 2; }
**         else return args_error(s.who, s.cmd, "unknown option '%s'", s.arg);
**     }
**     if (k < 0) return 2;        (s.input: the file, NULL when none)
**
** Ownership: every string points into argv. Usage errors are printed to
** stderr by args_error().
**
** args_read_input() reads the input file the same way for every command.
**
** Module prefix: args_.
*/
#ifndef TFRUN_ARGS_H
#define TFRUN_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include "base/strbuf.h"

typedef struct Args {
    int argc;
    char **argv;
    int i;                  /* the argument read last */
    bool only_files;        /* after `--` */
    const char *who, *cmd;  /* for messages: see args_error() */
    const char *input;      /* the input file; NULL until one is seen */
    const char *arg;        /* the current option as written ("--o=x") */
    const char *name;       /* its name without the dashes: [nlen] bytes, */
    size_t nlen;            /* up to the '=' (not NUL-terminated) */
    const char *value;      /* after the '=', or NULL when there is none */
} Args;

/* Scans argv[1..argc-1]. [who] prefixes the messages, [cmd] is the command
** they point at for help; both must outlive the Args. */
Args args_begin(int argc, char **argv, const char *who, const char *cmd);

/* Moves to the next option, taking input files on the way. Returns 1 for an
** option (arg, name, nlen, value set), 0 at the end, -1 after printing a
** usage error (a second input file). */
int args_next(Args *s);

/* Whether the current option's name is [name]. */
bool args_is(const Args *s, const char *name);

/* The current option's value: after the '=', else the next argument, which
** is then consumed. NULL after printing "option '...' needs a value". */
const char *args_value(Args *s);

/* Prints "WHO: " + fmt (with [arg]) + "\nRun 'CMD --help' for the options.\n"
** to stderr and returns 2, the exit status of a usage error. */
int args_error(const char *who, const char *cmd, const char *fmt, const char *arg);

/* Reads the input [path] (NULL or "-": standard input) whole into [out]
** and sets *fname to the name diagnostics use for it ("<stdin>"). On
** failure prints "WHO: cannot open|read input file 'F': REASON" to stderr
** and returns false ([out] is then empty). */
bool args_read_input(const char *who, const char *path, StrBuf *out, const char **fname);

#endif
