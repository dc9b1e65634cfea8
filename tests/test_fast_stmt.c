/*
** test_fast_stmt.c — the parser's whole-statement fast path (parser.c,
** `stmt ::= FAST_STMT` in grammar.y, irb_fast_stmt in parser/fast.c).
**
** A statement of the common generic shape `%r = "op"(%a, ...) : (T, ...) -> T`
** is read by the driver and built at once instead of token by token. The
** contract is that nothing observable changes: every program below is
** parsed twice, with and without the fast path, and the printed IR and the
** diagnostics must be byte for byte the same. Each test also checks what
** the result must be (ops, names, types, uses, the message and its place),
** so that a fast path and a token path that went wrong together still fail.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parser/parser.h"
#include "ir/print.h"
#include "ops/optable.h"

typedef struct Run {
    Module *m;
    char *err;       /* the diagnostics */
    char *ir;        /* the printed module and dump_block of every body
                        ("" when the parse failed) */
} Run;

/* Everything the printer leaves out: places, locations, value numbers,
** names as written and each value's uses in order. */
static void dump_value(FILE *out, const Value *v) {
    fprintf(out, " [%s %s #%d r%d uses %d:", v->name ? v->name : "-", v->type ? v->type->spelling : "-",
            v->index, v->result_index, v->nuses);
    for (const Use *u = v->uses; u; u = u->next) fprintf(out, " %d.%d", u->user->index, u->operand);
    fprintf(out, "]");
}

static void dump_block(FILE *out, const Block *b, int depth) {
    fprintf(out, "%*sblock nvalues %d unique %d args", depth, "", b->nvalues, b->names_unique);
    for (int i = 0; i < b->nargs; i++) dump_value(out, b->args[i]);
    fprintf(out, "\n");
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        fprintf(out, "%*s%d %d:%d info %d parent %d ", depth, "", op->index, op->line, op->col,
                op->info != NULL, op->parent == b);
        ir_print_op_brief(out, op);
        fprintf(out, " ");
        if (op->loc) ir_print_loc(out, op->loc);
        for (int k = 0; k < op->noperands; k++)
            fprintf(out, " (%s %s)", op->operands[k]->name ? op->operands[k]->name : "-",
                    op->operand_types[k]->spelling);
        for (int k = 0; k < op->nresults; k++) dump_value(out, op->results[k]);
        fprintf(out, "\n");
        for (int r = 0; r < op->nregions; r++) dump_block(out, op->regions[r], depth + 2);
    }
}

static Run parse_with(const char *src, bool fast) {
    Run r;
    size_t n;
    FILE *out = open_memstream(&r.err, &n);
    DiagSink *d = diag_new(out);
    diag_set_color(d, false);
    ParseOptions o = { .no_fast_stmts = !fast };
    r.m = parse_module_with("t.mlir", src, strlen(src), d, &o);
    diag_free(d);
    fclose(out);
    out = open_memstream(&r.ir, &n);
    if (r.m) {
        ir_print_module(out, r.m);
        for (int i = 0; i < r.m->nfuncs; i++)
            if (r.m->funcs[i]->body) dump_block(out, r.m->funcs[i]->body, 0);
    }
    fclose(out);
    return r;
}

static void drop(Run *r) {
    ir_module_free(r->m);
    free(r->err);
    free(r->ir);
}

/* Parses [src] both ways, checks that they agree, and returns the fast
** one (the caller drops it). */
static Run both(const char *src) {
    Run fast = parse_with(src, true), slow = parse_with(src, false);
    cr_assert_eq(fast.m != NULL, slow.m != NULL, "one way parsed, the other did not:\n%s", src);
    cr_assert_str_eq(fast.err, slow.err, "diagnostics differ for:\n%s", src);
    cr_assert_str_eq(fast.ir, slow.ir, "IR differs for:\n%s", src);
    drop(&slow);
    return fast;
}

/* [src] must fail, the same way on both paths, with [msg] at LINE:COL. */
static void fails(const char *src, int line, int col, const char *msg) {
    Run r = both(src);
    cr_expect_null(r.m, "should fail:\n%s", src);
    char want[300];
    snprintf(want, sizeof want, "t.mlir:%d:%d: error: %s", line, col, msg);
    cr_expect(strstr(r.err, want) != NULL, "want '%s'\n got '%s'", want, r.err);
    drop(&r);
}

