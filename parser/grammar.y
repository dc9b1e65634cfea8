/*
** grammar.y — lemon grammar of tfrun's input language (docs/language.md §2,
** docs/kernel-behaviour.md §10). lemon generates $(BUILD)/gen/grammar.c and grammar.h
** from this file; edit this file, never the generated ones.
**
** How custom op syntax stays LALR(1) (DESIGN.md "Front end"): the driver
** (parser/parser.c) looks every dotted bare identifier up in the op table
** and sends it as the token of its syntax family (OP_CONSTANT, OP_IF, ...);
** unknown dotted names are sent as OP_GENERIC. Each family has its own
** productions below. Where an identifier is wanted instead (an attribute
** key such as `tfrt.native`), lemon's %fallback turns the family token back
** into BARE_ID.
**
** Actions are one-line calls into the builders of parser/build.h, which own all
** the checking and report errors through ctx; after an error every builder
** returns NULL at once. All semantic values live in the module's arena (or
** are plain Tokens), so no %destructor is needed.
**
** Lists use left recursion (lemon's stack stays flat). The stack is large
** (%stack_size) so that 4 000-deep nested arrays parse — deep enough for any
** real program, shallow enough that printing one fits a 1 MB C stack
** (tests/deep_nesting.sh); deeper input gets
** the %stack_overflow diagnostic.
*/

%name irParse
%token_prefix TK_
%token_type {Token}
%default_type {void *}
%extra_context {ParseCtx *ctx}
%stack_size 12288
%start_symbol start

%include {
/* No tracing or internal asserts in the generated parser (it is hot). */
#ifndef NDEBUG
#define NDEBUG 1
#endif
#include <string.h>
#include <assert.h>
#include "parser/build.h"
#define YYNOERRORRECOVERY 1
static void syntax_error(ParseCtx *ctx, void *parser, int major, const Token *tok);
static Token notoken(void) { Token t; memset(&t, 0, sizeof t); return t; }
}

%syntax_error { syntax_error(ctx, yypParser, yymajor, &TOKEN); }
%stack_overflow { irb_error(ctx, &ctx->last, "input nested too deeply"); }
%parse_failure { ctx->failed = true; }

/* Tokens that appear in no rule, first so that their codes are small. */
%token ILLEGAL MODE_MODULE MODE_OPS MODE_FUNCS.
/* A whole statement the driver has already read (parser.c, "fast
** statements"): it is sent only where this parser would shift it, and its
** action builds exactly what the token-by-token rules would. */
%token FAST_STMT.
/* One token per row of ops/families.def, in its order (parser.c maps a
** SyntaxFamily to its token by that list too): the Makefile writes them
** where @FAMILY_TOKENS@ stands, here and in the %fallback below. They are
** consecutive codes, from OP_GENERIC to the one before OP_FAMILY_END,
** which is in no rule. */
%token @FAMILY_TOKENS@ OP_FAMILY_END.
%token BARE_ID.
/* "func.func" and "builtin.module" at the top level: the generic form of a
** function and of the module (the driver sends them for those two strings
** outside functions); anywhere a string is wanted they are strings. */
%token STRING GEN_FUNC GEN_MODULE.
%fallback STRING GEN_FUNC GEN_MODULE.

/* `tfrt.return` takes optional operands, and the next statement may start
** with a value (`%x = ...`): shift wins. (tfrt.return is the last op of its
** block, so nothing legal is lost.) */
%nonassoc OP_RETURN.
%nonassoc VALUE.

%fallback BARE_ID @FAMILY_TOKENS@ AT TO FIXED UNKNOWN FUSED CALLSITE UNIT DENSE
       PARALLEL_ITERATIONS PRIVATE.

/* ---- top level ----------------------------------------------------------- */
start ::= MODE_MODULE top_items.
start ::= MODE_FUNCS top_items.
start ::= MODE_OPS stmts.

top_items ::= .
top_items ::= top_items top_item.
top_item ::= func.
top_item ::= module.
top_item ::= HASH_ID(H) EQ loc(L).                 { irb_alias_def(ctx, &H, L); }
top_item ::= HASH_ID(H) EQ attr(V).                { irb_attr_alias_def(ctx, &H, V); }
top_item ::= DIALECT_TYPE(H) EQ type(T).           { irb_type_alias_def(ctx, &H, T); }
top_item ::= gfunc.
top_item ::= gmodule.
/* An op at module level (docs/syntax.md): the generic form only, as
** mlir-opt reads an op of a dialect it does not know. */
top_item ::= gop(O) loc_opt(L).                    { irb_top_stmt(ctx, NULL, O, L); }
top_item ::= results(R) EQ gop(O) loc_opt(L).      { irb_top_stmt(ctx, R, O, L); }

/* The generic form (what -mlir-print-op-generic prints):
**   "func.func"() ({ ^bb0(%arg0: T): ... }) {function_type = .., sym_name = ".."} : () -> ()
**   "builtin.module"() ({ ... }) {sym_name = ".."} : () -> ()
** An empty region is a declaration. */
gfunc ::= gfunc_open stmts RBRACE RPAREN attr_dict_opt(A) COLON fntype(F) loc_opt(L). { irb_gfunc_end(ctx, A, F, L); }
gfunc_open ::= GEN_FUNC(N) LPAREN RPAREN LPAREN LBRACE(T).  { irb_gfunc_open(ctx, &N, &T, NULL); }
gfunc_open ::= GEN_FUNC(N) LPAREN RPAREN LPAREN LBRACE(T) CARET_ID LPAREN bargs_opt(A) RPAREN COLON.
                                                   { irb_gfunc_open(ctx, &N, &T, A); }
