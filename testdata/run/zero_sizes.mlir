// Zero-sized inputs reach no undefined behaviour (make asan runs this file
// under UBSan): a benchmark with max_count = 0 records no run (its report
// sorted nothing: qsort(NULL, 0) is undefined), and variables, element-wise
// additions and matrix products of tensors with no elements copy nothing.
// CHECK:      --- Running 'bench':
// CHECK-NEXT: BM:zero:Duration(ns): 0
// CHECK-NEXT: BM:zero:Count: 0
// CHECK-NEXT: BM:zero:Time Min(ns): 0
// CHECK-NEXT: BM:zero:Time 50%(ns): 0
// CHECK-NEXT: BM:zero:Time 95%(ns): 0
// CHECK-NEXT: BM:zero:Time 99%(ns): 0
// CHECK-NEXT: BM:zero:CPU Min(ns): 0
// CHECK-NEXT: BM:zero:CPU 50%(ns): 0
// CHECK-NEXT: BM:zero:CPU 95%(ns): 0
// CHECK-NEXT: BM:zero:CPU 99%(ns): 0
// CHECK-NEXT: BM:zero:CPU utilization(percent): 0.000000e+00
// CHECK-NEXT: --- Running 'empty_tensor':
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [0, 0], values = []
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [0, 0, 0, 0]
// CHECK-NEXT: 'empty_tensor' returned !tfrt.chain value
func.func @bench() {
  %c = tfrt.constant.i32 42
  tfrt_test.benchmark "zero"(%c : i32) duration_secs = 100, max_count = 0, num_warmup_runs = 0 {
    %r = tfrt.add.i32 %c, %c
    tfrt.return %r : i32
  }
  tfrt.return
}
func.func @empty_tensor() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [0 : i64, 2 : i64]
  %v, %ch2 = "rv.create"(%t, %ch0) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %ch4 = "rv.assign_add"(%v, %t, %ch2) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch5 = "rv.assign"(%v, %t, %ch4) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %r, %ch6 = "rv.read"(%v, %ch5) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain)
  %out = tfrt_dht.create_uninitialized_tensor.i32.2 [0 : i64, 2 : i64]
  %ch7 = "tfrt_dht.add.i32"(%r, %t, %out, %ch6) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 0 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [0 : i64, 2 : i64]
  %m = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %ch8 = "tfrt_dht.matmul.i32"(%a, %b, %m, %ch7) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %m0 = tfrt_dht.create_uninitialized_tensor.i32.2 [0 : i64, 0 : i64]
  %ch9 = "tfrt_dht.matmul.i32"(%b, %a, %m0, %ch8) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch10 = tfrt_dht.print_tensor %m0, %ch9
  %ch11 = tfrt_dht.print_tensor %m, %ch10
  tfrt.return %ch11 : !tfrt.chain
}
