/*
** test_fx.c — the effect facts of the op table (ops/ops.def's EFFECTS
** column, ops/effects.def): every fact agrees with the row's
** signature, and a sample of kernels really does what its facts say when
** it runs (a kernel marked FX_FAIL reports an error on some input, one
** marked FX_OUT prints).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/workqueue.h"
#include "ir/module.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "ops/optable.h"
#include "parser/parser.h"

TestSuite(fx, .timeout = 60.0);

/* {=====================================================================
** The column against the signatures
** ====================================================================== */

/* The signature of [info] read into [m] (false for "": control flow). */
static bool sig_of(Module *m, const OpInfo *info, IrSig *s)
{
    memset(s, 0, sizeof *s);
    return ir_signature(m, info->signature, s);
}

/* The type of operand [i] in [s] (NULL: `any`); *ok false when the
** signature has no operand i. */
static const Type *operand_type(const IrSig *s, int i, bool *ok)
{
    *ok = i < s->nin || (s->in_variadic && s->nin > 0);
    if (!*ok) return NULL;
    return s->in[i < s->nin ? i : s->nin - 1];
}

Test(fx, operand_facts_name_real_operands)
{
    Module *m = ir_module_new("t.mlir", "", 0);
    size_t n;
    const OpInfo *rows = optable_all(&n);
    int checked = 0;
    for (size_t r = 0; r < n; r++) {
        const OpInfo *info = &rows[r];
        unsigned fx = info->effects;
        unsigned idx = FX_W_BITS(fx) | FX_A_BITS(fx) | FX_S_BITS(fx) | FX_NZ_BITS(fx);
        IrSig s;
        if (!sig_of(m, info, &s)) {
            cr_expect_eq(idx, 0u, "%s: operand facts on a row without a signature", info->name);
            continue;
        }
        for (int i = 0; i < FX_MAXOP; i++) {
            if (!(idx >> i & 1)) continue;
            bool ok;
            operand_type(&s, i, &ok);
            cr_expect(ok, "%s: a fact names operand %d, which the signature does not have", info->name, i);
            checked++;
        }
        for (int i = 0; i < FX_MAXOP; i++) {
            if (!(FX_W_BITS(fx) >> i & 1)) continue;
            bool ok;
            const Type *t = operand_type(&s, i, &ok);
            cr_expect(!t || optable_type_class(t->spelling) != TYC_NONE,
                      "%s: FX_W(%d) on operand of immutable type %s", info->name, i, t ? t->spelling : "");
        }
    }
    cr_assert_gt(checked, 50, "the column names operands on many rows");
    ir_module_free(m);
}

Test(fx, facts_that_need_other_facts)
{
    size_t n;
    const OpInfo *rows = optable_all(&n);
    for (size_t r = 0; r < n; r++) {
        unsigned fx = rows[r].effects;
        const char *name = rows[r].name;
        if (FX_S_BITS(fx)) cr_expect(FX_W_BITS(fx), "%s: FX_S stores into the object it writes", name);
        if (FX_NZ_BITS(fx)) cr_expect(fx & FX_FAIL, "%s: FX_NZ refines FX_FAIL", name);
        if (fx & FX_OOM) cr_expect((fx & FX_FAIL) && (fx & FX_ALLOC), "%s: FX_OOM refines FX_FAIL of an allocation", name);
        /* Why a row is opaque is written down, and only for opaque rows. */
        const char *why = optable_opaque_why(rows[r].id);
        if (fx & FX_OPAQUE) cr_expect(why && why[0], "%s: FX_OPAQUE without a reason in effects.def", name);
        else cr_expect(!why, "%s: a reason in effects.def, but the row is not FX_OPAQUE", name);
    }
}

