// VARIANTS: --work-queue=mstd:2
// String host tensors (docs/kernel-behaviour.md §9): tfrt_sht.create_tensor
// makes one from a shape and one string per element (TFRT's
// CreateStringTensor), and the print kernels print it as Tensor::Print
// does; tfrt_dht_sync.create_from_scalar.DT makes a scalar host tensor from
// attributes, as TFRT's CreateFromScalar does.

// CHECK-LABEL: --- Running 'strings':
func.func @strings() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = "tfrt_sht.create_tensor"() {shape = [3], values = ["a", "", "b c"]} : () -> !tfrt_tensor.tensor
  %ch1 = tfrt_dht.print_tensor %a, %ch0
  // A 2x2 shape takes four strings, row-major; a rank-0 shape one.
  %b = "tfrt_sht.create_tensor"() {shape = [2, 2], values = ["w", "x", "y", "z"]} : () -> !t.tensor
  %ch2 = tfrt_dht.print_tensor %b, %ch1
  %c = "tfrt_sht.create_tensor"() {shape = [], values = ["one"]} : () -> !t.tensor
  %ch3 = tfrt_dht.print_tensor %c, %ch2
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NEXT: StringHostTensor shape = [3], values = ["a", "", "b c"]
// CHECK-NEXT: StringHostTensor shape = [2, 2], values = ["w", "x", "y", "z"]
// CHECK-NEXT: StringHostTensor shape = [], values = ["one"]
// CHECK-NEXT: 'strings' returned !tfrt.chain value

// One string per element, no fewer (unlike corert.const_string_tensor, one
// string does not fill the tensor), no more; strings only.
// CHECK-LABEL: --- Running 'string_errors':
func.func @string_errors() -> (!t.tensor, !t.tensor, !t.tensor) {
  %a = "tfrt_sht.create_tensor"() {shape = [2], values = ["a"]} : () -> !t.tensor // expected-error {{Shape mismatch}}
  %b = "tfrt_sht.create_tensor"() {shape = [1], values = ["a", "b"]} : () -> !t.tensor // expected-error {{Shape mismatch}}
  %c = "tfrt_sht.create_tensor"() {shape = [1], values = [7 : i32]} : () -> !t.tensor // expected-error {{attribute 'values' must hold strings}}
  tfrt.return %a, %b, %c : !t.tensor, !t.tensor, !t.tensor
}
// CHECK-NEXT: 'string_errors' returned <<error: Shape mismatch>>,<<error: Shape mismatch>>,<<error: attribute 'values' must hold strings>>

// CHECK-LABEL: --- Running 'scalars':
func.func @scalars() attributes {tfrt.sync} {
  %s = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [2, 3], value = 1.5 : f32} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %s
  %t = "tfrt_dht_sync.create_from_scalar.bool"() {shape = [], value = true} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %t
  %u = "tfrt_sht.create_tensor"() {shape = [1], values = ["sync"]} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %u
  tfrt.return
}
// CHECK-NEXT: ScalarHostTensor dtype = f32, shape = [2, 3], value = 1.500000e+00
// CHECK-NEXT: ScalarHostTensor dtype = i1, shape = [], value = 1
// CHECK-NEXT: StringHostTensor shape = [1], values = ["sync"]
