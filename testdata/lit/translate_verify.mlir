// RUN: tfrt_translate -mlir-to-bef -split-input-file -verify-diagnostics %s
// RUN: sed 's/has 1 operands/has 2 operands/' %s > %t.mlir
// RUN: not tfrt_translate -mlir-to-bef -split-input-file -verify-diagnostics %t.mlir
// tfrt_translate with -verify-diagnostics checks the file's expected-*
// annotations as `tfrun opt -verify-diagnostics` does (docs/tools.md §2):
// passed through, as tfrt_translate otherwise is, it would check nothing and
// pass whatever the annotations say. The second and third lines prove it: an
// annotation that no diagnostic matches fails.

func.func @bad_return(%x: i32) {
  // expected-error @+1 {{'tfrt.return' op has 1 operands, but enclosing function returns 0}}
  tfrt.return %x : i32
}

// -----

func.func @fine() {
  tfrt.return
}