/* A row whose results have a mutable type either makes the objects
** (FX_NEW), passes them on (FX_A), or is opaque: an object of unknown
** origin would escape the analysis. */
Test(fx, mutable_results_have_an_origin)
{
    Module *m = ir_module_new("t.mlir", "", 0);
    size_t n;
    const OpInfo *rows = optable_all(&n);
    for (size_t r = 0; r < n; r++) {
        IrSig s;
        if (!sig_of(m, &rows[r], &s)) continue;
        bool any_mutable = false;
        for (int k = 0; k < s.nout; k++)
            if (s.out[k] && optable_type_class(s.out[k]->spelling) != TYC_NONE) any_mutable = true;
        unsigned fx = rows[r].effects;
        if (any_mutable)
            cr_expect(fx & (FX_NEW | FX_OPAQUE) || FX_A_BITS(fx), "%s: mutable result of unknown origin", rows[r].name);
        if (fx & FX_NEW) {
            bool can = false;
            for (int k = 0; k < s.nout; k++)
                can |= !s.out[k] || optable_type_class(s.out[k]->spelling) != TYC_NONE;
            cr_expect(can, "%s: FX_NEW but no result can hold an object", rows[r].name);
        }
    }
    ir_module_free(m);
}

/* The rows the analysis leans on most, spelled out. */
Test(fx, notable_rows)
{
    struct { const char *name; unsigned want, not; } rows[] = {
        { "tfrt.add.i32", 0, ~0u },
        { "tfrt.print.i32", FX_OUT, FX_FAIL | FX_OPAQUE },
        { "tfrt.div.i32", FX_FAIL | FX_NZ(1), FX_OUT },
        { "tfrt_dht.fill_tensor_with_constant.i32", FX_W(0), FX_FAIL | FX_OUT },
        { "tfrt_dht.print_tensor", FX_OUT, FX_W(0) | FX_NOREAD },
        { "tfrt_dht.get_buffer", FX_A(0) | FX_NOREAD, FX_NEW },
        { "tfrt_dht.add.f32", FX_W(2) | FX_FAIL, FX_W(0) | FX_W(1) },
        { "list.append", FX_W(0) | FX_S(1) | FX_FAIL, 0 },
        { "list.get", FX_A(0) | FX_FAIL, FX_NEW },
        { "rv.assign_add", FX_W(0) | FX_FAIL, 0 },
        { "rv.read", FX_NEW | FX_FAIL, FX_W(0) },
        { "tfrt_test.cancel", FX_OPAQUE, 0 },
        { "tfrt_test.get_thread_id", FX_OPAQUE, 0 },
        { "tfrt_test.get_uniqueness", FX_OPAQUE, 0 },
        { "tfrt_test.quiesce", FX_OPAQUE | FX_DEFER, 0 },
        { "tfrt_test.memory_leak_one_int32", FX_OPAQUE, 0 },
        { "tfrt_test.allocate_resource", FX_OPAQUE, 0 },
        { "vt.constant", FX_OPAQUE, 0 },
        { "vt.add", FX_OPAQUE, 0 },
        { "vt.print", FX_OPAQUE, 0 },
        { "tfrt_test.usleep", FX_OUT | FX_DEFER, 0 },
        { "tfrt_test.benchmark", FX_OUT | FX_DEFER | FX_NOREAD, 0 },
        { "tfrt.call", FX_DEFER | FX_NOREAD, FX_FAIL | FX_OUT },
        { "tfrt.repeat.i32", FX_DEFER | FX_FAIL, FX_OUT },
        { "tfrt_test.invoke_sync_function.i32_i32.i32", FX_SYNCCALL | FX_FAIL, 0 },
        { "tfrt_dht.create_uninitialized_tensor.i32.1", FX_NEW | FX_OOM | FX_ALLOC, 0 },
        { "tfrt.merge.chains", FX_NOREAD, FX_OUT | FX_FAIL },
        { "tfrt_test.sync_benchmark", FX_SYNCCALL | FX_OUT | FX_FAIL, FX_OPAQUE },
        /* CoreRT (docs/kernel-behaviour.md §14): the op an executeop runs is
        ** known only at run time; .seq may print (tfrt_test.print). */
        { "corert.executeop", FX_DEFER | FX_FAIL | FX_A(1), FX_OUT | FX_OPAQUE },
        { "corert.executeop.seq", FX_DEFER | FX_FAIL | FX_OUT | FX_A(1), FX_OPAQUE },
        { "corert.print_tensorhandle", FX_OUT, FX_W(0) | FX_NOREAD },
        { "corert.ht_to_tensorhandle", FX_A(0) | FX_NOREAD, FX_NEW },
        { "corert.op_attrs_set.i32", FX_W(0) | FX_FAIL, FX_OUT },
        { "corert.register_op_handler", FX_OPAQUE, 0 },
        { "corert.while", FX_OPAQUE | FX_DEFER, 0 },
        { "corert.cond", FX_DEFER | FX_FAIL, FX_OPAQUE },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const OpInfo *info = optable_lookup(rows[i].name, strlen(rows[i].name));
        cr_assert(info, "%s is a row", rows[i].name);
        cr_expect_eq(info->effects & rows[i].want, rows[i].want, "%s lacks facts %#x", rows[i].name,
                     rows[i].want & ~info->effects);
        cr_expect_eq(info->effects & rows[i].not, 0u, "%s has facts %#x it must not", rows[i].name,
                     info->effects & rows[i].not);
    }
}

