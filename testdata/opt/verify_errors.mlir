// MODE: opt
// ARGS: --verify-diagnostics --split-input-file
// Each chunk holds one kind of error of docs/language.md §2.9 and the
// annotation that expects it; the run fails if any is missing or extra.

func.func @f() {
  %a = tfrt.constant.i32 1
  // expected-error@+1 {{'tfrt.return' op has 1 operands, but enclosing function returns 0}}
  tfrt.return %a : i32
}

// -----

func.func @f() -> i32 {
  %a = tfrt.constant.i64 1
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32')}}
  tfrt.return %a : i64
}

// -----

func.func @f(%c: i1, %x: i32) -> i32 {
  %r = tfrt.if %c, %x : (i32) -> (i32) {
    %y = tfrt.constant.i64 1
    // expected-error@+1 {{'tfrt.return' op operand types don't match 'tfrt.if' result}}
    tfrt.return %y : i64
  } else {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}

// -----

func.func @f(%c: i1, %x: i32) -> i32 {
  %r = tfrt.if %c, %x : (i32) -> (i32) {
    tfrt.return %x : i32
  }
  // expected-error@-1 {{expected 'else' in 'tfrt.if' with result values}}
  tfrt.return %r : i32
}

// -----

func.func @g(%x: i32) -> i32 {
  tfrt.return %x : i32
}
func.func @f() {
  %a = tfrt.constant.i32 1
  // expected-error@+1 {{'nope' does not reference a valid function}}
  %r1 = tfrt.call @nope(%a) : (i32) -> i32
  // expected-error@+1 {{incorrect number of operands for callee}}
  %r2 = tfrt.call @g(%a, %a) : (i32, i32) -> i32
  // expected-error@+1 {{incorrect number of results for callee}}
  %r3:2 = tfrt.call @g(%a) : (i32) -> (i32, i32)
  // expected-error@+1 {{result type mismatch}}
  %r4 = tfrt.call @g(%a) : (i32) -> i64
  tfrt.return
}

// -----

func.func @f(%n: i32, %x: i32) {
  // expected-error@+1 {{'tfrt.repeat.i32' op incorrect number of operands}}
  %r:2 = "tfrt.repeat.i32"(%n, %x) ({
  ^bb0(%y: i32):
    tfrt.return %y, %y : i32, i32
  }) : (i32, i32) -> (i32, i32)
  tfrt.return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'tfrt_test.test_cost' op cost attribute not found}}
  %a = tfrt_test.test_cost %x {id = 1 : i64} : i32
  // expected-error@+1 {{cost value must be larger than 0}}
  %b = tfrt_test.test_cost %x {id = 2 : i64, _tfrt_cost = 0 : i64} : i32
  tfrt.return
}

// -----

func.func @f() {
  // expected-error@+1 {{'ts.build_shape' op result #0 must be !ts.shape type, but got 'i64'}}
  %s = "ts.build_shape"() {value = [1 : i64]} : () -> i64
  // expected-error@+1 {{'tfrt.constant.i32' op requires attribute 'value'}}
  %c = "tfrt.constant.i32"() : () -> i32
  tfrt.return
}

// -----

func.func @f(%x: i32) {
  %b = tfrt_test.benchmark "b"(%x : i32) max_count = 1 {
    tfrt.return
  }
  // expected-error@-3 {{'tfrt_test.benchmark' op Must have exactly one return value}}
  tfrt.return
}

// -----

// A regex annotation, and several errors on one line matched by one annotation.
func.func @f(%a: i32, %b: i64) {
  // expected-error-re@+1 {{'tfrt.add.i32' op operand #{{[0-9]}} must be 32-bit signless integer, but got 'i64'}}
  %y = "tfrt.add.i32"(%b, %b) : (i64, i64) -> i32
  tfrt.return
}

// -----

// expected-error@+1 {{'func.func' op expected tfrt.return in body of @f}}
func.func @f() {
}

// -----

func.func @g(%n: i32) {
  // expected-error@+1 {{'tfrt.repeat.i32' op expected tfrt.return in body}}
  tfrt.repeat.i32 %n {
  }
  tfrt.return
}

// -----

// expected-error@+2 {{expected tfrt.return in body of @h}}
// expected-error@+2 {{'tfrt.return' op must be the last operation in the parent block}}
func.func @h() {
  tfrt.return
  tfrt.new.chain
}

// -----

// tf_sync._FusedMatMul takes both transpose attributes (TFRT's kernel
// reads them by position, docs/kernel-behaviour.md §15).
func.func @fused(%a: !t.tensor) attributes {tfrt.sync} {
  // expected-error@+1 {{'tf_sync._FusedMatMul.f32' op requires attribute 'transpose_b'}}
  "tf_sync._FusedMatMul.f32"(%a, %a, %a) {fused_ops = ["BiasAdd"], transpose_a = false} : (!t.tensor, !t.tensor, !t.tensor) -> ()
  tfrt.return
}

// -----

func.func @const(%a: !t.tensor) attributes {tfrt.sync} {
  // expected-error@+1 {{'tf_sync.Const' op attribute 'value' failed to satisfy constraint: elements attribute}}
  "tf_sync.Const"(%a) {value = 1.0 : f32} : (!t.tensor) -> ()
  tfrt.return
}

// -----

// TFRT's tf_tile.mlir spells the attribute `value`, which its BEF, passing
// attributes by position, never noticed (docs/kernel-behaviour.md §15).
func.func @strings() attributes {tfrt.sync} {
  // expected-error@+1 {{'tfrt_sht_sync.create_tensor' op requires attribute 'values'}}
  %s = "tfrt_sht_sync.create_tensor"() {shape = [2], value = ["a", "b"]} : () -> !t.tensor
  tfrt.return
}
