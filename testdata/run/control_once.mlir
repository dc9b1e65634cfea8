// tfrt.once (docs/kernel-behaviour.md §3): the first execution per top-level run invokes the
// function; later ones return the stored results. A new run starts afresh.
// ARGS: --work-queue=s

// The print is a separate stream in @init; the invocation starts with an
// empty inline list, switches to that stream and runs it at once (docs/execution.md §6.3).
// It happens once per run.
func.func @init(%x: i32) -> i32 {
  %ch = "tfrt_test.print_hello"() : () -> !tfrt.chain
  tfrt.return %x : i32
}

// CHECK: --- Not running 'init' because it has arguments.
// CHECK-NEXT: --- Running 'twice':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'twice' returned 42,42
func.func @twice() -> (i32, i32) {
  %x = tfrt.constant.i32 42
  %y = tfrt.constant.i32 43
  %a = tfrt.once @init(%x) : (i32) -> (i32)
  %b = tfrt.once @init(%y) : (i32) -> (i32)
  tfrt.return %a, %b : i32, i32
}

// CHECK-NEXT: --- Running 'again':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'again' returned 44
func.func @again() -> i32 {
  %x = tfrt.constant.i32 44
  %a = tfrt.once @init(%x) : (i32) -> (i32)
  tfrt.return %a : i32
}
// CHECK-NOT: {{.}}