Test(fx, mutable_types)
{
    cr_assert_eq(optable_type_class("!t.tensor"), TYC_STORAGE);
    cr_assert_eq(optable_type_class("!tfrt_tensor.tensor"), TYC_STORAGE);
    cr_assert_eq(optable_type_class("!ht.host_buffer"), TYC_STORAGE);
    cr_assert_eq(optable_type_class("tensor<2x3xi32>"), TYC_STORAGE);
    cr_assert_eq(optable_type_class("!tfrt.list"), TYC_LIST);
    cr_assert_eq(optable_type_class("!tfrt.any"), TYC_ANY);
    cr_assert_eq(optable_type_class("!rv.var"), TYC_VAR);
    cr_assert_eq(optable_type_class("!test.atomic.i32"), TYC_ATOMIC);
    cr_assert_eq(optable_type_class("!tfrt.test.resource"), TYC_RESOURCE);
    cr_assert_eq(optable_type_class("i32"), TYC_NONE);
    cr_assert_eq(optable_type_class("!tfrt.chain"), TYC_NONE);
    cr_assert_eq(optable_type_class("!tfrt.string"), TYC_NONE);
    cr_assert_eq(optable_type_class("!rv.cs"), TYC_NONE, "a critical section excludes, it does not order");
    cr_assert_eq(optable_type_class("!ts.shape"), TYC_NONE);
    cr_assert_eq(optable_type_class("!corert.tensorhandle"), TYC_STORAGE, "a handle is its tensor");
    cr_assert_eq(optable_type_class("!corert.opattrs"), TYC_RESOURCE);
    cr_assert_eq(optable_type_class("!corert.ophandler"), TYC_NONE, "a handler is fixed once made");
    cr_assert_eq(optable_type_class("!t.tensorx"), TYC_NONE, "exact spellings, except the tensor< prefix");
}

/* {=====================================================================
** Spot checks: run kernels and watch what they do
** ====================================================================== */

/* Runs every zero-argument function of [text] on the single-threaded queue
** and returns what it printed, diagnostics included (malloc'ed). */
static char *run_program(const char *text)
{
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    cr_assert(o);
    DiagSink *d = diag_new(o);
    diag_set_verify(d, DIAG_VERIFY_LAZY);
    Module *m = parse_module("spot.mlir", text, strlen(text), d);
    cr_assert(m, "parse failed");
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    cr_assert_eq(verify_module(m, d, &vo), 0, "verify failed: %s", text);
    char err[128];
    WorkQueue *q = wq_create("s", err, sizeof err);
    HostAllocator *a = ha_create("malloc", stderr);
    Host *h = host_new(m, q, a, d, o);
    cr_assert(exec_load(h));
    for (int i = 0; i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        if (!f->body || f->nargs || f->is_sync) continue;
        RequestContext *rq = rq_new(q);
        ExecCtx c = { .host = h, .rq = rq };
        AsyncValue *res[8] = { NULL };
        exec_invoke_func(&c, f, NULL, 0, res);
        wq_await(q, res, f->nresults);
        wq_quiesce(q);
        for (int k = 0; k < f->nresults; k++) av_release(res[k]);
        rq_release(rq);
    }
    wq_destroy(q);
    host_free(h);
    ir_module_free(m);
    ha_destroy(a);
    diag_free(d);
    fclose(o);
    return out;
}

