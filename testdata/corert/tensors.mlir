// ARGS: --init-function=register_op_handlers_cpu
// VARIANTS: --work-queue=mstd:2
// TensorHandles made from attributes and from host tensors, and back
// (docs/kernel-behaviour.md §14): const_dense_tensor, const_string_tensor,
// create_dense_tensor.DT, ht_to_tensorhandle and tensorhandle_to_ht (which
// share the tensor), tensorhandle_to_shape, transfer to a dense tensor.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'constants':
func.func @constants() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = corert.const_dense_tensor dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>
  %b = corert.const_dense_tensor dense<0.5> : tensor<3xf32>
  // One string fills every element; otherwise one per element.
  %c = corert.const_string_tensor {shape = [2, 2], value = ["x"]}
  %d = corert.const_string_tensor {shape = [], value = ["only"]}
  %e = corert.create_dense_tensor.ui64 {shape = [2], value = [18446744073709551615 : ui64, 0 : ui64]}
  %f = corert.create_dense_tensor.i1 {shape = [2], value = [false, true]}
  %g = corert.create_dense_tensor.bf16 {shape = [1], value = [2.5 : bf16]}
  %h = corert.create_dense_tensor.complex64 {shape = [1], value = [1.5 : f32]}
  // CHECK-NEXT: DenseHostTensor dtype = i16, shape = [2, 2], values = [1, 2, 3, 4]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [5.000000e-01, 5.000000e-01, 5.000000e-01]
  // CHECK-NEXT: StringHostTensor shape = [2, 2], values = ["x", "x", "x", "x"]
  // CHECK-NEXT: StringHostTensor shape = [], values = ["only"]
  // CHECK-NEXT: DenseHostTensor dtype = u64, shape = [2], values = [18446744073709551615, 0]
  // CHECK-NEXT: DenseHostTensor dtype = i1, shape = [2], values = [0, 1]
  // CHECK-NEXT: DenseHostTensor dtype = bf16, shape = [1], values = [bf16(16416)]
  // CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [1], values = [(1.500000e+00,0.000000e+00)]
  %ch1 = "corert.print_tensorhandle"(%a, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%b, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%c, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%d, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%e, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch6 = "corert.print_tensorhandle"(%f, %ch5) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch7 = "corert.print_tensorhandle"(%g, %ch6) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch8 = "corert.print_tensorhandle"(%h, %ch7) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch8 : !tfrt.chain
}
// CHECK-NEXT: 'constants' returned !tfrt.chain value

