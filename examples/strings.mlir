// strings.mlir — strings, lists and boxed values (docs/kernel-behaviour.md §11). Strings of
// up to 7 bytes live inside the value itself; a list holds any mix of
// values; list.get returns a boxed !tfrt.any that any.unbox.T checks.

func.func @main() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %s = tfrt_test.get_string {value = "naïve café"}
  %n = "str.len"(%s) : (!tfrt.string) -> i64
  %ch1 = tfrt.print.i64 %n, %ch0
  %chars = "str.unicode_split"(%s) : (!tfrt.string) -> !tfrt.list
  %ch2 = "any.print"(%chars, %ch1) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain

  %l = "list.new"() : () -> !tfrt.list
  %i = tfrt.constant.i32 42
  %ch3 = "list.append"(%l, %i, %ch2) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %ch4 = "list.append"(%l, %s, %ch3) : (!tfrt.list, !tfrt.string, !tfrt.chain) -> !tfrt.chain
  %f = tfrt.constant.f32 1.5
  %ch5 = "list.append"(%l, %f, %ch4) : (!tfrt.list, f32, !tfrt.chain) -> !tfrt.chain
  %ch6 = "any.print"(%l, %ch5) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain

  %zero = tfrt.constant.i64 0
  %first = "list.get"(%l, %zero, %ch6) : (!tfrt.list, i64, !tfrt.chain) -> !tfrt.any
  %v = "any.unbox.i32"(%first) : (!tfrt.any) -> i32
  %ch7 = tfrt.print.i32 %v, %ch6
  tfrt.return %ch7 : !tfrt.chain
}
