// MODE: opt
// ARGS: --verify-diagnostics --split-input-file
// The older forms (docs/syntax.md "TFRT's older custom forms") are read
// only as TFRT wrote them.

// tfrt.case leaves out the type of a leading chain argument only.
func.func @f(%i: i32, %x: i32) -> i32 {
  // expected-error@+1 {{2 operands present, but expected 1}}
  %r = tfrt.case %i [@f] (%x, %x) : (i32) -> (i32)
  tfrt.return %r : i32
}

// -----

// A merge of nothing still writes its colon.
func.func @g() {
  %m = tfrt.merge.chains
  // expected-error@+1 {{expected ':'}}
  tfrt.return
}