gmodule ::= gmodule_open top_items RBRACE RPAREN attr_dict_opt(A) COLON fntype(F) loc_opt. { irb_gmodule_end(ctx, A, F); }
gmodule_open ::= GEN_MODULE(N) LPAREN RPAREN LPAREN LBRACE. { irb_module_head(ctx, &N, NULL, irb_vec(ctx, NULL)); }
/* An empty module's block, as -mlir-print-op-generic writes it. */
gmodule_open ::= GEN_MODULE(N) LPAREN RPAREN LPAREN LBRACE CARET_ID COLON. { irb_module_head(ctx, &N, NULL, irb_vec(ctx, NULL)); }

/* module [@name] [attributes {..}] { ... } */
module ::= module_head LBRACE top_items RBRACE loc_opt.   { irb_module_end(ctx); }
module_head ::= MODULE(K) sym_opt(S) fattrs_opt(A). { irb_module_head(ctx, &K, S.kind ? &S : NULL, A); }
%type sym_opt {Token}
sym_opt(A) ::= .                                   { A = notoken(); }
sym_opt(A) ::= SYMBOL(S).                          { A = S; }

/* func.func [private] @name(args) [-> results] [attributes {..}] [{ body }] */
func ::= func_head(F) body_open stmts RBRACE(R) loc_opt(L). { irb_func_end(ctx, F, true, &R, L); }
func ::= func_head(F) loc_opt(L).                  { irb_func_end(ctx, F, false, NULL, L); }
func_head(F) ::= FUNC(K) priv_opt(P) SYMBOL(S) LPAREN fargs_opt(A) RPAREN fresults_opt(R) fattrs_opt(T).
                                                   { F = irb_func_head(ctx, &K, P, &S, A, R, T); }
body_open ::= LBRACE(T).                           { irb_func_body_open(ctx, &T); }
%type priv_opt {bool}
priv_opt(A) ::= .                                  { A = false; }
priv_opt(A) ::= PRIVATE.                           { A = true; }
fargs_opt(A) ::= .                                 { A = irb_vec(ctx, NULL); }
fargs_opt(A) ::= fargs(B).                         { A = B; }
fargs(A) ::= farg(B).                              { A = irb_vec(ctx, B); }
fargs(A) ::= fargs(B) COMMA farg(C).               { A = irb_push(ctx, B, C); }
/* An argument or a result may carry a dictionary: `%a: f32 {foo.k = 1}`,
** `-> (i32 {foo.x})` (docs/syntax.md "Argument and result attributes"). */
farg(A) ::= VALUE(V) COLON type(T) attr_dict_opt(D). { A = irb_arg(ctx, &V, T, D); }
farg(A) ::= type(T) attr_dict_opt(D).              { A = irb_arg(ctx, NULL, T, D); }
fresults_opt(A) ::= .                              { A = irb_vec(ctx, NULL); }
fresults_opt(A) ::= ARROW stype(T).                { A = irb_vec(ctx, irb_arg(ctx, NULL, T, NULL)); }
fresults_opt(A) ::= ARROW LPAREN RPAREN.           { A = irb_vec(ctx, NULL); }
fresults_opt(A) ::= ARROW LPAREN fresults(B) RPAREN. { A = B; }
fresults(A) ::= fresult(B).                        { A = irb_vec(ctx, B); }
fresults(A) ::= fresults(B) COMMA fresult(C).      { A = irb_push(ctx, B, C); }
fresult(A) ::= type(T) attr_dict_opt(D).           { A = irb_arg(ctx, NULL, T, D); }
fattrs_opt(A) ::= .                                { A = NULL; }
fattrs_opt(A) ::= ATTRIBUTES attr_dict(D).         { A = D; }

/* ---- statements ---------------------------------------------------------- */
stmts ::= .
stmts ::= stmts stmt.
stmt ::= op(O) loc_opt(L).                         { irb_stmt(ctx, NULL, O, L); }
stmt ::= FAST_STMT.                                { irb_fast_stmt(ctx); }
stmt ::= results(R) EQ op(O) loc_opt(L).           { irb_stmt(ctx, R, O, L); }
results(A) ::= result(B).                          { A = irb_vec(ctx, B); }
results(A) ::= results(B) COMMA result(C).         { A = irb_push(ctx, B, C); }
result(A) ::= VALUE(T).                            { A = irb_result(ctx, &T); }
result(A) ::= VALUE_GROUP(T).                      { A = irb_result(ctx, &T); }
/* `%r : 2`: MLIR's tokens allow space around the colon (TFRT's tf_fusedbatchnorm.mlir writes `%res: 6`). */
result(A) ::= VALUE(T) COLON INT(N).               { A = irb_result_count(ctx, &T, &N); }

