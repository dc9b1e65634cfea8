// RUN: not tfrun %s > /dev/full 2> %t.full
// RUN: FileCheck %s --check-prefix=FULL --input-file=%t.full
// RUN: not bash -c "trap '' PIPE; tfrun --schedule=fast %s 2> %t.fast | head -n 2 > /dev/null; exit \${PIPESTATUS[0]}"
// RUN: FileCheck %s --check-prefix=PIPE --input-file=%t.fast
// RUN: not bash -c "trap '' PIPE; tfrun --schedule=exact %s 2> %t.exact | head -n 2 > /dev/null; exit \${PIPESTATUS[0]}"
// RUN: FileCheck %s --check-prefix=PIPE --input-file=%t.exact
// RUN: not bash -c "trap '' PIPE; tfrun --work-queue=mstd:2 %s 2> %t.mstd | head -n 2 > /dev/null; exit \${PIPESTATUS[0]}"
// RUN: FileCheck %s --check-prefix=PIPE --input-file=%t.mstd
// The first write of the program's output that fails stops the run as a
// cancellation (host_out_flush): a full disk (/dev/full: already the
// driver's first line fails, so nothing runs) or a pipe whose reader has
// gone, with SIGPIPE ignored (EPIPE). The error is reported once, the exit
// status is 1, and nothing after the failure runs: not the rest of the
// loop's prints, not the kernel ordered after them (tfrt_test.error_chain,
// whose diagnostic would show on stderr), not the next function.
func.func @prints() -> !tfrt.chain {
  %n = tfrt.constant.i32 100000
  %x = tfrt.constant.i32 0
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %x, %ch0 : i32, !tfrt.chain {
    %ch1 = tfrt.print.i32 %x, %ch0
    %one = tfrt.constant.i32 1
    %y = tfrt.add.i32 %x, %one
    tfrt.return %y, %ch1 : i32, !tfrt.chain
  }
  %e = "tfrt_test.error_chain"(%r#1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %e : !tfrt.chain
}
func.func @after() {
  %e = "tfrt_test.fail"() : () -> i32
  tfrt.return
}
// FULL: tfrun: write error: No space left on device
// FULL-NOT: error
// PIPE: tfrun: write error: Broken pipe
// PIPE-NOT: error
