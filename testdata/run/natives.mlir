// Native functions (docs/execution.md §6.10): declarations bound to built-ins; called with
// unavailable arguments they return forwarding values. native_error has no
// arguments and is run by the driver; its error emits no diagnostic.
// ARGS: --work-queue=s

func.func private @native_add(%a: i32, %b: i32) -> i32 attributes {tfrt.native}
func.func private @native_async_add(%a: i32, %b: i32) -> i32 attributes {tfrt.native}
func.func private @native_sink(%a: i32) attributes {tfrt.native}
func.func private @native_error() -> i32 attributes {tfrt.native}

// CHECK:      --- Not running 'native_add' because it has arguments.
// CHECK-NEXT: --- Not running 'native_async_add' because it has arguments.
// CHECK-NEXT: --- Not running 'native_sink' because it has arguments.
// CHECK-NEXT: --- Running 'native_error':
// CHECK-NEXT: 'native_error' returned <<error: something bad happened>>

// CHECK-NEXT: --- Running 'call_natives':
// CHECK-NEXT: 'call_natives' returned 3,7,10
func.func @call_natives() -> (i32, i32, i32) {
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  %x = tfrt.call @native_add(%a, %b) : (i32, i32) -> i32
  %c = "tfrt_test.async_constant.i32"() {value = 4 : i32} : () -> i32
  %y = tfrt.call @native_add(%x, %c) : (i32, i32) -> i32
  %z = tfrt.call @native_async_add(%x, %y) : (i32, i32) -> i32
  tfrt.call @native_sink(%z) : (i32) -> ()
  tfrt.return %x, %y, %z : i32, i32, i32
}
// CHECK-NOT: {{.}}