operand(A) ::= VALUE(T).                           { A = irb_use(ctx, &T); }
operand(A) ::= VALUE_HASH(T).                      { A = irb_use(ctx, &T); }
operands(A) ::= operand(B).                        { A = irb_vec(ctx, B); }
operands(A) ::= operands(B) COMMA operand(C).      { A = irb_push(ctx, B, C); }
operands_opt(A) ::= .                              { A = irb_vec(ctx, NULL); }
operands_opt(A) ::= operands(B).                   { A = B; }
call_args(A) ::= LPAREN operands_opt(B) RPAREN.    { A = B; }

/* ---- operations: generic form -------------------------------------------- */
/* "op.name"(%a, %b) [({region}, ...)] [{attrs}] : (Ta, Tb) -> R */
op(X) ::= gop(G).                                  { X = G; }
%type gop {Op *}
gop(X) ::= gen_head(H) gen_regions_opt attr_dict_opt(A) COLON fntype(F). { X = irb_op_generic(ctx, H, A, F); }
gen_head(H) ::= STRING(N) LPAREN operands_opt(O) RPAREN. { H = irb_op_generic_head(ctx, &N, O); }
gen_regions_opt ::= .
gen_regions_opt ::= LPAREN gregions RPAREN.
gregions ::= gregion.
gregions ::= gregions COMMA gregion.
gregion ::= gregion_open stmts RBRACE(R).          { irb_region_close(ctx, &R); }
gregion_open ::= LBRACE(T).                        { irb_region_open_args(ctx, &T, NULL); }
gregion_open ::= LBRACE(T) CARET_ID LPAREN bargs_opt(A) RPAREN COLON. { irb_region_open_args(ctx, &T, A); }
gregion_open ::= LBRACE(T) CARET_ID COLON.         { irb_region_open_args(ctx, &T, NULL); }
bargs_opt(A) ::= .                                 { A = irb_vec(ctx, NULL); }
bargs_opt(A) ::= bargs(B).                         { A = B; }
bargs(A) ::= barg(B).                              { A = irb_vec(ctx, B); }
bargs(A) ::= bargs(B) COMMA barg(C).               { A = irb_push(ctx, B, C); }
barg(A) ::= VALUE(V) COLON type(T).                { A = irb_arg(ctx, &V, T, NULL); }

/* ---- operations: custom syntax, one group per family ---------------------- */
/* tfrt.new.chain ATTRS */
op(X) ::= OP_NULLARY(N) attr_dict_opt(A).          { X = irb_op_simple(ctx, &N, NULL, A, NULL, NULL); }
/* tfrt.minus.i32 %a ATTRS : (T) -> R   (a known generic-only op written bare;
** an unknown name in an op's place never gets here: parser.c reports it) */
op(X) ::= OP_GENERIC(N) operands_opt(O) attr_dict_opt(A) COLON fntype(F). { X = irb_op_simple(ctx, &N, O, A, NULL, F); }
/* tfrt.add.i32 %a, %b ATTRS [: Ta, Tb] */
op(X) ::= OP_OPERANDS(N) operands(O) attr_dict_opt(A). { X = irb_op_simple(ctx, &N, O, A, NULL, NULL); }
op(X) ::= OP_OPERANDS(N) operands(O) attr_dict_opt(A) COLON types(T). { X = irb_op_simple(ctx, &N, O, A, T, NULL); }
/* tfrt.merge.chains %a, %b ATTRS : Ta, Tb; without operands `tfrt.merge.chains :`.
** TFRT's older files leave the types out (tfrt.merge.chains %a, %b;
** tfrt_test.test_cost %ch {...}): they are the operands' (docs/syntax.md). */
op(X) ::= OP_OPERANDS_TYPED(N) attr_dict_opt(A) COLON types_opt(T). { X = irb_op_simple(ctx, &N, irb_vec(ctx, NULL), A, T, NULL); }
op(X) ::= OP_OPERANDS_TYPED(N) operands(O) attr_dict_opt(A) COLON types_opt(T). { X = irb_op_simple(ctx, &N, O, A, T, NULL); }
op(X) ::= OP_OPERANDS_TYPED(N) operands(O) attr_dict_opt(A). { X = irb_op_simple(ctx, &N, O, A, NULL, NULL); }
/* tfrt.constant.i32 42 ATTRS;  ts.build_shape [1 : i64] ATTRS */
op(X) ::= OP_CONSTANT(N) attr(V) attr_dict_opt(A). { X = irb_op_constant(ctx, &N, V, A); }
op(X) ::= OP_SHAPE_ATTR(N) attr(V) attr_dict_opt(A). { X = irb_op_constant(ctx, &N, V, A); }
/* tfrt.constant.complex64 1.0, 2.0 ATTRS */
op(X) ::= OP_CONSTANT_COMPLEX(N) attr(R) COMMA attr(I) attr_dict_opt(A). { X = irb_op_complex(ctx, &N, R, I, A); }
/* tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 0 : i32 ATTRS */
op(X) ::= OP_OPERANDS_VALUE(N) operands(O) attr(V) attr_dict_opt(A). { X = irb_op_attr_operand(ctx, &N, O, V, A); }
op(X) ::= OP_OPERANDS_ARRAY(N) operands(O) attr(V) attr_dict_opt(A). { X = irb_op_attr_operand(ctx, &N, O, V, A); }
/* tfrt.call @f(%a) ATTRS : (Ta) -> Tr */
op(X) ::= OP_CALL(N) SYMBOL(S) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_call(ctx, &N, NULL, &S, NULL, O, A, F); }
/* tfrt.once @f(%a) ATTRS : (Ta) -> (Tr) */
op(X) ::= OP_ONCE(N) SYMBOL(S) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_call(ctx, &N, NULL, &S, NULL, O, A, F); }
/* rv.critical %cs @f(%a) ATTRS : (Ta) -> (Tr) */
op(X) ::= OP_CRITICAL(N) operand(C) SYMBOL(S) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_call(ctx, &N, C, &S, NULL, O, A, F); }
/* tfrt.cond %c @t @f (%a) ATTRS : (Ta) -> (Tr) */
op(X) ::= OP_COND(N) operand(C) SYMBOL(S) SYMBOL(T) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_call(ctx, &N, C, &S, &T, O, A, F); }
/* tfrt.case %i [@b0, @b1] (%a) ATTRS : (Ta) -> (Tr) */
op(X) ::= OP_CASE(N) operand(C) LBRACKET symbols(B) RBRACKET call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_case(ctx, &N, C, B, O, A, F); }
symbols(A) ::= SYMBOL(S).                          { A = irb_vec(ctx, (void *)irb_attr_symbol(ctx, &S)); }
symbols(A) ::= symbols(B) COMMA SYMBOL(S).         { A = irb_push(ctx, B, (void *)irb_attr_symbol(ctx, &S)); }
/* tfrt.while %c @body(%a) ATTRS parallel_iterations(N) : (Ta) -> (Ta) */
op(X) ::= OP_WHILE(N) operand(C) SYMBOL(S) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_while(ctx, &N, C, &S, O, A, NULL, F); }
op(X) ::= OP_WHILE(N) operand(C) SYMBOL(S) call_args(O) attr_dict_opt(A) PARALLEL_ITERATIONS LPAREN INT(P) RPAREN COLON fntype(F).
                                                   { X = irb_op_while(ctx, &N, C, &S, O, A, &P, F); }
