/*
** rewrite.h — the transformations of `tfrun opt` (docs/language.md §4): passes
** that change a verified module in place before it is printed.
**
**   ir_canonicalize   -canonicalize: a `tfrt.merge.chains` of one chain is
**                     that chain; duplicate operands of a merge are dropped;
**                     ops whose results nobody uses and that have no effect
**                     (the op table's FX_ facts: no output, no failure, no
**                     allocation, no write, nothing deferred or opaque) go.
**   ir_inline         -inline: a tfrt.call of a private function that no
**                     other op names is replaced by a copy of the callee's
**                     body, and the callee goes (tfrt.sync and native
**                     functions are left alone).
**
** A rewritten module is for printing: its value numbering (Value.index,
** Block.nvalues) and executor caches are stale, so it must not be run.
** Module prefix: ir_.
*/
#ifndef TFRUN_IR_REWRITE_H
#define TFRUN_IR_REWRITE_H

#include "ir/ir.h"

/* Applies the rewrites of -canonicalize to every function until none
** applies. Returns the number of rewrites made. */
int ir_canonicalize(Module *m);
/* Inlines until no call qualifies. Returns the number of calls inlined;
** a call is left as it was when memory runs out. */
int ir_inline(Module *m);

#endif
