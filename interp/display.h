/*
** display.h — how a value is shown to the person running a program: the
** one formatter behind `tfrun run`'s result line ("'f' returned 42",
** docs/execution.md §1.5), the REPL's value lines ("%x = 42 : i32",
** docs/tools.md §3) and its `:run` result line.
**
** It also makes the any.print kernel's text ("any = REPR",
** docs/kernel-behaviour.md §11).
**
** Three forms, chosen by Display.form:
**   DISPLAY_RESULT  the driver's: by the declared type's spelling, i1 as
**                   "0"/"1", i32 and i64 in decimal, f32 and f64 as
**                   display_float; any other type as "TYPE value".
**   DISPLAY_SESSION the REPL's: by the value itself, every integer type in
**                   decimal, floats as display_float, strings quoted (\n,
**                   \t, \", \\ and \XX for other control bytes), lists as
**                   [e1, e2] (eight levels deep), "chain", "none", objects
**                   through Display.object (tensors), else "TYPE value".
**   DISPLAY_REPR    any.print's: by the value itself as tfrt.print.* prints
**                   it, integers in decimal (f16 and bf16 as their bits),
**                   f32, f64 and complex64 with "%f", strings quoted with C
**                   escapes (octal for other control bytes, DEL and bytes
**                   that are not UTF-8), every object other than a string
**                   through Display.object (the kernels show lists, tensors
**                   and complex128), else "TYPE value".
**
** Nothing here allocates what it does not free, keeps state, or locks
** (a Display.object hook may lock what it shows).
**
** Module prefix: display_.
*/
#ifndef TFRUN_DISPLAY_H
#define TFRUN_DISPLAY_H

#include <stdbool.h>
#include <stdio.h>
#include "base/strbuf.h"
#include "interp/any.h"
#include "interp/async_value.h"
#include "ir/ir.h"

typedef enum DisplayForm { DISPLAY_RESULT, DISPLAY_SESSION, DISPLAY_REPR } DisplayForm;

typedef struct Display Display;
struct Display {
    DisplayForm form;
    bool with_code;          /* errors as <<error: MSG, code: CODE>> */
    /* The text of a value that is not resolved; NULL: "TYPE value". */
    const char *unresolved;
    /* DISPLAY_SESSION, DISPLAY_REPR: appends the text of an object [a] the
    ** display does not know to [b] and returns true, or returns false to
    ** show it as "TYPE value". [depth] is the nesting of [a] in lists, for
    ** display_append on its elements. May be NULL. */
    bool (*object)(StrBuf *b, const Display *d, const Any *a, int depth);
};

/* The driver's display (`tfrun run`, `tfrun explore`): DISPLAY_RESULT, a
** value never produced as <<unavailable>>, error codes by [with_code]. */
Display display_driver(bool with_code);

/* A float as "%.6e", or "nan", "INF", "-INF". */
void display_float(FILE *out, double x);

/* The available payload [a] of a value of type [spelling] (NULL: the
** payload's own type name), in the form of [d]. */
void display_any(FILE *out, const Display *d, const char *spelling, const Any *a);
/* The same, appended to [b]; [depth] is the nesting of [a] in lists (0 for
** a value of its own). */
void display_append(StrBuf *b, const Display *d, const char *spelling, const Any *a, int depth);

/* The value [v] of type [t] (either may be NULL): <<error: MSG>> (with the
** code by [d]), d->unresolved, or the payload as display_any shows it. */
void display_value(FILE *out, const Display *d, const Type *t, AsyncValue *v);

/* "'NAME' returned V1,V2,...\n": the results [res] of [fn], each as
** display_value shows it. */
void display_returned(FILE *out, const Display *d, const Func *fn, AsyncValue **res);
/* "'NAME' returned <<error: MSG>>\n": the line of a sync function [fn]
** that failed with [msg] (NULL: no message). */
void display_failed(FILE *out, const Func *fn, const char *msg);

#endif
