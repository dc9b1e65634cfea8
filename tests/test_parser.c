/*
** test_parser.c — the front end from text to IR: every custom syntax of
** docs/language.md §2.8 (operands, results, attributes, regions and the block
** arguments they bind), the generic form, attributes, types, locations with
** late aliases, module forms, result groups, syntax errors with positions,
** deep nesting, truncated input, the REPL entry points and the op table.
*/
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parser/parser.h"
#include "parser/build.h"
#include "ops/optable.h"

typedef struct Parsed {
    Module *m;
    char *err;       /* everything the diagnostics sink printed */
} Parsed;

static Parsed parsen(const char *src, size_t len) {
    Parsed p;
    size_t n;
    FILE *out = open_memstream(&p.err, &n);
    DiagSink *d = diag_new(out);
    diag_set_color(d, false);
    p.m = parse_module("t.mlir", src, len, d);
    diag_free(d);
    fclose(out);
    return p;
}
static Parsed parse(const char *src) { return parsen(src, strlen(src)); }

static void done(Parsed *p) {
    ir_module_free(p->m);
    free(p->err);
}

/* Parses [src], which must be valid, and returns the module. */
static Module *ok(const char *src, Parsed *p) {
    *p = parse(src);
    cr_assert_not_null(p->m, "parse failed: %s", p->err);
    cr_assert_str_empty(p->err);
    return p->m;
}

/* Parses [src], which must fail with [msg] at LINE:COL. */
static void fails(const char *src, int line, int col, const char *msg) {
    Parsed p = parse(src);
    cr_expect_null(p.m, "should fail: %s", src);
    char want[256];
    snprintf(want, sizeof want, "t.mlir:%d:%d: error: %s", line, col, msg);
    cr_expect(strstr(p.err, want) != NULL, "want '%s'\n got '%s'", want, p.err);
    done(&p);
}

static Op *body_op(Module *m, const char *fn, int i) {
    Func *f = ir_module_func(m, fn);
    cr_assert_not_null(f, "no function %s", fn);
    cr_assert_not_null(f->body);
    cr_assert(i < f->body->nops, "op %d of %s", i, fn);
    return f->body->ops[i];
}

static const char *ty(const Value *v) { return v->type->spelling; }

/* ===================================================================== */
/* Module and function forms                                              */

Test(parser, implicit_module_functions) {
    Parsed p;
    Module *m = ok("func.func @a() {\n  tfrt.return\n}\n"
                   "func @b(%x: i32, %y: !tfrt.chain) -> (i32, !tfrt.chain) {\n  tfrt.return %x, %y : i32, !tfrt.chain\n}\n"
                   "func.func private @c() -> i32 attributes {tfrt.sync} {\n  %z = tfrt.constant_s.i32 3\n  tfrt.return %z : i32\n}\n"
                   "func.func private @native_add(i32, i32) -> i32 attributes {tfrt.native}\n", &p);
    cr_assert_eq(m->nfuncs, 4);
    cr_expect_str_eq(m->filename, "t.mlir");
    cr_expect_str_eq(m->funcs[0]->name, "a");
    cr_expect_eq(m->funcs[0]->index, 0);
    cr_expect_eq(m->funcs[3]->index, 3);
    Func *b = m->funcs[1];
    cr_expect_eq(b->nargs, 2);
    cr_expect_eq(b->nresults, 2);
    cr_expect_str_eq(b->result_types[1]->spelling, "!tfrt.chain");
    cr_expect(b->result_types[1]->is_chain);
    cr_expect_eq(b->line, 4);
    cr_expect_eq(b->col, 6);
    cr_expect_eq(b->body->nargs, 2);
    cr_expect_str_eq(b->body->args[0]->name, "%x");
    cr_expect_eq(b->body->args[1]->index, 1);
    cr_expect_eq(b->body->nvalues, 2);
    Op *ret = b->body->ops[0];
    cr_expect_eq(ret->operands[1], b->body->args[1]);
    Func *c = m->funcs[2];
    cr_expect(c->is_private);
    cr_expect(c->is_sync);
    cr_expect_not_null(ir_func_attr(c, "tfrt.sync"));
    Func *n = m->funcs[3];
    cr_expect(n->is_native);
    cr_expect_null(n->body);
    cr_expect_eq(n->nargs, 2);
    cr_expect_eq(ir_module_func(m, "native_add"), n);
    cr_expect_null(ir_module_func(m, "nope"));
    done(&p);
}

Test(parser, explicit_module_with_attributes_and_name) {
    Parsed p;
    Module *m = ok("module @mod attributes {tfrt.cost_threshold = 1 : i64, tfrt.merge_inter_dependent_streams = true} {\n"
                   "  func.func @f() { tfrt.return }\n}\n", &p);
    cr_expect_str_eq(m->name, "mod");
    cr_assert_eq(m->nattrs, 2);
    const Attr *t = ir_module_attr(m, "tfrt.cost_threshold");
    cr_assert_not_null(t);
    cr_expect_eq(t->kind, ATTR_INT);
    cr_expect_eq(t->u.i, 1);
    cr_expect_eq(ir_module_attr(m, "tfrt.merge_inter_dependent_streams")->kind, ATTR_BOOL);
    cr_expect_eq(m->nfuncs, 1);
    done(&p);
    Module *m2 = ok("module {\n}\n", &p);
    cr_expect_null(m2->name);
    cr_expect_eq(m2->nfuncs, 0);
    done(&p);
    fails("module {}\nmodule {}\n", 2, 1, "only one 'module' is allowed");
}

Test(parser, empty_input) {
    Parsed p;
    Module *m = ok("", &p);
    cr_expect_eq(m->nfuncs, 0);
    done(&p);
    m = ok("// only a comment\n", &p);
    cr_expect_eq(m->nfuncs, 0);
    done(&p);
}

/* `%r : 2`: MLIR's tokens allow space around a result group's colon
** (TFRT's tf_fusedbatchnorm.mlir writes `%res: 6`). */
Test(parser, result_group_with_spaces) {
    Parsed p;
    Module *m = ok("func.func @f(%x: i32) -> i32 {\n"
                   "  %a: 2, %b :3 = \"tfrt_test.multi5\"(%x) : (i32) -> (i32, i32, i32, i32, i32)\n"
                   "  %s = tfrt.add.i32 %a#1, %b#2\n"
                   "  tfrt.return %s : i32\n}\n", &p);
    Op *g = ir_module_func(m, "f")->body->ops[0];
    cr_assert_eq(g->nresults, 5);
    cr_expect_str_eq(g->results[1]->name, "%a#1");
    cr_expect_str_eq(g->results[4]->name, "%b#2");
    Op *s = ir_module_func(m, "f")->body->ops[1];
    cr_expect_eq(s->operands[0], g->results[1]);
    cr_expect_eq(s->operands[1], g->results[4]);
    done(&p);
    fails("func.func @f() {\n  %a : 0 = tfrt.new.chain\n  tfrt.return\n}\n", 2, 3,
          "expected a positive result count in '%a : 0'");
}

Test(parser, duplicate_function) {
    fails("func.func @f() { tfrt.return }\nfunc.func @f() { tfrt.return }\n", 2, 11,
          "redefinition of symbol named 'f'");
}

/* ===================================================================== */
/* Results, uses, numbering                                               */

Test(parser, result_groups_uses_and_numbering) {
    Parsed p;
    Module *m = ok("func.func @f(%x: i32) -> i32 {\n"
                   "  %a, %b:2 = \"tfrt_test.multi3\"(%x) : (i32) -> (i32, i32, i32)\n"
                   "  %s = tfrt.add.i32 %b#1, %b#1\n"
                   "  %t = tfrt.add.i32 %a, %b\n"
                   "  tfrt.return %s : i32\n}\n", &p);
    Block *b = ir_module_func(m, "f")->body;
    cr_assert_eq(b->nops, 4);
    Op *g = b->ops[0];
    cr_assert_eq(g->nresults, 3);
    cr_expect_str_eq(g->results[0]->name, "%a");
    cr_expect_str_eq(g->results[1]->name, "%b#0");
    cr_expect_str_eq(g->results[2]->name, "%b#1");
    cr_expect_eq(g->results[0]->index, 1);
    cr_expect_eq(g->results[2]->index, 3);
    Op *s = b->ops[1];
    cr_expect_eq(s->operands[0], g->results[2]);
    cr_expect_eq(s->operands[1], g->results[2]);
    Op *t = b->ops[2];
    cr_expect_eq(t->operands[1], g->results[1]);   /* %b alone is %b#0 */
    cr_expect_eq(b->nvalues, 6);
    /* Uses in source order, both operands of the same op counted. */
    Value *b1 = g->results[2];
    cr_expect_eq(b1->nuses, 2);
    cr_expect_eq(b1->uses->user, s);
    cr_expect_eq(b1->uses->operand, 0);
    cr_expect_eq(b1->uses->next->operand, 1);
    Value *x = b->args[0];
    cr_expect_eq(x->nuses, 1);
    Value *sv = s->results[0];
    cr_expect_eq(sv->nuses, 1);
    cr_expect_eq(sv->uses->user, b->ops[3]);   /* tfrt.return counts */
    cr_expect_eq(g->index, 0);
    cr_expect_eq(b->ops[3]->index, 3);
    cr_expect_eq(g->parent, b);
    cr_expect_eq(b->func, ir_module_func(m, "f"));
    done(&p);
}

Test(parser, ssa_errors) {
    fails("func.func @f() {\n  tfrt.print.i32 %x, %x\n  tfrt.return\n}\n", 2, 18,
          "use of undeclared SSA value name '%x'");
    fails("func.func @f() {\n  %a = tfrt.new.chain\n  %a = tfrt.new.chain\n  tfrt.return\n}\n", 3, 3,
          "redefinition of SSA value '%a'");
    fails("func.func @f() {\n  %a = tfrt.new.chain\n  %b = tfrt.merge.chains %a#1 : !tfrt.chain\n  tfrt.return\n}\n",
          3, 26, "reference to invalid result number");
    fails("func.func @f() {\n  %a, %b = tfrt.new.chain\n  tfrt.return\n}\n", 2, 3,
          "operation defines 1 results but was provided 2 to bind");
    fails("func.func @f(%c: i1) {\n  %v = tfrt.constant.i32 1\n  tfrt.if %c : () -> () {\n"
          "    %w = tfrt.add.i32 %v, %v\n    tfrt.return\n  }\n  tfrt.return\n}\n",
          4, 23, "'%v' is defined outside of this region (regions are isolated from above)");
    fails("func.func @f(%x: i32) {\n  %y = \"tfrt.add.i32\"(%x, %x) : (i64, i32) -> i32\n  tfrt.return\n}\n", 2, 23,
          "use of value '%x' expects different type than prior uses: 'i64' vs 'i32'");
    fails("func.func @f(%i: i32, %x: i32) {\n  %y = tfrt.case %i [@a] (%x) : (i64) -> i32\n  tfrt.return\n}\n", 2, 27,
          "use of value '%x' expects different type than prior uses: 'i64' vs 'i32'");
    fails("func.func @f(%i: i32, %x: i32) {\n  %y = tfrt.call @g(%x, %x) : (i32) -> i32\n  tfrt.return\n}\n", 2, 8,
          "2 operands present, but expected 1");
    fails("func.func @f(%c: i1, %x: i32) {\n  tfrt.if %c, %x : (!tfrt.chain) -> () {\n    tfrt.return\n  }\n  tfrt.return\n}\n",
          2, 15, "use of value '%x' expects different type than prior uses: '!tfrt.chain' vs 'i32'");
}

/* ===================================================================== */
/* Custom syntax, family by family                                        */

