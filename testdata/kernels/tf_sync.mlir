// VARIANTS: --work-queue=mstd:2
// TFRT's tf_sync.* kernels (docs/kernel-behaviour.md §15): TensorFlow ops
// in tfrt.sync functions, each writing its result into an output tensor
// the program allocated (the last tensor operand; _FusedMatMul: operand 2)
// and returning nothing. Every expected value below is worked out by hand
// in the comment above it. A failing kernel ends its sync function, which
// then returns the error (docs/kernel-behaviour.md §9), so each error case
// is a function of its own.

// ---- AddV2, Sub, Mul, RealDiv ---------------------------------------------

// Equal shapes: element by element.
// [1, 2, 3, 4, 5, 6] + [10, 20, 30, 40, 50, 60] = [11, 22, 33, 44, 55, 66]
// CHECK-LABEL: --- Running 'add_same_shape':
func.func @add_same_shape() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [10.0 : f32, 20.0 : f32, 30.0 : f32, 40.0 : f32, 50.0 : f32, 60.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  "tf_sync.AddV2.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [1.100000e+01, 2.200000e+01, 3.300000e+01, 4.400000e+01, 5.500000e+01, 6.600000e+01]

// A rank-0 lhs (one element) minus every element of rhs:
// 10 - [1, 2, 3, 4] = [9, 8, 7, 6].
// CHECK-LABEL: --- Running 'sub_rank0_lhs':
func.func @sub_rank0_lhs() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [], values = [10.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  "tf_sync.Sub.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [9.000000e+00, 8.000000e+00, 7.000000e+00, 6.000000e+00]

// A [1]-shaped rhs multiplies every element: [1.5, -2, 4] * 2 = [3, -4, 8].
// CHECK-LABEL: --- Running 'mul_one_element_rhs':
func.func @mul_one_element_rhs() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.5 : f32, -2.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1], values = [2.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [3 : i64]
  "tf_sync.Mul.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [3.000000e+00, -4.000000e+00, 8.000000e+00]

// Broadcasting [2, 1] against [1, 3] into [2, 3]: out[i][j] = a[i] / b[j]:
// row 0: 6/1, 6/2, 6/3 = 6, 3, 2; row 1: 12/1, 12/2, 12/3 = 12, 6, 4.
// CHECK-LABEL: --- Running 'realdiv_broadcast':
func.func @realdiv_broadcast() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1], values = [6.0 : f32, 12.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  "tf_sync.RealDiv.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [6.000000e+00, 3.000000e+00, 2.000000e+00, 1.200000e+01, 6.000000e+00, 4.000000e+00]

// A [3] row against a [2, 1] column: out[i][j] = a[j] + b[i]:
// [1+10, 2+10, 3+10, 1+20, 2+20, 3+20] = [11, 12, 13, 21, 22, 23].
// CHECK-LABEL: --- Running 'add_row_column':
func.func @add_row_column() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1], values = [10.0 : f32, 20.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  "tf_sync.AddV2.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [1.100000e+01, 1.200000e+01, 1.300000e+01, 2.100000e+01, 2.200000e+01, 2.300000e+01]

// The output's shape is what both operands broadcast to (TFRT's
// GetArgumentBCast against the output), which may have a dimension
// neither operand has: [2] and [2, 1, 1] into [2, 1, 2]:
// out[i][0][k] = a[k] - b[i] = [1-10, 2-10, 1-20, 2-20] = [-9, -8, -19, -18].
// CHECK-LABEL: --- Running 'sub_broadcast_rank3':
func.func @sub_broadcast_rank3() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32, 2.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1, 1], values = [10.0 : f32, 20.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.3 [2 : i64, 1 : i64, 2 : i64]
  "tf_sync.Sub.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 1, 2], values = [-9.000000e+00, -8.000000e+00, -1.900000e+01, -1.800000e+01]

// A ScalarHost operand (create_from_scalar) is one value, whatever its
// shape: 0.5 - [1, 2, 3, 4] = [-0.5, -1.5, -2.5, -3.5].
// CHECK-LABEL: --- Running 'sub_scalar_host':
func.func @sub_scalar_host() attributes {tfrt.sync} {
  %s = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [7, 7], value = 0.5 : f32} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  "tf_sync.Sub.f32"(%s, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [-5.000000e-01, -1.500000e+00, -2.500000e+00, -3.500000e+00]

// Two ScalarHost operands set the value of a ScalarHost output (its shape
// stays): 3 * 4 = 12.
// CHECK-LABEL: --- Running 'mul_scalar_scalar':
func.func @mul_scalar_scalar() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [2, 3], value = 3.0 : f32} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [2, 3], value = 4.0 : f32} : () -> !t.tensor
  %r = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [2, 3], value = 0.0 : f32} : () -> !t.tensor
  "tf_sync.Mul.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: ScalarHostTensor dtype = f32, shape = [2, 3], value = 1.200000e+01

