// Objects in the compiled engine: lists and tensors in registers (each
// owns a reference; the leak check at exit would catch a lost one), kernels
// without a fast path called on boxed operands, and mutations ordered by
// chains carried through a loop.
// ARGS: --schedule=fast

// Appends 0..4, chained through the loop; prints the list, its size and
// element 3.
// CHECK-LABEL: --- Running 'list_loop':
// CHECK-NEXT: any = [0, 1, 2, 3, 4]
// CHECK-NEXT: 'list_loop' returned 5,3
func.func @list_loop() -> (i64, i32) {
  %l = "list.new"() : () -> !tfrt.list
  %ch0 = tfrt.new.chain
  %n = tfrt.constant.i32 5
  %i = tfrt.constant.i32 0
  %r:3 = tfrt.repeat.i32 %n, %i, %l, %ch0 : i32, !tfrt.list, !tfrt.chain {
    %ch1 = "list.append"(%l, %i, %ch0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
    %one = tfrt.constant.i32 1
    %j = tfrt.add.i32 %i, %one
    tfrt.return %j, %l, %ch1 : i32, !tfrt.list, !tfrt.chain
  }
  %ch2 = "any.print"(%r#1, %r#2) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain
  %sz = "list.size"(%r#1, %ch2) : (!tfrt.list, !tfrt.chain) -> i64
  %k = tfrt.constant.i64 3
  %e = "list.get"(%r#1, %k, %ch2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any
  %v = "any.unbox.i32"(%e) : (!tfrt.any) -> i32
  tfrt.return %sz, %v : i64, i32
}

// A kernel error on an object: the diagnostic and the error value are the
// kernel's own.
// CHECK-LABEL: --- Running 'list_error':
// CHECK-NEXT: 'list_error' returned <<error: index 7 out of range [0, 0)>>
func.func @list_error() -> !tfrt.any {
  %l = "list.new"() : () -> !tfrt.list
  %k = tfrt.constant.i64 7
  // expected-error @+1 {{index 7 out of range [0, 0)}}
  %e = "list.get"(%l, %k) : (!tfrt.list, i64) -> !tfrt.any
  tfrt.return %e : !tfrt.any
}

// A tensor filled, then printed, ordered by the chain.
// CHECK-LABEL: --- Running 'tensor':
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [7, 7, 7, 7]
// CHECK-NEXT: 'tensor' returned !tfrt.chain value
func.func @tensor() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.2 [2 : i64, 2 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 7 : i32
  %ch2 = tfrt_dht.print_tensor %t, %ch1
  tfrt.return %ch2 : !tfrt.chain
}

// Strings carried through an if and a call.
func.func @greet(%s: !tfrt.string) -> !tfrt.string {
  %p = "tfrt_test.get_string"() {value = "hello, "} : () -> !tfrt.string
  %r = "str.concat"(%p, %s) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  tfrt.return %r : !tfrt.string
}
// CHECK-LABEL: --- Running 'strings':
// CHECK-NEXT: string = hello, world
// CHECK-NEXT: 'strings' returned 12,!tfrt.chain value
func.func @strings() -> (i64, !tfrt.chain) {
  %w = "tfrt_test.get_string"() {value = "world"} : () -> !tfrt.string
  %t = tfrt.constant.i1 1
  %g = tfrt.if %t, %w : (!tfrt.string) -> (!tfrt.string) {
    %h = tfrt.call @greet(%w) : (!tfrt.string) -> !tfrt.string
    tfrt.return %h : !tfrt.string
  } else {
    tfrt.return %w : !tfrt.string
  }
  %ch = "tfrt_test.print_string"(%g) : (!tfrt.string) -> !tfrt.chain
  %n = "str.len"(%g) : (!tfrt.string) -> i64
  tfrt.return %n, %ch : i64, !tfrt.chain
}
