// An MNIST-shaped network on data numpy made (tests/ml_data.py): a batch
// of 100 images of 784 pixels, a hidden layer of 512 with relu, 10 outputs;
// the predictions, the accuracy, then one training step. Every result is
// compared with what numpy computed from the same data, independently
// (expected.btf): the predictions exactly, the accuracy and the trained
// weights within 1000 ulps (TFRT's closeness rule). Paths are relative to
// the working directory, as in TFRT. Every kernel that may fail is ordered
// by a chain (the reads through their optional trailing chain), so the
// program is determinate and runs on the fast engine by default (auto).
// RUN: /usr/bin/python3 %S/../../tests/ml_data.py %T
// RUN: cd %T && tfrun %s | FileCheck %s
// RUN: cd %T && tfrun --work-queue=mstd:2 %s | FileCheck %s
// RUN: cd %T && tfrun --schedule=exact %s | FileCheck %s
// RUN: tfrun lint %s

// y = relu(x w1 + b1) w2 + b2, as TFRT's mnist_compute writes it: the
// biases broadcast into fresh tensors that the products then accumulate
// into. Returns the hidden activations and the outputs.
func.func @forward(%w1: !t.tensor, %b1: !t.tensor, %w2: !t.tensor, %b2: !t.tensor, %x: !t.tensor,
                   %ch0: !tfrt.chain) -> (!t.tensor, !t.tensor, !tfrt.chain) {
  %one = tfrt.constant.f32 1.0
  %s1 = ts.build_shape [100 : i64, 512 : i64]
  %a0 = "tfrt_test.broadcast.f32.2"(%b1, %s1, %ch0) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %ch1 = "tfrt_test.matmul.f32.2"(%one, %x, %w1, %one, %a0, %ch0) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.relu_inplace.f32"(%a0, %ch1) : (!t.tensor, !tfrt.chain) -> !tfrt.chain
  %s2 = ts.build_shape [100 : i64, 10 : i64]
  %y = "tfrt_test.broadcast.f32.2"(%b2, %s2, %ch2) : (!t.tensor, !ts.shape, !tfrt.chain) -> !t.tensor
  %ch3 = "eigen.matmul.f32"(%one, %a0, %w2, %one, %y, %ch2) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return %a0, %y, %ch3 : !t.tensor, !t.tensor, !tfrt.chain
}

// CHECK-LABEL: --- Running 'inference'
func.func @inference() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "mnist.btf" } : () -> !tfrt.string
  %want = "tfrt_test.get_string"() { value = "expected.btf" } : () -> !tfrt.string
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %i2 = tfrt.constant.i32 2
  %i3 = tfrt.constant.i32 3
  %i4 = tfrt.constant.i32 4
  %i5 = tfrt.constant.i32 5
  %w1 = "btf.read_dense_tensor.f32.2"(%path, %i0) : (!tfrt.string, i32) -> !t.tensor
  %r1 = "tfrt_dht.no_op_ht"(%w1) : (!t.tensor) -> !tfrt.chain
  %b1 = "btf.read_dense_tensor.f32.1"(%path, %i1, %r1) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r2 = "tfrt_dht.no_op_ht"(%b1) : (!t.tensor) -> !tfrt.chain
  %w2 = "btf.read_dense_tensor.f32.2"(%path, %i2, %r2) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r3 = "tfrt_dht.no_op_ht"(%w2) : (!t.tensor) -> !tfrt.chain
  %b2 = "btf.read_dense_tensor.f32.1"(%path, %i3, %r3) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r4 = "tfrt_dht.no_op_ht"(%b2) : (!t.tensor) -> !tfrt.chain
  %x = "btf.read_dense_tensor.f32.2"(%path, %i4, %r4) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r5 = "tfrt_dht.no_op_ht"(%x) : (!t.tensor) -> !tfrt.chain
  %labels = "btf.read_dense_tensor.i32.1"(%path, %i5, %r5) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r6 = "tfrt_dht.no_op_ht"(%labels) : (!t.tensor) -> !tfrt.chain
  %want_pred = "btf.read_dense_tensor.i32.1"(%want, %i0, %r6) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r7 = "tfrt_dht.no_op_ht"(%want_pred) : (!t.tensor) -> !tfrt.chain
  %want_acc = "btf.read_dense_tensor.f32.0"(%want, %i1, %r7) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r8 = "tfrt_dht.no_op_ht"(%want_acc) : (!t.tensor) -> !tfrt.chain
  %ch0 = tfrt.merge.chains %r8 : !tfrt.chain
  %a0, %y, %ch1 = tfrt.call @forward(%w1, %b1, %w2, %b2, %x, %ch0)
      : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> (!t.tensor, !t.tensor, !tfrt.chain)
  %pred = "tfrt_test.argmax.f32.2"(%y, %ch1) : (!t.tensor, !tfrt.chain) -> !t.tensor
  // CHECK-NEXT: int1 = 1
  %same, %ch2 = tfrt_dht.tensor_equal.i32 %want_pred, %pred, %ch1
  %ch3 = tfrt.print.i1 %same, %ch2
  // accuracy = mean(labels == predictions), as TFRT's mnist_compute.
  %eq = tfrt_dht.create_uninitialized_tensor.f32.1 [100 : i64]
  %ch4 = "tfrt_test.equal_inplace.i32"(%labels, %pred, %ch3) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %ch5 = "tfrt_test.cast.i32_to_f32"(%pred, %eq, %ch4) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %acc = "tfrt_test.reduce_mean.f32.1"(%eq, %ch5) : (!t.tensor, !tfrt.chain) -> !t.tensor
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [], values = [9.000000e-01]
  %ch6 = tfrt_dht.print_tensor %acc, %ch5
  // CHECK-NEXT: int1 = 1
  %close, %ch7 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%want_acc, %acc, %ch6) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %ch8 = tfrt.print.i1 %close, %ch7
  tfrt.return %ch8 : !tfrt.chain
}

