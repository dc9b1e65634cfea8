// ARGS: --work-queue=mstd:2
// VARIANTS: --work-queue=s
// 10 000 unordered rv.assign_add on one variable (docs/kernel-behaviour.md §10): each
// parallel_for block adds 1 with nothing ordering it against the others, so
// on two worker threads the updates race; assign_add holds the variable for
// its whole read-compute-write, so none is lost. The same again with a
// tensor, where every element must reach 10000. (rv_stress.s.mlir runs this
// file on the single-threaded queue.)

// CHECK-LABEL: --- Running 'scalar_increments':
func.func @scalar_increments() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %start = tfrt.constant.i32 0
  %end = tfrt.constant.i32 10000
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %start to %end fixed %bs, %v : !rv.var {
    %ch = tfrt.new.chain
    %one = tfrt.constant.i32 1
    %ch2 = "rv.assign_add"(%v, %one, %ch) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %ch2 : !tfrt.chain
  }
  %n, %ch3 = "rv.read"(%v, %done) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %n : i32
}
// CHECK-NEXT: 'scalar_increments' returned 10000

// CHECK-LABEL: --- Running 'tensor_increments':
func.func @tensor_increments() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i64.1 [3 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i64 %t, %ch0 0 : i64
  %v, %ch2 = "rv.create"(%t, %ch1) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %d = tfrt_dht.create_uninitialized_tensor.i64.1 [3 : i64]
  %ch3 = tfrt_dht.set_tensor_with_constant_values.i64 %d, %ch2 [1 : i64, 2 : i64, 3 : i64]
  %start = tfrt.constant.i32 0
  %end = tfrt.constant.i32 10000
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %start to %end fixed %bs, %v, %d, %ch3 : !rv.var, !t.tensor, !tfrt.chain {
    %ch = "rv.assign_add"(%v, %d, %ch3) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
    tfrt.return %ch : !tfrt.chain
  }
  %r, %ch4 = "rv.read"(%v, %done) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain)
  %ch5 = tfrt_dht.print_tensor %r, %ch4
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [3], values = [10000, 20000, 30000]
// CHECK-NEXT: 'tensor_increments' returned !tfrt.chain value
