// MODE: opt
// ARGS: --split-input-file
// EXIT: 1
// Each chunk is its own module; diagnostics keep the line numbers of the
// whole file, and the outputs are separated by `// -----`.

func.func @first() {
  tfrt.return
}

// -----

func.func @second() -> i32 {
  %x = tfrt.constant.i64 3
  tfrt.return %x : i64
}

// -----

func.func @third() {
  %c = tfrt.new.chain
  tfrt.return
}
// CHECK: module {
// CHECK-NEXT:   func.func @first() {
// CHECK: split_lines.mlir:15:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32')
// CHECK-NEXT: {{^}}  tfrt.return %x : i64
// CHECK: // -----
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @third() {
// CHECK-NEXT:     %0 = tfrt.new.chain