static const char *all_custom =
    "func.func @callee(%a: i32) -> i32 { tfrt.return %a : i32 }\n"
    "func.func @f(%c: i1, %x: i32, %ch: !tfrt.chain, %i: i32) -> i32 {\n"
    "  %ch0 = tfrt.new.chain\n"                                              /* 0 */
    "  %m = tfrt.merge.chains %ch0, %x : !tfrt.chain, i32\n"                 /* 1 */
    "  %k = tfrt.constant.i32 42\n"                                          /* 2 */
    "  %b = tfrt.constant.i1 true\n"                                         /* 3 */
    "  %fl = tfrt.constant.f32 1.5 {foo = 1}\n"                               /* 4 */
    "  %cx = tfrt.constant.complex64 1.0, 2.0\n"                              /* 5 */
    "  %s = tfrt.add.i32 %x, %k\n"                                            /* 6 */
    "  %q, %r = tfrt.div.i32 %x, %k\n"                                        /* 7 */
    "  %p = tfrt.print.i32 %s, %ch\n"                                         /* 8 */
    "  %dev = tfrt.get_device %ch {device_name = \"CPU:0\"}\n"                /* 9 */
    "  %cl = tfrt.call @callee(%x) : (i32) -> i32\n"                          /* 10 */
    "  %if = tfrt.if %c, %x, %k attributes {bef.nonstrict} : (i32, i32) -> (i32) {\n" /* 11 */
    "    tfrt.return %k : i32\n"
    "  } else {\n"
    "    tfrt.return %x : i32\n"
    "  }\n"
    "  %co = tfrt.cond %c @callee @callee (%x) : (i32) -> (i32)\n"           /* 12 */
    "  %ca = tfrt.case %i [@callee, @callee] (%x) : (i32) -> i32\n"          /* 13 */
    "  %wh = tfrt.while %c @callee(%x) parallel_iterations(4) : (i32) -> (i32)\n" /* 14 */
    "  %on = tfrt.once @callee(%x) : (i32) -> (i32)\n"                       /* 15 */
    "  %rp:2 = tfrt.repeat.i32 %i, %x, %ch : i32, !tfrt.chain {\n"            /* 16 */
    "    %y = tfrt.add.i32 %x, %x\n"
    "    tfrt.return %y, %ch : i32, !tfrt.chain\n"
    "  }\n"
    "  %pf = tfrt.parallel_for.i32 %x to %k fixed %i, %ch : !tfrt.chain {\n"  /* 17 */
    "    tfrt.return %ch : !tfrt.chain\n"
    "  }\n"
    "  %pc = tfrt.parallel_call.i32 %x to %k fixed %i @callee(%ch) : !tfrt.chain\n" /* 18 */
    "  %da = tfrt_test.do.async %x, %ch : (i32, !tfrt.chain) -> (i32) {\n"    /* 19 */
    "    tfrt.return %x : i32\n"
    "  }\n"
    "  %bm = tfrt_test.benchmark \"add.i32\"(%x : i32, %k : i32) duration_secs = 1, max_count = 100, num_warmup_runs = 10 {\n" /* 20 */
    "    %z = tfrt.add.i32 %x, %k\n"
    "    tfrt.return %z : i32\n"
    "  }\n"
    "  tfrt_test.sync_benchmark @callee(%x : i32) duration_secs = 1, max_count = 10\n" /* 21 */
    "  %c1, %c2, %c3 = tfrt_test.count3.i32 %x\n"                             /* 22 */
    "  %tc = tfrt_test.test_cost %x, %k {id = 7 : i64, _tfrt_cost = 3 : i64} : i32, i32\n" /* 23 */
    "  %gs = tfrt_test.get_string {value = \"hello\"}\n"                      /* 24 */
    "  %t = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]\n"  /* 25 */
    "  %f1 = tfrt_dht.fill_tensor_with_constant.f32 %t, %ch 1.0 : f32\n"      /* 26 */
    "  %f2 = tfrt_dht.set_tensor_with_constant_values.f32 %t, %ch [1.0 : f32, 2.0 : f32]\n" /* 27 */
    "  %pt = tfrt_dht.print_tensor %t, %ch\n"                                 /* 28 */
    "  %sh = ts.build_shape [1 : i64, 57 : i64]\n"                            /* 29 */
    "  %ps = ts.build_partial_shape [-1, 2]\n"                                /* 30 */
    "  %us = ts.build_unranked_partial_shape\n"                               /* 31 */
    "  %pr = ts.print_shape %sh, %ch\n"                                       /* 32 */
    "  %cs = \"rv.critical_section\"() : () -> !rv.cs\n"                      /* 33 */
    "  %cr = rv.critical %cs @callee(%x) : (i32) -> i32\n"                    /* 34 */
    "  %ta = tfrt_test.print_typed_attr %ch {value = 1 : i64}\n"              /* 35 */
    "  tfrt.return %s : i32\n"
    "}\n";

Test(parser, custom_syntax_operands_results_attrs) {
    Parsed p;
    Module *m = ok(all_custom, &p);
    Block *b = ir_module_func(m, "f")->body;
    cr_assert_eq(b->nops, 37);
    Op *o;

    o = b->ops[0];
    cr_expect_str_eq(o->name, "tfrt.new.chain");
    cr_expect_eq(o->info->family, SYN_NULLARY);
    cr_expect_eq(o->noperands, 0);
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.chain");
    cr_expect_eq(o->line, 3);
    cr_expect_eq(o->col, 10);
    cr_expect_eq(o->loc->kind, LOC_FILE);
    cr_expect_eq(o->loc->line, 3);
    cr_expect_eq(o->loc->col, 10);
    cr_expect_str_eq(o->loc->file, "t.mlir");

    o = b->ops[1];
    cr_expect_eq(o->noperands, 2);
    cr_expect_str_eq(o->operand_types[1]->spelling, "i32");
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.chain");

    o = b->ops[2];
    cr_expect_str_eq(ty(o->results[0]), "i32");
    cr_expect_eq(ir_op_attr(o, "value")->kind, ATTR_INT);
    cr_expect_eq(ir_op_attr(o, "value")->u.i, 42);
    cr_expect_str_eq(ir_op_attr(o, "value")->type->spelling, "i32");

    o = b->ops[3];
    cr_expect_str_eq(ty(o->results[0]), "i1");
    cr_expect_eq(ir_op_attr(o, "value")->kind, ATTR_BOOL);
    cr_expect(ir_op_attr(o, "value")->u.b);

    o = b->ops[4];
    cr_expect_eq(ir_op_attr(o, "value")->kind, ATTR_FLOAT);
    cr_expect_float_eq(ir_op_attr(o, "value")->u.f, 1.5, 1e-12);
    cr_expect_str_eq(ir_op_attr(o, "value")->type->spelling, "f32");
    cr_assert_eq(o->nattrs, 2);
    cr_expect_str_eq(o->attrs[0].name, "foo");      /* sorted by name */
    cr_expect_str_eq(o->attrs[1].name, "value");

    o = b->ops[5];
    cr_expect_str_eq(ty(o->results[0]), "complex<f32>");
    cr_expect_float_eq(ir_op_attr(o, "real")->u.f, 1.0, 1e-12);
    cr_expect_float_eq(ir_op_attr(o, "imaginary")->u.f, 2.0, 1e-12);
    cr_expect_str_eq(ir_op_attr(o, "imaginary")->type->spelling, "f32");

    o = b->ops[6];
    cr_expect_eq(o->noperands, 2);
    cr_expect_eq(o->operands[0], b->args[1]);
    cr_expect_eq(o->operands[1], b->ops[2]->results[0]);

    o = b->ops[7];
    cr_expect_eq(o->nresults, 2);
    cr_expect_str_eq(ty(o->results[1]), "i32");

    o = b->ops[8];
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.chain");

    o = b->ops[9];
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.device");
    cr_expect_str_eq(ir_op_attr(o, "device_name")->u.str.s, "CPU:0");

    o = b->ops[10];
    cr_expect_str_eq(o->callee, "callee");
    cr_expect_eq(ir_op_attr(o, "callee")->kind, ATTR_SYMBOL);
    cr_expect_str_eq(ir_op_attr(o, "callee")->u.str.s, "callee");
    cr_expect_eq(o->noperands, 1);
    cr_expect_str_eq(ty(o->results[0]), "i32");

    o = b->ops[12];
    cr_expect_eq(o->noperands, 2);
    cr_expect_str_eq(ir_op_attr(o, "a_true_fn")->u.str.s, "callee");
    cr_expect_str_eq(ir_op_attr(o, "b_false_fn")->u.str.s, "callee");

    o = b->ops[13];
    cr_expect_eq(o->noperands, 2);
    const Attr *br = ir_op_attr(o, "branches");
    cr_assert_eq(br->kind, ATTR_ARRAY);
    cr_expect_eq(br->u.arr.n, 2);
    cr_expect_eq(br->u.arr.elems[1]->kind, ATTR_SYMBOL);

    o = b->ops[14];
    cr_expect_str_eq(ir_op_attr(o, "body_fn")->u.str.s, "callee");
    cr_expect_eq(ir_op_attr(o, "parallel_iterations")->u.i, 4);
    cr_expect_str_eq(ir_op_attr(o, "parallel_iterations")->type->spelling, "i64");

    o = b->ops[15];
    cr_expect_str_eq(ir_op_attr(o, "function")->u.str.s, "callee");

    o = b->ops[18];
    cr_expect_eq(o->noperands, 4);
    cr_expect_str_eq(o->callee, "callee");
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.chain");

    o = b->ops[21];
    cr_expect_str_eq(o->name, "tfrt_test.sync_benchmark");
    cr_expect_eq(o->nresults, 0);
    cr_expect_str_eq(ir_op_attr(o, "target_fn")->u.str.s, "callee");
    cr_expect_eq(ir_op_attr(o, "max_count")->u.i, 10);

    o = b->ops[22];
    cr_expect_eq(o->nresults, 3);

    o = b->ops[23];
    cr_expect_eq(ir_op_attr(o, "_tfrt_cost")->u.i, 3);
    cr_expect_eq(ir_op_attr(o, "id")->u.i, 7);
    cr_expect_str_eq(ty(o->results[0]), "i32");

    o = b->ops[24];
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.string");
    cr_expect_str_eq(ir_op_attr(o, "value")->u.str.s, "hello");

    o = b->ops[25];
    const Attr *shape = ir_op_attr(o, "shape");
    cr_assert_not_null(shape);
    cr_expect_eq(shape->u.arr.n, 2);
    cr_expect_eq(shape->u.arr.elems[1]->u.i, 3);
    cr_expect_str_eq(ty(o->results[0]), "!t.tensor");

    o = b->ops[26];
    cr_expect_eq(o->noperands, 2);
    cr_expect_float_eq(ir_op_attr(o, "value")->u.f, 1.0, 1e-12);

    o = b->ops[27];
    cr_expect_eq(ir_op_attr(o, "values")->u.arr.n, 2);

    o = b->ops[29];
    cr_expect_eq(ir_op_attr(o, "value")->u.arr.elems[1]->u.i, 57);
    cr_expect_str_eq(ty(o->results[0]), "!ts.shape");

    o = b->ops[30];
    cr_expect_eq(ir_op_attr(o, "value")->u.arr.elems[0]->u.i, -1);
    cr_expect_str_eq(ir_op_attr(o, "value")->u.arr.elems[0]->type->spelling, "i64");

    o = b->ops[31];
    cr_expect_str_eq(ty(o->results[0]), "!ts.partial_shape");

    o = b->ops[34];
    cr_expect_str_eq(o->name, "rv.critical");
    cr_expect_eq(o->noperands, 2);
    cr_expect_str_eq(o->callee, "callee");

    o = b->ops[35];
    cr_expect_eq(o->noperands, 1);
    cr_expect_eq(ir_op_attr(o, "value")->u.i, 1);

    o = b->ops[36];
    cr_expect_str_eq(o->name, "tfrt.return");
    cr_expect_eq(o->info->flags & OPF_TERMINATOR, (unsigned)OPF_TERMINATOR);
    done(&p);
}