// CHECK-LABEL: --- Running 'training_step'
func.func @training_step() -> !tfrt.chain {
  %path = "tfrt_test.get_string"() { value = "mnist.btf" } : () -> !tfrt.string
  %want = "tfrt_test.get_string"() { value = "expected.btf" } : () -> !tfrt.string
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %i2 = tfrt.constant.i32 2
  %i3 = tfrt.constant.i32 3
  %i4 = tfrt.constant.i32 4
  %i5 = tfrt.constant.i32 5
  %i6 = tfrt.constant.i32 6
  %w1 = "btf.read_dense_tensor.f32.2"(%path, %i0) : (!tfrt.string, i32) -> !t.tensor
  %r1 = "tfrt_dht.no_op_ht"(%w1) : (!t.tensor) -> !tfrt.chain
  %b1 = "btf.read_dense_tensor.f32.1"(%path, %i1, %r1) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r2 = "tfrt_dht.no_op_ht"(%b1) : (!t.tensor) -> !tfrt.chain
  %w2 = "btf.read_dense_tensor.f32.2"(%path, %i2, %r2) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r3 = "tfrt_dht.no_op_ht"(%w2) : (!t.tensor) -> !tfrt.chain
  %b2 = "btf.read_dense_tensor.f32.1"(%path, %i3, %r3) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r4 = "tfrt_dht.no_op_ht"(%b2) : (!t.tensor) -> !tfrt.chain
  %x = "btf.read_dense_tensor.f32.2"(%path, %i4, %r4) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r5 = "tfrt_dht.no_op_ht"(%x) : (!t.tensor) -> !tfrt.chain
  %onehot = "btf.read_dense_tensor.f32.2"(%path, %i6, %r5) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r6 = "tfrt_dht.no_op_ht"(%onehot) : (!t.tensor) -> !tfrt.chain
  %ch0 = tfrt.merge.chains %r6 : !tfrt.chain
  %ch1 = tfrt.call @train(%w1, %b1, %w2, %b2, %x, %onehot, %ch0)
      : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %w1n = "btf.read_dense_tensor.f32.2"(%want, %i2, %ch1) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r7 = "tfrt_dht.no_op_ht"(%w1n) : (!t.tensor) -> !tfrt.chain
  %b1n = "btf.read_dense_tensor.f32.1"(%want, %i3, %r7) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r8 = "tfrt_dht.no_op_ht"(%b1n) : (!t.tensor) -> !tfrt.chain
  %w2n = "btf.read_dense_tensor.f32.2"(%want, %i4, %r8) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r9 = "tfrt_dht.no_op_ht"(%w2n) : (!t.tensor) -> !tfrt.chain
  %b2n = "btf.read_dense_tensor.f32.1"(%want, %i5, %r9) : (!tfrt.string, i32, !tfrt.chain) -> !t.tensor
  %r10 = "tfrt_dht.no_op_ht"(%b2n) : (!t.tensor) -> !tfrt.chain
  // CHECK-NEXT: int1 = 1
  // CHECK-NEXT: int1 = 1
  // CHECK-NEXT: int1 = 1
  // CHECK-NEXT: int1 = 1
  %c1, %ch2 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%w1n, %w1, %r10) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %ch3 = tfrt.print.i1 %c1, %ch2
  %c2, %ch4 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%b1n, %b1, %ch3) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %ch5 = tfrt.print.i1 %c2, %ch4
  %c3, %ch6 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%w2n, %w2, %ch5) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %ch7 = tfrt.print.i1 %c3, %ch6
  %c4, %ch8 = "tfrt_dht.tensor_allclose.1000ulp.f32"(%b2n, %b2, %ch7) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)
  %ch9 = tfrt.print.i1 %c4, %ch8
  tfrt.return %ch9 : !tfrt.chain
}

