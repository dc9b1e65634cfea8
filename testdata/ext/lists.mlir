// ARGS: --work-queue=s
// VARIANTS: --work-queue=mstd:2
// Lists and boxed values (docs/kernel-behaviour.md §11). A list holds any mix of
// values; list.append mutates it in place, so it takes and returns a chain,
// and reads (list.size, list.get) take the append's chain as their optional
// trailing chain. list.get returns a !tfrt.any; any.unbox.T gets the value
// back with a type check. (lists.mstd.mlir: the same on mstd:2.)

// CHECK-LABEL: --- Running 'build':
func.func @build() -> (!tfrt.list, i64, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %l = "list.new"() : () -> !tfrt.list
  %i = tfrt.constant.i32 42
  %ch1 = "list.append"(%l, %i, %ch0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %s = tfrt_test.get_string {value = "two"}
  %ch2 = "list.append"(%l, %s, %ch1) : (!tfrt.list, !tfrt.string, !tfrt.chain) -> !tfrt.chain
  %f = tfrt.constant.f64 2.5
  %ch3 = "list.append"(%l, %f, %ch2) : (!tfrt.list, f64, !tfrt.chain) -> !tfrt.chain
  // A list inside a list (the inner one is shared, not copied).
  %inner = "list.new"() : () -> !tfrt.list
  %b = tfrt.constant.i1 true
  %ch4 = "list.append"(%inner, %b, %ch3) : (!tfrt.list, i1, !tfrt.chain) -> !tfrt.chain
  %ch5 = "list.append"(%l, %inner, %ch4) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain
  %ch6 = "any.print"(%l, %ch5) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain
  // Appending to the inner list afterwards shows through the outer one.
  %j = tfrt.constant.i64 -7
  %ch7 = "list.append"(%inner, %j, %ch6) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.chain
  %ch8 = "any.print"(%l, %ch7) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain
  %n = "list.size"(%l, %ch8) : (!tfrt.list, !tfrt.chain) -> i64
  %ch9 = tfrt.print.i64 %n, %ch8
  tfrt.return %l, %n, %ch9 : !tfrt.list, i64, !tfrt.chain
}
// CHECK-NEXT: any = [42, "two", 2.500000, [1]]
// CHECK-NEXT: any = [42, "two", 2.500000, [1, -7]]
// CHECK-NEXT: int64 = 4
// CHECK-NEXT: 'build' returned !tfrt.list value,4,!tfrt.chain value

// CHECK-LABEL: --- Running 'get_and_unbox':
func.func @get_and_unbox() -> (i32, !tfrt.string, !tfrt.any, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %l = "list.new"() : () -> !tfrt.list
  %i = tfrt.constant.i32 42
  %ch1 = "list.append"(%l, %i, %ch0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %s = tfrt_test.get_string {value = "a string longer than seven bytes"}
  %ch2 = "list.append"(%l, %s, %ch1) : (!tfrt.list, !tfrt.string, !tfrt.chain) -> !tfrt.chain
  %zero = tfrt.constant.i64 0
  %one = tfrt.constant.i64 1
  %a0 = "list.get"(%l, %zero, %ch2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any
  %a1 = "list.get"(%l, %one, %ch2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any
  %x = "any.unbox.i32"(%a0) : (!tfrt.any) -> i32
  %ch3 = tfrt.print.i32 %x, %ch2
  %t = "any.unbox.string"(%a1) : (!tfrt.any) -> !tfrt.string
  %ch4 = "any.print"(%t, %ch3) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %ch5 = "any.print"(%a1, %ch4) : (!tfrt.any, !tfrt.chain) -> !tfrt.chain
  tfrt.return %x, %t, %a1, %ch5 : i32, !tfrt.string, !tfrt.any, !tfrt.chain
}
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: any = "a string longer than seven bytes"
// CHECK-NEXT: any = "a string longer than seven bytes"
// CHECK-NEXT: 'get_and_unbox' returned 42,!tfrt.string value,!tfrt.any value,!tfrt.chain value

// CHECK-LABEL: --- Running 'out_of_range':
func.func @out_of_range() -> (!tfrt.any, !tfrt.any, !tfrt.any) {
  %ch0 = tfrt.new.chain
  %l = "list.new"() : () -> !tfrt.list
  %i = tfrt.constant.i32 1
  %ch1 = "list.append"(%l, %i, %ch0) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %ch2 = "list.append"(%l, %i, %ch1) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %two = tfrt.constant.i64 2
  %neg = tfrt.constant.i64 -1
  %a = "list.get"(%l, %two, %ch2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any // expected-error {{index 2 out of range [0, 2)}}
  %b = "list.get"(%l, %neg, %ch2) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any // expected-error {{index -1 out of range [0, 2)}}
  %e = "list.new"() : () -> !tfrt.list
  %zero = tfrt.constant.i64 0
  %c = "list.get"(%e, %zero) : (!tfrt.list, i64) -> !tfrt.any // expected-error {{index 0 out of range [0, 0)}}
  tfrt.return %a, %b, %c : !tfrt.any, !tfrt.any, !tfrt.any
}
// CHECK-NEXT: 'out_of_range' returned <<error: index 2 out of range [0, 2)>>,<<error: index -1 out of range [0, 2)>>,<<error: index 0 out of range [0, 0)>>

// A list may not contain itself, directly or through another list (the
// reference cycle would never be freed).
// CHECK-LABEL: --- Running 'no_cycles':
func.func @no_cycles() -> (!tfrt.chain, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %a = "list.new"() : () -> !tfrt.list
  %b = "list.new"() : () -> !tfrt.list
  %ch1 = "list.append"(%a, %a, %ch0) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain // expected-error {{list.append: a list cannot contain itself}}
  %ch2 = "list.append"(%a, %b, %ch0) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain
  %ch3 = "list.append"(%b, %a, %ch2) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain // expected-error {{list.append: a list cannot contain itself}}
  tfrt.return %ch1, %ch3 : !tfrt.chain, !tfrt.chain
}
// CHECK-NEXT: 'no_cycles' returned <<error: list.append: a list cannot contain itself>>,<<error: list.append: a list cannot contain itself>>