/* Kernels marked FX_FAIL do report an error on an input a verified program
** can give them. */
Test(fx, fail_rows_fail)
{
    static const struct { const char *kernel, *body, *msg; } cases[] = {
        { "tfrt.div.i32", "%a = tfrt.constant.i32 1\n %z = tfrt.constant.i32 0\n %q, %r = tfrt.div.i32 %a, %z\n",
          "Divide by zero" },
        { "list.get", "%l = \"list.new\"() : () -> !tfrt.list\n %i = tfrt.constant.i64 3\n"
                      " %x = \"list.get\"(%l, %i) : (!tfrt.list, i64) -> !tfrt.any\n", "out of range" },
        { "list.append", "%ch = tfrt.new.chain\n %l = \"list.new\"() : () -> !tfrt.list\n"
                         " %c = \"list.append\"(%l, %l, %ch) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain\n",
          "cannot contain itself" },
        { "rv.read", "%ch = tfrt.new.chain\n %x = tfrt.constant.i32 1\n"
                     " %v, %c1 = \"rv.create\"(%x, %ch) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)\n"
                     " %y, %c2 = \"rv.read\"(%v, %c1) : (!rv.var, !tfrt.chain) -> (f32, !tfrt.chain)\n",
          "variable holds i32" },
        { "rv.critical", "%cs = tfrt.constant.i32 3\n %r = rv.critical %cs @one() : () -> (i32)\n", "not !rv.cs" },
        { "tfrt.get_device", "%ch = tfrt.new.chain\n %d = tfrt.get_device %ch {device_name = \"TPU:7\"}\n",
          "cannot find device" },
        { "ts.to_shape", "%p = ts.build_unranked_partial_shape\n %s = ts.to_shape %p\n", "Unknown rank" },
        { "tfrt_dht.set_tensor_with_constant_values.i32",
          "%ch = tfrt.new.chain\n %t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]\n"
          " %c = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch [1 : i32]\n", "Incorrect number of values" },
        { "tfrt.repeat.i32", "%n = tfrt.constant.i32 -1\n %x = tfrt.constant.i32 0\n"
                             " %r = tfrt.repeat.i32 %n, %x : i32 {\n  tfrt.return %x : i32\n }\n", "negative trip count" },
        { "tfrt_test.identity", "%ch = tfrt.new.chain\n %x = \"tfrt_test.identity\"(%ch) : (!tfrt.chain) -> i32\n",
          "fewer operands" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const OpInfo *info = optable_lookup(cases[i].kernel, strlen(cases[i].kernel));
        cr_assert(info && (info->effects & FX_FAIL), "%s is FX_FAIL", cases[i].kernel);
        char text[2048];
        snprintf(text, sizeof text,
                 "func.func @one() -> i32 {\n %%x = tfrt.constant.i32 1\n tfrt.return %%x : i32\n}\n"
                 "func.func @main() {\n %s tfrt.return\n}\n", cases[i].body);
        char *out = run_program(text);
        cr_expect(strstr(out, "runtime error") && strstr(out, cases[i].msg), "%s did not report '%s': %s",
                  cases[i].kernel, cases[i].msg, out);
        free(out);
    }
}

/* Kernels marked FX_OUT print, and a pure one prints nothing, even given
** the same operands. */
Test(fx, out_rows_print)
{
    char *out = run_program("func.func @main() {\n"
                            "  %ch = tfrt.new.chain\n"
                            "  %x = tfrt.constant.i32 7\n"
                            "  %y = tfrt.add.i32 %x, %x\n"
                            "  %s = ts.build_shape [2 : i64]\n"
                            "  %c1 = ts.print_shape %s, %ch\n"
                            "  %c2 = \"tfrt_test.print_hello\"(%c1) : (!tfrt.chain) -> !tfrt.chain\n"
                            "  %z = tfrt_test.test_cost %y, %y {id = 3 : i64, _tfrt_cost = 1 : i64} : i32, i32\n"
                            "  tfrt.return\n"
                            "}\n");
    cr_assert(strstr(out, "shape = [2]"), "%s", out);
    cr_assert(strstr(out, "hello host executor!"), "%s", out);
    cr_assert(strstr(out, "id: 3"), "%s", out);
    cr_assert(!strstr(out, "14"), "tfrt.add.i32 prints nothing: %s", out);
    cr_assert(!strstr(out, "error"), "%s", out);
    free(out);
}

/* A tensor creation within the size limits does not fail on the default
** allocators (FX_OOM), and a negative dimension does. */
Test(fx, oom_rows_fail_only_on_bad_sizes)
{
    char *out = run_program("func.func @main() {\n"
                            "  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 4 : i64]\n"
                            "  %u = tfrt_dht.create_uninitialized_tensor.i32.1 [-1 : i64]\n"
                            "  tfrt.return\n"
                            "}\n");
    cr_assert(strstr(out, "Cannot allocate tensor"), "%s", out);
    cr_assert(strstr(out, ":3:"), "the error is the second creation's: %s", out);
    cr_assert(!strstr(out, ":2:"), "the first creation does not fail: %s", out);
    free(out);
}

/* {=====================================================================
** FAIL_WHEN (ops/effects.def): why each FX_FAIL kernel fails
** ====================================================================== */

typedef struct FailRow { const char *kernel; const char *kind; const char *why; } FailRow;
static const FailRow fail_rows[] = {
#define FAIL_WHEN(kernel, kind, why) { #kernel, #kind, why },
#include "ops/effects.def"
#undef FAIL_WHEN
};
#define NFAIL ((int)(sizeof fail_rows / sizeof fail_rows[0]))

/* Every FX_FAIL row's kernel has a reason, every reason a FX_FAIL kernel;
** the list is sorted by kernel (the analysis searches it). */
Test(fx, every_fail_row_has_a_reason)
{
    size_t n;
    const OpInfo *rows = optable_all(&n);
    for (int i = 1; i < NFAIL; i++)
        cr_expect_lt(strcmp(fail_rows[i - 1].kernel, fail_rows[i].kernel), 0, "FAIL_WHEN not sorted at %s",
                     fail_rows[i].kernel);
    bool *used = calloc(NFAIL, sizeof *used);
    cr_assert(used);
    for (size_t r = 0; r < n; r++) {
        const OpInfo *info = &rows[r];
        int hit = -1;
        for (int i = 0; i < NFAIL && hit < 0; i++)
            if (!strcmp(fail_rows[i].kernel, info->kernel)) hit = i;
        if (info->effects & FX_FAIL) {
            cr_expect_geq(hit, 0, "%s (kernel %s) is FX_FAIL without a FAIL_WHEN row", info->name, info->kernel);
            if (hit >= 0) used[hit] = true;
        } else {
            cr_expect_lt(hit, 0, "%s (kernel %s) has a FAIL_WHEN row but no FX_FAIL", info->name, info->kernel);
        }
    }
    for (int i = 0; i < NFAIL; i++) cr_expect(used[i], "FAIL_WHEN(%s) names no FX_FAIL kernel", fail_rows[i].kernel);
    free(used);
}

/* docs/analysis.md lists each reason an FX_FAIL stays (tfrun.md §8.1,
** "Precision"). */
Test(fx, docs_list_every_reason)
{
    FILE *f = fopen("docs/analysis.md", "rb");
    cr_assert(f, "docs/analysis.md (run from the tree's root)");
    static char doc[1 << 20];
    size_t len = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[len] = '\0';
    for (int i = 0; i < NFAIL; i++) {
        char key[256];
        snprintf(key, sizeof key, "`%s`", fail_rows[i].kernel);
        cr_expect(strstr(doc, key), "docs/analysis.md does not list %s", fail_rows[i].kernel);
        cr_expect(strstr(doc, fail_rows[i].why), "docs/analysis.md does not give the reason of %s: %s",
                  fail_rows[i].kernel, fail_rows[i].why);
    }
}
