// MODE: repl
// Typed ops run at once in the persistent top-level frame; their results
// stay available to later lines (docs/tools.md §3). Each result is shown as
// `%name = VALUE : TYPE`; :print adds the state and the refcount.

%x = tfrt.constant.i32 41
// CHECK: %x = 41 : i32
%one = tfrt.constant.i32 1
// CHECK-NEXT: %one = 1 : i32
%y = tfrt.add.i32 %x, %one
// CHECK-NEXT: %y = 42 : i32
%ch = tfrt.new.chain
// CHECK-NEXT: %ch = chain : !tfrt.chain
%ch1 = tfrt.print.i32 %y, %ch
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: %ch1 = chain : !tfrt.chain

// Floats, booleans, 64-bit integers.
%f = tfrt.constant.f32 2.5
// CHECK-NEXT: %f = 2.500000e+00 : f32
%b = tfrt.constant.i1 0
// CHECK-NEXT: %b = 0 : i1
%big = tfrt.constant.i64 -9000000000
// CHECK-NEXT: %big = -9000000000 : i64

// :print shows type, state, value and refcount (the session holds one).
:print %y
// CHECK-NEXT: %y : i32 = 42 (available, refcount 1)

// Multi-result ops define %r#0, %r#1, ... which later lines can use.
%c:3 = tfrt_test.count3.i32 %x
// CHECK-NEXT: %c#0 = 42 : i32
// CHECK-NEXT: %c#1 = 43 : i32
// CHECK-NEXT: %c#2 = 44 : i32
%sum = tfrt.add.i32 %c#0, %c#2
// CHECK-NEXT: %sum = 86 : i32
:print %c#1
// CHECK-NEXT: %c#1 : i32 = 43 (available, refcount 1)

// A group's colon may be spaced, as MLIR allows; redefined, it shadows.
%d : 3 = tfrt_test.count3.i32 %one
// CHECK-NEXT: %d#0 = 2 : i32
// CHECK-NEXT: %d#1 = 3 : i32
// CHECK-NEXT: %d#2 = 4 : i32
%d: 2 = tfrt.div.i32 %sum, %x
// CHECK-NEXT: %d#0 = 2 : i32
// CHECK-NEXT: %d#1 = 4 : i32
%dd = tfrt.add.i32 %d#1, %d#1
// CHECK-NEXT: %dd = 8 : i32

// Redefining a name shadows the old value.
%x = tfrt.constant.i32 7
// CHECK-NEXT: %x = 7 : i32
%x2 = tfrt.add.i32 %x, %x
// CHECK-NEXT: %x2 = 14 : i32

// An op with regions, typed over several lines (read until braces balance).
%cond = tfrt.constant.i1 1
// CHECK-NEXT: %cond = 1 : i1
%r = tfrt.if %cond, %x : (i32) -> (i32) {
  %k = tfrt.constant.i32 100
  %z = tfrt.add.i32 %x, %k
  tfrt.return %z : i32
} else {
  tfrt.return %x : i32
}
// CHECK-NEXT: %r = 107 : i32

// Lists are shown with their elements; a mutation through a chain is seen
// by every holder of the list.
%l = "list.new"() : () -> !tfrt.list
// CHECK-NEXT: %l = [] : !tfrt.list
%lc = "list.append"(%l, %x, %ch) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
// CHECK-NEXT: %lc = chain : !tfrt.chain
:print %l
// CHECK-NEXT: %l : !tfrt.list = [7] (available, refcount 1)

// Tensors print as tfrt_dht.print_tensor does.
%t = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
// CHECK-NEXT: %t = DenseHostTensor dtype = i32, shape = [2], values = [0, 0] : !t.tensor

// A kernel error: the diagnostic, then the error value, which later lines
// propagate without a new diagnostic (docs/execution.md §4).
%e = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: <repl>:[[@LINE-1]]:6: error: runtime error: something bad happened
// CHECK-NEXT: %e = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: {{^     \^$}}
// CHECK-NEXT: %e = <<error: something bad happened>> : i32
%e2 = tfrt.add.i32 %e, %one
// CHECK-NEXT: %e2 = <<error: something bad happened>> : i32
:print %e2
// CHECK-NEXT: %e2 : i32 = <<error: something bad happened>> (error, code INTERNAL, refcount 1)

// :values lists the top-level frame in definition order; shadowed values
// are gone.
:values
// CHECK-NEXT: %one : i32 = 1 (available, refcount 1)
// CHECK-NEXT: %y : i32 = 42 (available, refcount 1)
// CHECK-NEXT: %ch : !tfrt.chain = chain (available, refcount 1)
// CHECK-NEXT: %ch1 : !tfrt.chain = chain (available, refcount 1)
// CHECK-NEXT: %f : f32 = 2.500000e+00 (available, refcount 1)
// CHECK-NEXT: %b : i1 = 0 (available, refcount 1)
// CHECK-NEXT: %big : i64 = -9000000000 (available, refcount 1)
// CHECK-NEXT: %c#0 : i32 = 42 (available, refcount 1)
// CHECK-NEXT: %c#1 : i32 = 43 (available, refcount 1)
// CHECK-NEXT: %c#2 : i32 = 44 (available, refcount 1)
// CHECK-NEXT: %sum : i32 = 86 (available, refcount 1)
// CHECK-NEXT: %d#0 : i32 = 2 (available, refcount 1)
// CHECK-NEXT: %d#1 : i32 = 4 (available, refcount 1)
// CHECK-NEXT: %dd : i32 = 8 (available, refcount 1)
// CHECK-NEXT: %x : i32 = 7 (available, refcount 1)
// CHECK-NEXT: %x2 : i32 = 14 (available, refcount 1)
// CHECK-NEXT: %cond : i1 = 1 (available, refcount 1)
// CHECK-NEXT: %r : i32 = 107 (available, refcount 1)
// CHECK-NEXT: %l : !tfrt.list = [7] (available, refcount 1)
// CHECK-NEXT: %lc : !tfrt.chain = chain (available, refcount 1)
// CHECK-NEXT: %t : !t.tensor = DenseHostTensor dtype = i32, shape = [2], values = [0, 0] (available, refcount 1)
// CHECK-NEXT: %e : i32 = <<error: something bad happened>> (error, code INTERNAL, refcount 1)
// CHECK-NEXT: %e2 : i32 = <<error: something bad happened>> (error, code INTERNAL, refcount 1)
// CHECK-NOT: {{.}}
