// MODE: repl
// A `module { ... }` typed after functions are defined is checked against
// them (their declarations go inside the module): a body without its
// return is refused, a call to an earlier function is accepted.
func.func @inc(%a: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %r = tfrt.add.i32 %a, %one
  tfrt.return %r : i32
}
// CHECK: defined @inc
module {
  func.func @f() -> f64 {
  }
}
// CHECK-NEXT: <repl>:[[@LINE-3]]:3: error: 'func.func' op expected tfrt.return in body of @f
:run @f()
// CHECK: <repl>:[[@LINE-1]]:6: error: no function named '@f'
module {
  func.func @g() -> i32 {
    %two = tfrt.constant.i32 2
    %x = tfrt.call @inc(%two) : (i32) -> i32
    tfrt.return %x : i32
  }
}
// CHECK: defined @g
:run @g()
// CHECK-NEXT: 'g' returned 3