/* tfrt.parallel_call.i32 %s to %e fixed %bs @f(%a) ATTRS [: Ta] */
op(X) ::= OP_PARALLEL_CALL(N) operand(S) TO operand(E) FIXED operand(B) SYMBOL(F) call_args(O) attr_dict_opt(A) colon_types_opt(T).
                                                   { X = irb_op_parallel_call(ctx, &N, S, E, B, &F, O, A, T); }
/* tfrt.return [%a, %b [: Ta, Tb]] */
op(X) ::= OP_RETURN(N).                            { X = irb_op_return(ctx, &N, NULL, NULL); }
op(X) ::= OP_RETURN(N) operands(O) colon_types_opt(T). { X = irb_op_return(ctx, &N, O, T); }
/* tfrt_test.sync_benchmark @f(%a : Ta) k = v, ... */
op(X) ::= OP_SYNC_BENCHMARK(N) SYMBOL(F) LPAREN typed_uses_opt(O) RPAREN kwattrs_opt(K).
                                                   { X = irb_op_sync_benchmark(ctx, &N, &F, O, K); }

/* CoreRT (SYN_CORERT): one form per op, told apart by the token after the
** name (docs/language.md §2.8); the builders check that the op takes it.
**   corert.executeop(%h) "op"(%a) {attrs} {fn attrs} : N   (.seq: (%h, %ch))
**   corert.cond %c @t @f (%ch, %a) ATTRS : (Ta) -> (Tr)
**   corert.while @c @b (%ch, %a) ATTRS : (Ta) -> (Tr)
**   corert.get_op_handler %ch "cpu" ATTRS;  corert_sync.get_op_handler "cpu" ATTRS
**   corert.const_dense_tensor dense<[1, 2]> : tensor<2xi32> ATTRS */
op(X) ::= crt_exec(H) crt_count_opt(K).            { X = irb_op_executeop(ctx, H, NULL, NULL, &K); }
op(X) ::= crt_exec(H) attr_dict(A) crt_count_opt(K). { X = irb_op_executeop(ctx, H, A, NULL, &K); }
op(X) ::= crt_exec(H) attr_dict(A) attr_dict(B) crt_count_opt(K). { X = irb_op_executeop(ctx, H, A, B, &K); }
crt_exec(H) ::= OP_CORERT(N) LPAREN operands(C) RPAREN STRING(S) call_args(O).
                                                   { H = irb_executeop_head(ctx, &N, C, &S, O); }
%type crt_count_opt {Token}
crt_count_opt(K) ::= .                             { K = notoken(); }
crt_count_opt(K) ::= COLON INT(T).                 { K = T; }
op(X) ::= OP_CORERT(N) operand(C) SYMBOL(S) SYMBOL(T) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_corert_call(ctx, &N, C, &S, &T, O, A, F); }
op(X) ::= OP_CORERT(N) SYMBOL(S) SYMBOL(T) call_args(O) attr_dict_opt(A) COLON fntype(F).
                                                   { X = irb_op_corert_call(ctx, &N, NULL, &S, &T, O, A, F); }
