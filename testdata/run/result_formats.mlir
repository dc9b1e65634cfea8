// The result line of docs/execution.md §1.5: values formatted by the declared
// result type, joined by ',' without spaces; chains and other types print
// as `TYPE value`.

// CHECK-LABEL: --- Running 'ints':
func.func @ints() -> (i1, i1, i32, i32, i64) {
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %a = tfrt.constant.i32 -7
  %b = tfrt.constant.i32 2147483647
  %c = tfrt.constant.i64 -9223372036854775807
  tfrt.return %t, %f, %a, %b, %c : i1, i1, i32, i32, i64
}
// CHECK-NEXT: 'ints' returned 1,0,-7,2147483647,-9223372036854775807

// CHECK-NEXT: --- Running 'floats':
func.func @floats() -> (f32, f64, f32, f64) {
  %a = tfrt.constant.f32 1.0
  %b = tfrt.constant.f64 -0.25
  %c = tfrt.constant.f32 3.5e+10
  %d = tfrt.constant.f64 1.0e-300
  tfrt.return %a, %b, %c, %d : f32, f64, f32, f64
}
// CHECK-NEXT: 'floats' returned 1.000000e+00,-2.500000e-01,3.500000e+10,1.000000e-300

// CHECK-NEXT: --- Running 'specials':
func.func @specials() -> (f32, f32, f64, f64) {
  %inf = tfrt.constant.f32 0x7F800000
  %ninf = tfrt.constant.f32 0xFF800000
  %nan = tfrt.constant.f64 0x7FF8000000000000
  %inf64 = tfrt.constant.f64 0x7FF0000000000000
  %m1 = tfrt.constant.f64 -1.0
  %ninf64 = "tfrt.multiply.f64"(%inf64, %m1) : (f64, f64) -> f64
  tfrt.return %inf, %ninf, %nan, %ninf64 : f32, f32, f64, f64
}
// CHECK-NEXT: 'specials' returned INF,-INF,nan,-INF

// CHECK-NEXT: --- Running 'others':
func.func @others() -> (!tfrt.chain, ui32, !tfrt.string, i32) {
  %ch = tfrt.new.chain
  %u = tfrt.constant.ui32 7
  %s = "tfrt_test.get_string"() {value = "hi"} : () -> !tfrt.string
  %x = tfrt.constant.i32 5
  tfrt.return %ch, %u, %s, %x : !tfrt.chain, ui32, !tfrt.string, i32
}
// CHECK-NEXT: 'others' returned !tfrt.chain value,ui32 value,!tfrt.string value,5

// A function without results prints no result line.
// CHECK-NEXT: --- Running 'nothing':
func.func @nothing() {
  tfrt.return
}
// CHECK-NEXT: --- Running 'twice':
// A register returned twice gets one forwarding value handed out twice.
func.func @twice() -> (i32, i32) {
  %x = tfrt.constant.i32 3
  tfrt.return %x, %x : i32, i32
}
// CHECK-NEXT: 'twice' returned 3,3
// CHECK-NOT: {{.}}
