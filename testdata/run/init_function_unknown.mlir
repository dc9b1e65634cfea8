// An unknown init function is silently ignored (docs/execution.md §1.3); tfrun's spelling.
// ARGS: --init-function=nope --functions=a

// CHECK:      --- Running 'a':
// CHECK-NEXT: 'a' returned 1
// CHECK-NOT: {{.}}
func.func @a() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