/* Checks that block [b] has arguments named [names] with [types]. */
static void expect_args(const Block *b, int n, const char *const *names, const char *const *types) {
    cr_assert_eq(b->nargs, n);
    cr_expect_eq(b->nvalues >= n, true);
    for (int i = 0; i < n; i++) {
        cr_expect_str_eq(b->args[i]->name, names[i], "arg %d", i);
        cr_expect_str_eq(b->args[i]->type->spelling, types[i], "arg %d", i);
        cr_expect_eq(b->args[i]->index, i);
        cr_expect_null(b->args[i]->def);
    }
}

Test(parser, regions_bind_block_arguments) {
    Parsed p;
    Module *m = ok(all_custom, &p);
    Block *b = ir_module_func(m, "f")->body;

    /* tfrt.if: operands after the condition, same for both regions. */
    Op *o = b->ops[11];
    cr_assert_eq(o->nregions, 2);
    cr_expect_eq(o->noperands, 3);
    cr_expect_not_null(ir_op_attr(o, "bef.nonstrict"));
    const char *ifn[] = { "%x", "%k" }, *ift[] = { "i32", "i32" };
    expect_args(o->regions[0], 2, ifn, ift);
    expect_args(o->regions[1], 2, ifn, ift);
    Op *ret = o->regions[0]->ops[0];
    cr_expect_eq(ret->operands[0], o->regions[0]->args[1]);   /* %k inside = the block argument */
    cr_expect_eq(o->regions[1]->ops[0]->operands[0], o->regions[1]->args[0]);
    cr_expect_eq(o->regions[0]->parent_op, o);
    cr_expect_eq(o->regions[0]->func, ir_module_func(m, "f"));

    /* tfrt.repeat.i32: loop-carried operands, not the trip count. */
    o = b->ops[16];
    cr_assert_eq(o->nregions, 1);
    cr_expect_eq(o->noperands, 3);
    cr_expect_eq(o->nresults, 2);
    cr_expect_str_eq(ty(o->results[1]), "!tfrt.chain");
    const char *rn[] = { "%x", "%ch" }, *rt[] = { "i32", "!tfrt.chain" };
    expect_args(o->regions[0], 2, rn, rt);
    Block *rb = o->regions[0];
    cr_expect_eq(rb->ops[0]->operands[0], rb->args[0]);
    cr_expect_eq(rb->ops[0]->results[0]->index, 2);
    cr_expect_eq(rb->nvalues, 3);

    /* tfrt.parallel_for.i32: start, end, extras; not the block size. */
    o = b->ops[17];
    cr_expect_eq(o->noperands, 4);
    const char *pn[] = { "%x", "%k", "%ch" }, *pt[] = { "i32", "i32", "!tfrt.chain" };
    expect_args(o->regions[0], 3, pn, pt);

    /* tfrt_test.do.async: all operands. */
    o = b->ops[19];
    const char *dn[] = { "%x", "%ch" }, *dt[] = { "i32", "!tfrt.chain" };
    expect_args(o->regions[0], 2, dn, dt);
    cr_expect_str_eq(ty(o->results[0]), "i32");

    /* tfrt_test.benchmark: all declared operands; keyword attrs are i32. */
    o = b->ops[20];
    const char *bn[] = { "%x", "%k" }, *bt[] = { "i32", "i32" };
    expect_args(o->regions[0], 2, bn, bt);
    cr_expect_str_eq(ir_op_attr(o, "name")->u.str.s, "add.i32");
    cr_expect_eq(ir_op_attr(o, "duration_secs")->u.i, 1);
    cr_expect_str_eq(ir_op_attr(o, "max_count")->type->spelling, "i32");
    cr_expect_eq(ir_op_attr(o, "num_warmup_runs")->u.i, 10);
    cr_expect_str_eq(ty(o->results[0]), "!tfrt.chain");
    done(&p);
}

Test(parser, benchmark_keyword_attributes) {
    Parsed p;
    Module *m = ok("func.func @f() {\n  %c = tfrt_test.benchmark \"b\"() max_count = 5 {\n"
                   "    %x = tfrt.constant.i32 1\n    tfrt.return %x : i32\n  }\n  tfrt.return\n}\n", &p);
    Op *o = body_op(m, "f", 0);
    cr_expect_eq(o->noperands, 0);
    cr_expect_eq(o->regions[0]->nargs, 0);
    const Attr *w = ir_op_attr(o, "num_warmup_runs");
    cr_assert_not_null(w);
    cr_expect_eq(w->u.i, 1);
    cr_expect_str_eq(w->type->spelling, "i32");
    cr_expect_null(ir_op_attr(o, "duration_secs"));
    done(&p);
    fails("func.func @f() {\n  %c = tfrt_test.benchmark \"b\"() {\n    tfrt.return\n  }\n  tfrt.return\n}\n", 2, 8,
          "'tfrt_test.benchmark' needs duration_secs, max_count or num_warmup_runs");
    fails("func.func @f() {\n  %c = tfrt_test.benchmark \"b\"() maxcount = 1 {\n    tfrt.return\n  }\n  tfrt.return\n}\n",
          2, 8, "unknown 'tfrt_test.benchmark' attribute 'maxcount'");
}

Test(parser, if_without_else_and_with_results) {
    Parsed p;
    Module *m = ok("func.func @f(%c: i1, %ch: !tfrt.chain) {\n"
                   "  tfrt.if %c, %ch : (!tfrt.chain) -> () {\n    tfrt.return\n  }\n  tfrt.return\n}\n", &p);
    Op *o = body_op(m, "f", 0);
    cr_assert_eq(o->nregions, 2);
    Block *e = o->regions[1];
    cr_expect_eq(e->nargs, 1);
    cr_assert_eq(e->nops, 1);
    cr_expect_str_eq(e->ops[0]->name, "tfrt.return");
    cr_expect_eq(e->ops[0]->noperands, 0);
    cr_expect_eq(e->ops[0]->parent, e);
    done(&p);
    fails("func.func @f(%c: i1) -> i32 {\n  %r = tfrt.if %c : () -> (i32) {\n    %v = tfrt.constant.i32 1\n"
          "    tfrt.return %v : i32\n  }\n  tfrt.return %r : i32\n}\n",
          5, 3, "expected 'else' in 'tfrt.if' with result values");
}

Test(parser, repeat_trip_count_also_carried_and_no_operands) {
    Parsed p;
    Module *m = ok("func.func @f(%n: i32) {\n"
                   "  %r = tfrt.repeat.i32 %n, %n : i32 {\n    tfrt.return %n : i32\n  }\n"
                   "  tfrt.repeat.i32 %n {\n    tfrt.return\n  }\n"
                   "  tfrt_test.do.async : () -> () {\n    tfrt.return\n  }\n"
                   "  tfrt.return\n}\n", &p);
    Op *o = body_op(m, "f", 0);
    cr_expect_eq(o->regions[0]->nargs, 1);
    cr_expect_eq(o->regions[0]->ops[0]->operands[0], o->regions[0]->args[0]);
    cr_expect_eq(body_op(m, "f", 1)->regions[0]->nargs, 0);
    cr_expect_eq(body_op(m, "f", 1)->nresults, 0);
    cr_expect_eq(body_op(m, "f", 2)->noperands, 0);
    done(&p);
}

Test(parser, duplicate_block_argument_names) {
    fails("func.func @f(%n: i32, %a: i32) {\n  tfrt.repeat.i32 %n, %a, %a : i32, i32 {\n"
          "    tfrt.return %a, %a : i32, i32\n  }\n  tfrt.return\n}\n",
          2, 27, "redefinition of SSA value '%a'");
    fails("func.func @f(%s: i32, %b: i32) {\n  tfrt.parallel_for.i32 %s to %s fixed %b {\n"
          "    tfrt.return\n  }\n  tfrt.return\n}\n",
          2, 31, "redefinition of SSA value '%s'");
}

Test(parser, inner_names_shadow_outer_ones) {
    Parsed p;
    Module *m = ok("func.func @f(%c: i1, %ch1: !tfrt.chain) -> !tfrt.chain {\n"
                   "  %ch2 = tfrt.if %c, %ch1 : (!tfrt.chain) -> (!tfrt.chain) {\n"
                   "    %ch2 = tfrt.merge.chains %ch1 : !tfrt.chain\n    tfrt.return %ch2 : !tfrt.chain\n"
                   "  } else {\n    tfrt.return %ch1 : !tfrt.chain\n  }\n"
                   "  tfrt.return %ch2 : !tfrt.chain\n}\n", &p);
    Op *o = body_op(m, "f", 0);
    Block *then = o->regions[0];
    cr_expect_eq(then->ops[1]->operands[0], then->ops[0]->results[0]);
    cr_expect_eq(body_op(m, "f", 1)->operands[0], o->results[0]);
    done(&p);
}

Test(parser, while_without_parallel_iterations) {
    Parsed p;
    Module *m = ok("func.func @body(%x: i32) -> (i32, i1) {\n  %t = tfrt.constant.i1 0\n  tfrt.return %x, %t : i32, i1\n}\n"
                   "func.func @f(%c: i1, %x: i32) -> i32 {\n  %r = tfrt.while %c @body(%x) : (i32) -> (i32)\n"
                   "  tfrt.return %r : i32\n}\n", &p);
    Op *o = body_op(m, "f", 0);
    cr_expect_null(ir_op_attr(o, "parallel_iterations"));
    cr_expect_str_eq(ir_op_attr(o, "body_fn")->u.str.s, "body");
    cr_expect_eq(ir_op_attr(body_op(m, "body", 0), "value")->kind, ATTR_BOOL);
    done(&p);
}

Test(parser, constants_of_every_type) {
    Parsed p;
    Module *m = ok("func.func @f() {\n"
                   "  %a = tfrt.constant.i1 1\n  %b = tfrt.constant.i64 -9223372036854775808\n"
                   "  %c = tfrt.constant.ui32 4294967295\n  %d = tfrt.constant.ui64 18446744073709551615\n"
                   "  %e = tfrt.constant.f16 0x3C00\n  %f = tfrt.constant.bf16 1.0\n"
                   "  %g = tfrt.constant.f32 0x3F800000\n  %h = tfrt.constant.f64 0xFFF0000000000000\n"
                   "  %i = tfrt.constant.f64 2\n  %j = tfrt.constant.i32 7 : i32\n"
                   "  %k = tfrt.constant.complex128 -1.5, 0.25\n"
                   "  tfrt.return\n}\n", &p);
    const Attr *v;
    v = ir_op_attr(body_op(m, "f", 0), "value");
    cr_expect_eq(v->kind, ATTR_BOOL);   /* i1 integers are booleans, as in MLIR */
    cr_expect(v->u.b);
    cr_expect_str_eq(v->type->spelling, "i1");
    cr_expect_eq(ir_op_attr(body_op(m, "f", 1), "value")->u.i, INT64_MIN);
    cr_expect_eq(ir_op_attr(body_op(m, "f", 2), "value")->u.i, 4294967295LL);
    cr_expect_eq((uint64_t)ir_op_attr(body_op(m, "f", 3), "value")->u.i, UINT64_MAX);
    v = ir_op_attr(body_op(m, "f", 4), "value");
    cr_expect(v->has_float_bits);
    cr_expect_eq(v->float_bits, 0x3C00u);
    cr_expect_float_eq(v->u.f, 1.0, 1e-12);
    cr_expect_str_eq(v->type->spelling, "f16");
    cr_expect_float_eq(ir_op_attr(body_op(m, "f", 5), "value")->u.f, 1.0, 1e-12);
    v = ir_op_attr(body_op(m, "f", 6), "value");
    cr_expect_eq(v->float_bits, 0x3F800000u);
    cr_expect_float_eq(v->u.f, 1.0, 1e-12);
    v = ir_op_attr(body_op(m, "f", 7), "value");
    cr_expect(v->u.f < 0 && isinf(v->u.f));
    cr_expect_float_eq(ir_op_attr(body_op(m, "f", 8), "value")->u.f, 2.0, 1e-12);
    cr_expect_eq(ir_op_attr(body_op(m, "f", 9), "value")->u.i, 7);
    cr_expect_float_eq(ir_op_attr(body_op(m, "f", 10), "real")->u.f, -1.5, 1e-12);
    cr_expect_str_eq(ir_op_attr(body_op(m, "f", 10), "real")->type->spelling, "f64");
    done(&p);
}

