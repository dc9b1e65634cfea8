// TFRT-only options are accepted and ignored (--enable_tracing works:
// testdata/seeing/enable_tracing.mlir).
// ARGS: --shared_libs=libfoo.so --tracing_level=verbose

// CHECK:      --- Running 'f':
// CHECK-NEXT: 'f' returned 1
func.func @f() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
