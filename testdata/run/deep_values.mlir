// Values nested 10^5 deep are freed without recursion (interp/any.c: a
// deleter's releases go to a worklist that the outermost release empties).
// Recursive destruction overflowed the C stack here under AddressSanitizer
// (make asan runs this file), and at 10^6 in the plain build
// (tests/deep_nesting.sh tries 10^6 within a 1 MB stack). A list holding
// the previous list, 10^5 times, and a buffer sliced from the previous
// slice, 10^5 times; each is freed when its function ends.
// CHECK: --- Running 'lists':
// CHECK-NEXT: 'lists' returned !tfrt.chain value
// CHECK-NEXT: --- Running 'slices':
// CHECK-NEXT: 'slices' returned 64
// CHECK-NOT: leak
func.func @lists() -> !tfrt.chain {
  %n = tfrt.constant.i32 100000
  %l0 = "list.new"() : () -> !tfrt.list
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %l0, %ch0 : !tfrt.list, !tfrt.chain {
    %l = "list.new"() : () -> !tfrt.list
    %ch1 = "list.append"(%l, %l0, %ch0) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain
    tfrt.return %l, %ch1 : !tfrt.list, !tfrt.chain
  }
  tfrt.return %r#1 : !tfrt.chain
}

func.func @slices() -> i64 {
  %n = tfrt.constant.i32 100000
  %size = tfrt.constant.i64 64
  %align = tfrt.constant.i64 8
  %zero = tfrt.constant.i64 0
  %b0 = "tfrt_dht.allocate_buffer"(%size, %align) : (i64, i64) -> !ht.host_buffer
  %r:3 = tfrt.repeat.i32 %n, %b0, %zero, %size : !ht.host_buffer, i64, i64 {
    %s = "tfrt_dht.get_buffer_slice"(%b0, %zero, %size) : (!ht.host_buffer, i64, i64) -> !ht.host_buffer
    tfrt.return %s, %zero, %size : !ht.host_buffer, i64, i64
  }
  tfrt.return %r#2 : i64
}