Test(parser, integer_range_diagnostics) {
    fails("func.func @f() {\n  %a = tfrt.constant.i32 4294967296\n  tfrt.return\n}\n", 2, 8,
          "integer constant 4294967296 out of range for type 'i32'");
    fails("func.func @f() {\n  %a = tfrt.constant.i64 99999999999999999999\n  tfrt.return\n}\n", 2, 26,
          "integer literal '99999999999999999999' overflows 64 bits");
    fails("func.func @f() {\n  %a = tfrt.constant.i1 2\n  tfrt.return\n}\n", 2, 8,
          "integer constant 2 out of range for type 'i1'");
    fails("func.func @f() {\n  %a = tfrt.constant.ui32 -1\n  tfrt.return\n}\n", 2, 8,
          "integer constant -1 out of range for type 'ui32'");
    fails("func.func @f() attributes {x = 256 : i8} {\n  tfrt.return\n}\n", 1, 32,
          "integer constant '256' out of range for type 'i8'");
    fails("func.func @f() attributes {x = -129 : i8} {\n  tfrt.return\n}\n", 1, 32,
          "integer constant '-129' out of range for type 'i8'");
    fails("func.func @f() {\n  %a = tfrt.constant.f32 0x1FFFFFFFF\n  tfrt.return\n}\n", 2, 8,
          "hexadecimal float constant out of range for type 'f32'");
    /* The extremes fit. */
    Parsed p;
    ok("func.func @f() attributes {a = 255 : i8, b = -128 : i8, c = 255 : ui8, d = -9223372036854775808} {\n"
       "  tfrt.return\n}\n", &p);
    done(&p);
}

/* ===================================================================== */
/* Generic form                                                           */

Test(parser, generic_form_with_regions) {
    Parsed p;
    Module *m = ok("func.func @f(%x: i32) -> i32 {\n"
                   "  %a = \"tfrt.add.i32\"(%x, %x) {foo} : (i32, i32) -> i32\n"
                   "  \"tfrt_test.print_hello\"() : () -> ()\n"
                   "  %r = \"my.op\"(%a) ({\n  ^bb0(%y: i32):\n    \"tfrt.return\"(%y) : (i32) -> ()\n  }, {\n"
                   "    tfrt.return\n  }, {\n  ^bb1:\n    tfrt.return\n  }) {attr = 3 : i32} : (i32) -> (i32)\n"
                   "  tfrt.return %r : i32\n}\n", &p);
    Op *a = body_op(m, "f", 0);
    cr_expect_str_eq(a->name, "tfrt.add.i32");
    cr_expect_eq(a->info, optable_lookup("tfrt.add.i32", 12));
    cr_expect_eq(ir_op_attr(a, "foo")->kind, ATTR_UNIT);
    cr_expect_eq(a->line, 2);
    cr_expect_eq(a->col, 8);
    Op *h = body_op(m, "f", 1);
    cr_expect_eq(h->nresults, 0);
    Op *r = body_op(m, "f", 2);
    cr_expect_null(r->info);
    cr_assert_eq(r->nregions, 3);
    cr_expect_eq(r->regions[2]->nargs, 0);
    cr_expect_eq(r->regions[2]->nops, 1);
    cr_expect_eq(r->regions[0]->nargs, 1);
    cr_expect_str_eq(r->regions[0]->args[0]->name, "%y");
    cr_expect_eq(r->regions[0]->ops[0]->operands[0], r->regions[0]->args[0]);
    cr_expect_eq(r->regions[1]->nargs, 0);
    cr_expect_eq(ir_op_attr(r, "attr")->u.i, 3);
    cr_expect_str_eq(ty(r->results[0]), "i32");
    done(&p);
}

/* An unknown op in custom form is an error at the op, whatever follows it
** (docs/language.md §2.3): its syntax is unknown, so a function type after
** it does not make it the generic form. A known generic-only op written so
** is read with the written types. */
Test(parser, bare_unknown_op_is_an_error) {
    fails("func.func @f(%x: i32) {\n  %y = foo.bar %x {k = 1} : (i32) -> i64\n  tfrt.return\n}\n", 2, 8,
          "custom op 'foo.bar' is unknown");
    Parsed p;
    Module *m = ok("func.func @f(%x: i32) {\n  %y = tfrt.minus.i32 %x, %x : (i32, i32) -> i32\n  tfrt.return\n}\n", &p);
    Op *o = body_op(m, "f", 0);
    cr_expect_not_null(o->info);
    cr_expect_str_eq(o->name, "tfrt.minus.i32");
    cr_expect_str_eq(ty(o->results[0]), "i32");
    done(&p);
}

/* ===================================================================== */
/* Attributes and types                                                   */

Test(parser, every_attribute_form) {
    Parsed p;
    Module *m = ok("func.func @f() attributes {\n"
                   "  i = 42, j = -1 : i32, k = 7 : ui32, b0 = 0 : i1, t = true, fa = false,\n"
                   "  f = 1.0, g = 0.5 : f32, h = 1.000000e-01 : f64, s = \"te\\\"xt\", sym = @callee,\n"
                   "  arr = [[\"s\", [1 : i32, 0 : i32]], [1.0 : f32]], empty = [], u = unit, bare,\n"
                   "  d = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>, sp = dense<1> : tensor<4xf32>,\n"
                   "  ty = i32, dict = {z = 1, a = 2}, \"quoted key\" = 3\n"
                   "} {\n  tfrt.return\n}\n", &p);
    Func *f = ir_module_func(m, "f");
    for (int i = 1; i < f->nattrs; i++)
        cr_expect(strcmp(f->attrs[i - 1].name, f->attrs[i].name) < 0, "sorted");
    const Attr *a;
    a = ir_func_attr(f, "i");
    cr_expect_eq(a->kind, ATTR_INT); cr_expect_eq(a->u.i, 42); cr_expect_str_eq(a->type->spelling, "i64");
    a = ir_func_attr(f, "j");
    cr_expect_eq(a->u.i, -1); cr_expect_str_eq(a->type->spelling, "i32");
    cr_expect_str_eq(ir_func_attr(f, "k")->type->spelling, "ui32");
    cr_expect_str_eq(ir_func_attr(f, "b0")->type->spelling, "i1");
    cr_expect_eq(ir_func_attr(f, "b0")->kind, ATTR_BOOL);
    cr_expect_not(ir_func_attr(f, "b0")->u.b);
    a = ir_func_attr(f, "t");
    cr_expect_eq(a->kind, ATTR_BOOL); cr_expect(a->u.b);
    cr_expect_not(ir_func_attr(f, "fa")->u.b);
    a = ir_func_attr(f, "f");
    cr_expect_eq(a->kind, ATTR_FLOAT); cr_expect_str_eq(a->type->spelling, "f64");
    cr_expect_str_eq(ir_func_attr(f, "g")->type->spelling, "f32");
    cr_expect_float_eq(ir_func_attr(f, "h")->u.f, 0.1, 1e-15);
    a = ir_func_attr(f, "s");
    cr_expect_eq(a->kind, ATTR_STRING); cr_expect_str_eq(a->u.str.s, "te\"xt"); cr_expect_eq(a->u.str.len, 5u);
    a = ir_func_attr(f, "sym");
    cr_expect_eq(a->kind, ATTR_SYMBOL); cr_expect_str_eq(a->u.str.s, "callee");
    a = ir_func_attr(f, "arr");
    cr_assert_eq(a->kind, ATTR_ARRAY);
    cr_assert_eq(a->u.arr.n, 2);
    const Attr *inner = a->u.arr.elems[0];
    cr_expect_eq(inner->u.arr.n, 2);
    cr_expect_str_eq(inner->u.arr.elems[0]->u.str.s, "s");
    cr_expect_eq(inner->u.arr.elems[1]->u.arr.elems[0]->u.i, 1);
    cr_expect_eq(ir_func_attr(f, "empty")->u.arr.n, 0);
    cr_expect_eq(ir_func_attr(f, "u")->kind, ATTR_UNIT);
    cr_expect_eq(ir_func_attr(f, "bare")->kind, ATTR_UNIT);
    a = ir_func_attr(f, "d");
    cr_assert_eq(a->kind, ATTR_DENSE);
    cr_expect_not(a->dense_splat);
    cr_expect_eq(a->u.arr.n, 4);
    cr_expect_eq(a->u.arr.elems[2]->u.i, 2);
    cr_expect_str_eq(a->u.arr.elems[2]->type->spelling, "i32");
    cr_expect_str_eq(a->type->spelling, "tensor<2x2xi32>");
    a = ir_func_attr(f, "sp");
    cr_expect(a->dense_splat);
    cr_expect_eq(a->u.arr.n, 1);
    cr_expect_eq(a->u.arr.elems[0]->kind, ATTR_FLOAT);
    a = ir_func_attr(f, "ty");
    cr_expect_eq(a->kind, ATTR_TYPE); cr_expect_str_eq(a->type->spelling, "i32");
    a = ir_func_attr(f, "dict");
    cr_assert_eq(a->kind, ATTR_DICT);
    cr_expect_str_eq(a->u.dict.attrs[0].name, "a");
    cr_expect_eq(ir_func_attr(f, "quoted key")->u.i, 3);
    done(&p);
}

Test(parser, identifiers_that_look_like_ops_or_keywords) {
    Parsed p;
    /* Dotted keys are sent as op tokens and fall back to identifiers. */
    Module *m = ok("func.func @\"odd name\"() attributes {tfrt.add.i32 = 1, tfrt.sync, to = 2, fixed, at = 3,\n"
                   "  unknown = 4, fused = 5, callsite = 6, unit = 7, dense = 8, private = 9, parallel_iterations = 10} {\n"
                   "  %x = tfrt.constant.i32 1 {tfrt.print.i32 = \"k\"}\n  tfrt.return\n}\n", &p);
    Func *f = m->funcs[0];
    cr_expect_str_eq(f->name, "odd name");
    cr_expect(f->is_sync);
    cr_expect_eq(ir_func_attr(f, "tfrt.add.i32")->u.i, 1);
    cr_expect_eq(ir_func_attr(f, "to")->u.i, 2);
    cr_expect_eq(ir_func_attr(f, "fixed")->kind, ATTR_UNIT);
    cr_expect_eq(ir_func_attr(f, "parallel_iterations")->u.i, 10);
    cr_expect_str_eq(ir_op_attr(f->body->ops[0], "tfrt.print.i32")->u.str.s, "k");
    cr_expect_eq(ir_module_func(m, "odd name"), f);
    done(&p);
}

Test(parser, attribute_errors) {
    fails("func.func @f() attributes {a = 1, a = 2} {\n  tfrt.return\n}\n", 1, 11, "duplicate attribute 'a'");
    fails("func.func @f() attributes {d = dense<[1, 2, 3]> : tensor<2xi32>} {\n  tfrt.return\n}\n", 1, 32,
          "dense literal has 3 elements but type 'tensor<2xi32>' needs 2");
    fails("func.func @f() attributes {d = dense<1> : i32} {\n  tfrt.return\n}\n", 1, 32,
          "dense elements need a tensor type, not 'i32'");
    fails("func.func @f() attributes {s = \"a\\zb\"} {\n  tfrt.return\n}\n", 1, 34,
          "invalid escape sequence in string literal");
}

