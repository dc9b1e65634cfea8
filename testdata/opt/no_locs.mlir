// MODE: opt
// ARGS: -allow-unregistered-dialect
// Without --mlir-print-debuginfo no location is printed, as mlir-opt prints
// none (docs/language.md §4); testdata/opt/generic.mlir prints them with it.

// CHECK-LABEL: func.func @f() {
// CHECK-NEXT:    %0 = "x.c"() : () -> i32{{$}}
// CHECK-NEXT:    "x.d"() : () -> (){{$}}
// CHECK-NEXT:    tfrt.return{{$}}
// CHECK-NEXT:  }{{$}}
// CHECK-NEXT: }
// CHECK-NOT: loc
func.func @f() {
  %a = "x.c"() : () -> i32 loc("x.py":3:4)
  "x.d"() : () -> () loc(unknown)
  tfrt.return loc("n"("a.py":1:2))
} loc("f")
