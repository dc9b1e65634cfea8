// VARIANTS: --work-queue=mstd:2
// tfrt.* basics (docs/kernel-behaviour.md §2): constants, arithmetic, comparisons,
// casts and the print formats. Prints are sequenced by chains, so the order
// does not depend on the scheduler.

// CHECK-LABEL: --- Running 'print_formats':
func.func @print_formats() {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 42
  %ch1 = tfrt.print.i32 %a, %ch0
  %b = tfrt.constant.i64 -7
  %ch2 = tfrt.print.i64 %b, %ch1
  %t = tfrt.constant.i1 1
  %ch3 = tfrt.print.i1 %t, %ch2
  %f = tfrt.constant.f32 1.0
  %ch4 = tfrt.print.f32 %f, %ch3
  %d = tfrt.constant.f64 312.27137
  %ch5 = tfrt.print.f64 %d, %ch4
  %z = tfrt.constant.i1 false
  %ch6 = tfrt.print.i1 %z, %ch5
  %c = tfrt.constant.complex64 1.5, 2.0
  %ch7 = "tfrt.print.complex64"(%c, %ch6) : (complex<f32>, !tfrt.chain) -> !tfrt.chain
  %c2 = tfrt.constant.complex128 0.25, 3.0
  %ch8 = "tfrt.print.complex128"(%c2, %ch7) : (complex<f64>, !tfrt.chain) -> !tfrt.chain
  %h = tfrt.constant.f16 1.0
  %ch9 = "tfrt.print.f16"(%h, %ch8) : (f16, !tfrt.chain) -> !tfrt.chain
  %h2 = tfrt.constant.f16 -2.0
  %ch10 = "tfrt.print.f16"(%h2, %ch9) : (f16, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: int64 = -7
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: f32 = 1.000000
// CHECK-NEXT: f64 = 312.271370
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: complex64 = 1.500000+2.000000i
// CHECK-NEXT: complex128 = 0.250000+3.000000i
// f16 prints the raw bit pattern: 1.0 is 0x3c00, -2.0 is 0xc000.
// CHECK-NEXT: f16 = 15360
// CHECK-NEXT: f16 = 49152

// CHECK-LABEL: --- Running 'integer_arith':
func.func @integer_arith() -> (i32, i32, i32, i32, i32, i64, i64, i64) {
  %a = tfrt.constant.i32 17
  %b = tfrt.constant.i32 -5
  %sum = tfrt.add.i32 %a, %b
  %diff = "tfrt.minus.i32"(%a, %b) : (i32, i32) -> i32
  %prod = tfrt.mul.i32 %a, %b
  %q, %r = tfrt.div.i32 %a, %b
  %x = tfrt.constant.i64 9000000000
  %y = tfrt.constant.i64 3
  %s64 = tfrt.add.i64 %x, %y
  %m64 = "tfrt.minus.i64"(%x, %y) : (i64, i64) -> i64
  %p64 = tfrt.mul.i64 %x, %y
  tfrt.return %sum, %diff, %prod, %q, %r, %s64, %m64, %p64 : i32, i32, i32, i32, i32, i64, i64, i64
}
// C truncating division: 17 / -5 = -3, 17 % -5 = 2.
// CHECK-NEXT: 'integer_arith' returned 12,22,-85,-3,2,9000000003,8999999997,27000000000

// CHECK-LABEL: --- Running 'wrapping':
func.func @wrapping() -> (i32, i32, i64) {
  %max = tfrt.constant.i32 2147483647
  %one = tfrt.constant.i32 1
  %w = tfrt.add.i32 %max, %one
  %m = tfrt.mul.i32 %max, %max
  %max64 = tfrt.constant.i64 9223372036854775807
  %one64 = tfrt.constant.i64 1
  %w64 = tfrt.add.i64 %max64, %one64
  tfrt.return %w, %m, %w64 : i32, i32, i64
}
// CHECK-NEXT: 'wrapping' returned -2147483648,1,-9223372036854775808

// CHECK-LABEL: --- Running 'float_arith':
func.func @float_arith() -> (f32, f32, f32, f32, f64, f64, f64, f64) {
  %a = tfrt.constant.f32 1.5
  %b = tfrt.constant.f32 -0.25
  %s = tfrt.add.f32 %a, %b
  %p = "tfrt.multiply.f32"(%a, %b) : (f32, f32) -> f32
  %mn = "tfrt.minimum.f32"(%a, %b) : (f32, f32) -> f32
  %d = "tfrt.div.f32"(%a, %b) : (f32, f32) -> f32
  %x = tfrt.constant.f64 2.0
  %y = tfrt.constant.f64 8.0
  %s2 = tfrt.add.f64 %x, %y
  %p2 = "tfrt.multiply.f64"(%x, %y) : (f64, f64) -> f64
  %mn2 = "tfrt.minimum.f64"(%y, %x) : (f64, f64) -> f64
  %d2 = "tfrt.div.f64"(%x, %y) : (f64, f64) -> f64
  tfrt.return %s, %p, %mn, %d, %s2, %p2, %mn2, %d2 : f32, f32, f32, f32, f64, f64, f64, f64
}
// CHECK-NEXT: 'float_arith' returned 1.250000e+00,-3.750000e-01,-2.500000e-01,-6.000000e+00,1.000000e+01,1.600000e+01,2.000000e+00,2.500000e-01

// CHECK-LABEL: --- Running 'compare':
func.func @compare() -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %e1 = tfrt.equal.i32 %a, %b
  %e2 = tfrt.equal.i32 %a, %a
  %l1 = "tfrt.lessequal.i32"(%a, %b) : (i32, i32) -> i1
  %l2 = "tfrt.lessequal.i32"(%b, %a) : (i32, i32) -> i1
  %x = tfrt.constant.i64 -1
  %y = tfrt.constant.i64 -1
  %e3 = tfrt.equal.i64 %x, %y
  %l3 = "tfrt.lessequal.i64"(%x, %y) : (i64, i64) -> i1
  %t = tfrt.constant.i1 true
  %f = tfrt.constant.i1 0
  %and1 = tfrt.and.i1 %t, %f
  %and2 = tfrt.and.i1 %t, %t
  tfrt.return %e1, %e2, %l1, %l2, %e3, %l3, %and1, %and2 : i1, i1, i1, i1, i1, i1, i1, i1
}
// CHECK-NEXT: 'compare' returned 0,1,1,0,1,1,0,1

// Generic kernels accept one extra trailing chain and ignore it (docs/kernel-behaviour.md §1).
// CHECK-LABEL: --- Running 'trailing_chain':
func.func @trailing_chain() -> (i1, i32) {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %l = "tfrt.lessequal.i32"(%a, %b, %ch) : (i32, i32, !tfrt.chain) -> i1
  %s = "tfrt.add.i32"(%a, %b, %ch) : (i32, i32, !tfrt.chain) -> i32
  tfrt.return %l, %s : i1, i32
}
// CHECK-NEXT: 'trailing_chain' returned 1,7

// CHECK-LABEL: --- Running 'casts':
func.func @casts() -> (f32, i64, f64, i64, i64) {
  %i = tfrt.constant.i64 7
  %f = "tfrt.cast.i64_to_f32"(%i) : (i64) -> f32
  %x = tfrt.constant.f32 -2.75
  %j = "tfrt.cast.f32_to_i64"(%x) : (f32) -> i64
  %d = "tfrt.cast.i64_to_f64"(%i) : (i64) -> f64
  %y = tfrt.constant.f64 9.99
  %k = "tfrt.cast.f64_to_i64"(%y) : (f64) -> i64
  %z = tfrt.constant.f64 -0.5
  %l = "tfrt.cast.f64_to_i64"(%z) : (f64) -> i64
  tfrt.return %f, %j, %d, %k, %l : f32, i64, f64, i64, i64
}
// Float to integer truncates toward zero.
// CHECK-NEXT: 'casts' returned 7.000000e+00,-2,7.000000e+00,9,0

// CHECK-LABEL: --- Running 'unsigned_and_misc':
func.func @unsigned_and_misc() -> (ui32, ui64, !tfrt.chain, i32, !tfrt.device, bf16) {
  %u = tfrt.constant.ui32 4000000000
  %v = tfrt.constant.ui64 5000000000
  %ch0 = tfrt.new.chain
  %ch1 = tfrt.merge.chains %ch0, %u, %v : !tfrt.chain, ui32, ui64
  %a = tfrt.constant.i32 5
  %alias = "tfrt.alias.value"(%ch1, %a) : (!tfrt.chain, i32) -> i32
  %dev = tfrt.get_device %ch1 {device_name = "CPU:0"}
  %bf = tfrt.constant.bf16 1.0
  tfrt.return %u, %v, %ch1, %alias, %dev, %bf : ui32, ui64, !tfrt.chain, i32, !tfrt.device, bf16
}
// Types without a numeric format print as `TYPE value` (docs/execution.md §1.5).
// CHECK-NEXT: 'unsigned_and_misc' returned ui32 value,ui64 value,!tfrt.chain value,5,!tfrt.device value,bf16 value
