// MODE: opt
// ARGS: --help
// CHECK: usage: tfrun opt [OPTIONS] [FILE|-]
// CHECK: --verify-diagnostics
// CHECK: --split-input-file
// CHECK: -allow-unregistered-dialect
// CHECK: -tfrt-print-stream
