// VARIANTS: --work-queue=mstd:2
// Legacy synchronous kernels in tfrt.sync functions (docs/execution.md §6.9, docs/kernel-behaviour.md §9).

// CHECK-LABEL: --- Running 'sync_arith':
func.func @sync_arith() -> (i32, i64, f32) attributes {tfrt.sync} {
  %a = tfrt.constant_s.i32 6
  %b = tfrt.constant_s.i32 7
  %c = tfrt.mul_s.i32 %a, %b
  %x = tfrt.constant_s.i64 40
  %y = tfrt.constant_s.i64 2
  %z = tfrt.add_s.i64 %x, %y
  %f = tfrt.constant_s.f32 0.5
  tfrt.return %c, %z, %f : i32, i64, f32
}
// CHECK-NEXT: 'sync_arith' returned 42,42,5.000000e-01

// CHECK-LABEL: --- Running 'sync_sums':
func.func @sync_sums() -> (i32, i32, i32) attributes {tfrt.sync} {
  %a = tfrt.constant_s.i32 1
  %b = tfrt.constant_s.i32 2
  %c = tfrt.constant_s.i32 3
  %s = "tfrt_test.sync_sum"(%a, %b, %c) : (i32, i32, i32) -> i32
  %t = "tfrt_test.sync_sum2"(%a, %b) : (i32, i32) -> i32
  %u = "tfrt_test.sync_sum_attributes"() {x = 10 : i32, y = 20 : i64} : () -> i32
  tfrt.return %s, %t, %u : i32, i32, i32
}
// CHECK-NEXT: 'sync_sums' returned 6,3,30

// A failing sync function prints its error instead of values, with no
// diagnostic.
// CHECK-LABEL: --- Running 'sync_fail':
func.func @sync_fail() -> i32 attributes {tfrt.sync} {
  %a = "tfrt_test.fail_s"() : () -> i32
  tfrt.return %a : i32
}
// CHECK-NEXT: 'sync_fail' returned <<error: something bad happened>>

// CHECK-LABEL: --- Running 'sync_error_no_result':
func.func @sync_error_no_result() -> i32 attributes {tfrt.sync} {
  %a = tfrt.constant_s.i32 1
  "tfrt_test.error_s"() : () -> ()
  tfrt.return %a : i32
}
// CHECK-NEXT: 'sync_error_no_result' returned <<error: something bad happened>>

// CHECK-LABEL: --- Running 'sync_tensor':
func.func @sync_tensor() attributes {tfrt.sync} {
  %t = tfrt_dht_sync.create_uninitialized_tensor.i32.1 [3 : i64]
  tfrt_dht_sync.set_tensor_with_constant_values.i32 %t [4 : i32, 5 : i32, 6 : i32]
  tfrt_dht_sync.print_tensor %t
  %d = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2 : i64], values = [1.5 : f32]} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %d
  %s = "tfrt_dht_sync.create_from_scalar.i64"() {shape = [2 : i64, 1 : i64], value = 8 : i64} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %s
  %c = "tfrt_test.sync.const_dense_attr"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %c
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3], values = [4, 5, 6]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [1.500000e+00, 1.500000e+00]
// CHECK-NEXT: ScalarHostTensor dtype = i64, shape = [2, 1], value = 8
// CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2], values = [1, 2]

// Asynchronous code calls sync functions through invoke_sync_function.
// CHECK-LABEL: --- Running 'invoke':
func.func @invoke() -> (i32, i32, i32) {
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %c = "tfrt_test.invoke_sync_function.i32_i32.i32"(%a, %b) {fn = @sync_add} : (i32, i32) -> i32
  %d, %e = "tfrt_test.invoke_sync_function.i32_i32.i32_i32"(%a, %b) {fn = @sync_swap} : (i32, i32) -> (i32, i32)
  tfrt.return %c, %d, %e : i32, i32, i32
}
// CHECK-NEXT: 'invoke' returned 7,4,3

// CHECK-LABEL: --- Running 'invoke_fail':
func.func @invoke_fail() -> i32 {
  %a = tfrt.constant.i32 3
  %c = "tfrt_test.invoke_sync_function.i32_i32.i32"(%a, %a) {fn = @sync_bad} : (i32, i32) -> i32 // expected-error {{something bad happened}}
  tfrt.return %c : i32
}
// CHECK-NEXT: 'invoke_fail' returned <<error: something bad happened>>

func.func @sync_add(%a: i32, %b: i32) -> i32 attributes {tfrt.sync} {
  %c = tfrt.add_s.i32 %a, %b
  tfrt.return %c : i32
}

func.func @sync_swap(%a: i32, %b: i32) -> (i32, i32) attributes {tfrt.sync} {
  %x = "tfrt_test.sync_sum"(%b) : (i32) -> i32
  %y = "tfrt_test.sync_sum"(%a) : (i32) -> i32
  tfrt.return %x, %y : i32, i32
}

func.func @sync_bad(%a: i32, %b: i32) -> i32 attributes {tfrt.sync} {
  %c = "tfrt_test.fail_s"() : () -> i32
  tfrt.return %c : i32
}
