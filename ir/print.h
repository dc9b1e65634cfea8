/*
** print.h — the MLIR printer behind `tfrun opt` (docs/tools.md §1).
**
** Canonical form: a `module { ... }` around the functions and the ops at
** module level (in their places, in generic form; docs/syntax.md),
** `func.func`, values renumbered per function after the module level's
** (`%0, %1, ...`; a multi-result op defines `%N:K` and its results are
** used as `%N#i`), function arguments `%argN`
** (a declaration: their types only, `func.func private @f(i32) -> i32`),
** every op in its custom syntax when it has one (ops/optable.h
** SyntaxFamily) and the generic form otherwise, attributes in MLIR's
** canonical spelling, floats in `%e` form (`1.000000e-01`, longer only when
** needed to keep the exact value; hex bit patterns stay hex). A region's
** block arguments are printed under the names of the operands they are
** bound to (docs/language.md §2.7), so the text re-parses to the same IR.
** Locations are printed only when they carry meaning (anything other than
** the op's own position): `loc("name")`, fused, call-site, or a file
** location somewhere else.
**
** Printing is a fixed point: print, parse, print gives identical text.
**
** Module prefix: ir_print_ (the printer is part of ir/).
*/
#ifndef TFRUN_PRINT_H
#define TFRUN_PRINT_H

#include <stdio.h>
#include "ir/ir.h"

/* The whole module. */
void ir_print_module(FILE *out, const Module *m);
/* With options: [generic] prints every op in generic form, the functions
** as "func.func" ops and the module as "builtin.module", as `mlir-opt
** --mlir-print-op-generic` does (docs/language.md §4). */
/* [generic]: every op in generic form, as mlir-opt --mlir-print-op-generic.
** [debuginfo]: the locations written in the source, inline as loc(...)
** (an op's own position is implicit); without it no location is printed,
** as mlir-opt prints none without --mlir-print-debuginfo. A NULL options
** pointer means tfrun's own form with locations. */
typedef struct IrPrintOptions {
    bool generic;
    bool debuginfo;
} IrPrintOptions;
void ir_print_module_with(FILE *out, const Module *m, const IrPrintOptions *opt);
/* One function, as it appears inside the module (indented by two spaces
** when [indent] is true). */
void ir_print_func(FILE *out, const Func *f, bool indent);
/* One op on one line, with the names its values have in the SOURCE (for
** the REPL and traces; regions are abbreviated to `{...}`). */
void ir_print_op_brief(FILE *out, const Op *op);
/* Attributes, types and locations in MLIR syntax. */
void ir_print_attr(FILE *out, const Attr *a);
void ir_print_type(FILE *out, const Type *t);
void ir_print_loc(FILE *out, const Loc *l);    /* `loc(...)` */
/* Writes [v] (of float type [ty], NULL = f64) in canonical form into [buf]:
** `%e` when that keeps the value, else the shortest exact `%.Ne`. */
void ir_format_float(char *buf, size_t cap, double v, const Type *ty);

#endif
