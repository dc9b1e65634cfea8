/*
** verify.h — the static checks of a parsed module (DESIGN.md "Verifier",
** docs/language.md §2.9 and docs/execution.md §1.8's converter rejections).
**
** The parser stops at the first syntax error; the verifier keeps going and
** reports EVERY error it finds as a diagnostic on the sink, with notes at
** related places (e.g. a callee's definition). It never modifies the module.
**
** What it checks (messages in the comments of verify.c):
**   - functions: body is one block ending in `tfrt.return`, `tfrt.return`
**     only last, return arity/types against the function type, no two
**     functions with the same name, a body-less function must be tfrt.native;
**   - SSA: each value defined once (by identity), every operand defined in
**     the same block before its use, or, in a region of an op that is not
**     isolated from above (ir_op_isolated), in a block around it before the
**     op that holds the region (an outer value used inside an isolated
**     region is an error), no two values of one name in a block
**     (names compared by content). Contract: a block with
**     Block.names_unique set is trusted to have no duplicate names (its
**     builder rejected them) and is not checked for them;
**   - ops: known op (unless allowed), operand/result arity and types against
**     the op-table signature (ops/ops.def), required attributes and their
**     kinds, the op-specific rules of docs/language.md §2.9 (tfrt.call / if / repeat.i32 /
**     do.async / benchmark / test_cost ...), symbol references to defined
**     functions (and their arity/types for call-like ops).
**
** Module prefix: verify_.
*/
#ifndef TFRUN_VERIFY_H
#define TFRUN_VERIFY_H

#include <stdbool.h>
#include "ir/ir.h"
#include "ir/diag.h"
#include "ir/module.h"

typedef struct VerifyOptions {
    /* Ops missing from the op table are accepted silently. `tfrun run` sets
    ** this and leaves unknown kernels to the loader, which reports
    ** `unknown kernel name 'X'` (docs/execution.md §1.8). */
    bool allow_unknown_ops;
    /* `-allow-unregistered-dialect`: ops of dialects that have no op in the
    ** table are accepted; an unknown op of a known dialect (`tfrt.bogus`)
    ** is still an error, as with mlir-opt. */
    bool allow_unregistered_dialect;
    /* Checks of TFRT's BEF converter (docs/execution.md §1.8) that are not MLIR verifier
    ** checks: a function without a body must be `tfrt.native`. `run` sets
    ** this; `opt` does not (MLIR accepts external functions). */
    bool for_execution;
} VerifyOptions;

/* Verifies [m], reporting on [d] (may be NULL: silent). [opt] NULL means
** all options false (the `tfrun opt` defaults). Returns the number of
** errors found; 0 means the module is valid. */
int verify_module(const Module *m, DiagSink *d, const VerifyOptions *opt);

/* Verifies one function (REPL: after (re)defining it). Same conventions. */
int verify_func(const Module *m, const Func *f, DiagSink *d, const VerifyOptions *opt);

/* Does the type spelling [sig_type] from a signature (may be "any",
** "!t.tensor" ...) accept the value type [t]? Exposed for the parser and
** the REPL, which take types of custom-syntax ops from signatures. */
bool verify_type_matches(const char *sig_type, size_t len, const Type *t);

#endif
