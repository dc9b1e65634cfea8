// RUN: tfrun lint --verify-diagnostics %s
// RUN: tfrun lint %s 2>&1 | FileCheck %s
// A kernel whose effects the analysis does not model gets a remark saying
// why: the lint cannot vouch for it, and it does not count as a warning
// (exit status 0 here).
// CHECK: remark: 'tfrt_test.get_thread_id' observes which thread runs it: the lint cannot check what it does
func.func @thread() -> i32 {
  %ch = tfrt.new.chain
  // expected-remark @+1 {{'tfrt_test.get_thread_id' observes which thread runs it}}
  %id = "tfrt_test.get_thread_id"(%ch) : (!tfrt.chain) -> i32
  tfrt.return %id : i32
}
