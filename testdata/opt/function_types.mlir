// MODE: opt
// ARGS: -allow-unregistered-dialect
// A function type is a type like any other (docs/syntax.md): the type of a
// function's or a block's argument, an op's result, a function's result, an
// element of a tuple. A single result that is a function type is written in
// parentheses, as mlir-opt-16 prints it (tests/oracle/function_types.mlir).

// CHECK-LABEL: func.func @f(%arg0: (i32) -> i32, %arg1: () -> (), %arg2: (i32, f32) -> (i64, i1)) -> ((i32) -> i64) {
// CHECK-NEXT:    %0 = "foo.op"() : () -> ((i32) -> i64)
// CHECK-NEXT:    %1 = "foo.op"(%arg0) : ((i32) -> i32) -> tuple<(i32) -> i32, i64>
// CHECK-NEXT:    %2:2 = "foo.op"() : () -> ((i32) -> i64, () -> ((i1) -> i1))
// CHECK-NEXT:    "foo.r"() ({
// CHECK-NEXT:    ^bb0(%arg3: (i32) -> i32, %arg4: i1):
// CHECK-NEXT:      "foo.y"(%arg3) : ((i32) -> i32) -> ()
// CHECK-NEXT:    }) {t = (i32) -> ((i1) -> i1), u = tuple<() -> ()>} : () -> ()
// CHECK-NEXT:    tfrt.return %0 : (i32) -> i64
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @d((i32) -> i32) -> (() -> ())
// CHECK-NEXT:  func.func @g(%arg0: (i32) -> i32) -> ((i32) -> i32, i1) {
// CHECK-NEXT:    %0 = "foo.c"() : () -> i1
// CHECK-NEXT:    tfrt.return %arg0, %0 : (i32) -> i32, i1
// CHECK-NEXT:  }
func.func @f(%g: (i32) -> i32, %h: () -> (), %k: (i32, f32) -> (i64, i1)) -> ((i32) -> i64) {
  %0 = "foo.op"() : () -> ((i32) -> i64)
  %1 = "foo.op"(%g) : ((i32) -> i32) -> tuple<(i32)->i32, i64>
  %2:2 = "foo.op"() : () -> ((i32) -> i64, () -> ((i1) -> i1))
  "foo.r"() ({
  ^bb0(%a: (i32) -> i32, %b: i1):
    "foo.y"(%a) : ((i32) -> i32) -> ()
  }) {t = (i32) -> ((i1) -> i1), u = tuple<() -> ()>} : () -> ()
  tfrt.return %0 : (i32) -> i64
}
func.func private @d((i32) -> i32) -> (() -> ())
func.func @g(%f: (i32) -> i32) -> ((i32) -> i32, i1) {
  %c = "foo.c"() : () -> i1
  tfrt.return %f, %c : (i32) -> i32, i1
}
