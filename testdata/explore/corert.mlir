// RUN: tfrun explore --init-function=register_op_handlers_cpu %s | FileCheck %s
// RUN: tfrun run --init-function=register_op_handlers_cpu --replay=spec@two_prints:0.1.0 %s | FileCheck %s --check-prefix=REPLAY
// RUN: tfrun explore --function=two_prints %s | FileCheck %s --check-prefix=NOINIT
// RUN: not tfrun explore --init-function=nowhere %s 2>&1 | FileCheck %s --check-prefix=MISSING
// A CoreRT program explored (docs/explore.md, docs/kernel-behaviour.md §14):
// --init-function registers the cpu op handler once, unexplored and
// unprinted, and every function explored finds it. The two prints of
// @two_prints share a chain (the lint warns, testdata/lint/corert.mlir):
// either may come first. Its choice points: the two prints ready at once
// (index 0: print_tensorhandle, the first queued; 1: the executeop.seq
// print), then the other, then the result line.
func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

func.func @two_prints() {
  %ch = tfrt.new.chain
  %cpu = corert.get_op_handler %ch "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1 : i32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.add"(%a, %a) : 1
  %c1 = "corert.print_tensorhandle"(%a, %ch) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %c2 = corert.executeop.seq(%cpu, %ch) "tfrt_test.print"(%b) : 0
  tfrt.return
}
// CHECK-NOT: register_op_handlers_cpu
// CHECK: --- Exploring 'two_prints': 2 outcomes in 2 schedules
// CHECK-NEXT:     DenseHostTensor dtype = i32, shape = [2], values = [1, 1]
// CHECK-NEXT:     DenseHostTensor dtype = i32, shape = [2], values = [2, 2]
// CHECK-NEXT:   (1 schedule)
// CHECK-NEXT:   witness: spec@two_prints:0.0.0
// CHECK-NEXT:     DenseHostTensor dtype = i32, shape = [2], values = [2, 2]
// CHECK-NEXT:     DenseHostTensor dtype = i32, shape = [2], values = [1, 1]
// CHECK-NEXT:   (1 schedule)
// CHECK-NEXT:   witness: spec@two_prints:0.1.0

// Ordered, one outcome.
func.func @two_prints_ordered() {
  %ch = tfrt.new.chain
  %cpu = corert.get_op_handler %ch "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [3 : i32] } : 1
  %c1 = "corert.print_tensorhandle"(%a, %ch) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %c2 = corert.executeop.seq(%cpu, %c1) "tfrt_test.print"(%a) : 0
  tfrt.return
}
// CHECK: --- Exploring 'two_prints_ordered': 1 outcome in 1 schedule
// CHECK-NEXT:     DenseHostTensor dtype = i32, shape = [2], values = [3, 3]
// CHECK-NEXT:     DenseHostTensor dtype = i32, shape = [2], values = [3, 3]

// The replay runs the init function in the first schedule, then the witness.
// REPLAY: --- Running 'register_op_handlers_cpu':
// REPLAY-NEXT: --- Running 'two_prints':
// REPLAY-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [2, 2]
// REPLAY-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [1, 1]

// Without it no handler is registered: get_op_handler fails (its diagnostic
// is not part of an outcome) and nothing prints.
// NOINIT: --- Exploring 'two_prints': 1 outcome in
// NOINIT-NEXT: (no output)

// MISSING: tfrun explore: couldn't find function nowhere