op(X) ::= OP_CORERT(N) operand(C) STRING(S) attr_dict_opt(A). { X = irb_op_corert_named(ctx, &N, C, &S, A); }
op(X) ::= OP_CORERT(N) STRING(S) attr_dict_opt(A). { X = irb_op_corert_named(ctx, &N, NULL, &S, A); }
op(X) ::= OP_CORERT(N) DENSE(D) LT dbody(B) GT COLON type(T) attr_dict_opt(A).
                                                   { X = irb_op_corert_const(ctx, &N, irb_attr_dense(ctx, &D, B, T), A); }

/* Region-carrying ops: the head builds the op, then each region binds its
** block arguments from the head (docs/language.md §2.7). */
/* tfrt.if %c, %a [attributes {..}] : (Ta) -> (Tr) { } [else { }] */
op(X) ::= if_head(H) region else_opt(E).           { X = irb_op_end(ctx, H, E); }
if_head(H) ::= OP_IF(N) operands(O) kw_attrs_opt(A) COLON fntype(F). { H = irb_op_if_head(ctx, &N, O, A, F); }
%type else_opt {bool}
else_opt(A) ::= .                                  { A = false; }
else_opt(A) ::= ELSE region.                       { A = true; }
/* tfrt.repeat.i32 %n, %a [attributes {..}] [: Ta] { } */
op(X) ::= repeat_head(H) region.                   { X = irb_op_end(ctx, H, false); }
repeat_head(H) ::= OP_REPEAT(N) operands(O) kw_attrs_opt(A) colon_types_opt(T). { H = irb_op_repeat_head(ctx, &N, O, A, T); }
/* tfrt.parallel_for.i32 %s to %e fixed %bs[, %a] [attributes {..}] [: Ta] { } */
op(X) ::= pfor_head(H) region.                     { X = irb_op_end(ctx, H, false); }
pfor_head(H) ::= OP_PARALLEL_FOR(N) operand(S) TO operand(E) FIXED operand(B) more_operands(O) kw_attrs_opt(A) colon_types_opt(T).
                                                   { H = irb_op_pfor_head(ctx, &N, S, E, B, O, A, T); }
more_operands(A) ::= .                             { A = irb_vec(ctx, NULL); }
more_operands(A) ::= COMMA operands(B).            { A = B; }
/* tfrt_test.do.async %a [attributes {..}] : (Ta) -> (Tr) { } */
op(X) ::= do_head(H) region.                       { X = irb_op_end(ctx, H, false); }
do_head(H) ::= OP_DO_ASYNC(N) operands_opt(O) kw_attrs_opt(A) COLON fntype(F). { H = irb_op_do_async_head(ctx, &N, O, A, F); }
/* tfrt_test.benchmark "name"(%a : Ta) k = v, ... { } */
op(X) ::= bench_head(H) region.                    { X = irb_op_end(ctx, H, false); }
bench_head(H) ::= OP_BENCHMARK(N) STRING(S) LPAREN typed_uses_opt(O) RPAREN kwattrs_opt(K).
                                                   { H = irb_op_benchmark_head(ctx, &N, &S, O, K); }

typed_uses_opt(A) ::= .                            { A = irb_vec(ctx, NULL); }
typed_uses_opt(A) ::= typed_uses(B).               { A = B; }
typed_uses(A) ::= typed_use(B).                    { A = irb_vec(ctx, B); }
typed_uses(A) ::= typed_uses(B) COMMA typed_use(C). { A = irb_push(ctx, B, C); }
typed_use(A) ::= VALUE(V) COLON type(T).           { A = irb_typed_use(ctx, &V, T); }
typed_use(A) ::= VALUE_HASH(V) COLON type(T).      { A = irb_typed_use(ctx, &V, T); }
kwattrs_opt(A) ::= .                               { A = irb_vec(ctx, NULL); }
kwattrs_opt(A) ::= kwattrs(B).                     { A = B; }
kwattrs(A) ::= kwattr(B).                          { A = irb_vec(ctx, B); }
kwattrs(A) ::= kwattrs(B) COMMA kwattr(C).         { A = irb_push(ctx, B, C); }
kwattr(A) ::= BARE_ID(K) EQ attr(V).               { A = irb_named(ctx, &K, V); }

region ::= region_open stmts RBRACE(R).            { irb_region_close(ctx, &R); }
region_open ::= LBRACE(T).                         { irb_region_open(ctx, &T); }
kw_attrs_opt(A) ::= .                              { A = NULL; }
kw_attrs_opt(A) ::= ATTRIBUTES attr_dict(D).       { A = D; }
colon_types_opt(A) ::= .                           { A = NULL; }
colon_types_opt(A) ::= COLON types(T).             { A = T; }
colon_types_opt(A) ::= COLON LPAREN types_opt(T) RPAREN. { A = T; }

