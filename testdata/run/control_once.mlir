// tfrt.once (§9.2): the first execution per top-level run invokes the
// function; later ones return the stored results. A new run starts afresh.
// ARGS: --work-queue=s

func.func @init() -> i32 {
  %ch = "tfrt_test.print_hello"() : () -> !tfrt.chain
  %x = tfrt.constant.i32 42
  tfrt.return %x : i32
}

// CHECK: --- Running 'twice':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'twice' returned 42,42
func.func @twice() -> (i32, i32) {
  %a = tfrt.once @init() : () -> (i32)
  %b = tfrt.once @init() : () -> (i32)
  tfrt.return %a, %b : i32, i32
}

// CHECK-NEXT: --- Running 'again':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'again' returned 42
func.func @again() -> i32 {
  %a = tfrt.once @init() : () -> (i32)
  tfrt.return %a : i32
}
// CHECK-NOT: {{.}}
