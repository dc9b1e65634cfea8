// Any op with the unit attribute `bef.nonstrict` is non-strict
// (docs/execution.md §4, §4): this merge runs as soon as %ch0 is
// available, so the hello that depends on it comes before the sleep task
// (enqueued after the merge's task) prints. A strict merge would wait for
// %slow and print the other way round (see strict_merge below).
// ARGS: --work-queue=s

// CHECK:      --- Running 'nonstrict_merge':
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: Slept for 1 microseconds
func.func @nonstrict_merge() {
  %ch0 = tfrt.new.chain
  %us = tfrt.constant.i32 1
  %slow = "tfrt_test.blocking.usleep"(%us) : (i32) -> !tfrt.chain
  %m = tfrt.merge.chains %ch0, %slow {bef.nonstrict} : !tfrt.chain, !tfrt.chain
  %h = "tfrt_test.print_hello"(%m) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return
}

// CHECK-NEXT: --- Running 'strict_merge':
// CHECK-NEXT: Slept for 1 microseconds
// CHECK-NEXT: hello host executor!
func.func @strict_merge() {
  %ch0 = tfrt.new.chain
  %us = tfrt.constant.i32 1
  %slow = "tfrt_test.blocking.usleep"(%us) : (i32) -> !tfrt.chain
  %m = tfrt.merge.chains %ch0, %slow : !tfrt.chain, !tfrt.chain
  %h = "tfrt_test.print_hello"(%m) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NOT: {{.}}
