// Generic-form programs that tfrun and mlir-opt-16 must print the same
// (tests/mlir_oracle.sh): functions, declarations, arguments, several
// results, attributes of many kinds, unregistered ops and their regions.
func.func @add(%a: i32, %b: i32) -> i32 {
  %0 = "tfrt.add.i32"(%a, %b) : (i32, i32) -> i32
  "tfrt.return"(%0) : (i32) -> ()
}
func.func private @ext(i32, f32) -> (i32, f64)
func.func @attrs() -> () {
  %0 = "tfrt.constant.i32"() {value = 42 : i32} : () -> i32
  %1 = "tfrt.constant.f32"() {value = 1.5 : f32} : () -> f32
  %2 = "tfrt.constant.i64"() {value = -7 : i64} : () -> i64
  "x.op"(%0, %1) {b = true, s = "str", a = [1, 2, 3], f = 2.500000e-01 : f64, d = {k = 1 : i32}} : (i32, f32) -> ()
  "x.unit"() {flag} : () -> ()
  "tfrt.return"() : () -> ()
}
func.func @regions(%c: i1, %x: i32) -> i32 {
  %0 = "tfrt.if"(%c, %x) ({
  ^bb0(%y: i32):
    "tfrt.return"(%y) : (i32) -> ()
  }, {
  ^bb0(%z: i32):
    %1 = "tfrt.add.i32"(%z, %z) : (i32, i32) -> i32
    "tfrt.return"(%1) : (i32) -> ()
  }) : (i1, i32) -> i32
  "x.region"() ({
    "x.inner"() : () -> ()
    "tfrt.return"() : () -> ()
  }) : () -> ()
  "tfrt.return"(%0) : (i32) -> ()
}
func.func @multi() -> (i32, i32) {
  %0:2 = "x.two"() : () -> (i32, i32)
  "tfrt.return"(%0#0, %0#1) : (i32, i32) -> ()
}
