/*
** repl.h — helpers of `tfrun repl` (cli/repl.c) exposed for tests.
**
** The REPL itself is cli_repl() (cli/cli.h). These functions are pure text
** helpers with no state; they return values, never print.
**
** Module prefix: repl_.
*/
#ifndef TFRUN_REPL_H
#define TFRUN_REPL_H

#include <stdbool.h>
#include <stddef.h>

/* The brace depth after the line [line] when the depth before it was
** [depth]: `{` and `}` count outside string literals and `//` comments.
** Multi-line input is read until this returns <= 0. */
int repl_brace_depth(const char *line, int depth);

/* True if [line] holds nothing but blanks and an optional `//` comment. */
bool repl_is_blank(const char *line);

/* True if the text [s] starts (after blanks and comment lines) with a
** definition: `func.func`, `func`, `module`, or a `#alias =` line. */
bool repl_is_definition(const char *s);

/* The unique command of the table whose name starts with [word] ([n]
** bytes): its full name, or NULL (*ambiguous set when several match). */
const char *repl_command_name(const char *word, size_t n, bool *ambiguous);

#endif