/* ---- types ---------------------------------------------------------------- */
/* A type is a named one (stype) or a function type, which may stand
** wherever a type does (docs/syntax.md): `(i32) -> i64` as an argument's
** type, `() -> ((i32) -> i64)` for an op returning one. As in MLIR, a
** function type's single result is a named type or a parenthesised list,
** so `(A) -> (B) -> C` is an error and `(A) -> ((B) -> C)` is meant. */
%type type {const Type *}
type(A) ::= stype(B).                              { A = B; }
type(A) ::= fntype(B).                             { A = B; }
%type stype {const Type *}
stype(A) ::= BARE_ID(T).                           { A = irb_type(ctx, &T); }
stype(A) ::= DIALECT_TYPE(T).                      { A = irb_type(ctx, &T); }
stype(A) ::= TENSOR_TYPE(T).                       { A = irb_type(ctx, &T); }
stype(A) ::= COMPLEX_TYPE(T).                      { A = irb_type(ctx, &T); }
types(A) ::= type(B).                              { A = irb_vec(ctx, (void *)B); }
types(A) ::= types(B) COMMA type(C).               { A = irb_push(ctx, B, (void *)C); }
types_opt(A) ::= .                                 { A = irb_vec(ctx, NULL); }
types_opt(A) ::= types(B).                         { A = B; }
%type fntype {const Type *}
fntype(A) ::= LPAREN types_opt(I) RPAREN ARROW stype(R). { A = irb_fntype(ctx, I, irb_vec(ctx, (void *)R)); }
fntype(A) ::= LPAREN types_opt(I) RPAREN ARROW LPAREN types_opt(R) RPAREN. { A = irb_fntype(ctx, I, R); }

/* ---- attributes ----------------------------------------------------------- */
attr_dict_opt(A) ::= .                             { A = NULL; }
attr_dict_opt(A) ::= attr_dict(B).                 { A = B; }
attr_dict(A) ::= LBRACE RBRACE.                    { A = irb_vec(ctx, NULL); }
attr_dict(A) ::= LBRACE named_list(B) RBRACE.      { A = B; }
named_list(A) ::= named(B).                        { A = irb_vec(ctx, B); }
named_list(A) ::= named_list(B) COMMA named(C).    { A = irb_push(ctx, B, C); }
named(A) ::= key(K) EQ attr(V).                    { A = irb_named(ctx, &K, V); }
named(A) ::= key(K).                               { A = irb_named(ctx, &K, irb_attr_unit(ctx)); }
%type key {Token}
key(A) ::= BARE_ID(T).                             { A = T; }
key(A) ::= STRING(T).                              { A = T; }

%type attr {const Attr *}
attr(A) ::= INT(T).                                { A = irb_attr_int(ctx, &T, NULL); }
attr(A) ::= INT(T) COLON type(Y).                  { A = irb_attr_int(ctx, &T, Y); }
attr(A) ::= FLOAT(T).                              { A = irb_attr_float(ctx, &T, NULL); }
attr(A) ::= FLOAT(T) COLON type(Y).                { A = irb_attr_float(ctx, &T, Y); }
attr(A) ::= TRUE.                                  { A = irb_attr_bool(ctx, true); }
attr(A) ::= FALSE.                                 { A = irb_attr_bool(ctx, false); }
attr(A) ::= STRING(T).                             { A = irb_attr_string(ctx, &T, NULL); }
attr(A) ::= STRING(T) COLON type(Y).               { A = irb_attr_string(ctx, &T, Y); }
attr(A) ::= SYMBOL(T).                             { A = irb_attr_symbol(ctx, &T); }
attr(A) ::= UNIT.                                  { A = irb_attr_unit(ctx); }
attr(A) ::= type(T).                               { A = irb_attr_type(ctx, T); }
attr(A) ::= LBRACKET RBRACKET.                     { A = irb_attr_array(ctx, irb_vec(ctx, NULL)); }
attr(A) ::= LBRACKET attr_list(L) RBRACKET.        { A = irb_attr_array(ctx, L); }
attr(A) ::= attr_dict(D).                          { A = irb_attr_dict(ctx, D); }
attr(A) ::= DENSE(D) LT dbody(B) GT COLON type(T). { A = irb_attr_dense(ctx, &D, B, T); }
attr(A) ::= OPAQUE_ATTR(T).                        { A = irb_attr_opaque(ctx, &T); }
attr(A) ::= HASH_ID(T).                            { A = irb_attr_alias(ctx, &T); }
/* What dense<...> holds: a value, a (nested) list of them, or complex
** elements (re, im) alone or in (nested) lists. */
%type dbody {const Attr *}
dbody(A) ::= attr(B).                              { A = B; }
dbody(A) ::= cplx(B).                              { A = B; }
dbody(A) ::= clist(B).                             { A = B; }
/* A complex element of dense<...>: (re, im). */
%type cplx {const Attr *}
cplx(A) ::= LPAREN cnum(R) COMMA cnum(I) RPAREN.   { A = irb_attr_complex(ctx, R, I); }
%type cnum {const Attr *}
cnum(A) ::= INT(T).                                { A = irb_attr_int(ctx, &T, NULL); }
cnum(A) ::= FLOAT(T).                              { A = irb_attr_float(ctx, &T, NULL); }
cplx_list(A) ::= cplx(B).                          { A = irb_vec(ctx, (void *)B); }
cplx_list(A) ::= cplx_list(B) COMMA cplx(C).       { A = irb_push(ctx, B, (void *)C); }
/* A list of complex elements, nested as the tensor's shape is
** (`[[(1.0, 2.0)], [(3.0, 4.0)]]`). */
%type clist {const Attr *}
clist(A) ::= LBRACKET cplx_list(L) RBRACKET.       { A = irb_attr_array(ctx, L); }
clist(A) ::= LBRACKET clists(L) RBRACKET.          { A = irb_attr_array(ctx, L); }
%type clists {Vec *}
clists(A) ::= clist(B).                            { A = irb_vec(ctx, (void *)B); }
clists(A) ::= clists(B) COMMA clist(C).            { A = irb_push(ctx, B, (void *)C); }
attr_list(A) ::= attr(B).                          { A = irb_vec(ctx, (void *)B); }
attr_list(A) ::= attr_list(B) COMMA attr(C).       { A = irb_push(ctx, B, (void *)C); }

