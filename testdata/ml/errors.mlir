// Every error of the host ML and COO kernels (docs/kernel-behaviour.md
// §13): a located diagnostic (matched by the annotation) and an error value
// for what depends on it, never a crash or a silent zero. Each function
// returns the failing kernel's first result.
// Input and output of an element-wise kernel differ in shape.
// CHECK-LABEL: --- Running 'relu_shapes':
func.func @relu_shapes() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %r = "tfrt_test.relu.f32"(%a, %b, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: tensor shape mismatch: [2] vs. [3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'relu_shapes' returned <<error: tensor shape mismatch: [2] vs. [3]>>

// The dtype in the name is the dtype of every tensor.
// CHECK-LABEL: --- Running 'relu_dtype':
func.func @relu_dtype() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %r = "tfrt_test.relu.f32"(%a, %b, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: operand #0 has dtype i32, the kernel takes f32}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'relu_dtype' returned <<error: operand #0 has dtype i32, the kernel takes f32>>

// A COO tensor has the same MLIR type, not the same kind.
// CHECK-LABEL: --- Running 'not_dense':
func.func @not_dense() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %d = tfrt_dht.create_uninitialized_tensor.i32.1 [2 : i64]
  %s, %c = coo.convert_dht_to_coo.i32.1 %d, %ch0
  %r = "tfrt_test.relu_inplace.i32"(%s, %c) : (!t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: operand #0 is not a dense host tensor}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'not_dense' returned <<error: operand #0 is not a dense host tensor>>

// The two operands and the output of add.
// CHECK-LABEL: --- Running 'add_shapes':
func.func @add_shapes() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.i64.1 [2 : i64]
  %c = tfrt_dht.create_uninitialized_tensor.i64.1 [3 : i64]
  %r = "tfrt_test.add.i64"(%a, %b, %c, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: tensor shape mismatch: [2] vs. [2] vs. [3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'add_shapes' returned <<error: tensor shape mismatch: [2] vs. [2] vs. [3]>>

// Cast reads i32.
// CHECK-LABEL: --- Running 'cast_dtype':
func.func @cast_dtype() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %r = "tfrt_test.cast.i32_to_f32"(%a, %b, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: operand #0 has dtype f32, the kernel takes i32}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'cast_dtype' returned <<error: operand #0 has dtype f32, the kernel takes i32>>

// Matrices only.
// CHECK-LABEL: --- Running 'matmul_rank':
func.func @matmul_rank() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %one = tfrt.constant.f32 1.0
  %r = "tfrt_test.matmul.f32.2"(%one, %a, %b, %one, %b, %ch0) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: operand #1 has shape [2], the kernel takes rank 2}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'matmul_rank' returned <<error: operand #1 has shape [2], the kernel takes rank 2>>

// Columns of A against rows of B.
// CHECK-LABEL: --- Running 'matmul_inner':
func.func @matmul_inner() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %c = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 2 : i64]
  %one = tfrt.constant.f32 1.0
  %r = "tfrt_test.matmul.f32.2"(%one, %a, %a, %one, %c, %ch0) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: matmul input tensors inner dimension mismatch: [2, 3] vs. [2, 3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'matmul_inner' returned <<error: matmul input tensors inner dimension mismatch: [2, 3] vs. [2, 3]>>

// The output must be [rows of A, columns of B].
// CHECK-LABEL: --- Running 'eigen_matmul_out':
func.func @eigen_matmul_out() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 3 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.i32.2 [3 : i64, 3 : i64]
  %c = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %one = tfrt.constant.i32 1
  %r = "eigen.matmul.i32"(%one, %a, %b, %one, %c, %ch0) : (i32, !t.tensor, !t.tensor, i32, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: MatMul output shape [2, 2] does not match product shape of inputs: [2, 3] * [3, 3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'eigen_matmul_out' returned <<error: MatMul output shape [2, 2] does not match product shape of inputs: [2, 3] * [3, 3]>>

// The rank in the name is the target's.
// CHECK-LABEL: --- Running 'broadcast_rank':
func.func @broadcast_rank() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %s = ts.build_shape [3 : i64]
  %r = "tfrt_test.broadcast.f32.2"(%a, %s, %ch0) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor // expected-error {{runtime error: broadcast target shape [3] is not of rank 2}}
  tfrt.return %r : !t.tensor
}
// CHECK-NEXT: 'broadcast_rank' returned <<error: broadcast target shape [3] is not of rank 2>>

// Rows must be as long as the vector.
// CHECK-LABEL: --- Running 'broadcast_dims':
func.func @broadcast_dims() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %s = ts.build_shape [2 : i64, 4 : i64]
  %r = "tfrt_test.broadcast.f32.2"(%a, %s, %ch0) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor // expected-error {{runtime error: broadcast input tensor dimension and target shape mismatch: [3] vs. [2, 4]}}
  tfrt.return %r : !t.tensor
}
// CHECK-NEXT: 'broadcast_dims' returned <<error: broadcast input tensor dimension and target shape mismatch: [3] vs. [2, 4]>>

// No integer mean of nothing (a float one is NaN).
// CHECK-LABEL: --- Running 'mean_empty':
func.func @mean_empty() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.i32.1 [0 : i64]
  %r = "tfrt_test.reduce_mean.i32.1"(%a, %ch0) : (!t.tensor, !tfrt.chain) -> !t.tensor // expected-error {{runtime error: reduce_mean of an empty integer tensor}}
  tfrt.return %r : !t.tensor
}
// CHECK-NEXT: 'mean_empty' returned <<error: reduce_mean of an empty integer tensor>>

// Argmax.T.2 takes matrices.
// CHECK-LABEL: --- Running 'argmax_rank':
func.func @argmax_rank() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.3 [2 : i64, 2 : i64, 2 : i64]
  %r = "tfrt_test.argmax.f32.2"(%a, %ch0) : (!t.tensor, !tfrt.chain) -> !t.tensor // expected-error {{runtime error: operand #0 has shape [2, 2, 2], the kernel takes rank 2}}
  tfrt.return %r : !t.tensor
}
// CHECK-NEXT: 'argmax_rank' returned <<error: operand #0 has shape [2, 2, 2], the kernel takes rank 2>>

// TFRT's test kernel knows "same" and "valid".
// CHECK-LABEL: --- Running 'pool_padding':
func.func @pool_padding() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "tfrt_test.max_pooling_2d.f32"(%in, %out, %ch0) { padding = "middle", pool_size = [3 : i32, 3 : i32], strides = [1 : i32, 1 : i32] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: MaxPool2D padding 'middle' is not recognized}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'pool_padding' returned <<error: MaxPool2D padding 'middle' is not recognized>>

// 2x2 windows of a 3x3 image: 2x2 of them.
// CHECK-LABEL: --- Running 'pool_shape':
func.func @pool_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "tfrt_test.max_pooling_2d.f32"(%in, %out, %ch0) { padding = "valid", pool_size = [2 : i32, 2 : i32], strides = [1 : i32, 1 : i32] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: MaxPool2D output shape [1, 1, 1, 1] does not match the expected output shape [1, 2, 2, 1]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'pool_shape' returned <<error: MaxPool2D output shape [1, 1, 1, 1] does not match the expected output shape [1, 2, 2, 1]>>

// Height and width.
// CHECK-LABEL: --- Running 'pool_size':
func.func @pool_size() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "tfrt_test.max_pooling_2d.f32"(%in, %out, %ch0) { padding = "valid", pool_size = [3 : i32], strides = [1 : i32, 1 : i32] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: MaxPool2D expects pool_size to have 2 elements}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'pool_size' returned <<error: MaxPool2D expects pool_size to have 2 elements>>

// A stride of 0 would never move.
// CHECK-LABEL: --- Running 'pool_stride':
func.func @pool_stride() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "eigen.max_pooling_2d.f32"(%in, %out, %ch0) { padding = "valid", pool_size = [3 : i64, 3 : i64], strides = [0 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: MaxPool2D pool_size and strides must be positive}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'pool_stride' returned <<error: MaxPool2D pool_size and strides must be positive>>

// Eigen's knows them in either case.
// CHECK-LABEL: --- Running 'eigen_pool_padding':
func.func @eigen_pool_padding() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "eigen.max_pooling_2d.f32"(%in, %out, %ch0) { padding = "middle", pool_size = [3 : i64, 3 : i64], strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: padding type 'middle' is not supported}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'eigen_pool_padding' returned <<error: padding type 'middle' is not supported>>

// Same padding keeps the size at stride 1.
// CHECK-LABEL: --- Running 'eigen_pool_shape':
func.func @eigen_pool_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "eigen.max_pooling_2d.f32"(%in, %out, %ch0) { padding = "SAME", pool_size = [3 : i64, 3 : i64], strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: output tensor has the wrong shape [1, 1, 1, 1], expected [1, 3, 3, 1]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'eigen_pool_shape' returned <<error: output tensor has the wrong shape [1, 1, 1, 1], expected [1, 3, 3, 1]>>

// One mean per image and channel.
// CHECK-LABEL: --- Running 'average_pool_shape':
func.func @average_pool_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 3 : i64, 3 : i64, 4 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %r = "tfrt_test.global_average_pooling.f32"(%in, %out, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: GlobalAveragePool output shape [2, 3] does not match the expected output shape [2, 4]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'average_pool_shape' returned <<error: GlobalAveragePool output shape [2, 3] does not match the expected output shape [2, 4]>>

// The first dimension stays.
// CHECK-LABEL: --- Running 'flatten_shape':
func.func @flatten_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.2 [3 : i64, 2 : i64]
  %r = "tfrt_test.flatten.f32"(%in, %out, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Flatten output shape [3, 2] does not match the input shape [2, 3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'flatten_shape' returned <<error: Flatten output shape [3, 2] does not match the input shape [2, 3]>>

// Height and width.
// CHECK-LABEL: --- Running 'zero_padding_length':
func.func @zero_padding_length() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 4 : i64, 4 : i64, 1 : i64]
  %r = "tfrt_test.zero_padding.f32"(%in, %out, %ch0) { padding = [1 : i32, 1 : i32, 1 : i32] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: ZeroPadding expects padding of length 2}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'zero_padding_length' returned <<error: ZeroPadding expects padding of length 2>>

// Padding on both sides.
// CHECK-LABEL: --- Running 'zero_padding_shape':
func.func @zero_padding_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 1 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 4 : i64, 4 : i64, 1 : i64]
  %r = "eigen.zero_padding.f32"(%in, %out, %ch0) { padding = [2 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: ZeroPadding output shape [1, 4, 4, 1] does not match the expected output shape [1, 6, 4, 1]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'zero_padding_shape' returned <<error: ZeroPadding output shape [1, 4, 4, 1] does not match the expected output shape [1, 6, 4, 1]>>

// One learning rate.
// CHECK-LABEL: --- Running 'gradient_descent_lr':
func.func @gradient_descent_lr() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %g = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %lr = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %w = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %r = "tfrt_test.gradient_descent.f32"(%g, %lr, %w, %ch0) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: GradientDescent lr should have only one element}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'gradient_descent_lr' returned <<error: GradientDescent lr should have only one element>>

// The output is [3, 2].
// CHECK-LABEL: --- Running 'transpose_shape':
func.func @transpose_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %r = "tfrt_test.tensor_transpose.f32"(%in, %out, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: TensorTranspose output shape [2, 3] does not match the input shape [2, 3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'transpose_shape' returned <<error: TensorTranspose output shape [2, 3] does not match the input shape [2, 3]>>

// One mean per column.
// CHECK-LABEL: --- Running 'mean_axis_zero_shape':
func.func @mean_axis_zero_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %r = "tfrt_test.mean_axis_zero.f32"(%in, %out, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: MeanAxisZero output shape [2] does not match the input shape [2, 3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'mean_axis_zero_shape' returned <<error: MeanAxisZero output shape [2] does not match the input shape [2, 3]>>

// Channels must agree.
// CHECK-LABEL: --- Running 'broadcast_2d_shape':
func.func @broadcast_2d_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %in = tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]
  %out = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 1 : i64, 1 : i64, 4 : i64]
  %r = "tfrt_test.broadcast_2d.f32"(%in, %out, %ch0) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Broadcast2D output shape [2, 1, 1, 4] does not match the input shape [2, 3]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'broadcast_2d_shape' returned <<error: Broadcast2D output shape [2, 1, 1, 4] does not match the input shape [2, 3]>>

// Same or valid.
// CHECK-LABEL: --- Running 'conv_padding':
func.func @conv_padding() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "middle", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Unknown padding type middle}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_padding' returned <<error: Unknown padding type middle>>

// TFRT's kernels take no explicit padding values.
// CHECK-LABEL: --- Running 'conv_explicit':
func.func @conv_explicit() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "explicit", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: For explicit padding, padding values must be defined}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_explicit' returned <<error: For explicit padding, padding values must be defined>>

// Height and width.
// CHECK-LABEL: --- Running 'conv_strides':
func.func @conv_strides() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: strides should have 2 elements}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_strides' returned <<error: strides should have 2 elements>>

// Strides are positive.
// CHECK-LABEL: --- Running 'conv_stride_zero':
func.func @conv_stride_zero() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [0 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Stride must be > 0, but got 0}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_stride_zero' returned <<error: Stride must be > 0, but got 0>>

// The filter's third dimension is the input's channels.
// CHECK-LABEL: --- Running 'conv_channels':
func.func @conv_channels() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 3 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Dimensions does not match: input channels is 3 and kernel depth is 2}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_channels' returned <<error: Dimensions does not match: input channels is 3 and kernel depth is 2>>

// A 3x3 filter does not fit a 1x1 image without padding.
// CHECK-LABEL: --- Running 'conv_negative':
func.func @conv_negative() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [3 : i64, 3 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Computed output size would be negative: -1 (input_size: 1, filter_size: 3, stride: 1, dilation: 1)}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_negative' returned <<error: Computed output size would be negative: -1 (input_size: 1, filter_size: 3, stride: 1, dilation: 1)>>

// Valid padding shrinks.
// CHECK-LABEL: --- Running 'conv_output':
func.func @conv_output() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 4 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %y, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Tensor shapes do not match: output tensor shape is [1, 3, 3, 4] and computed output shape is [1, 2, 2, 4]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_output' returned <<error: Tensor shapes do not match: output tensor shape is [1, 3, 3, 4] and computed output shape is [1, 2, 2, 4]>>

// A convolution cannot write over its input.
// CHECK-LABEL: --- Running 'conv_overlap':
func.func @conv_overlap() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 1 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 1 : i64, 1 : i64, 1 : i64]
  %r = "eigen.conv2d.f32"(%x, %f, %x, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: the output tensor overlaps an input}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_overlap' returned <<error: the output tensor overlaps an input>>

// One bias per output channel.
// CHECK-LABEL: --- Running 'conv_bias':
func.func @conv_bias() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %b = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %r = "eigen.conv2d.bias.f32"(%x, %f, %b, %y, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Dimensions does not match: bias shape is 3 and output channels size is 4}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_bias' returned <<error: Dimensions does not match: bias shape is 3 and output channels size is 4>>

// One mean per output channel.
// CHECK-LABEL: --- Running 'conv_batch_norm':
func.func @conv_batch_norm() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %y = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %p = tfrt_dht.create_uninitialized_tensor.f32.1 [4 : i64]
  %m = tfrt_dht.create_uninitialized_tensor.f32.1 [5 : i64]
  %r = "eigen.conv2d.batch_norm.f32"(%x, %f, %p, %p, %m, %p, %y, %ch0) { epsilon = 0.01 : f32, padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Dimensions does not match: estimated mean shape is 5 and output channels size is 4}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'conv_batch_norm' returned <<error: Dimensions does not match: estimated mean shape is 5 and output channels size is 4>>

// The output gradient has the output's shape.
// CHECK-LABEL: --- Running 'grad_filter_shape':
func.func @grad_filter_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %dy = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 4 : i64]
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %df = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 2 : i64, 4 : i64]
  %r = "eigen.conv2d.grad.filter.f32"(%dy, %x, %df, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Tensor shapes do not match: output gradient shape is [1, 3, 3, 4] and computed output shape is [1, 2, 2, 4]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'grad_filter_shape' returned <<error: Tensor shapes do not match: output gradient shape is [1, 3, 3, 4] and computed output shape is [1, 2, 2, 4]>>

// The input gradient has the input's channels.
// CHECK-LABEL: --- Running 'grad_input_channels':
func.func @grad_input_channels() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %dy = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 4 : i64]
  %f = tfrt_dht.create_uninitialized_tensor.f32.4 [2 : i64, 2 : i64, 3 : i64, 4 : i64]
  %dx = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 3 : i64, 3 : i64, 2 : i64]
  %r = "eigen.conv2d.grad.input.f32"(%dy, %f, %dx, %ch0) { padding = "valid", strides = [1 : i64, 1 : i64] } : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: Dimensions does not match: input channels is 2 and kernel depth is 3}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'grad_input_channels' returned <<error: Dimensions does not match: input channels is 2 and kernel depth is 3>>

// One mean per channel.
// CHECK-LABEL: --- Running 'batch_norm_params':
func.func @batch_norm_params() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 3 : i64]
  %p = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %q = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %r = "eigen.batch_norm.f32"(%x, %p, %p, %q, %p, %ch0) { epsilon = 0.01 : f32 } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: parameter does not match the input channel number}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'batch_norm_params' returned <<error: parameter does not match the input channel number>>

// One gradient per channel.
// CHECK-LABEL: --- Running 'batch_norm_grad_shape':
func.func @batch_norm_grad_shape() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %dy = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 3 : i64]
  %x = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 3 : i64]
  %p = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %dx = tfrt_dht.create_uninitialized_tensor.f32.4 [1 : i64, 2 : i64, 2 : i64, 3 : i64]
  %gg = tfrt_dht.create_uninitialized_tensor.f32.1 [3 : i64]
  %bg = tfrt_dht.create_uninitialized_tensor.f32.1 [4 : i64]
  %r, %r2, %r3 = "eigen.batch_norm.grad.f32"(%dy, %x, %p, %p, %p, %ch0, %dx, %gg, %bg) { epsilon = 0.01 : f32 } : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain, !t.tensor, !t.tensor, !t.tensor) -> (!tfrt.chain, !tfrt.chain, !tfrt.chain) // expected-error {{runtime error: Tensor shapes do not match: channels dimension size is [3] and beta_grad shape is [4]}}
  tfrt.return %r : !tfrt.chain
}
// CHECK-NEXT: 'batch_norm_grad_shape' returned <<error: Tensor shapes do not match: channels dimension size is [3] and beta_grad shape is [4]>>

// The dense tensor is not a COO one.
// CHECK-LABEL: --- Running 'coo_not_coo':
func.func @coo_not_coo() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %d = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %r, %rc = coo.convert_coo_to_dht.i32.2 %d, %ch0 // expected-error {{runtime error: operand #0 is not a COO host tensor}}
  tfrt.return %r : !t.tensor
}
// CHECK-NEXT: 'coo_not_coo' returned <<error: operand #0 is not a COO host tensor>>

// Dtype from the name.
// CHECK-LABEL: --- Running 'coo_dtype':
func.func @coo_dtype() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %d = tfrt_dht.create_uninitialized_tensor.f32.1 [2 : i64]
  %r, %rc = coo.convert_dht_to_coo.i32.1 %d, %ch0 // expected-error {{runtime error: operand #0 has dtype f32, the kernel takes i32}}
  tfrt.return %r : !t.tensor
}
// CHECK-NEXT: 'coo_dtype' returned <<error: operand #0 has dtype f32, the kernel takes i32>>

