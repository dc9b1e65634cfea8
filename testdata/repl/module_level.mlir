// MODE: repl
// ARGS: testdata/repl/module_level.mlir.in
// The REPL's module is its functions (docs/syntax.md): a file with an op
// at module level does not load, and says why at the op; nothing of it is
// defined. An op typed at the prompt is a statement of the session, not an
// op at module level.
// CHECK: testdata/repl/module_level.mlir.in:2:1: error: the REPL reads functions, not ops at module level
:list
// CHECK: no functions
%x = tfrt.constant.i32 3
// CHECK-NEXT: %x = 3 : i32