Test(parser, every_type_form) {
    Parsed p;
    Module *m = ok("func.func private @d(i1, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, index,\n"
                   "  complex<f32>, complex<f64>, !tfrt.chain, !ts.fixed_rank_shape.2, !t.tensor, !tfrt_tensor.tensor,\n"
                   "  tensor<2x3xi32>, tensor<*xf32>, tensor<?x4xf64>, none) -> () attributes {tfrt.native}\n", &p);
    Func *f = m->funcs[0];
    cr_assert_eq(f->nargs, 24);
    TypeKind kinds[] = { TY_I1, TY_I8, TY_I16, TY_I32, TY_I64, TY_UI8, TY_UI16, TY_UI32, TY_UI64, TY_F16,
                         TY_BF16, TY_F32, TY_F64, TY_INDEX, TY_COMPLEX, TY_COMPLEX, TY_DIALECT, TY_DIALECT,
                         TY_DIALECT, TY_DIALECT, TY_TENSOR, TY_TENSOR, TY_TENSOR, TY_NONE };
    for (int i = 0; i < 24; i++) cr_expect_eq(f->arg_types[i]->kind, kinds[i], "arg %d", i);
    cr_expect_eq(f->arg_types[14]->elem->kind, TY_F32);
    cr_expect(f->arg_types[16]->is_chain);
    cr_expect_not(f->arg_types[17]->is_chain);
    cr_expect_str_eq(f->arg_types[17]->spelling, "!ts.fixed_rank_shape.2");
    cr_expect(ir_type_same(f->arg_types[18], f->arg_types[19]));
    cr_expect_neq(f->arg_types[18], f->arg_types[19]);
    const Type *t = f->arg_types[20];
    cr_expect_eq(t->rank, 2);
    cr_expect_eq(t->dims[0], 2);
    cr_expect_eq(t->dims[1], 3);
    cr_expect_eq(t->elem->kind, TY_I32);
    cr_expect_eq(f->arg_types[21]->rank, -1);
    cr_expect_eq(f->arg_types[22]->dims[0], -1);
    /* Types are interned. */
    cr_expect_eq(ir_type_get(m, "i32", 3), f->arg_types[3]);
    cr_expect_eq(ir_type_get(m, "tensor<2x3xi32>", 15), t);
    cr_expect_null(ir_type_get(m, "int", 3));
    cr_expect_null(ir_type_get(m, "i0", 2));
    cr_expect_null(ir_type_get(m, "tensor<2x", 9));
    /* Builtin types tfrun reads by spelling only (docs/language.md §4). */
    const char *other[] = { "i33", "si8", "ui1", "f80", "f8E4M3FN", "memref<?x4xf32>", "vector<[4]xf32>",
                            "tuple<i32, f32>", "tensor<4xf32, \"enc\">", "memref<4xf32, affine_map<(d0) -> (d0)>>" };
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        const Type *o = ir_type_get(m, other[i], strlen(other[i]));
        cr_expect(o && o->kind == TY_OTHER && !strcmp(o->spelling, other[i]), "%s", other[i]);
    }
    cr_expect_null(ir_type_get(m, "memref<4xf32)", 13));
    done(&p);
    fails("func.func @f(%a: int) {\n  tfrt.return\n}\n", 1, 18, "unknown type 'int'");
}

Test(parser, signatures) {
    Parsed p;
    Module *m = ok("", &p);
    IrSig s;
    cr_assert(ir_signature(m, "(i32, !tfrt.chain) -> !tfrt.chain", &s));
    cr_expect_eq(s.nin, 2);
    cr_expect_eq(s.nout, 1);
    cr_expect(s.out[0]->is_chain);
    cr_assert(ir_signature(m, "(!tfrt.chain, any...) -> (any...)", &s));
    cr_expect(s.in_variadic);
    cr_expect(s.out_variadic);
    cr_expect_null(s.in[1]);
    cr_assert(ir_signature(m, "() -> ()", &s));
    cr_expect_eq(s.nin, 0);
    cr_expect_eq(s.nout, 0);
    cr_assert(ir_signature(m, "(complex<f32>) -> (i1, !tfrt.chain)", &s));
    cr_expect_eq(s.in[0]->kind, TY_COMPLEX);
    cr_expect_not(ir_signature(m, "", &s));
    cr_expect_not(ir_signature(m, "(i32 -> i32", &s));
    /* Every row of the op table has a readable signature. */
    size_t n;
    const OpInfo *all = optable_all(&n);
    for (size_t i = 0; i < n; i++)
        if (all[i].signature[0]) cr_expect(ir_signature(m, all[i].signature, &s), "%s: %s", all[i].name, all[i].signature);
    done(&p);
}

/* One reader for both forms: the spellings ir_sig_split gives are the
** types ir_signature gives, and both refuse the same malformed text. */
Test(parser, signature_forms_agree) {
    Parsed p;
    Module *m = ok("", &p);
    IrSig s;
    IrSigText t;
    static const char *const bad[] = { "", "i32 -> i32", "(i32..., i64) -> ()", "(i32 -> i32", "(i32) ->" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_expect_not(ir_sig_split(bad[i], &t), "%s", bad[i]);
        cr_expect_not(ir_signature(m, bad[i], &s), "%s", bad[i]);
    }
    cr_assert(ir_sig_split("( i32 ,\ti64 ) -> ( i1 )", &t));
    cr_expect_eq(t.nin, 2);
    cr_expect_eq(t.in[1].len, 3);
    size_t n;
    const OpInfo *all = optable_all(&n);
    for (size_t i = 0; i < n; i++) {
        if (!all[i].signature[0]) continue;
        cr_assert(ir_sig_split(all[i].signature, &t), "%s", all[i].name);
        cr_assert(ir_signature(m, all[i].signature, &s), "%s", all[i].name);
        cr_expect(t.nin == s.nin && t.nout == s.nout && t.in_var == s.in_variadic && t.out_var == s.out_variadic,
                  "%s", all[i].name);
        for (int k = 0; k < t.nin && k < s.nin; k++)
            cr_expect(s.in[k] ? (size_t)t.in[k].len == strlen(s.in[k]->spelling)
                              : t.in[k].len == 3 && !memcmp(t.in[k].p, "any", 3), "%s #%d", all[i].name, k);
    }
    done(&p);
}

/* The attribute a custom form writes without its name comes from the op
** table: every row of the four families that write one has it (its one
** attribute rule), no other row has one, and the parser files the value
** under it: `ts.build_shape` under "value", a tensor's shape under "shape". */
Test(parser, inline_attribute_from_the_table) {
    size_t n;
    const OpInfo *all = optable_all(&n);
    for (size_t i = 0; i < n; i++) {
        SyntaxFamily f = all[i].family;
        bool writes = f == SYN_CONSTANT || f == SYN_SHAPE_ATTR || f == SYN_OPERANDS_VALUE || f == SYN_OPERANDS_ARRAY;
        cr_expect((optable_inline_attr(&all[i]) != NULL) == writes, "%s", all[i].name);
    }
    Parsed p;
    Module *m = ok("func.func @f() {\n"
                   "  %s = ts.build_shape [2 : i64, 3 : i64]\n"
                   "  %t = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]\n"
                   "  %c = tfrt.new.chain\n"
                   "  %d = tfrt_dht.set_tensor_with_constant_values.f32 %t, %c [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]\n"
                   "  tfrt.return\n}\n", &p);
    Block *b = m->funcs[0]->body;
    cr_expect_not_null(ir_op_attr(b->ops[0], "value"));
    cr_expect_not_null(ir_op_attr(b->ops[1], "shape"));
    cr_expect_not_null(ir_op_attr(b->ops[3], "values"));
    done(&p);
}

/* ops/arith.def agrees with the signatures: an arithmetic row's operands
** are of its dtype, one for a conversion and two otherwise, and ops that
** are not in it have no operator. */
Test(parser, arith_facts_match_signatures) {
    static const char *const spell[DT__COUNT] = { [DT_BOOL] = "i1", [DT_I32] = "i32", [DT_I64] = "i64",
                                                  [DT_F32] = "f32", [DT_F64] = "f64" };
    size_t n;
    const OpInfo *all = optable_all(&n);
    int rows = 0;
    for (size_t i = 0; i < n; i++) {
        DType dt = DT_INVALID;
        ArithOp a = optable_arith(all[i].id, &dt);
        if (a == ARITH_NONE) { cr_expect(dt == DT_INVALID); continue; }
        rows++;
        cr_assert(dt > DT_INVALID && dt < DT__COUNT && spell[dt], "%s", all[i].name);
        char want[64];
        if (a == ARITH_TO_F32 || a == ARITH_TO_F64) snprintf(want, sizeof want, "(%s) -> ", spell[dt]);
        else snprintf(want, sizeof want, "(%s, %s) -> ", spell[dt], spell[dt]);
        cr_expect(!strncmp(all[i].signature, want, strlen(want)), "%s: %s", all[i].name, all[i].signature);
    }
    cr_expect_eq(rows, 23);
    DType dt = DT_INVALID;
    cr_expect_eq(optable_arith(OPID_tfrt_print_i32, &dt), ARITH_NONE);
}

Test(parser, op_is_return) {
    Parsed p;
    Module *m = ok("func.func @f() -> i32 {\n  %c = tfrt.constant.i32 1\n  tfrt.return %c : i32\n}\n", &p);
    Block *b = m->funcs[0]->body;
    cr_assert_eq(b->nops, 2);
    cr_expect_not(ir_op_is_return(b->ops[0]));
    cr_expect(ir_op_is_return(b->ops[1]));
    done(&p);
}

/* ===================================================================== */
/* Locations                                                              */

Test(parser, location_forms_and_late_aliases) {
    Parsed p;
    Module *m = ok("func.func @f() {\n"
                   "  %a = tfrt.new.chain loc(\"name\")\n"
                   "  %b = tfrt.new.chain loc(\"n\"(\"file.py\":3:4))\n"
                   "  %c = tfrt.new.chain loc(\"file.py\":42:314)\n"
                   "  %d = tfrt.new.chain loc(unknown)\n"
                   "  %e = tfrt.new.chain loc(fused[\"a\", \"file.py\":1:2, unknown, \"a\"])\n"
                   "  %f = tfrt.new.chain loc(fused[\"only\"])\n"
                   "  %g = tfrt.new.chain loc(fused[\"x\", fused[\"y\", \"z\"]])\n"
                   "  %h = tfrt.new.chain loc(callsite(\"callee\" at \"caller.py\":1:1))\n"
                   "  %i = tfrt.new.chain loc(#loc0)\n"
                   "  %j = tfrt.new.chain\n    loc(#loc1)\n"
                   "  %k = tfrt.new.chain loc(fused<\"meta\">[\"m\"])\n"
                   "  tfrt.return\n}\n"
                   "#loc0 = loc(\"late\")\n#loc1 = loc(#loc2)\n#loc2 = loc(\"f.py\":9:8)\n", &p);
    const Loc *l;
    l = body_op(m, "f", 0)->loc;
    cr_expect_eq(l->kind, LOC_NAME); cr_expect_str_eq(l->name, "name"); cr_expect_null(l->child);
    l = body_op(m, "f", 1)->loc;
    cr_expect_eq(l->kind, LOC_NAME); cr_assert_not_null(l->child);
    cr_expect_eq(l->child->kind, LOC_FILE); cr_expect_eq(l->child->col, 4);
    l = body_op(m, "f", 2)->loc;
    cr_expect_eq(l->kind, LOC_FILE); cr_expect_str_eq(l->file, "file.py");
    cr_expect_eq(l->line, 42); cr_expect_eq(l->col, 314);
    cr_expect_eq(body_op(m, "f", 3)->loc->kind, LOC_UNKNOWN);
    l = body_op(m, "f", 4)->loc;
    cr_assert_eq(l->kind, LOC_FUSED);
    cr_expect_eq(l->nitems, 2);    /* unknown and the duplicate dropped */
    l = body_op(m, "f", 5)->loc;
    cr_expect_eq(l->kind, LOC_NAME);  /* single-element fusion */
    l = body_op(m, "f", 6)->loc;
    cr_assert_eq(l->kind, LOC_FUSED);
    cr_expect_eq(l->nitems, 3);    /* flattened */
    l = body_op(m, "f", 7)->loc;
    cr_assert_eq(l->kind, LOC_CALLSITE);
    cr_expect_eq(l->callee->kind, LOC_NAME);
    cr_expect_eq(l->caller->kind, LOC_FILE);
    l = body_op(m, "f", 8)->loc;
    cr_expect_eq(l->kind, LOC_NAME); cr_expect_str_eq(l->name, "late");
    l = body_op(m, "f", 9)->loc;
    cr_expect_eq(l->kind, LOC_FILE); cr_expect_eq(l->line, 9);
    l = body_op(m, "f", 10)->loc;
    cr_expect_eq(l->kind, LOC_FUSED); cr_expect_not_null(l->fused_meta); cr_expect_eq(l->nitems, 1);
    done(&p);
    /* Two ops naming the same alias keep distinct location objects. */
    m = ok("func.func @f() {\n  %a = tfrt.new.chain loc(#x)\n  %b = tfrt.new.chain loc(#x)\n"
           "  %c = tfrt.new.chain loc(fused[#x, #y])\n  %d = tfrt.new.chain loc(fused[#x, \"zz\", unknown])\n"
           "  tfrt.return\n}\n#x = loc(\"xx\")\n#y = loc(#x)\n", &p);
    const Loc *la = body_op(m, "f", 0)->loc, *lb = body_op(m, "f", 1)->loc;
    cr_expect_neq(la, lb);
    cr_expect_eq(la->kind, LOC_NAME);
    cr_expect_str_eq(lb->name, "xx");
    l = body_op(m, "f", 2)->loc;      /* both are "xx": the fusion collapses */
    cr_assert_eq(l->kind, LOC_NAME);
    cr_expect_str_eq(l->name, "xx");
    l = body_op(m, "f", 3)->loc;
    cr_assert_eq(l->kind, LOC_FUSED);
    cr_assert_eq(l->nitems, 2);
    cr_expect_str_eq(l->items[0]->name, "xx");
    cr_expect_str_eq(l->items[1]->name, "zz");
    done(&p);
    fails("func.func @f() {\n  tfrt.return loc(#nope)\n}\n", 2, 19, "undefined location alias '#nope'");
    fails("#a = loc(\"x\")\n#a = loc(\"y\")\n", 2, 1, "redefinition of location alias '#a'");
    fails("func.func @f() {\n  tfrt.return loc(#a)\n}\n#a = loc(#b)\n#b = loc(#a)\n", 4, 10,
          "location alias '#b' refers to itself");
}