/* ---- locations ------------------------------------------------------------ */
%type loc_opt {const Loc *}
loc_opt(A) ::= .                                   { A = NULL; }
loc_opt(A) ::= loc(B).                             { A = B; }
%type loc {const Loc *}
loc(A) ::= LOC LPAREN loc_body(B) RPAREN.          { A = B; }
%type loc_body {const Loc *}
loc_body(A) ::= STRING(S).                         { A = irb_loc_name(ctx, &S, NULL); }
loc_body(A) ::= STRING(S) LPAREN loc_body(C) RPAREN. { A = irb_loc_name(ctx, &S, C); }
loc_body(A) ::= STRING(S) COLON INT(L) COLON INT(C). { A = irb_loc_file(ctx, &S, &L, &C); }
loc_body(A) ::= UNKNOWN.                           { A = irb_loc_unknown(ctx); }
loc_body(A) ::= FUSED LBRACKET loc_items(I) RBRACKET. { A = irb_loc_fused(ctx, NULL, I); }
loc_body(A) ::= FUSED LT attr(M) GT LBRACKET loc_items(I) RBRACKET. { A = irb_loc_fused(ctx, M, I); }
loc_body(A) ::= CALLSITE LPAREN loc_body(E) AT loc_body(R) RPAREN. { A = irb_loc_callsite(ctx, E, R); }
loc_body(A) ::= HASH_ID(H).                        { A = irb_loc_alias(ctx, &H); }
loc_items(A) ::= loc_body(B).                      { A = irb_vec(ctx, (void *)B); }
loc_items(A) ::= loc_items(B) COMMA loc_body(C).   { A = irb_push(ctx, B, (void *)C); }

