// TFRT-only options are accepted and ignored.
// ARGS: --shared_libs=libfoo.so -enable_tracing --tracing_level=verbose

// CHECK:      --- Running 'f':
// CHECK-NEXT: 'f' returned 1
func.func @f() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