Test(parser, function_location) {
    Parsed p;
    Module *m = ok("  func.func @f() {\n  tfrt.return\n} loc(\"fn\")\nfunc.func @g() {\n  tfrt.return\n}\n", &p);
    cr_expect_eq(m->funcs[0]->loc->kind, LOC_NAME);
    cr_expect_eq(m->funcs[1]->loc->kind, LOC_FILE);
    cr_expect_eq(m->funcs[1]->loc->line, 4);
    cr_expect_eq(m->funcs[1]->loc->col, 1);
    done(&p);
}

/* ===================================================================== */
/* Syntax errors                                                          */

Test(parser, syntax_errors_have_positions) {
    fails("func.func @f() {\n  %a = tfrt.add.i32 %x %y\n", 2, 21, "use of undeclared SSA value name '%x'");
    fails("func.func @f( {\n}\n", 1, 15, "expected");
    fails("func.func @f() {\n  tfrt.return\n", 3, 1, "expected an operation or '}' before the end of input");
    fails("func.func @f() {\n", 2, 1, "expected an operation or '}' before the end of input");
    fails("func.func @f() {\n  %x = tfrt.constant.i32\n}\n", 3, 1, "expected an attribute value");
    /* A bare word where an op's name comes names an op (mlir-opt says so too). */
    fails("func.func @f() {\n  foo\n}\n", 2, 3, "custom op 'foo' is unknown");
    fails("func.func @f() {\n  tfrt.return\n}}\n", 3, 2,
          "expected 'func.func', 'module', an alias or an op in generic form, got '}'");
    fails("func.func @f(%a i32) {\n  tfrt.return\n}\n", 1, 17, "expected ':'");
    fails("func.func @f() {\n  tfrt.call @g( : () -> ()\n  tfrt.return\n}\n", 2, 17, "expected");
    fails("func.func @f() {\n  %x = tfrt.constant.i32\n  tfrt.return\n}\n", 3, 3, "expected a type, got 'tfrt.return'");
    fails("func.func @f() {\n  \"x\"() : (i32 -> ()\n}\n", 2, 16, "expected");
    fails("func.func @f() -> i32 {\n  tfrt.return ;\n}\n", 2, 15, "unexpected character");
    fails("func.func @f() {\n  tfrt.return\n}\n\x01", 4, 1, "unexpected character");
    fails("func.func @f() {}\n @", 2, 2, "unexpected character");
    /* A merge of nothing writes its colon (with operands the types may be
    ** left out: TFRT's older form, docs/syntax.md). */
    fails("func.func @f() {\n  %b = tfrt.merge.chains\n  tfrt.return\n}\n", 3, 3, "expected ':'");
    /* An op that does not exist: the error is at it, not where the
    ** grammar noticed (docs/language.md §4). */
    fails("func.func @f() {\n  %x = foo.bar\n  tfrt.return\n}\n", 2, 8, "custom op 'foo.bar' is unknown");
    /* A nullary op takes no operands: `%a` starts the next statement. */
    fails("func.func @f() {\n  %a = tfrt.new.chain\n  %b = tfrt.new.chain %a\n  tfrt.return\n}\n", 4, 3,
          "expected '=' or ','");
}

Test(parser, syntax_error_message_lists_expected_tokens) {
    Parsed p = parse("func.func @f() {\n  tfrt.if %c\n");
    cr_expect_null(p.m);
    done(&p);
    p = parse("func.func @f(%c: i1) {\n  tfrt.if %c : () -> () {\n    tfrt.return\n  } else\n}\n");
    cr_expect_null(p.m);
    cr_expect(strstr(p.err, "t.mlir:5:1: error: expected '{'") != NULL, "%s", p.err);
    cr_expect(strstr(p.err, "\n}\n^") != NULL, "caret: %s", p.err);
    done(&p);
}

Test(parser, bad_bytes_are_diagnostics) {
    const char src[] = "func.func @f() {\n  tfrt.return\0\n}\n";
    Parsed p = parsen(src, sizeof src - 1);
    cr_expect_null(p.m);
    cr_expect(strstr(p.err, "t.mlir:2:14: error: NUL byte in input") != NULL, "%s", p.err);
    done(&p);
    p = parse("func.func @f() {\n  %s = tfrt_test.get_string {value = \"\xff\"}\n  tfrt.return\n}\n");
    cr_expect_null(p.m);
    cr_expect(strstr(p.err, "t.mlir:2:39: error: invalid UTF-8 in string literal") != NULL, "%s", p.err);
    done(&p);
}

/* A misspelt or unknown op in custom form is reported at the op, by name,
** with the nearest op of the table or a word on its dialect (docs/language.md §4;
** mlir-opt says "custom op 'arith.ad' is unknown" too). */
Test(parser, unknown_custom_op_is_named_with_a_suggestion) {
    Parsed p = parse("func.func @f(%a: i32) {\n  %ch = tfrt.new.chain\n  %c1 = tfrt.prnt.i32 %a, %ch\n  tfrt.return\n}\n");
    cr_expect_null(p.m);
    cr_expect(strstr(p.err, "t.mlir:3:9: error: custom op 'tfrt.prnt.i32' is unknown\n") != NULL, "%s", p.err);
    cr_expect(strstr(p.err, "t.mlir:3:9: note: did you mean 'tfrt.print.i32'?\n") != NULL, "%s", p.err);
    done(&p);
    /* No results: first on its line. */
    p = parse("func.func @f(%a: i32) -> i32 {\n  tfrt.retrun %a : i32\n}\n");
    cr_expect(strstr(p.err, "t.mlir:2:3: error: custom op 'tfrt.retrun' is unknown\n") != NULL, "%s", p.err);
    cr_expect(strstr(p.err, "note: did you mean 'tfrt.return'?") != NULL, "%s", p.err);
    done(&p);
    /* An error the op's operands cause is still the op's. */
    p = parse("func.func @f() {\n  %x = arith.ad %a, %b : i32\n  tfrt.return\n}\n");
    cr_expect(strstr(p.err, "t.mlir:2:8: error: custom op 'arith.ad' is unknown\n") != NULL, "%s", p.err);
    cr_expect(strstr(p.err, "t.mlir:2:8: note: tfrun implements no op of dialect 'arith'\n") != NULL, "%s", p.err);
    cr_expect_null(strstr(p.err, "undeclared"), "%s", p.err);
    done(&p);
    /* A known dialect, nothing near: no note at all. */
    p = parse("func.func @f() {\n  %x = tfrt.zzzzzzzzzzzzzzzz\n  tfrt.return\n}\n");
    cr_expect(strstr(p.err, "custom op 'tfrt.zzzzzzzzzzzzzzzz' is unknown") != NULL, "%s", p.err);
    cr_expect_null(strstr(p.err, "note:"), "%s", p.err);
    done(&p);
}

/* The shapes that used to take the unknown op's statement for something
** else: a nullary op at the end of its line (the next statement's result
** was read as its operand, lines later) and an op with a region (read as
** an attribute dictionary, the error landing on an op inside). The parser's
** tables say where an op's name comes; a dotted key that starts a line of
** an attribute dictionary is not an op. */
Test(parser, unknown_custom_op_is_reported_before_what_follows) {
    Parsed p = parse("func.func @f() {\n  %ch0 = hex.new.chain\n\n  %t = \"foo.x\"() : () -> i32\n  tfrt.return\n}\n");
    cr_expect_null(p.m);
    cr_expect(strstr(p.err, "t.mlir:2:10: error: custom op 'hex.new.chain' is unknown\n") != NULL, "%s", p.err);
    cr_expect(strstr(p.err, "t.mlir:2:10: note: did you mean 'tfrt.new.chain'?\n") != NULL, "%s", p.err);
    cr_expect_null(strstr(p.err, "undeclared"), "%s", p.err);
    done(&p);
    p = parse("func.func @f() {\n  %t = async.execute {\n    %x = tfrt.constant.i32 1\n    linalg.yield\n  }\n  tfrt.return\n}\n");
    cr_expect(strstr(p.err, "t.mlir:2:8: error: custom op 'async.execute' is unknown\n") != NULL, "%s", p.err);
    cr_expect_null(strstr(p.err, "linalg"), "%s", p.err);
    done(&p);
    /* A statement without results, first on its line. */
    fails("func.func @f() {\n  %a = tfrt.new.chain\n  test.sink %a\n  tfrt.return\n}\n", 3, 3,
          "custom op 'test.sink' is unknown");
    /* Dotted keys first on their lines are keys. */
    Parsed q;
    Module *m = ok("func.func @f() attributes {\n  tfrt.cost_threshold = 3 : i64,\n  foo.bar} {\n"
                   "  %a = tfrt.new.chain {\n    foo.k = 1}\n  tfrt.return\n}\n", &q);
    cr_expect_not_null(ir_func_attr(ir_module_func(m, "f"), "foo.bar"));
    cr_expect_not_null(ir_op_attr(body_op(m, "f", 0), "foo.k"));
    done(&q);
}

Test(parser, huge_identifier_is_a_diagnostic) {
    size_t n = 1 << 20;
    char *s = malloc(n + 64);
    strcpy(s, "func.func @f() {\n  %x = ");
    size_t k = strlen(s);
    memset(s + k, 'a', n);
    s[k + n] = '.';
    strcpy(s + k + n + 1, "b\n}\n");
    Parsed p = parse(s);
    cr_expect_null(p.m);
    /* An unknown op, named in at most 80 bytes. */
    cr_expect(strstr(p.err, "t.mlir:2:8: error: custom op 'aaaaaaaa") != NULL, "%.200s", p.err);
    cr_expect(strstr(p.err, "aaa...' is unknown") != NULL, "%.200s", p.err);
    cr_expect_lt(strlen(p.err), 1000);
    done(&p);
    free(s);
}

