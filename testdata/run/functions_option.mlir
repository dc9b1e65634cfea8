// --functions runs exactly the named functions in flag order (values
// accumulate over repeated flags; duplicates run twice), both spellings.
// ARGS: --functions c,a -functions=c

// CHECK:      --- Running 'c':
// CHECK-NEXT: 'c' returned 3
// CHECK-NEXT: --- Running 'a':
// CHECK-NEXT: 'a' returned 1
// CHECK-NEXT: --- Running 'c':
// CHECK-NEXT: 'c' returned 3
// CHECK-NOT: {{.}}
func.func @a() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
func.func @b() -> i32 {
  %x = tfrt.constant.i32 2
  tfrt.return %x : i32
}
func.func @c() -> i32 {
  %x = tfrt.constant.i32 3
  tfrt.return %x : i32
}
