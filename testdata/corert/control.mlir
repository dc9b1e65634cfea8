// ARGS: --init-function=register_op_handlers_cpu
// VARIANTS: --work-queue=mstd:2
// Control flow on TensorHandles (docs/kernel-behaviour.md §14): corert.cond
// picks a function by a one-element tensor (bool or integer: non-zero; a
// string: non-empty), corert.while loops a body while a condition function
// says so, composite ops run a function as an op, tfrt.case takes an index
// from corert.tensorhandle_to_int32.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

func.func @first(%ch: !tfrt.chain, %x: !corert.tensorhandle, %y: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  tfrt.return %ch, %x : !tfrt.chain, !corert.tensorhandle
}

func.func @second(%ch: !tfrt.chain, %x: !corert.tensorhandle, %y: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  tfrt.return %ch, %y : !tfrt.chain, !corert.tensorhandle
}

// CHECK-LABEL: --- Running 'cond':
func.func @cond() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1 : i32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [2 : i32] } : 1
  %t1 = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [], values = [true] } : 1
  %f8 = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1, 1], values = [0 : i8] } : 1
  %t64 = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [1], value = -4 : i64 } : 1
  %s = corert.const_string_tensor {shape = [], value = [""]}
  // A condition computed later: the cond waits for it.
  %late = corert.executeop(%cpu) "tfrt_test.async.noop_no_md"(%t1) : 1
  %r1:2 = corert.cond %t1 @first @second (%ch0, %a, %b) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle)
  %r2:2 = corert.cond %f8 @first @second (%r1#0, %a, %b) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle)
  %r3:2 = corert.cond %t64 @first @second (%r2#0, %a, %b) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle)
  %r4:2 = corert.cond %s @first @second (%r3#0, %a, %b) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle)
  %r5:2 = corert.cond %late @first @second (%r4#0, %a, %b) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle)
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1], values = [1]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1], values = [2]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1], values = [1]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1], values = [2]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1], values = [1]
  %ch1 = "corert.print_tensorhandle"(%r1#1, %r5#0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%r2#1, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%r3#1, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%r4#1, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%r5#1, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'cond' returned !tfrt.chain value

// A condition that is not one bool or integer is an error at the cond.
// CHECK-LABEL: --- Running 'cond_errors':
func.func @cond_errors() -> (!corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1 : i32] } : 1
  %f = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1.0 : f32] } : 1
  %r1:2 = corert.cond %a @first @second (%ch0, %a, %a) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle) // expected-error {{runtime error: the condition must have one element, it has 2}}
  %r2:2 = corert.cond %f @first @second (%ch0, %a, %a) : (!corert.tensorhandle, !corert.tensorhandle) -> (!corert.tensorhandle) // expected-error {{tensor predicate does not support dtype f32}}
  tfrt.return %r1#1, %r2#1 : !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'cond_errors' returned <<error: the condition must have one element, it has 2>>,<<error: tensor predicate does not support dtype f32>>

// Counts up by 2 while x + 1 != 0: -7, -5, -3, -1 (printed by the body).
func.func @not_minus_one(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  %cpu = corert.get_op_handler %ch "cpu"
  %one = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [], values = [1 : i32] } : 1
  %r = corert.executeop(%cpu) "tfrt_test.add"(%x, %one) : 1
  tfrt.return %ch, %r : !tfrt.chain, !corert.tensorhandle
}

func.func @plus_two(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  %cpu = corert.get_op_handler %ch "cpu"
  %two = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [], values = [2 : i32] } : 1
  %r = corert.executeop(%cpu) "tfrt_test.add"(%x, %two) : 1
  %ch1 = "corert.print_tensorhandle"(%r, %ch) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1, %r : !tfrt.chain, !corert.tensorhandle
}

// CHECK-LABEL: --- Running 'while':
func.func @while() -> !corert.tensorhandle {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [], values = [-9 : i32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [], values = [-1 : i32] } : 1
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [-7]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [-5]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [-3]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [-1]
  %r:2 = corert.while @not_minus_one @plus_two (%ch0, %a) : (!corert.tensorhandle) -> (!corert.tensorhandle)
  // A loop that does not run: its results are its operands.
  %s:2 = corert.while @not_minus_one @plus_two (%r#0, %b) : (!corert.tensorhandle) -> (!corert.tensorhandle)
  %ch1 = "corert.print_tensorhandle"(%s#1, %s#0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [-1]
  tfrt.return %r#1 : !corert.tensorhandle
}
// CHECK-NEXT: 'while' returned !corert.tensorhandle value

func.func @square(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle, !corert.tensorhandle) {
  %cpu = corert.get_op_handler %ch "cpu"
  %sq = corert.executeop(%cpu) "tfrt_test.matmul"(%x, %x) {transpose_a = false, transpose_b = false} : 1
  tfrt.return %ch, %sq, %x : !tfrt.chain, !corert.tensorhandle, !corert.tensorhandle
}

func.func @bad_composite(%ch: !tfrt.chain, %x: i32) -> !tfrt.chain {
  tfrt.return %ch : !tfrt.chain
}

// CHECK-LABEL: --- Running 'composite':
func.func @composite() -> (!corert.op, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1, 1], values = [3.0 : f32] } : 1
  %op = "corert.make_composite_op"() {fn = @square} : () -> !corert.op
  %sq, %same = "corert.execute_crt_op"(%op, %a) {op_attrs = [], op_func_attrs = []} : (!corert.op, !corert.tensorhandle) -> (!corert.tensorhandle, !corert.tensorhandle)
  %bad = "corert.make_composite_op"() {fn = @bad_composite} : () -> !corert.op // expected-error {{The function should only takes type [!corert.tensorhandle] as input. But the 0-th argument is type [i32].}}
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 1], values = [9.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 1], values = [3.000000e+00]
  %ch1 = "corert.print_tensorhandle"(%sq, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%same, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %bad, %ch2 : !corert.op, !tfrt.chain
}
// CHECK-NEXT: 'composite' returned <<error: The function should only takes type [!corert.tensorhandle] as input. But the 0-th argument is type [i32].>>,!tfrt.chain value

func.func @b0(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  tfrt.return %ch, %x : !tfrt.chain, !corert.tensorhandle
}

func.func @b1(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  %cpu = corert.get_op_handler %ch "cpu"
  %r = corert.executeop(%cpu) "tfrt_test.add"(%x, %x) : 1
  tfrt.return %ch, %r : !tfrt.chain, !corert.tensorhandle
}

// CHECK-LABEL: --- Running 'case':
func.func @case() -> (i32, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %i = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1 : i32] } : 1
  %idx = corert.tensorhandle_to_int32 %i
  %x = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [5 : i32, 6 : i32] } : 1
  %ch1, %r = tfrt.case %idx [@b0, @b1] (%ch0, %x) : (!tfrt.chain, !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle)
  %f = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1.0 : f32] } : 1
  %bad = corert.tensorhandle_to_int32 %f // expected-error {{Expecting a DenseHostTensor of int32 as branch index.}}
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [10, 12]
  %ch2 = "corert.print_tensorhandle"(%r, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %bad, %ch2 : i32, !tfrt.chain
}
// CHECK-NEXT: 'case' returned <<error: Expecting a DenseHostTensor of int32 as branch index.>>,!tfrt.chain value
