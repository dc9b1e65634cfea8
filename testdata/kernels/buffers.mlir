// VARIANTS: --work-queue=mstd:2
// Host buffers (docs/kernel-behaviour.md §8): allocation, tensors viewing buffers, slices
// that alias their parent.

// CHECK-LABEL: --- Running 'buffer_tensor':
func.func @buffer_tensor() {
  %ch0 = tfrt.new.chain
  %size = tfrt.constant.i64 16
  %align = tfrt.constant.i64 8
  %buf = tfrt_dht.allocate_buffer %size, %align
  %ch1 = tfrt_dht.print_buffer %buf, %ch0
  %shape = ts.build_shape [2 : i64, 2 : i64]
  %t, %ch2 = tfrt_dht.make_tensor.i32 %buf, %shape, %ch1
  %ch3 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch2 3 : i32
  %off = tfrt.constant.i64 8
  %len = tfrt.constant.i64 8
  %slice = tfrt_dht.get_buffer_slice %buf, %off, %len
  %shape2 = ts.build_shape [2 : i64]
  %s, %ch4 = tfrt_dht.make_tensor.i32 %slice, %shape2, %ch3
  %ch5 = tfrt_dht.print_tensor %s, %ch4
  %ch6 = tfrt_dht.fill_tensor_with_constant.i32 %s, %ch5 9 : i32
  %ch7 = tfrt_dht.print_tensor %t, %ch6
  %b2, %ch8 = tfrt_dht.get_buffer %t, %ch7
  %ch9 = tfrt_dht.print_buffer %b2, %ch8
  %ch10 = tfrt_dht.print_buffer %slice, %ch9
  tfrt.return
}
// CHECK-NEXT: HostBuffer<pointer=0x[[PTR:[0-9a-f]+]], size=16>
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [3, 3]
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [3, 3, 9, 9]
// get_buffer returns the very buffer the tensor views.
// CHECK-NEXT: HostBuffer<pointer=0x[[PTR]], size=16>
// CHECK-NEXT: HostBuffer<pointer=0x{{[0-9a-f]+}}, size=8>

// CHECK-LABEL: --- Running 'make_tensor_error':
func.func @make_tensor_error() -> !t.tensor {
  %ch0 = tfrt.new.chain
  %size = tfrt.constant.i64 16
  %align = tfrt.constant.i64 8
  %buf = tfrt_dht.allocate_buffer %size, %align
  %shape = ts.build_shape [3 : i64]
  %t, %ch1 = tfrt_dht.make_tensor.i32 %buf, %shape, %ch0 // expected-error {{dht.make_tensor failed: buffer_size (16) is not equal to the number of elements in shape ([3]) times element size (4)}}
  tfrt.return %t : !t.tensor
}
// CHECK-NEXT: 'make_tensor_error' returned <<error: dht.make_tensor failed: buffer_size (16) is not equal to the number of elements in shape ([3]) times element size (4)>>