// In place: the output may be an operand. [1, 2] + [1, 2] = [2, 4].
// CHECK-LABEL: --- Running 'add_in_place':
func.func @add_in_place() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32, 2.0 : f32]} : () -> !t.tensor
  "tf_sync.AddV2.f32"(%a, %a, %a) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %a
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [2.000000e+00, 4.000000e+00]

// Without broadcasting TFRT's kernel works on the flat tensors, so an
// output of the same element count is enough: [2, 2] + [2, 2] into [4]:
// [1+1, 2+1, 3+1, 4+1] = [2, 3, 4, 5].
// CHECK-LABEL: --- Running 'add_flat_output':
func.func @add_flat_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.AddV2.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]

// IEEE division: 1/0 = +inf, -1/0 = -inf, 3/4 = 0.75.
// CHECK-LABEL: --- Running 'realdiv_by_zero':
func.func @realdiv_by_zero() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.0 : f32, -1.0 : f32, 3.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [0.0 : f32, 0.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [3 : i64]
  "tf_sync.RealDiv.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [inf, -inf, 7.500000e-01]

// Shapes that do not broadcast to the output: TFRT's message names the
// first dimension, counted in the output, that does not fit ([3, 2]'s 3
// against the output's 2).
// CHECK-LABEL: --- Running 'add_mismatched_shapes':
func.func @add_mismatched_shapes() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3, 2], values = [1.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  "tf_sync.AddV2.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'add_mismatched_shapes' returned <<error: Can't broadcast argument dim: index=0 arg=3 res=2>>

// An output with too few elements (TFRT: an Eigen assertion, or memory
// out of bounds).
// CHECK-LABEL: --- Running 'add_wrong_output':
func.func @add_wrong_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  "tf_sync.AddV2.f32"(%a, %a, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'add_wrong_output' returned <<error: tf_sync.AddV2.f32: output shape [2, 2] does not match the result shape [2, 3]>>

// A broadcast cannot shrink the rank (TFRT's message, spelling and all).
// CHECK-LABEL: --- Running 'sub_rank_too_high':
func.func @sub_rank_too_high() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1, 3], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  "tf_sync.Sub.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'sub_rank_too_high' returned <<error: argment rank must be smaller than the result rank>>

// TFRT broadcasts to outputs of rank 2 to 5 only.
// CHECK-LABEL: --- Running 'mul_rank6_broadcast':
func.func @mul_rank6_broadcast() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1, 1, 1, 1, 1], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 2, 1, 1, 1, 1], values = [1.0 : f32]} : () -> !t.tensor
  %r = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2, 1, 1, 1, 1], values = [0.0 : f32]} : () -> !t.tensor
  "tf_sync.Mul.f32"(%a, %b, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'mul_rank6_broadcast' returned <<error: Unsupported binary kernel broadcasting: lhs=[2, 1, 1, 1, 1, 1] rhs=[1, 2, 1, 1, 1, 1] out=[2, 2, 1, 1, 1, 1]>>

// A dense operand of another dtype.
// CHECK-LABEL: --- Running 'add_wrong_dtype':
func.func @add_wrong_dtype() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [2], values = [1 : i32, 2 : i32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.AddV2.f32"(%a, %r, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'add_wrong_dtype' returned <<error: operand #0 has dtype i32, the kernel takes f32>>

// A ScalarHost operand of another dtype is TFRT's "Unsupported operand
// types", as is a string tensor.
// CHECK-LABEL: --- Running 'add_scalar_wrong_dtype':
func.func @add_scalar_wrong_dtype() attributes {tfrt.sync} {
  %s = "tfrt_dht_sync.create_from_scalar.i32"() {shape = [2], value = 1 : i32} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.AddV2.f32"(%r, %s, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'add_scalar_wrong_dtype' returned <<error: Unsupported operand types>>

// CHECK-LABEL: --- Running 'add_string_operand':
func.func @add_string_operand() attributes {tfrt.sync} {
  %s = "tfrt_sht_sync.create_tensor"() {shape = [2], values = ["a", "b"]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.AddV2.f32"(%s, %r, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'add_string_operand' returned <<error: Unsupported operand types>>

// Two ScalarHost operands need a ScalarHost output; a dense operand a
// dense one.
// CHECK-LABEL: --- Running 'mul_scalars_dense_output':
func.func @mul_scalars_dense_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [2], value = 3.0 : f32} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Mul.f32"(%a, %a, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'mul_scalars_dense_output' returned <<error: tf_sync.Mul.f32: the output of two ScalarHost operands must be a ScalarHost tensor of f32>>

// CHECK-LABEL: --- Running 'mul_dense_scalar_output':
func.func @mul_dense_scalar_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_from_scalar.f32"() {shape = [2], value = 3.0 : f32} : () -> !t.tensor
  %b = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Mul.f32"(%a, %b, %a) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'mul_dense_scalar_output' returned <<error: operand #2 is not a dense host tensor>>

// ---- Log, Log1p, Rsqrt, Sigmoid ---------------------------------------------

// log [1, 2, 4, 0] = [0, 0.6931472, 1.3862944, -inf] (ln 2 = 0.69314718...,
// ln 4 = 2 ln 2 = 1.38629436...);
// log1p [0, 1] = [ln 1, ln 2] = [0, 0.6931472];
// rsqrt [4, 0.25, 16] = [1/2, 1/0.5, 1/4] = [0.5, 2, 0.25];
// sigmoid [0, 2] = [1/(1+1), 1/(1+e^-2)] = [0.5, 1/1.13533528...] = [0.5, 0.88079708].
// CHECK-LABEL: --- Running 'unary':
func.func @unary() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [4], values = [1.0 : f32, 2.0 : f32, 4.0 : f32, 0.0 : f32]} : () -> !t.tensor
  %ra = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.Log.f32"(%a, %ra) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %ra
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [0.0 : f32, 1.0 : f32]} : () -> !t.tensor
  %rb = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Log1p.f32"(%b, %rb) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %rb
  %c = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [4.0 : f32, 0.25 : f32, 16.0 : f32]} : () -> !t.tensor
  %rc = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [3 : i64]
  "tf_sync.Rsqrt.f32"(%c, %rc) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %rc
  %d = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [0.0 : f32, 2.0 : f32]} : () -> !t.tensor
  %rd = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Sigmoid.f32"(%d, %rd) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %rd
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [0.000000e+00, 6.931472e-01, 1.386294e+00, -inf]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [0.000000e+00, 6.931472e-01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [5.000000e-01, 2.000000e+00, 2.500000e-01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [5.000000e-01, 8.807971e-01]

// In place, and into an output of another shape with as many elements:
// rsqrt [[4, 16], [64, 0.0625]] = [0.5, 0.25, 0.125, 4], twice over.
// CHECK-LABEL: --- Running 'unary_in_place':
func.func @unary_in_place() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [4.0 : f32, 16.0 : f32, 64.0 : f32, 0.0625 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.Rsqrt.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  "tf_sync.Rsqrt.f32"(%a, %a) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %a
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [5.000000e-01, 2.500000e-01, 1.250000e-01, 4.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [5.000000e-01, 2.500000e-01, 1.250000e-01, 4.000000e+00]

// CHECK-LABEL: --- Running 'unary_wrong_output':
func.func @unary_wrong_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Log.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'unary_wrong_output' returned <<error: tf_sync.Log.f32: output shape [2] does not match the result shape [3]>>

// ---- Softmax, LogSoftmax ----------------------------------------------------

// Along the last dimension: rows [0, 0, 0] and [5, 5, 5] are each uniform,
// 1/3 = 0.33333334 (f32); log-softmax -ln 3 = -1.0986123. [100, 100]
// shows the shift by the row's maximum (e^100 would overflow f32): 0.5
// each, log 0.5 = -ln 2 = -0.6931472 (computed in place).
// CHECK-LABEL: --- Running 'softmax':
func.func @softmax() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [0.0 : f32, 0.0 : f32, 0.0 : f32, 5.0 : f32, 5.0 : f32, 5.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  "tf_sync.Softmax.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  "tf_sync.LogSoftmax.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 2], values = [100.0 : f32]} : () -> !t.tensor
  %rb = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [1 : i64, 2 : i64]
  "tf_sync.Softmax.f32"(%b, %rb) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %rb
  "tf_sync.LogSoftmax.f32"(%b, %b) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %b
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [3.333333e-01, 3.333333e-01, 3.333333e-01, 3.333333e-01, 3.333333e-01, 3.333333e-01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 3], values = [-1.098612e+00, -1.098612e+00, -1.098612e+00, -1.098612e+00, -1.098612e+00, -1.098612e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 2], values = [5.000000e-01, 5.000000e-01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 2], values = [-6.931472e-01, -6.931472e-01]

// The output keeps the rows: [2, 3] into [1, 2, 3] is the same two rows of
// three, of zeros: 1/3 each. A rank-1 tensor is one row: [0, 0, 0, 0]
// gives 1/4 = 0.25 each.
// CHECK-LABEL: --- Running 'softmax_shapes':
func.func @softmax_shapes() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [0.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.3 [1 : i64, 2 : i64, 3 : i64]
  "tf_sync.Softmax.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [4], values = [0.0 : f32]} : () -> !t.tensor
  "tf_sync.Softmax.f32"(%b, %b) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %b
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 2, 3], values = [3.333333e-01, 3.333333e-01, 3.333333e-01, 3.333333e-01, 3.333333e-01, 3.333333e-01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [2.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01]

// As many elements but rows of another length.
// CHECK-LABEL: --- Running 'softmax_wrong_output':
func.func @softmax_wrong_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [0.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [3 : i64, 2 : i64]
  "tf_sync.LogSoftmax.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'softmax_wrong_output' returned <<error: tf_sync.LogSoftmax.f32: output shape [3, 2] does not match the result shape [2, 3]>>

// CHECK-LABEL: --- Running 'softmax_wrong_dtype':
func.func @softmax_wrong_dtype() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [0.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f64.1 [2 : i64]
  "tf_sync.Softmax.f32"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'softmax_wrong_dtype' returned <<error: operand #1 has dtype f64, the kernel takes f32>>

// ---- Const --------------------------------------------------------------------

// The dense attribute's values, row-major; a splat fills the tensor; any
// dtype, as long as the output has the attribute's dtype and shape.
// CHECK-LABEL: --- Running 'const':
func.func @const() attributes {tfrt.sync} {
  %a = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  "tf_sync.Const"(%a) {value = dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>} : (!t.tensor) -> ()
  tfrt_dht_sync.print_tensor %a
  %b = tfrt_dht_sync.create_uninitialized_tensor.i32.1 [3 : i64]
  "tf_sync.Const"(%b) {value = dense<7> : tensor<3xi32>} : (!t.tensor) -> ()
  tfrt_dht_sync.print_tensor %b
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.500000e+00]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [3], values = [7, 7, 7]

// CHECK-LABEL: --- Running 'const_wrong_shape':
func.func @const_wrong_shape() attributes {tfrt.sync} {
  %a = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [3 : i64]
  "tf_sync.Const"(%a) {value = dense<[1.0, 2.0]> : tensor<2xf32>} : (!t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'const_wrong_shape' returned <<error: tf_sync.Const: the output tensor is f32 [3], the value f32 [2]>>

// CHECK-LABEL: --- Running 'const_wrong_dtype':
func.func @const_wrong_dtype() attributes {tfrt.sync} {
  %a = tfrt_dht_sync.create_uninitialized_tensor.i32.1 [2 : i64]
  "tf_sync.Const"(%a) {value = dense<[1.0, 2.0]> : tensor<2xf32>} : (!t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'const_wrong_dtype' returned <<error: tf_sync.Const: the output tensor is i32 [2], the value f32 [2]>>

// ---- Tile -----------------------------------------------------------------------

// [[1, 2]] tiled 3 x 2 (i64 multiples) = [[1, 2, 1, 2]] three times;
// [1, 2, 3] tiled 2 (i32 multiples) = [1, 2, 3, 1, 2, 3]; tiled 0 = [].
// CHECK-LABEL: --- Running 'tile':
func.func @tile() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 2], values = [1.0 : f32, 2.0 : f32]} : () -> !t.tensor
  %m = "tfrt_dht_sync.create_dense_tensor.i64"() {shape = [2], values = [3 : i64, 2 : i64]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [3 : i64, 4 : i64]
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32]} : () -> !t.tensor
  %m2 = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1], values = [2 : i32]} : () -> !t.tensor
  %rb = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [6 : i64]
  "tf_sync.Tile.f32"(%b, %m2, %rb) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %rb
  %m0 = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1], values = [0 : i32]} : () -> !t.tensor
  %r0 = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [0 : i64]
  "tf_sync.Tile.f32"(%b, %m0, %r0) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r0
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3, 4], values = [1.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [6], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [0], values = []

// TFRT's messages for the multiples, then the output.
// CHECK-LABEL: --- Running 'tile_multiples_not_vector':
func.func @tile_multiples_not_vector() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %m = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1, 1], values = [2 : i32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_multiples_not_vector' returned <<error: Tile multiples must be a vector>>

// CHECK-LABEL: --- Running 'tile_multiples_f32':
func.func @tile_multiples_f32() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.Tile.f32"(%a, %a, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_multiples_f32' returned <<error: Unsupported multiples data type>>

// CHECK-LABEL: --- Running 'tile_multiples_count':
func.func @tile_multiples_count() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %m = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [2], values = [2 : i32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_multiples_count' returned <<error: Tile multiples must have the same size as input rank>>

// CHECK-LABEL: --- Running 'tile_negative':
func.func @tile_negative() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %m = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1], values = [-1 : i32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_negative' returned <<error: tf_sync.Tile.f32: negative multiple -1 for dimension 0>>

// 2 * 2^62 does not fit in 64 bits.
// CHECK-LABEL: --- Running 'tile_overflow':
func.func @tile_overflow() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %m = "tfrt_dht_sync.create_dense_tensor.i64"() {shape = [1], values = [4611686018427387904 : i64]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_overflow' returned <<error: tf_sync.Tile.f32: the tiled dimension 0 overflows>>

// [1, 2] tiled 3 x 2 is [3, 4], not [4, 4].
// CHECK-LABEL: --- Running 'tile_wrong_output':
func.func @tile_wrong_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 2], values = [1.0 : f32]} : () -> !t.tensor
  %m = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [2], values = [3 : i32, 2 : i32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [4 : i64, 4 : i64]
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_wrong_output' returned <<error: tf_sync.Tile.f32: output shape [4, 4] does not match the result shape [3, 4]>>

// A rank-0 tensor: TFRT's kernel takes ranks 1 to 5.
// CHECK-LABEL: --- Running 'tile_rank0':
func.func @tile_rank0() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [], values = [1.0 : f32]} : () -> !t.tensor
  %m = tfrt_dht_sync.create_uninitialized_tensor.i32.1 [0 : i64]
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.0 []
  "tf_sync.Tile.f32"(%a, %m, %r) : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_rank0' returned <<error: Unsupported tensor rank>>

// Strings: no multiples, the output's shape says how far; a dimension need
// not be a multiple (each coordinate is taken modulo the input's):
// ["a", "b"] into [5] = a b a b a; [["w", "x"], ["y", "z"]] into [3, 3] =
// rows (w x w), (y z y), (w x w).
// CHECK-LABEL: --- Running 'tile_string':
func.func @tile_string() attributes {tfrt.sync} {
  %a = "tfrt_sht_sync.create_tensor"() {shape = [2], values = ["a", "b"]} : () -> !t.tensor
  %r = "tfrt_sht_sync.create_uninitialized_tensor"() {shape = [5]} : () -> !t.tensor
  tfrt_dht_sync.print_tensor %r
  "tf_sync.Tile.string"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  %b = "tfrt_sht_sync.create_tensor"() {shape = [2, 2], values = ["w", "x", "y", "z"]} : () -> !t.tensor
  %rb = "tfrt_sht_sync.create_uninitialized_tensor"() {shape = [3, 3]} : () -> !t.tensor
  "tf_sync.Tile.string"(%b, %rb) : (!t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %rb
  tfrt.return
}
// CHECK-NEXT: StringHostTensor shape = [5], values = ["", "", "", "", ""]
// CHECK-NEXT: StringHostTensor shape = [5], values = ["a", "b", "a", "b", "a"]
// CHECK-NEXT: StringHostTensor shape = [3, 3], values = ["w", "x", "w", "y", "z", "y", "w", "x", "w"]

// CHECK-LABEL: --- Running 'tile_string_rank':
func.func @tile_string_rank() attributes {tfrt.sync} {
  %a = "tfrt_sht_sync.create_tensor"() {shape = [2], values = ["a", "b"]} : () -> !t.tensor
  %r = "tfrt_sht_sync.create_uninitialized_tensor"() {shape = [2, 2]} : () -> !t.tensor
  "tf_sync.Tile.string"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_string_rank' returned <<error: tf_sync.Tile.string: output shape [2, 2] and input shape [2] differ in rank>>

// CHECK-LABEL: --- Running 'tile_string_empty_input':
func.func @tile_string_empty_input() attributes {tfrt.sync} {
  %a = "tfrt_sht_sync.create_tensor"() {shape = [0], values = []} : () -> !t.tensor
  %r = "tfrt_sht_sync.create_uninitialized_tensor"() {shape = [2]} : () -> !t.tensor
  "tf_sync.Tile.string"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_string_empty_input' returned <<error: tf_sync.Tile.string: an input without elements tiles no output with elements>>

// CHECK-LABEL: --- Running 'tile_string_dense':
func.func @tile_string_dense() attributes {tfrt.sync} {
  %a = "tfrt_sht_sync.create_tensor"() {shape = [2], values = ["a", "b"]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [2 : i64]
  "tf_sync.Tile.string"(%a, %r) : (!t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'tile_string_dense' returned <<error: operand #1 is not a string host tensor>>

// ---- ConcatV2 -------------------------------------------------------------------

// Axis 0: [[1, 2]] then [[3, 4], [5, 6]] = [[1, 2], [3, 4], [5, 6]].
// Axis 1 (written -1): [[1], [2]], [[3, 4], [5, 6]], [[7], [8]] = rows
// (1 3 4 7), (2 5 6 8).
// Scalars make a vector whatever the axis: 5, 6, 7 = [5, 6, 7].
// CHECK-LABEL: --- Running 'concat':
func.func @concat() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 2], values = [1.0 : f32, 2.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32]} : () -> !t.tensor
  %zero = tfrt.constant_s.i32 0
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [3 : i64, 2 : i64]
  "tf_sync.ConcatV2.f32"(%zero, %a, %b, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  %c = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1], values = [1.0 : f32, 2.0 : f32]} : () -> !t.tensor
  %d = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1], values = [7.0 : f32, 8.0 : f32]} : () -> !t.tensor
  %minus1 = tfrt.constant_s.i32 -1
  %r2 = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 4 : i64]
  "tf_sync.ConcatV2.f32"(%minus1, %c, %b, %d, %r2) : (i32, !t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r2
  %s5 = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [], values = [5.0 : f32]} : () -> !t.tensor
  %s6 = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [], values = [6.0 : f32]} : () -> !t.tensor
  %s7 = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [], values = [7.0 : f32]} : () -> !t.tensor
  %three = tfrt.constant_s.i32 3
  %r3 = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [3 : i64]
  "tf_sync.ConcatV2.f32"(%three, %s5, %s6, %s7, %r3) : (i32, !t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r3
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3, 2], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 4], values = [1.000000e+00, 3.000000e+00, 4.000000e+00, 7.000000e+00, 2.000000e+00, 5.000000e+00, 6.000000e+00, 8.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [5.000000e+00, 6.000000e+00, 7.000000e+00]

// Inputs that view the output's own storage are read whole before it is
// written: t = [1, 2] over a buffer, x its second element, y its first;
// concat(x, y) into t swaps them: [2, 1].
// CHECK-LABEL: --- Running 'concat_overlapping':
func.func @concat_overlapping() attributes {tfrt.sync} {
  %size = tfrt.constant_s.i64 8
  %align = tfrt.constant_s.i64 4
  %buf = "tfrt_dht_sync.allocate_buffer"(%size, %align) : (i64, i64) -> !ht.host_buffer
  %s2 = "ts.build_shape"() {value = [2 : i64]} : () -> !ts.shape
  %s1 = "ts.build_shape"() {value = [1 : i64]} : () -> !ts.shape
  %t = tfrt_dht_sync.make_tensor.f32 %buf, %s2
  tfrt_dht_sync.set_tensor_with_constant_values.f32 %t [1.0 : f32, 2.0 : f32]
  %zero = tfrt.constant_s.i64 0
  %four = tfrt.constant_s.i64 4
  %lo = tfrt_dht_sync.get_buffer_slice %buf, %zero, %four
  %hi = tfrt_dht_sync.get_buffer_slice %buf, %four, %four
  %y = tfrt_dht_sync.make_tensor.f32 %lo, %s1
  %x = tfrt_dht_sync.make_tensor.f32 %hi, %s1
  %axis = tfrt.constant_s.i32 0
  "tf_sync.ConcatV2.f32"(%axis, %x, %y, %t) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %t
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2], values = [2.000000e+00, 1.000000e+00]

// TFRT's metadata messages.
// CHECK-LABEL: --- Running 'concat_ranks':
func.func @concat_ranks() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 2], values = [1.0 : f32]} : () -> !t.tensor
  %axis = tfrt.constant_s.i32 0
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %a, %b, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_ranks' returned <<error: Input ranks do not match>>