#define HEAD "func.func @f(%a: i32, %b: i32) -> i32 {\n"

Test(fast_stmt, chain_builds_ops_values_and_uses) {
    Run r = both(HEAD
                 "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n"
                 "  %y = \"tfrt.add.i32\"(%x, %x) : (i32, i32) -> (i32)\n"
                 "  %z = \"foo.bar\"() : () -> i64\n"
                 "  tfrt.return %y : i32\n"
                 "}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    Func *f = ir_module_func(r.m, "f");
    Block *b = f->body;
    cr_assert_eq(b->nops, 4);
    Op *x = b->ops[0], *y = b->ops[1], *z = b->ops[2];
    cr_expect_str_eq(x->name, "tfrt.add.i32");
    cr_expect_not_null(x->info);
    cr_expect_null(z->info, "foo.bar is not in the op table");
    cr_expect_eq(x->noperands, 2);
    cr_expect_eq(x->operands[0], b->args[0]);
    cr_expect_eq(x->operands[1], b->args[1]);
    cr_expect_str_eq(x->operand_types[0]->spelling, "i32");
    cr_expect_eq(x->nresults, 1);
    cr_expect_str_eq(x->results[0]->name, "%x");
    cr_expect_str_eq(x->results[0]->type->spelling, "i32");
    cr_expect_eq(x->results[0]->def, x);
    cr_expect_eq(x->results[0]->block, b);
    /* Registers: the two arguments, then results in op order (docs/execution.md §3). */
    cr_expect_eq(x->results[0]->index, 2);
    cr_expect_eq(y->results[0]->index, 3);
    cr_expect_eq(z->results[0]->index, 4);
    cr_expect_eq(b->nvalues, 5);
    cr_expect_str_eq(z->results[0]->type->spelling, "i64");
    /* %x is used twice by %y, in source order. */
    Value *xv = x->results[0];
    cr_expect_eq(xv->nuses, 2);
    cr_assert_not_null(xv->uses);
    cr_expect_eq(xv->uses->user, y);
    cr_expect_eq(xv->uses->operand, 0);
    cr_assert_not_null(xv->uses->next);
    cr_expect_eq(xv->uses->next->operand, 1);
    cr_expect_null(xv->uses->next->next);
    cr_expect_eq(b->args[0]->nuses, 1);
    /* The op's place is its name's (the quoted string). */
    cr_expect_eq(x->line, 2);
    cr_expect_eq(x->col, 8);
    cr_assert_not_null(x->loc);
    cr_expect_eq(x->loc->kind, LOC_FILE);
    cr_expect_eq(x->loc->line, 2);
    cr_expect_eq(x->loc->col, 8);
    cr_expect_eq(x->index, 0);
    cr_expect_eq(y->index, 1);
    cr_expect_eq(x->parent, b);
    /* The parser rejected every duplicate name here (verify relies on it). */
    cr_expect(b->names_unique);
    drop(&r);
}

/* The REPL's blocks let a name be defined again, so they make no promise. */
Test(fast_stmt, repl_blocks_are_not_names_unique) {
    Run r = both("func.func @f() -> () {\n  tfrt.return\n}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect(ir_module_func(r.m, "f")->body->names_unique);
    ParseScope *s = parse_scope_new(r.m);
    cr_assert_not_null(s);
    const char *ops = "%x = \"tfrt.add.i32\"(%y, %y) : (i32, i32) -> i32\n";
    cr_expect_eq(parse_ops_into(s, "<repl>", ops, strlen(ops), NULL, NULL), -1, "%y is undefined");
    cr_expect_not(parse_scope_block(s)->names_unique);
    drop(&r);
}

Test(fast_stmt, statements_over_several_lines_and_with_comments) {
    Run r = both(HEAD
                 "  %x = \"tfrt.add.i32\"(%a,  // first\n"
                 "        %b)\n"
                 "     : (i32,\n"
                 "        i32) -> i32   // done\n"
                 "  %y = \"tfrt.add.i32\"(%x, %b) : (i32, i32) -> i32 loc(\"y\")\n"
                 "  %z = \"tfrt.add.i32\"(%y, %b) {k = 1 : i32} : (i32, i32) -> i32\n"
                 "  tfrt.return %z : i32\n"
                 "}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = ir_module_func(r.m, "f")->body;
    cr_assert_eq(b->nops, 4);
    cr_expect_eq(b->ops[0]->line, 2);
    cr_expect_eq(b->ops[1]->loc->kind, LOC_NAME);
    cr_expect_str_eq(b->ops[1]->loc->name, "y");
    cr_expect_eq(b->ops[2]->nattrs, 1);
    cr_expect_str_eq(b->ops[2]->attrs[0].name, "k");
    drop(&r);
}

Test(fast_stmt, other_statement_shapes_around_fast_ones) {
    Run r = both(HEAD
                 "  %p, %q = \"foo.two\"(%a) : (i32) -> (i32, i32)\n"
                 "  %g:2 = \"foo.two\"(%p) : (i32) -> (i32, i32)\n"
                 "  %s = \"tfrt.add.i32\"(%g#1, %q) : (i32, i32) -> i32\n"
                 "  %t = \"tfrt.add.i32\"(%s, %p) : (i32, i32) -> i32\n"
                 "  \"foo.sink\"(%t) : (i32) -> ()\n"
                 "  %u = \"tfrt.add.i32\"(%t, %t) : (i32, i32) -> i32\n"
                 "  %c = tfrt.new.chain\n"
                 "  %v = \"tfrt.add.i32\"(%u, %u) : (i32, i32) -> i32\n"
                 "  %w = \"foo.one\"(%v) : (i32) -> i32\n"
                 "  tfrt.return %w : i32\n"
                 "}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = ir_module_func(r.m, "f")->body;
    cr_assert_eq(b->nops, 10);
    cr_expect_eq(b->ops[8]->noperands, 1);
    cr_expect_eq(b->ops[8]->col, 8);
    cr_expect_eq(b->ops[0]->nresults, 2);
    cr_expect_str_eq(b->ops[0]->results[1]->name, "%q");
    cr_expect_eq(b->ops[2]->operands[0], b->ops[1]->results[1]);
    cr_expect_eq(b->ops[2]->operands[1], b->ops[0]->results[1]);
    cr_expect_eq(b->ops[4]->nresults, 0);
    cr_expect_eq(b->ops[7]->operands[0], b->ops[5]->results[0]);
    drop(&r);
}

Test(fast_stmt, inside_regions_and_in_a_module) {
    Run r = both("module {\n"
                 "func.func @g(%n: i32) -> i32 {\n"
                 "  %c = tfrt.new.chain\n"
                 "  %r = tfrt.repeat.i32 %n, %c : !tfrt.chain {\n"
                 "    %x = \"foo.x\"(%c, %c) : (!tfrt.chain, !tfrt.chain) -> i32\n"
                 "    %y = \"foo.y\"(%x, %c) : (i32, !tfrt.chain) -> !tfrt.chain\n"
                 "    tfrt.return %y : !tfrt.chain\n"
                 "  }\n"
                 "  %x = \"tfrt.add.i32\"(%n, %n) : (i32, i32) -> i32\n"
                 "  tfrt.return %x : i32\n"
                 "}\n"
                 "}\n");
    /* The region's %c is its own argument (docs/language.md §2.7: the carried values), and
    ** its %x is defined again outside it. */
    cr_assert_not_null(r.m, "%s", r.err);
    Block *body = ir_module_func(r.m, "g")->body;
    Op *rep = body->ops[1];
    cr_assert_eq(rep->nregions, 1);
    Block *in = rep->regions[0];
    cr_assert_eq(in->nops, 3);
    cr_expect_eq(in->ops[0]->operands[0], in->args[0]);
    cr_expect_eq(in->ops[0]->results[0]->block, in);
    cr_expect_eq(body->ops[2]->operands[0], body->args[0]);
    cr_expect(in->names_unique);
    drop(&r);
}

Test(fast_stmt, types_not_taken_as_written) {
    /* Builtin types in another spelling than the canonical one, and type
    ** alias uses: the fast path leaves them to irb_type (a fast statement
    ** once kept `memref<4 x f32>` and `!int` as written). */
    Run r = both("!int = i32\n"
                 "func.func @f() {\n"
                 "  %x = \"foo.a\"() : () -> !int\n"
                 "  %y = \"foo.b\"(%x) : (!int) -> memref<4 x f32,strided<[1],offset:?>>\n"
                 "  %z = \"foo.c\"(%y) : (memref<4xf32, strided<[1], offset: ?>>) -> !foo.t<a\n"
                 "   b>\n"
                 "  %w = \"foo.c\"(%z) : (!foo.t<a\n   b>) -> i32\n"
                 "  tfrt.return\n"
                 "}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = ir_module_func(r.m, "f")->body;
    cr_assert_eq(b->nops, 5);
    cr_expect_str_eq(b->ops[0]->results[0]->type->spelling, "i32");
    cr_expect_str_eq(b->ops[1]->results[0]->type->spelling, "memref<4xf32, strided<[1], offset: ?>>");
    cr_expect_eq(b->ops[2]->operand_types[0], b->ops[1]->results[0]->type);
    cr_expect_str_eq(b->ops[2]->results[0]->type->spelling, "!foo.t<a\n   b>");
    cr_expect_eq(b->ops[3]->operands[0], b->ops[2]->results[0]);
    cr_expect_eq(b->ops[3]->line, 7);
    cr_expect_eq(b->ops[4]->line, 9);
    drop(&r);
}

Test(fast_stmt, errors_are_those_of_the_grammar_path) {
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %q) : (i32, i32) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 27, "use of undeclared SSA value name '%q'");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i64, i32) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 23, "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a) : (i32, i32) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 8, "1 operands present, but expected 2");
    fails(HEAD "  %x = \"foo.two\"(%a) : (i32) -> (i32, i32)\n  tfrt.return %a : i32\n}\n",
          2, 3, "operation defines 2 results but was provided 1 to bind");
    fails(HEAD "  %x = \"foo.none\"(%a) : (i32) -> ()\n  tfrt.return %a : i32\n}\n",
          2, 3, "operation defines 0 results but was provided 1 to bind");
    fails(HEAD "  %a = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n  tfrt.return %a : i32\n}\n",
          2, 3, "redefinition of SSA value '%a'");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n"
               "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n  tfrt.return %x : i32\n}\n",
          3, 3, "redefinition of SSA value '%x'");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, foo) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 39, "unknown type 'foo'");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, foo.bar) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 39, "expected a type, got 'foo.bar'");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> tfrt.add.i32\n  tfrt.return %x : i32\n}\n",
          2, 47, "expected a type, got 'tfrt.add.i32'");
    fails(HEAD "  %x = \"tfrt\\q.add\"(%a, %b) : (i32, i32) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 13, "invalid escape sequence in string literal");
}