// corert.create_dense_tensor.DT for the other dtypes: one value per element,
// printed as §8 prints each dtype (f16 as its bits: 1.5 is 0x3E00 = 15872,
// -2.5 is 0xC100 = 49408; a complex value is its real part).
// CHECK-LABEL: --- Running 'every_dtype':
func.func @every_dtype() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = corert.create_dense_tensor.i8 {shape = [2], value = [-128 : i8, 127 : i8]}
  %b = corert.create_dense_tensor.i16 {shape = [2], value = [-2 : i16, 300 : i16]}
  %c = corert.create_dense_tensor.i64 {shape = [2], value = [-9223372036854775808 : i64, 5 : i64]}
  %d = corert.create_dense_tensor.ui8 {shape = [2], value = [255 : ui8, 0 : ui8]}
  %e = corert.create_dense_tensor.ui16 {shape = [1], value = [65535 : ui16]}
  %f = corert.create_dense_tensor.ui32 {shape = [1, 1], value = [4294967295 : ui32]}
  %g = corert.create_dense_tensor.f16 {shape = [2], value = [1.5 : f16, -2.5 : f16]}
  %h = corert.create_dense_tensor.f64 {shape = [1], value = [0.25 : f64]}
  %i = corert.create_dense_tensor.complex128 {shape = [1], value = [2.0 : f64]}
  // CHECK-NEXT: DenseHostTensor dtype = i8, shape = [2], values = [-128, 127]
  // CHECK-NEXT: DenseHostTensor dtype = i16, shape = [2], values = [-2, 300]
  // CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2], values = [-9223372036854775808, 5]
  // CHECK-NEXT: DenseHostTensor dtype = u8, shape = [2], values = [255, 0]
  // CHECK-NEXT: DenseHostTensor dtype = u16, shape = [1], values = [65535]
  // CHECK-NEXT: DenseHostTensor dtype = u32, shape = [1, 1], values = [4294967295]
  // CHECK-NEXT: DenseHostTensor dtype = f16, shape = [2], values = [fp16(15872), fp16(49408)]
  // CHECK-NEXT: DenseHostTensor dtype = f64, shape = [1], values = [2.500000e-01]
  // CHECK-NEXT: DenseHostTensor dtype = complex128, shape = [1], values = [(2.000000e+00,0.000000e+00)]
  %ch1 = "corert.print_tensorhandle"(%a, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%b, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%c, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%d, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%e, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch6 = "corert.print_tensorhandle"(%f, %ch5) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch7 = "corert.print_tensorhandle"(%g, %ch6) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch8 = "corert.print_tensorhandle"(%h, %ch7) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch9 = "corert.print_tensorhandle"(%i, %ch8) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch9 : !tfrt.chain
}
// CHECK-NEXT: 'every_dtype' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'host_tensors':
func.func @host_tensors() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %ch1 = tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch0 [1 : i32, 2 : i32, 3 : i32, 4 : i32]
  // The handle holds the same tensor: a write through tensorhandle_to_ht
  // shows in it (and in %t), ordered by the chain.
  %h = "corert.ht_to_tensorhandle"(%t, %ch1) : (!t.tensor, !tfrt.chain) -> !corert.tensorhandle
  %t2 = "corert.tensorhandle_to_ht"(%h, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !t.tensor
  %ch2 = tfrt_dht.fill_tensor_with_constant.i32 %t2, %ch1 9 : i32
  %shape = "corert.tensorhandle_to_shape"(%h, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !ts.shape
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [9, 9, 9, 9]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [9, 9, 9, 9]
  // CHECK-NEXT: shape = [2, 2]
  %ch3 = "corert.print_tensorhandle"(%h, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = tfrt_dht.print_tensor %t, %ch3
  %ch5 = ts.print_shape %shape, %ch4
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'host_tensors' returned !tfrt.chain value

// transfer makes a COO or scalar tensor dense; a dense one stays itself.
// CHECK-LABEL: --- Running 'transfer':
func.func @transfer() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %dev = tfrt.get_device %ch0 {device_name = "CPU:0"}
  %ix = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1, 2], values = [1 : i64, 0 : i64] } : 1
  %v = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [3.0 : f32] } : 1
  %coo = corert.executeop(%cpu) "tfrt_test.create_coo_tensor"(%ix, %v) { shape = [2, 2] } : 1
  %tt = corert.get_dst_tensor_type %coo, %dev
  %dense = corert.transfer %coo, %dev, %tt
  %s = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [2], value = 7 : i64 } : 1
  %sd = corert.transfer_inferred_tensortype %s, %dev
  %sd2 = corert.transfer %s, %dev, %tt
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [0.000000e+00, 0.000000e+00, 3.000000e+00, 0.000000e+00]
  // CHECK-NEXT: ScalarHostTensor dtype = i64, shape = [2], value = 7
  // CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2], values = [7, 7]
  %ch1 = "corert.print_tensorhandle"(%dense, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%sd, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%sd2, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NEXT: 'transfer' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'errors':
func.func @errors() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !ts.shape) {
  %ch0 = tfrt.new.chain
  %a = corert.const_string_tensor {shape = [3], value = ["a", "b"]} // expected-error {{runtime error: corert.const_string_tensor has 2 strings for 3 elements (give one or as many)}}
  %b = corert.create_dense_tensor.i32 {shape = [2], value = [1 : i32]} // expected-error {{corert.create_dense_tensor.i32 has 1 values for 2 elements}}
  %c = corert.create_dense_tensor.f32 {shape = [1], value = ["s"]} // expected-error {{attribute 'value' must hold numbers (element 0)}}
  %h = "tfrt_test.error_tensorhandle"() : () -> !corert.tensorhandle // expected-error {{invalid tensorhandle}}
  %s = "corert.tensorhandle_to_shape"(%h, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !ts.shape
  tfrt.return %a, %b, %c, %s : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle, !ts.shape
}
// CHECK-NEXT: 'errors' returned <<error: corert.const_string_tensor has 2 strings for 3 elements (give one or as many)>>,<<error: corert.create_dense_tensor.i32 has 1 values for 2 elements>>,<<error: attribute 'value' must hold numbers (element 0)>>,<<error: invalid tensorhandle>>
