// TFRT ops in generic form, as TFRT's own tests sometimes write them: chains,
// calls through symbol attributes, constants of several types, strings.
func.func @callee(%x: i32, %ch: !tfrt.chain) -> (i32, !tfrt.chain) {
  %ch1 = "tfrt.print.i32"(%x, %ch) : (i32, !tfrt.chain) -> !tfrt.chain
  "tfrt.return"(%x, %ch1) : (i32, !tfrt.chain) -> ()
}
func.func @main() -> !tfrt.chain {
  %ch0 = "tfrt.new.chain"() : () -> !tfrt.chain
  %one = "tfrt.constant.i32"() {value = 1 : i32} : () -> i32
  %big = "tfrt.constant.i64"() {value = 9223372036854775807 : i64} : () -> i64
  %f = "tfrt.constant.f64"() {value = 1.000000e-01 : f64} : () -> f64
  %r:2 = "tfrt.call"(%one, %ch0) {callee = @callee} : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  %s = "tfrt_test.get_string"() {value = "hello\n\"world\""} : () -> !tfrt.string
  %shape = "ts.build_shape"() {value = [1, 2, 3]} : () -> !ts.shape
  "tfrt.return"(%r#1) : (!tfrt.chain) -> ()
}