/* An unknown op in custom form is reported at its name before the fast
** statement after it is read; `call` and `return` (func's short forms) and
** the older forms between fast statements build the same IR both ways. */
Test(fast_stmt, unknown_ops_and_short_forms_between_fast_ones) {
    fails(HEAD "  %ch0 = hex.new.chain\n\n  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 10, "custom op 'hex.new.chain' is unknown");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n  %t = async.execute {\n"
               "    %y = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n  }\n  tfrt.return %x : i32\n}\n",
          3, 8, "custom op 'async.execute' is unknown");
    Run r = both("func.func @g(%a: i32 {foo.k}) -> (i32 {foo.r}) {\n  return %a : i32\n}\n"
                 HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n  %y = call @g(%x) : (i32) -> i32\n"
                 "  %z = \"tfrt.add.i32\"(%y, %b) : (i32, i32) -> i32\n  %c = tfrt.new.chain\n"
                 "  %m = tfrt.merge.chains %c, %c\n  %w = \"tfrt.add.i32\"(%z, %b) : (i32, i32) -> i32\n  return %w : i32\n}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    const Block *b = ir_module_func(r.m, "f")->body;
    cr_expect_str_eq(b->ops[1]->name, "func.call");
    cr_expect_str_eq(b->ops[4]->name, "tfrt.merge.chains");
    cr_expect_str_eq(b->ops[4]->operand_types[1]->spelling, "!tfrt.chain");
    cr_expect_str_eq(b->ops[b->nops - 1]->name, "func.return");
    cr_expect_not_null(ir_module_func(r.m, "g")->arg_attrs);
    drop(&r);
}

Test(fast_stmt, values_from_outside_a_region) {
    fails("func.func @g(%n: i32) -> i32 {\n"
          "  %c = tfrt.new.chain\n"
          "  %r = tfrt.repeat.i32 %n, %c : !tfrt.chain {\n"
          "    %x = \"foo.x\"(%c, %r) : (!tfrt.chain, !tfrt.chain) -> i32\n"
          "    tfrt.return %c : !tfrt.chain\n"
          "  }\n"
          "  tfrt.return %n : i32\n"
          "}\n",
          4, 22, "use of undeclared SSA value name '%r'");
    /* The trip count is not a region argument. */
    fails("func.func @g(%n: i32) -> i32 {\n"
          "  %c = tfrt.new.chain\n"
          "  %r = tfrt.repeat.i32 %n, %c : !tfrt.chain {\n"
          "    %x = \"tfrt.add.i32\"(%n, %n) : (i32, i32) -> i32\n"
          "    tfrt.return %c : !tfrt.chain\n"
          "  }\n"
          "  tfrt.return %n : i32\n"
          "}\n",
          4, 25, "'%n' is defined outside of this region (regions are isolated from above)");
}

/* A region of an unknown op sees the values around it and may not define
** their names again (docs/syntax.md "Regions of unknown ops"): fast
** statements there use outer values and are refused a taken name, as the
** token path is. */
Test(fast_stmt, regions_of_unknown_ops) {
    Run r = both("func.func @g(%n: i32) -> i32 {\n"
                 "  %c = \"foo.c\"(%n) : (i32) -> i32\n"
                 "  %w = \"foo.w\"() ({\n"
                 "    %x = \"foo.x\"(%c, %n) : (i32, i32) -> i32\n"
                 "    \"foo.in\"() ({\n"
                 "      %y = \"foo.y\"(%x, %c) : (i32, i32) -> i32\n"
                 "      %z = tfrt.add.i32 %y, %n\n"
                 "    }) : () -> ()\n"
                 "    %y = \"foo.y\"(%x, %x) : (i32, i32) -> i32\n"
                 "  }) : () -> i32\n"
                 "  tfrt.return %w : i32\n"
                 "}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = r.m->funcs[0]->body;
    Block *w = b->ops[1]->regions[0];
    cr_expect_eq(w->ops[0]->operands[0], b->ops[0]->results[0]);
    cr_expect_eq(w->ops[0]->operands[1], b->args[0]);
    Block *in = w->ops[1]->regions[0];
    cr_expect_eq(in->ops[0]->operands[0], w->ops[0]->results[0]);
    cr_expect_eq(in->ops[0]->operands[1], b->ops[0]->results[0]);
    cr_expect_eq(in->ops[1]->operands[1], b->args[0]);
    cr_expect_eq(b->args[0]->nuses, 3);
    drop(&r);
    fails("func.func @g(%n: i32) -> i32 {\n"
          "  %c = \"foo.c\"(%n) : (i32) -> i32\n"
          "  \"foo.w\"() ({\n"
          "    %c = \"foo.x\"(%n) : (i32) -> i32\n"
          "  }) : () -> ()\n"
          "  tfrt.return %n : i32\n"
          "}\n",
          4, 5, "redefinition of SSA value '%c'");
    fails("func.func @g(%n: i32) -> i32 {\n"
          "  \"foo.w\"() ({\n"
          "    %x = \"foo.x\"(%c) : (i32) -> i32\n"
          "  }) : () -> ()\n"
          "  %c = \"foo.c\"(%n) : (i32) -> i32\n"
          "  tfrt.return %n : i32\n"
          "}\n",
          3, 18, "use of undeclared SSA value name '%c'");
}

/* The second shape: `%r = op.name %a, ...` for ops whose custom syntax is
** just their operands (SYN_OPERANDS). As irb_op_simple does, the result
** type comes from the op's signature and the operands keep their own types
** (the verifier checks them against the signature, not the parser). */
Test(fast_stmt, custom_operand_ops) {
    Run r = both("func.func @main() -> i32 {\n"
                 "  %one = tfrt.constant.i32 1\n"
                 "  %x = tfrt.add.i32 %one, %one\n"
                 "  %y = tfrt.mul.i32 %x,\n"
                 "         %one\n"
                 "  %ch = tfrt.new.chain\n"
                 "  %ch1 = tfrt.print.i32 %y, %ch\n"
                 "  %f = tfrt.add.f32 %x, %x\n"
                 "  %q, %m = tfrt.div.i32 %y, %x\n"
                 "  %z = tfrt.add.i32 %q, %m : i32, i32\n"
                 "  %w = tfrt.add.i32 %z, %z {a = 1 : i32}\n"
                 "  %v = tfrt.add.i32 %w, %w loc(\"v\")\n"
                 "  tfrt.return %v : i32\n"
                 "}\n");
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = ir_module_func(r.m, "main")->body;
    cr_assert_eq(b->nops, 11);
    Op *x = b->ops[1], *y = b->ops[2], *p = b->ops[4], *f = b->ops[5];
    cr_expect_str_eq(x->name, "tfrt.add.i32");
    cr_assert_not_null(x->info);
    cr_expect_str_eq(x->info->name, "tfrt.add.i32");
    cr_expect_eq(x->line, 3);
    cr_expect_eq(x->col, 8);
    cr_expect_eq(x->noperands, 2);
    cr_expect_eq(x->operands[0], b->ops[0]->results[0]);
    cr_expect_eq(b->ops[0]->results[0]->nuses, 3);
    cr_expect_str_eq(x->results[0]->type->spelling, "i32");
    cr_expect_eq(y->operands[1], b->ops[0]->results[0]);
    cr_expect_str_eq(p->results[0]->type->spelling, "!tfrt.chain");
    cr_expect_str_eq(p->operand_types[1]->spelling, "!tfrt.chain");
    /* f32 from the signature; the i32 operands stay i32 for the verifier. */
    cr_expect_str_eq(f->results[0]->type->spelling, "f32");
    cr_expect_str_eq(f->operand_types[0]->spelling, "i32");
    cr_expect_eq(b->ops[6]->nresults, 2);
    cr_expect_eq(b->ops[8]->nattrs, 1);
    cr_expect_eq(b->ops[9]->loc->kind, LOC_NAME);
    drop(&r);
}

Test(fast_stmt, custom_operand_op_errors) {
    fails("func.func @main() -> i32 {\n  %x = tfrt.add.i32 %x, %x\n  tfrt.return %x : i32\n}\n",
          2, 21, "use of undeclared SSA value name '%x'");
    fails("func.func @main(%a: i32) -> i32 {\n  %a = tfrt.add.i32 %a, %a\n  tfrt.return %a : i32\n}\n",
          2, 3, "redefinition of SSA value '%a'");
    fails("func.func @main(%a: i32) -> i32 {\n  %q = tfrt.div.i32 %a, %a\n  tfrt.return %q : i32\n}\n",
          2, 3, "operation defines 2 results but was provided 1 to bind");
    fails("func.func @main(%a: i32) -> i32 {\n  %q = tfrt.add.i32 %a, %a#1\n  tfrt.return %q : i32\n}\n",
          2, 25, "reference to invalid result number: '%a#1' is a single value");
    /* A value after the operands begins the next statement. */
    fails("func.func @main(%a: i32) -> i32 {\n  %q = tfrt.add.i32 %a, %a %b\n  tfrt.return %q : i32\n}\n",
          3, 3, "expected '=' or ','");
}

/* A signature repeated from the statement before is not lexed again: its
** tokens are copied to the new place (parser.c, Signature). Only when the
** same text is on one line and followed by a blank. */
Test(fast_stmt, repeated_signatures) {
#define SIGS HEAD \
    "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n" \
    "  %y = \"tfrt.add.i32\"(%x, %b) : (i32, i32) -> i32 loc(\"y\")\n" \
    "  %z = \"tfrt.add.i32\"(%y, %y) : (i32, i32) -> i32 // comment\n" \
    "  %w = \"foo.w\"(%z, %y) : (i32, i32) -> i32   %v = \"foo.v\"(%w, %w) : (i32, i32) -> i32\n" \
    "  %u = \"foo.u\"(%v, %v) : (i32, i32) -> i64\n"
    Run r = both(SIGS "  %t = \"foo.t\"(%v, %v) : (i32, i32) -> i64}\n");
    /* (Parsed: a missing tfrt.return is the verifier's to report.) The
    ** last signature ends at the '}', so its text is not taken as kept. */
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b0 = ir_module_func(r.m, "f")->body;
    cr_assert_eq(b0->nops, 7);
    cr_expect_str_eq(b0->ops[6]->results[0]->type->spelling, "i64");
    drop(&r);
    r = both(SIGS
             "  %s = \"foo.s\"(%v, %v) : (i32, i32) -> i64\n"
             "  %q = \"foo.q\"(%v, %v) : (i32,\n i32) -> i64\n"
             "  %p = \"foo.p\"(%v, %v) : (i32, i32) -> i32\n"
             "  tfrt.return %p : i32\n"
             "}\n");
#undef SIGS
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = ir_module_func(r.m, "f")->body;
    cr_assert_eq(b->nops, 10);
    cr_expect_str_eq(b->ops[1]->loc->name, "y");
    cr_expect_eq(b->ops[4]->line, 5);
    cr_expect_eq(b->ops[4]->col, 51);
    cr_expect_str_eq(b->ops[4]->operand_types[1]->spelling, "i32");
    cr_expect_str_eq(b->ops[6]->results[0]->type->spelling, "i64");
    cr_expect_str_eq(b->ops[8]->results[0]->type->spelling, "i32");
    drop(&r);
    /* A repeated signature whose statement is wrong in another way. */
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n"
               "  %y = \"tfrt.add.i32\"(%x) : (i32, i32) -> i32\n  tfrt.return %y : i32\n}\n",
          3, 8, "1 operands present, but expected 2");
    fails(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n"
               "  %y = \"tfrt.add.i32\"(%x, %b) : (i32, i32) -> i32 )\n  tfrt.return %y : i32\n}\n",
          3, 51, "expected an operation, got ')'");
}

/* After `tfrt.return` a `%name` is its operand (shift wins, grammar.y), so
** a statement there is not read whole: the grammar reports the '='. */
Test(fast_stmt, not_where_a_statement_cannot_begin) {
    fails(HEAD "  tfrt.return %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n}\n",
          2, 15, "use of undeclared SSA value name '%x'");
    fails(HEAD "  %p, %x = \"foo.one\"(%a) : (i32) -> i32\n  tfrt.return %x : i32\n}\n",
          2, 3, "operation defines 1 results but was provided 2 to bind");
    /* At module level a statement is an op there (docs/syntax.md), which
    ** the grammar reads token by token; both ways say the same. */
    fails("%x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n",
          1, 21, "use of undeclared SSA value name '%a'");
    Run top = both("%x = \"foo.a\"() : () -> i32\n%y = \"foo.b\"(%x) : (i32) -> i32\n" HEAD "  tfrt.return %a : i32\n}\n");
    cr_assert_not_null(top.m, "%s", top.err);
    cr_assert_not_null(top.m->top);
    cr_expect_eq(top.m->top->nops, 2);
    cr_expect_eq(top.m->top->ops[1]->operands[0], top.m->top->ops[0]->results[0]);
    drop(&top);
    /* End of input right after a statement: the driver needs the token
    ** after it, so this one goes through the grammar, which says why. */
    Run r = both(HEAD "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n");
    cr_expect_null(r.m);
    cr_expect(strstr(r.err, "t.mlir:3:1: error:") != NULL, "%s", r.err);
    drop(&r);
}

/* Long lists are beyond the driver's buffer (16 per list): the grammar
** parses them, and the result is the same. */
Test(fast_stmt, long_operand_lists) {
    char src[8192];
    int n = snprintf(src, sizeof src, "%s  %%x = \"foo.many\"(", HEAD);
    for (int i = 0; i < 40; i++) n += snprintf(src + n, sizeof src - (size_t)n, "%s%%a", i ? ", " : "");
    n += snprintf(src + n, sizeof src - (size_t)n, ") : (");
    for (int i = 0; i < 40; i++) n += snprintf(src + n, sizeof src - (size_t)n, "%si32", i ? ", " : "");
    snprintf(src + n, sizeof src - (size_t)n, ") -> i32\n  tfrt.return %%x : i32\n}\n");
    Run r = both(src);
    cr_assert_not_null(r.m, "%s", r.err);
    Block *b = ir_module_func(r.m, "f")->body;
    cr_expect_eq(b->ops[0]->noperands, 40);
    cr_expect_eq(b->args[0]->nuses, 40);
    drop(&r);
}

/* Every prefix of a program made of fast statements parses or fails the
** same way on both paths (and never crashes). */
Test(fast_stmt, every_truncation_agrees) {
    static const char src[] =
        HEAD
        "  %x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n"
        "  %y = \"tfrt.add.i32\"(%x,\n      %b) : (i32, i32) -> (i32)\n"
        "  %z = \"tfrt.add.i32\"(%y, %y) : (i32, i32) -> i32 loc(\"z\")\n"
        "  tfrt.return %z : i32\n"
        "}\n";
    char buf[sizeof src];
    for (size_t n = 0; n < sizeof src - 1; n++) {
        memcpy(buf, src, n);
        buf[n] = '\0';
        Run r = both(buf);
        drop(&r);
    }
}

/* Random edits of two programs made mostly of fast statements, one of
** each shape (words deleted, replaced or inserted, from a fixed seed):
** both paths must agree on every one, whether it parses or not. */
Test(fast_stmt, random_edits_agree) {
    static const char *const base[] = {
        "func.func", "@f(%a:", "i32,", "%b:", "i32)", "->", "i32", "{", "\n",
        "%x", "=", "\"tfrt.add.i32\"(%a,", "%b)", ":", "(i32,", "i32)", "->", "i32", "\n",
        "%y", "=", "\"tfrt.add.i32\"(%x,", "%a)", ":", "(i32,", "i32)", "->", "(i32)", "\n",
        "%p,", "%q", "=", "\"foo.two\"(%y)", ":", "(i32)", "->", "(i32,", "i32)", "\n",
        "%r", "=", "tfrt.repeat.i32", "%a,", "%p", ":", "i32", "{", "\n",
        "%z", "=", "\"tfrt.add.i32\"(%p,", "%p)", ":", "(i32,", "i32)", "->", "i32", "\n",
        "tfrt.return", "%z", ":", "i32", "\n", "}", "\n",
        "%s", "=", "\"tfrt.add.i32\"(%q,", "%r)", ":", "(i32,", "i32)", "->", "i32", "\n",
        "%o", "=", "\"foo.one\"(%s)", ":", "(i32)", "->", "i32", "\n",
        "tfrt.return", "%o", ":", "i32", "\n", "}", "\n",
    };
    static const char *const words[] = {
        "%a", "%x", "%y", "%zz", "%q#1", "%g:2", "=", "\"tfrt.add.i32\"", "\"foo.b\\x\"", "(", ")",
        ",", ":", "->", "i32", "i64", "!tfrt.chain", "{", "}", "loc(\"l\")", "\n", "tfrt.return",
        "tfrt.add.i32", "// c\n", "%x = \"tfrt.add.i32\"(%a, %b) : (i32, i32) -> i32\n",
        "tfrt.mul.i32", "tfrt.div.i32", "%c", "%x = tfrt.add.i32 %a, %a\n",
    };
    static const char *const custom[] = {
        "func.func", "@g(%a:", "i32)", "->", "i32", "{", "\n",
        "%c", "=", "tfrt.new.chain", "\n",
        "%x", "=", "tfrt.add.i32", "%a,", "%a", "\n",
        "%y", "=", "tfrt.mul.i32", "%x,", "%a", "\n",
        "%p", "=", "tfrt.print.i32", "%y,", "%c", "\n",
        "%z", "=", "tfrt.add.i32", "%y,", "%x", ":", "i32,", "i32", "\n",
        "%w", "=", "tfrt.equal.i32", "%z,", "%z", "\n",
        "tfrt.return", "%z", ":", "i32", "\n", "}", "\n",
    };
    enum { NB = sizeof base / sizeof base[0], NW = sizeof words / sizeof words[0],
           NC = sizeof custom / sizeof custom[0] };
    unsigned seed = 12345;
    char src[4096];
    for (int round = 0; round < 3000; round++) {
        const char *w[NB + 4];
        int n = 0;
        if (round % 2) for (int i = 0; i < NB; i++) w[n++] = base[i];
        else for (int i = 0; i < NC; i++) w[n++] = custom[i];
        int edits = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 3;
        for (int e = 0; e < edits; e++) {
            unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;
            int at = (int)(r % (unsigned)n);
            const char *word = words[(r / 97) % NW];
            switch ((r / 7) % 3) {
            case 0: memmove(&w[at], &w[at + 1], (size_t)(n - at - 1) * sizeof *w); n--; break;
            case 1: w[at] = word; break;
            default: memmove(&w[at + 1], &w[at], (size_t)(n - at) * sizeof *w); w[at] = word; n++; break;
            }
        }
        size_t len = 0;
        for (int i = 0; i < n; i++) len += (size_t)snprintf(src + len, sizeof src - len, "%s ", w[i]);
        Run run = both(src);
        drop(&run);
    }
}
