/*
** brackets.h — the end of a bracketed body such as `memref<4xf32, #map>`,
** `!foo.bar<"a>", [1]>` or `affine_map<(d0) -> (d0)>`: the one scanner of
** the lexer (one token per parametric type or attribute, docs/syntax.md)
** and of the IR's readers of type and attribute spellings.
**
** Pure function on the caller's bytes; safe from any thread.
** Module prefix: brackets_.
*/
#ifndef TFRUN_BASE_BRACKETS_H
#define TFRUN_BASE_BRACKETS_H

/* [p] is just after an opening '<'. Returns the byte after the matching
** '>' (before [e]), or NULL when the body does not close. The body may
** span lines, as MLIR's may (docs/syntax.md). Brackets of every kind nest;
** a ')', ']' or '}' that would close the '<' is unbalanced (NULL); the '>'
** of "->" and ">=" closes nothing; string literals are skipped whole (a
** backslash escapes the next byte; a newline inside one is an unterminated
** string: NULL); a NUL byte ends the search. */
const char *brackets_close(const char *p, const char *e);

#endif