/* ===================================================================== */
/* Deep nesting and truncated input                                       */

static char *nested_array(int depth) {
    const char *pre = "func.func @f() attributes {a = ";
    const char *post = "} {\n  tfrt.return\n}\n";
    size_t n = strlen(pre) + 2 * (size_t)depth + 8 + strlen(post);
    char *s = malloc(n);
    char *q = s;
    q += sprintf(q, "%s", pre);
    for (int i = 0; i < depth; i++) *q++ = '[';
    *q++ = '1';
    for (int i = 0; i < depth; i++) *q++ = ']';
    strcpy(q, post);
    return s;
}

Test(parser, ten_thousand_deep_arrays) {
    char *s = nested_array(10000);
    Parsed p;
    Module *m = ok(s, &p);
    const Attr *a = ir_func_attr(m->funcs[0], "a");
    int depth = 0;
    while (a->kind == ATTR_ARRAY) { a = a->u.arr.elems[0]; depth++; }
    cr_expect_eq(depth, 10000);
    cr_expect_eq(a->u.i, 1);
    done(&p);
    free(s);
}

Test(parser, too_deep_is_a_diagnostic) {
    char *s = nested_array(200000);
    Parsed p = parse(s);
    cr_expect_null(p.m);
    cr_expect(strstr(p.err, "input nested too deeply") != NULL, "%.200s", p.err);
    done(&p);
    free(s);
}

Test(parser, deep_dense_literal) {
    char *s = malloc(40000);
    char *q = s + sprintf(s, "func.func @f() attributes {a = dense<");
    for (int i = 0; i < 5000; i++) *q++ = '[';
    *q++ = '7';
    for (int i = 0; i < 5000; i++) *q++ = ']';
    strcpy(q, "> : tensor<1xi32>} {\n  tfrt.return\n}\n");
    Parsed p;
    Module *m = ok(s, &p);
    const Attr *a = ir_func_attr(m->funcs[0], "a");
    cr_expect_eq(a->u.arr.n, 1);
    cr_expect_eq(a->u.arr.elems[0]->u.i, 7);
    done(&p);
    free(s);
}

Test(parser, truncated_at_every_byte, .timeout = 60) {
    size_t n = strlen(all_custom);
    int parsed = 0;
    for (size_t cut = 0; cut < n; cut++) {
        Parsed p = parsen(all_custom, cut);
        if (p.m) parsed++;
        else cr_expect(strstr(p.err, "error:") != NULL, "no diagnostic at cut %zu", cut);
        done(&p);
    }
    /* Only cuts inside the trailing "}\n" or right after a whole function parse. */
    cr_expect(parsed < 20, "%d prefixes parsed", parsed);
    Parsed full = parsen(all_custom, n);
    cr_expect_not_null(full.m);
    done(&full);
}

/* ===================================================================== */
/* Incremental parsing (REPL)                                             */

Test(parser, ops_into_a_persistent_scope) {
    Parsed p;
    Module *m = ok("", &p);
    ParseScope *s = parse_scope_new(m);
    cr_assert_not_null(s);
    Op *first = NULL;
    const char *l1 = "%x = tfrt.constant.i32 1\n%ch = tfrt.new.chain";
    cr_expect_eq(parse_ops_into(s, "<repl>:1", l1, strlen(l1), NULL, &first), 2);
    cr_assert_not_null(first);
    cr_expect_str_eq(first->name, "tfrt.constant.i32");
    const char *l2 = "tfrt.print.i32 %x, %ch";
    cr_expect_eq(parse_ops_into(s, "<repl>:2", l2, strlen(l2), NULL, &first), 1);
    cr_expect_eq(first->operands[0], parse_scope_block(s)->ops[0]->results[0]);
    /* An error leaves the scope unchanged. */
    Value *x = parse_scope_block(s)->ops[0]->results[0];
    int uses = x->nuses;
    const char *bad = "%y = tfrt.add.i32 %x, %nope";
    cr_expect_eq(parse_ops_into(s, "<repl>:3", bad, strlen(bad), NULL, &first), -1);
    cr_expect_eq(parse_scope_block(s)->nops, 3);
    cr_expect_eq(x->nuses, uses);
    const char *bad2 = "%y = tfrt.add.i32 %x, %x\n%z = tfrt.add.i32 %x, %q";
    cr_expect_eq(parse_ops_into(s, "<repl>:4", bad2, strlen(bad2), NULL, &first), -1);
    cr_expect_eq(parse_scope_block(s)->nops, 3);
    cr_expect_eq(x->nuses, uses);
    const char *l3 = "%z = tfrt.add.i32 %y, %y";
    cr_expect_eq(parse_ops_into(s, "<repl>:5", l3, strlen(l3), NULL, &first), -1);  /* %y was undone */
    /* Redefinition shadows. */
    const char *l4 = "%x = tfrt.constant.i64 2\n%w = tfrt.add.i64 %x, %x";
    cr_expect_eq(parse_ops_into(s, "<repl>:6", l4, strlen(l4), NULL, &first), 2);
    cr_expect_str_eq(ty(parse_scope_block(s)->ops[4]->operands[0]), "i64");
    cr_expect_eq(parse_scope_block(s)->nvalues, 5);
    done(&p);
}

Test(parser, funcs_into_a_module) {
    Parsed p;
    Module *m = ok("func.func @a() -> i32 {\n  %x = tfrt.constant.i32 1\n  tfrt.return %x : i32\n}\n", &p);
    Func *old = m->funcs[0];
    const char *t = "func.func @b() { tfrt.return }\nfunc.func @a() -> i64 {\n  %x = tfrt.constant.i64 2\n  tfrt.return %x : i64\n}";
    cr_expect_eq(parse_funcs_into(m, "<repl>", t, strlen(t), NULL), 2);
    cr_assert_eq(m->nfuncs, 2);
    cr_expect_str_eq(m->funcs[0]->name, "a");
    cr_expect_neq(m->funcs[0], old);
    cr_expect_str_eq(m->funcs[0]->result_types[0]->spelling, "i64");
    cr_expect_eq(m->funcs[0]->index, 0);
    cr_expect_str_eq(m->funcs[1]->name, "b");
    cr_expect_eq(m->funcs[1]->index, 1);
    cr_expect_eq(ir_module_func(m, "a"), m->funcs[0]);
    cr_expect_eq(ir_module_func(m, "b"), m->funcs[1]);
    const char *bad = "func.func @c() {";
    cr_expect_eq(parse_funcs_into(m, "<repl>", bad, strlen(bad), NULL), -1);
    cr_expect_eq(m->nfuncs, 2);
    cr_expect_null(ir_module_func(m, "c"));
    /* A caller that puts the old function back by hand still finds it. */
    m->funcs[0] = old;
    cr_expect_eq(ir_module_func(m, "a"), old);
    done(&p);
}

/* The items ir_module_walk_top visits, as "f:NAME" and "o:NAME". */
static void walk_names(void *ud, const Func *f, const Op *op) {
    char *buf = ud;
    size_t n = strlen(buf);
    snprintf(buf + n, 512 - n, "%s%s:%s", n ? " " : "", f ? "f" : "o", f ? f->name : op->name);
}

Test(parser, ops_at_module_level) {
    Parsed p;
    Module *m = ok("%a = \"x.a\"() : () -> i32\n"
                   "func.func @f() {\n  tfrt.return\n}\n"
                   "%r:2 = \"x.r\"(%a) ({\n^bb0(%b: i32):\n  %c = \"x.c\"(%b) : (i32) -> i32\n}) : (i32) -> (i32, i1)\n"
                   "func.func @g() {\n  tfrt.return\n}\n"
                   "\"x.last\"(%r#1) : (i1) -> ()\n", &p);
    /* The ops outside functions are in the module's block, of no function,
    ** their values in it; the regions inside them belong to no function. */
    cr_assert_not_null(m->top);
    cr_assert_eq(m->top->nops, 3);
    cr_expect_null(m->top->func);
    cr_expect_null(m->top->parent_op);
    Op *r = m->top->ops[1];
    cr_expect_eq(r->operands[0], m->top->ops[0]->results[0]);
    cr_expect_eq(m->top->ops[2]->operands[0], r->results[1]);
    cr_expect_eq(r->results[1]->block, m->top);
    cr_expect_eq(r->parent, m->top);
    cr_assert_eq(r->nregions, 1);
    cr_expect_null(r->regions[0]->func);
    cr_expect_eq(r->regions[0]->parent_op, r);
    cr_expect_eq(r->regions[0]->ops[0]->operands[0], r->regions[0]->args[0]);
    /* The top level in source order. */
    cr_assert_eq(m->nitems, 5);
    cr_expect_eq(m->items[0].op, m->top->ops[0]);
    cr_expect_eq(m->items[1].func, m->funcs[0]);
    cr_expect_eq(m->items[3].func, m->funcs[1]);
    char seen[512] = "";
    ir_module_walk_top(m, walk_names, seen);
    cr_expect_str_eq(seen, "o:x.a f:f o:x.r f:g o:x.last");
    /* A function removed after the parse (as -inline does) is skipped;
    ** one added (as the REPL does) comes last. */
    Func *f = m->funcs[0];
    m->funcs[0] = m->funcs[1];
    m->funcs[0]->index = 0;
    m->nfuncs = 1;
    seen[0] = '\0';
    ir_module_walk_top(m, walk_names, seen);
    cr_expect_str_eq(seen, "o:x.a o:x.r f:g o:x.last");
    m->funcs[1] = f;
    f->index = 1;
    m->nfuncs = 2;
    m->funcs[0]->index = 0;
    Func *g = m->funcs[0];
    m->funcs[0] = f; f->index = 0;
    m->funcs[1] = g; g->index = 1;
    seen[0] = '\0';
    ir_module_walk_top(m, walk_names, seen);
    cr_expect_str_eq(seen, "o:x.a f:f o:x.r f:g o:x.last");
    const char *more = "func.func @b() { tfrt.return }";
    cr_expect_eq(parse_funcs_into(m, "<repl>", more, strlen(more), NULL), 1);
    seen[0] = '\0';
    ir_module_walk_top(m, walk_names, seen);
    cr_expect_str_eq(seen, "o:x.a f:f o:x.r f:g o:x.last f:b");
    done(&p);
    /* The functions before the first op at module level are in their places. */
    m = ok("func.func @a() {\n  tfrt.return\n}\nfunc.func @b() {\n  tfrt.return\n}\n"
           "\"x.a\"() : () -> ()\nfunc.func @c() {\n  tfrt.return\n}\n", &p);
    cr_expect_eq(m->nitems, 4);
    seen[0] = '\0';
    ir_module_walk_top(m, walk_names, seen);
    cr_expect_str_eq(seen, "f:a f:b o:x.a f:c");
    done(&p);
    /* Without ops at module level the functions are the top level. */
    m = ok("func.func @f() {\n  tfrt.return\n}\n", &p);
    cr_expect_null(m->top);
    cr_expect_null(m->items);
    seen[0] = '\0';
    ir_module_walk_top(m, walk_names, seen);
    cr_expect_str_eq(seen, "f:f");
    done(&p);
    /* The REPL's functions have no module level. */
    m = ok("func.func @f() {\n  tfrt.return\n}\n", &p);
    const char *t = "\"x.a\"() : () -> ()\n";
    Parsed e = { NULL, NULL };
    size_t n;
    FILE *out = open_memstream(&e.err, &n);
    DiagSink *d = diag_new(out);
    diag_set_color(d, false);
    cr_expect_eq(parse_funcs_into(m, "<repl>", t, strlen(t), d), -1);
    diag_free(d);
    fclose(out);
    cr_expect(strstr(e.err, "<repl>:1:1: error: the REPL reads functions, not ops at module level") != NULL, "%s", e.err);
    free(e.err);
    cr_expect_null(m->top);
    done(&p);
}