// One step of gradient descent on the batch, learning rate 0.01, with the
// kernels and the formulation of TFRT's mnist_training.mlir: the output's
// error y - onehot; biases move by its mean over the batch, weights by the
// products summed over it; the hidden error goes back through w2 as it was
// before the step, and through relu's gradient. Updates w1, b1, w2, b2.
func.func @train(%w1: !t.tensor, %b1: !t.tensor, %w2: !t.tensor, %b2: !t.tensor, %x: !t.tensor,
                 %onehot: !t.tensor, %ch0: !tfrt.chain) -> !tfrt.chain {
  %one = tfrt.constant.f32 1.0
  %zero = tfrt.constant.f32 0.0
  %minus_lr = tfrt.constant.f32 -0.01
  %lr = tfrt_dht.create_uninitialized_tensor.f32.1 [1 : i64]
  %c_lr = tfrt_dht.fill_tensor_with_constant.f32 %lr, %ch0 0.01 : f32
  %g = tfrt_dht.create_uninitialized_tensor.f32.2 [100 : i64, 10 : i64]
  %g_b2 = tfrt_dht.create_uninitialized_tensor.f32.1 [10 : i64]
  %g_a0 = tfrt_dht.create_uninitialized_tensor.f32.2 [100 : i64, 512 : i64]
  %g_b1 = tfrt_dht.create_uninitialized_tensor.f32.1 [512 : i64]
  %a0_t = tfrt_dht.create_uninitialized_tensor.f32.2 [512 : i64, 100 : i64]
  %w2_t = tfrt_dht.create_uninitialized_tensor.f32.2 [10 : i64, 512 : i64]
  %x_t = tfrt_dht.create_uninitialized_tensor.f32.2 [784 : i64, 100 : i64]

  %a0, %y, %c1 = tfrt.call @forward(%w1, %b1, %w2, %b2, %x, %c_lr)
      : (!t.tensor, !t.tensor, !t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> (!t.tensor, !t.tensor, !tfrt.chain)
  %c2 = "tfrt_test.flatten.f32"(%y, %g, %c1) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c3 = "tfrt_test.subtract_inplace.f32"(%onehot, %g, %c2) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c4 = "tfrt_test.mean_axis_zero.f32"(%g, %g_b2, %c3) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c6 = "tfrt_test.gradient_descent.f32"(%g_b2, %lr, %b2, %c4) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c7 = "tfrt_test.tensor_transpose.f32"(%a0, %a0_t, %c6) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c8 = "tfrt_test.tensor_transpose.f32"(%w2, %w2_t, %c7) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c10 = "eigen.matmul.f32"(%minus_lr, %a0_t, %g, %one, %w2, %c8) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c11 = "eigen.matmul.f32"(%one, %g, %w2_t, %zero, %g_a0, %c10) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c12 = "tfrt_test.relu_grad_inplace.f32"(%a0, %g_a0, %c11) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c13 = "tfrt_test.mean_axis_zero.f32"(%g_a0, %g_b1, %c12) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c15 = "tfrt_test.gradient_descent.f32"(%g_b1, %lr, %b1, %c13) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c16 = "tfrt_test.tensor_transpose.f32"(%x, %x_t, %c15) : (!t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
  %c18 = "eigen.matmul.f32"(%minus_lr, %x_t, %g_a0, %one, %w1, %c16) : (f32, !t.tensor, !t.tensor, f32, !t.tensor, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c18 : !tfrt.chain
}