%code {
/* The stack the parser would shift token [major] onto, after the
** reductions that token triggers: the real stack up to [base] plus the
** states [shadow] pushed by those reductions. Simulated, so nothing
** changes and no action runs. False if [major] is an error here. */
typedef struct ShadowStack {
    yyStackEntry *base;
    YYACTIONTYPE shadow[32];
    int ns;
    YYACTIONTYPE at;             /* the state that shifts [major] */
} ShadowStack;

static bool shift_target(yyParser *p, int major, ShadowStack *s) {
    s->ns = 0;
    s->base = p->yytos;
    YYACTIONTYPE act = s->base->stateno;
    for (int guard = 0; guard < 1000; guard++) {
        s->at = act;
        act = yy_find_shift_action((YYCODETYPE)major, act);
        if (act < YY_MIN_REDUCE) return act <= YY_MAX_SHIFTREDUCE;   /* else error, accept */
        unsigned rule = act - YY_MIN_REDUCE;
        int pop = -yyRuleInfoNRhs[rule];
        int from_shadow = pop < s->ns ? pop : s->ns;
        s->ns -= from_shadow;
        pop -= from_shadow;
        if (s->base - pop < p->yystack) return false;
        s->base -= pop;
        YYACTIONTYPE below = s->ns ? s->shadow[s->ns - 1] : s->base->stateno;
        if (s->ns == (int)(sizeof s->shadow / sizeof s->shadow[0])) return false;
        act = yy_find_reduce_action(below, (YYCODETYPE)yyRuleInfoLhs[rule]);
        s->shadow[s->ns++] = act;
    }
    return false;
}

/* Would a `%name` token here begin a statement, so that the driver may
** send the statement whole as FAST_STMT instead? True when both tokens
** are shifted onto the same stack: FAST_STMT can only be shifted where a
** statement begins. (Lemon's default reductions mean a token's table entry
** alone does not say whether it is acceptable; and after `tfrt.return` a
** `%name` is an operand, though a statement could begin there too.) */
bool irParseAtStmt(void *parser) {
    yyParser *p = parser;
    ShadowStack f, v;
    if (!shift_target(p, TK_FAST_STMT, &f) || !shift_target(p, TK_VALUE, &v)) return false;
    if (f.base != v.base || f.ns != v.ns) return false;
    return memcmp(f.shadow, v.shadow, (size_t)f.ns * sizeof f.shadow[0]) == 0;
}

/* Is the parser where an op's name comes (the start of a statement, or
** after `%r =`)? True when an op-name token would be shifted here as
** itself, not through %fallback as a BARE_ID, and a BARE_ID would not be
** taken: so a bare word here can only be an op's name. */
bool irParseAtOpName(void *parser) {
    yyParser *p = parser;
    ShadowStack s, b;
    if (!shift_target(p, TK_OP_GENERIC, &s) || s.at > YY_MAX_SHIFT) return false;
    if (yy_lookahead[yy_shift_ofst[s.at] + TK_OP_GENERIC] != TK_OP_GENERIC) return false;
    return !shift_target(p, TK_BARE_ID, &b);
}

/* Would the parser take an op-name token here at all (as itself or as
** the BARE_ID it falls back to)? */
bool irParseTakesOpName(void *parser) {
    ShadowStack s;
    return shift_target(parser, TK_OP_GENERIC, &s);
}

/* Reports a syntax error at [tok]: "expected X" when the parser state
** allows few tokens, else "unexpected X". The candidates are the terminals
** with an action in the state on top of the stack. */
static void syntax_error(ParseCtx *ctx, void *parser, int major, const Token *tok) {
    yyParser *p = parser;
    const char *names[8];
    int n = 0;
    bool any_op = false;
    if (ctx->failed) return;
    for (int t = 1; t < YYNTOKEN; t++) {
        if (t == TK_FAST_STMT) continue;   /* never written by the user */
        /* The generic form's keywords are named by 'func.func' and 'module'. */
        if (t == TK_GEN_FUNC || t == TK_GEN_MODULE) continue;
        /* `!name = type` at the top level is an alias, as `#name = ..` is. */
        if (t == TK_DIALECT_TYPE && yy_find_shift_action(TK_HASH_ID, p->yytos->stateno) != YY_ERROR_ACTION) continue;
        YYACTIONTYPE act = yy_find_shift_action((YYCODETYPE)t, p->yytos->stateno);
        if (act == YY_ERROR_ACTION || act == YY_NO_ACTION) continue;
        if (t >= TK_OP_GENERIC && t < TK_OP_FAMILY_END) {
            if (yyFallback[t] != 0 && yy_find_shift_action(TK_BARE_ID, p->yytos->stateno) != YY_ERROR_ACTION
                && act == yy_find_shift_action(TK_BARE_ID, p->yytos->stateno)) continue;
            if (any_op) continue;
            any_op = true;
        }
        const char *nm = lex_token_name(t);
        bool dup = false;
        for (int i = 0; i < n && i < 8; i++) if (strcmp(names[i], nm) == 0) dup = true;
        if (dup) continue;
        if (n < 8) names[n] = nm;
        n++;
    }
    const char *got = major == 0 ? "end of input" : lex_token_name(major);
    /* At module level, where an op is read in generic form only
    ** (docs/syntax.md): among the functions, or after `%r =` there. */
    bool top_items = yy_find_shift_action(TK_FUNC, p->yytos->stateno) != YY_ERROR_ACTION;
    bool top_op = n == 1 && !strcmp(names[0], lex_token_name(TK_STRING)) && irb_at_module_level(ctx);
    if ((top_items || top_op) && major >= TK_OP_GENERIC && major < TK_OP_FAMILY_END) {
        int len = tok->len > 60 ? 60 : (int)tok->len;
        irb_error(ctx, tok, "an op at module level is written in generic form: \"%.*s\"(...) : (...) -> (...)",
                  len, tok->s);
        return;
    }
    if (top_op) {
        irb_error(ctx, tok, "expected an op name in quotes (at module level an op is written in generic form)");
        return;
    }
    if (top_items && n > 3) {
        if (got[0] == '\'' || major == 0)
            irb_error(ctx, tok, "expected 'func.func', 'module', an alias or an op in generic form, got %s", got);
        else
            irb_error(ctx, tok, "expected 'func.func', 'module', an alias or an op in generic form, got '%.*s'",
                      tok->len > 40 ? 40 : (int)tok->len, tok->s);
        return;
    }
    bool want_attr = yy_find_shift_action(TK_INT, p->yytos->stateno) != YY_ERROR_ACTION
                     && yy_find_shift_action(TK_LBRACKET, p->yytos->stateno) != YY_ERROR_ACTION;
    bool want_op = yy_find_shift_action(TK_OP_NULLARY, p->yytos->stateno) != YY_ERROR_ACTION
                   && yy_find_shift_action(TK_STRING, p->yytos->stateno) != YY_ERROR_ACTION;
    if (n > 3 && want_attr) { irb_error(ctx, tok, "expected an attribute value"); return; }
    if (n > 3 && want_op && major == 0) { irb_error(ctx, tok, "expected an operation or '}' before the end of input"); return; }
    if (n > 3 && want_op) {
        if (got[0] == '\'') irb_error(ctx, tok, "expected an operation, got %s", got);
        else irb_error(ctx, tok, "expected an operation, got '%.*s'", tok->len > 40 ? 40 : (int)tok->len, tok->s);
        return;
    }
    if (n == 1) irb_error(ctx, tok, "expected %s", names[0]);
    else if (n == 2) irb_error(ctx, tok, "expected %s or %s", names[0], names[1]);
    else if (n == 3) irb_error(ctx, tok, "expected %s, %s or %s", names[0], names[1], names[2]);
    else if (major == 0) irb_error(ctx, tok, "unexpected end of input");
    else if (got[0] == '\'') irb_error(ctx, tok, "unexpected %s", got);
    else irb_error(ctx, tok, "unexpected %s '%.*s'", got, tok->len > 40 ? 40 : (int)tok->len, tok->s);
}
}