Test(parser, ops_at_module_level_errors) {
    fails("%a = tfrt.constant.i32 1\n", 1, 6,
          "an op at module level is written in generic form: \"tfrt.constant.i32\"(...) : (...) -> (...)");
    fails("\"x.b\"(%a) : (i32) -> ()\n", 1, 7,
          "use of undeclared SSA value name '%a' (at module level a value is defined before its uses)");
    fails("%a = \"x.a\"() : () -> i32\nfunc.func @f() {\n  \"x.b\"(%a) : (i32) -> ()\n  tfrt.return\n}\n", 3, 9,
          "'%a' is defined outside of this region (regions are isolated from above)");
    /* A region of an op at module level sees the module level, in order. */
    fails("\"x.b\"() ({\n  \"x.c\"(%a) : (i32) -> ()\n}) : () -> ()\n%a = \"x.a\"() : () -> i32\n", 2, 9,
          "use of undeclared SSA value name '%a' (at module level a value is defined before its uses)");
    fails("%a = \"x.a\"() : () -> i32\n\"x.b\"() ({\n  %a = \"x.c\"() : () -> i32\n}) : () -> ()\n", 3, 3,
          "redefinition of SSA value '%a'");
}

/* Regions of unknown ops are not isolated from above (docs/syntax.md
** "Regions of unknown ops"): a use there is the outer value itself. */
Test(parser, regions_of_unknown_ops) {
    Parsed p;
    Module *m = ok("%g = \"x.g\"() : () -> i32\n"
                   "\"x.m\"() ({\n  \"x.u\"(%g) : (i32) -> ()\n}) : () -> ()\n"
                   "func.func @f(%x: i32, %c: i1) -> i32 {\n"
                   "  %r = \"x.wrap\"() ({\n"
                   "  ^bb0(%a: i32):\n"
                   "    %y = \"x.use\"(%x) : (i32) -> i32\n"
                   "    \"x.inner\"() ({\n"
                   "      %z = \"x.use2\"(%x, %y, %a) : (i32, i32, i32) -> i32\n"
                   "      tfrt.if %c, %z : (i32) -> () {\n"
                   "        \"x.deep\"() ({\n          \"x.v\"(%z) : (i32) -> ()\n        }) : () -> ()\n"
                   "        tfrt.return\n      }\n"
                   "      \"x.yield\"() : () -> ()\n"
                   "    }) : () -> ()\n"
                   "    \"x.yield\"(%y) : (i32) -> ()\n"
                   "  }) : () -> i32\n"
                   "  tfrt.return %r : i32\n}\n", &p);
    Value *g = m->top->ops[0]->results[0];
    cr_expect_eq(m->top->ops[1]->regions[0]->ops[0]->operands[0], g);
    Func *f = ir_module_func(m, "f");
    Value *x = f->body->args[0];
    Op *wrap = body_op(m, "f", 0);
    Block *w = wrap->regions[0];
    Op *use = w->ops[0], *inner = w->ops[1];
    cr_expect_eq(use->operands[0], x);
    Op *use2 = inner->regions[0]->ops[0];
    cr_expect_eq(use2->operands[0], x);
    cr_expect_eq(use2->operands[1], use->results[0]);
    cr_expect_eq(use2->operands[2], w->args[0]);
    cr_expect_eq(x->nuses, 2);
    /* The tfrt.if region binds %z as its argument; the region of x.deep
    ** inside it sees that argument, not the %z outside. */
    Op *ifop = inner->regions[0]->ops[1];
    Block *then = ifop->regions[0];
    cr_expect_eq(then->ops[0]->regions[0]->ops[0]->operands[0], then->args[0]);
    done(&p);
}

Test(parser, regions_of_unknown_ops_errors) {
    /* Only what comes before the op in its block. */
    fails("func.func @f() {\n  \"x.w\"() ({\n    \"x.u\"(%z) : (i32) -> ()\n  }) : () -> ()\n"
          "  %z = \"x.c\"() : () -> i32\n  tfrt.return\n}\n", 3, 11, "use of undeclared SSA value name '%z'");
    /* One name, one value, up to the nearest isolated op: no shadowing. */
    fails("func.func @f(%x: i32) {\n  \"x.w\"() ({\n    %x = \"x.c\"() : () -> i32\n  }) : () -> ()\n  tfrt.return\n}\n",
          3, 5, "redefinition of SSA value '%x'");
    fails("func.func @f(%x: i32) {\n  \"x.w\"() ({\n  ^bb0(%x: i32):\n    \"x.y\"() : () -> ()\n  }) : () -> ()\n  tfrt.return\n}\n",
          3, 8, "redefinition of SSA value '%x'");
    /* A sibling region's values are not seen. */
    fails("func.func @f() {\n  \"x.w\"() ({\n    %a = \"x.c\"() : () -> i32\n  }, {\n    \"x.u\"(%a) : (i32) -> ()\n  }) : () -> ()\n  tfrt.return\n}\n",
          5, 11, "use of undeclared SSA value name '%a'");
    /* TFRT's region ops and MLIR's builtin.module stay isolated, also
    ** inside a region of an unknown op. */
    fails("func.func @f(%c: i1, %x: i32) {\n  \"x.w\"() ({\n    tfrt.if %c : () -> () {\n"
          "      \"x.u\"(%x) : (i32) -> ()\n      tfrt.return\n    }\n  }) : () -> ()\n  tfrt.return\n}\n",
          4, 13, "'%x' is defined outside of this region (regions are isolated from above)");
    fails("func.func @f(%x: i32) {\n  \"x.w\"() ({\n    \"builtin.module\"() ({\n"
          "      \"x.u\"(%x) : (i32) -> ()\n    }) : () -> ()\n  }) : () -> ()\n  tfrt.return\n}\n",
          4, 13, "'%x' is defined outside of this region (regions are isolated from above)");
    /* Another function's values. */
    fails("func.func @f(%x: i32) {\n  tfrt.return\n}\nfunc.func @g() {\n  \"x.w\"() ({\n    \"x.u\"(%x) : (i32) -> ()\n  }) : () -> ()\n  tfrt.return\n}\n",
          6, 11, "use of undeclared SSA value name '%x'");
}

/* ===================================================================== */
/* The op table                                                           */

Test(optable, sorted_unique_and_found) {
    size_t n;
    const OpInfo *all = optable_all(&n);
    cr_assert(n > 400);
    for (size_t i = 1; i < n; i++)
        cr_expect(strcmp(all[i - 1].name, all[i].name) < 0, "ORDER OPNAME: %s before %s", all[i - 1].name, all[i].name);
    for (size_t i = 0; i < n; i++) {
        cr_expect_eq(optable_lookup(all[i].name, strlen(all[i].name)), &all[i], "%s", all[i].name);
        cr_expect(all[i].family >= SYN_GENERIC && all[i].family < SYN__COUNT);
    }
    cr_expect_null(optable_lookup("tfrt.nope", 9));
    cr_expect_null(optable_lookup("tfrt.add.i32x", 13));
    cr_expect_null(optable_lookup("tfrt.add.i3", 11));
    cr_expect_null(optable_lookup("", 0));
    cr_expect_not_null(optable_lookup("tfrt.add.i32 trailing", 12));
}

Test(optable, rows_of_the_spec) {
    const char *names[] = {
        "tfrt.new.chain", "tfrt.merge.chains", "tfrt.constant.bf16", "tfrt.constant.complex128",
        "tfrt.constant_s.f16", "tfrt.add_s.i64", "tfrt.mul_s.i32", "tfrt.div.f64", "tfrt.print.complex64",
        "tfrt.alias.value", "tfrt.get_device", "tfrt.cast.f64_to_i64", "tfrt.parallel_call.i32",
        "tfrt_test.do.async", "tfrt_test.benchmark", "tfrt_test.sync_benchmark", "tfrt_test.atomic.get.i32",
        "tfrt_test.invoke_sync_function.i32_i32.i32_i32", "tfrt_test.slice_inplace.i32.3",
        "tfrt_test.print_typed_attr", "tfrt_test.sync_sum_attributes", "tfrt_test.fail_s",
        "vt.constant", "tfrt_tutorial.print_coordinate", "tfrt_dht.create_uninitialized_tensor.bool.5",
        "tfrt_dht.create_uninitialized_tensor.ui16.0", "tfrt_dht.tensor_allclose.100000ulp.f32",
        "tfrt_dht.tensor_allclose.3ulp.complex64", "tfrt_dht.set_tensor_with_values.bf16",
        "tfrt_dht.make_tensor.f16", "tfrt_dht.no_op_ht", "tfrt_dht.add.i64", "tfrt_dht.matmul.f32",
        "tfrt_dht_sync.create_dense_tensor.i32", "tfrt_dht_sync.set_tensor_with_constant_values.f32",
        "ts.as_fixed_rank_shape.3", "ts.print_fixed_rank_shape.1", "ts.to_partial_shape",
        "rv.create", "rv.critical", "str.unicode_split", "list.get", "any.unbox.string", "any.print",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        cr_expect_not_null(optable_lookup(names[i], strlen(names[i])), "missing %s", names[i]);
    const OpInfo *r = optable_lookup("tfrt.repeat.i32", 15);
    cr_expect_eq(r->family, SYN_REPEAT);
    cr_expect(r->flags & OPF_NONSTRICT);
    cr_expect(r->flags & OPF_HAS_REGIONS);
    cr_expect(optable_lookup("tfrt.call", 9)->flags & OPF_NONSTRICT);
    cr_expect(optable_lookup("tfrt.cond", 9)->flags & OPF_NONSTRICT);
    cr_expect(optable_lookup("tfrt.case", 9)->flags & OPF_NONSTRICT);
    cr_expect(optable_lookup("tfrt.if", 7)->flags & OPF_NONSTRICT);
    cr_expect_not(optable_lookup("tfrt.while", 10)->flags & OPF_NONSTRICT);
    cr_expect(optable_lookup("tfrt.constant_s.i32", 19)->flags & OPF_SYNC_KERNEL);
    cr_expect(optable_lookup("tfrt.lessequal.i32", 18)->flags & OPF_TRAILING_CHAIN);
    cr_expect(optable_lookup("func.call", 9)->flags & OPF_NO_KERNEL);
    cr_expect(optable_lookup("tfrt_test.sync_benchmark", 24)->flags & OPF_SYNC_KERNEL);
    cr_expect_eq(optable_lookup("tfrt.minus.i32", 14)->family, SYN_GENERIC);
}

/* ===================================================================== */
/* Robustness: mutated programs never crash and fail with a diagnostic    */

static uint32_t rng(uint32_t *s) {
    *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5;
    return *s;
}

Test(parser, mutated_programs, .timeout = 120) {
    static const char alphabet[] = "%@#!^\"{}()[]<>,=:-.0123456789abcxyz \n\\\x00\xff";
    size_t n = strlen(all_custom);
    char *buf = malloc(n + 64);
    uint32_t seed = 12345;
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(buf, all_custom, n);
        size_t len = n;
        int edits = 1 + (int)(rng(&seed) % 4);
        for (int e = 0; e < edits; e++) {
            size_t at = rng(&seed) % len;
            switch (rng(&seed) % 3) {
            case 0: buf[at] = alphabet[rng(&seed) % (sizeof alphabet - 1)]; break;
            case 1: memmove(buf + at, buf + at + 1, len - at - 1); len--; break;
            default:
                memmove(buf + at + 1, buf + at, len - at);
                buf[at] = alphabet[rng(&seed) % (sizeof alphabet - 1)];
                len++;
            }
        }
        Parsed p = parsen(buf, len);
        if (!p.m) cr_expect(strstr(p.err, ": error: ") != NULL, "iteration %d failed silently", iter);
        done(&p);
    }
    free(buf);
}