// CHECK-LABEL: --- Running 'concat_other_dim':
func.func @concat_other_dim() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3, 3], values = [1.0 : f32]} : () -> !t.tensor
  %axis = tfrt.constant_s.i32 1
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 6 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %a, %b, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_other_dim' returned <<error: Wrong non-concatenating dimension. Dimension 0 for argument 1 doesn't match the dimension of argument 0 (concatenate [3, 3] and [2, 3] on axis 1)>>

// CHECK-LABEL: --- Running 'concat_axis_range':
func.func @concat_axis_range() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %axis = tfrt.constant_s.i32 2
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 6 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %a, %a, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_axis_range' returned <<error: tf_sync.ConcatV2.f32: axis 2 out of range for rank 2>>

// [2, 3] and [2, 1] on axis 1 make [2, 4], not [2, 5].
// CHECK-LABEL: --- Running 'concat_wrong_output':
func.func @concat_wrong_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 1], values = [1.0 : f32]} : () -> !t.tensor
  %axis = tfrt.constant_s.i32 1
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 5 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %a, %b, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_wrong_output' returned <<error: tf_sync.ConcatV2.f32: output shape [2, 5] does not match the result shape [2, 4]>>

// CHECK-LABEL: --- Running 'concat_wrong_dtype':
func.func @concat_wrong_dtype() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [2], values = [1 : i32]} : () -> !t.tensor
  %axis = tfrt.constant_s.i32 0
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %a, %b, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_wrong_dtype' returned <<error: operand #2 has dtype i32, the kernel takes f32>>

// CHECK-LABEL: --- Running 'concat_nothing':
func.func @concat_nothing() attributes {tfrt.sync} {
  %axis = tfrt.constant_s.i32 0
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.1 [4 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %r) : (i32, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_nothing' returned <<error: tf_sync.ConcatV2.f32 needs the axis, at least one tensor and the output>>

// TFRT's kernel handles outputs of rank 1 to 4.
// CHECK-LABEL: --- Running 'concat_rank5':
func.func @concat_rank5() attributes {tfrt.sync} {
  %a = tfrt_dht_sync.create_uninitialized_tensor.f32.5 [1 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %axis = tfrt.constant_s.i32 0
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.5 [2 : i64, 1 : i64, 1 : i64, 1 : i64, 1 : i64]
  "tf_sync.ConcatV2.f32"(%axis, %a, %a, %r) : (i32, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'concat_rank5' returned <<error: Unsupported output tensor rank>>

// ---- _FusedMatMul -------------------------------------------------------------

// a = [[1, 2], [3, 4]] transposed = [[1, 3], [2, 4]]; times b = [[1, 2],
// [3, 4]]: [[1*1 + 3*3, 1*2 + 3*4], [2*1 + 4*3, 2*2 + 4*4]] = [[10, 14],
// [14, 20]]. Plus bias [-12, -10]: [[-2, 4], [2, 10]].
//   BiasAdd:          [-2, 4, 2, 10]
//   BiasAdd, Relu:    [0, 4, 2, 10]
//   BiasAdd, Relu6:   [0, 4, 2, 6]
//   BiasAdd, Elu:     [e^-2 - 1, 4, 2, 10] = [0.13533528 - 1 = -0.86466472, 4, 2, 10]
// CHECK-LABEL: --- Running 'fused_matmul':
func.func @fused_matmul() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %bias = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [-12.0 : f32, -10.0 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  "tf_sync._FusedMatMul.f32"(%a, %a, %r, %bias) {fused_ops = ["BiasAdd"], transpose_a = true, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  "tf_sync._FusedMatMul.f32"(%a, %a, %r, %bias) {fused_ops = ["BiasAdd", "Relu"], transpose_a = true, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  "tf_sync._FusedMatMul.f32"(%a, %a, %r, %bias) {fused_ops = ["BiasAdd", "Relu6"], transpose_a = true, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  "tf_sync._FusedMatMul.f32"(%a, %a, %r, %bias) {fused_ops = ["BiasAdd", "Elu"], transpose_a = true, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [-2.000000e+00, 4.000000e+00, 2.000000e+00, 1.000000e+01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [0.000000e+00, 4.000000e+00, 2.000000e+00, 1.000000e+01]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [0.000000e+00, 4.000000e+00, 2.000000e+00, 6.000000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [-8.646647e-01, 4.000000e+00, 2.000000e+00, 1.000000e+01]

// transpose_b: [1, 2, 3] times [[1, 0, 1], [0, 1, 0]] transposed =
// [1*1 + 2*0 + 3*1, 1*0 + 2*1 + 3*0] = [4, 2]; plus [0.5, -0.5] = [4.5, 1.5].
// Into its own operand: a = [[1, 2], [3, 4]] times [[0, 1], [1, 0]] (the
// columns swapped) = [[2, 1], [4, 3]], written over a; bias [0, 0].
// CHECK-LABEL: --- Running 'fused_matmul_transpose_b':
func.func @fused_matmul_transpose_b() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [1, 3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32, 0.0 : f32, 1.0 : f32, 0.0 : f32, 1.0 : f32, 0.0 : f32]} : () -> !t.tensor
  %bias = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [0.5 : f32, -0.5 : f32]} : () -> !t.tensor
  %r = tfrt_dht_sync.create_uninitialized_tensor.f32.2 [1 : i64, 2 : i64]
  "tf_sync._FusedMatMul.f32"(%a, %b, %r, %bias) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = true} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %r
  %m = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32]} : () -> !t.tensor
  %swap = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [0.0 : f32, 1.0 : f32, 1.0 : f32, 0.0 : f32]} : () -> !t.tensor
  %zeros = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [0.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%m, %swap, %m, %zeros) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt_dht_sync.print_tensor %m
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1, 2], values = [4.500000e+00, 1.500000e+00]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [2.000000e+00, 1.000000e+00, 4.000000e+00, 3.000000e+00]

// TFRT's messages for the fusion and the bias.
// CHECK-LABEL: --- Running 'fused_matmul_no_ops':
func.func @fused_matmul_no_ops() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a) {fused_ops = [], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_no_ops' returned <<error: FusedMatMul must specify fused operations>>

// CHECK-LABEL: --- Running 'fused_matmul_relu_only':
func.func @fused_matmul_relu_only() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a) {fused_ops = ["Relu"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_relu_only' returned <<error: Unsupported fusion type>>

// CHECK-LABEL: --- Running 'fused_matmul_tanh':
func.func @fused_matmul_tanh() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  %bias = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a, %bias) {fused_ops = ["BiasAdd", "Tanh"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_tanh' returned <<error: Unsupported fusion type>>

// CHECK-LABEL: --- Running 'fused_matmul_bias_matrix':
func.func @fused_matmul_bias_matrix() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a, %a) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_bias_matrix' returned <<error: Bias tensor must a vector>>

// CHECK-LABEL: --- Running 'fused_matmul_bias_size':
func.func @fused_matmul_bias_size() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  %bias = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a, %bias) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_bias_size' returned <<error: The number of bias elements 3 doesn't match output inner dimension 2>>

// CHECK-LABEL: --- Running 'fused_matmul_no_bias':
func.func @fused_matmul_no_bias() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_no_bias' returned <<error: tf_sync._FusedMatMul.f32: BiasAdd needs the bias operand>>

// The shapes, with the words of TFRT's MatMul metadata function: [2, 3]
// times [2, 2] does not multiply; a vector is no matrix.
// CHECK-LABEL: --- Running 'fused_matmul_shapes':
func.func @fused_matmul_shapes() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  %bias = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %b, %b, %bias) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_shapes' returned <<error: matmul arguments have incompatible shapes: In[0]: [2, 3], In[1]: [2, 2]. transpose_a: 0, transpose_b: 0>>

// CHECK-LABEL: --- Running 'fused_matmul_vector':
func.func @fused_matmul_vector() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %b, %b, %a) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_vector' returned <<error: argument 0 of matmul op is not a rank-2 tensor. Actual rank is 1>>

// [2, 3] times [3, 2] is [2, 2], not [3, 2].
// CHECK-LABEL: --- Running 'fused_matmul_wrong_output':
func.func @fused_matmul_wrong_output() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 3], values = [1.0 : f32]} : () -> !t.tensor
  %b = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [3, 2], values = [1.0 : f32]} : () -> !t.tensor
  %bias = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %b, %b, %bias) {fused_ops = ["BiasAdd"], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_wrong_output' returned <<error: tf_sync._FusedMatMul.f32: output shape [3, 2] does not match the result shape [2, 2]>>

// CHECK-LABEL: --- Running 'fused_matmul_ops_not_strings':
func.func @fused_matmul_ops_not_strings() attributes {tfrt.sync} {
  %a = "tfrt_dht_sync.create_dense_tensor.f32"() {shape = [2, 2], values = [1.0 : f32]} : () -> !t.tensor
  "tf_sync._FusedMatMul.f32"(%a, %a, %a) {fused_ops = [1 : i32], transpose_a = false, transpose_b = false} : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}
// CHECK-NEXT: 'fused_matmul_ops_not_strings' returned <<error: tf_sync._FusedMatMul.f32: 'fused_ops' must be an array of strings>>
