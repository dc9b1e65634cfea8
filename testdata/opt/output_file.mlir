// RUN: cp %s %t.in && not tfrun opt %t.in -o %t.in 2> %t.err && cmp %s %t.in
// RUN: FileCheck %s --check-prefix=SELF --input-file=%t.err
// RUN: echo keep > %t.other && not tfrun opt %s -o %t.other 2> /dev/null && echo keep | cmp - %t.other
// RUN: echo keep > %t.other && not tfrun opt --verify-diagnostics %s -o %t.other 2> /dev/null && echo keep | cmp - %t.other
// RUN: echo keep > %t.other && not tfrun lint --fix %s -o %t.other 2> /dev/null && echo keep | cmp - %t.other
// RUN: not tfrun opt %S/../../examples/hello.mlir -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not tfrun lint --fix %S/../lint/fix.mlir -o /dev/full 2>&1 | FileCheck %s --check-prefix=LINTFULL
// RUN: mkdir %t.dir && not tfrun opt %S/../../examples/hello.mlir -o %t.dir 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: echo keep > %t.mode && chmod 640 %t.mode && tfrun opt %S/../../examples/hello.mlir -o %t.mode
// RUN: stat -c %%a %t.mode | grep -qx 640 && grep -q 'func.func @main' %t.mode
// RUN: echo keep > %t.real && ln -s %t.real %t.link && tfrun opt %S/../../examples/hello.mlir -o %t.link
// RUN: test -L %t.link && grep -q 'func.func @main' %t.real
// RUN: test -z "$(ls -A %T | grep tfrun-)"
// RUN: not tfrun test --json=/dev/full %S/canonical.mlir 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: tfrun test --json=- %S/canonical.mlir | FileCheck %s --check-prefix=JSONOUT
// RUN: not tfrun test %S/canonical.mlir 2> %t.closed >&- && FileCheck %s --check-prefix=CLOSED --input-file=%t.closed
// RUN: not tfrun opt %S/canonical.mlir 2> %t.closed >&- && FileCheck %s --check-prefix=CLOSED --input-file=%t.closed
// The output of `tfrun opt -o FILE`, `tfrun lint --fix -o FILE`, and every
// other file tfrun writes, goes to a temporary file beside FILE that
// replaces it only when everything succeeded (docs/tools.md §6): a program
// that does not parse or verify leaves FILE byte for byte as it was, even
// when FILE is the input itself; a write error is reported (here a full
// device) and fails the command; a directory is refused; FILE keeps its
// permission bits, and a symbolic link stays a link to the file replaced.
// No temporary file is left behind. A closed standard output is a write
// error as such (nothing tfrun opens lands on descriptor 1 instead).
func.func @main() {
  %ch = tfrt.new.chain
  bogus.op
  tfrt.return
}
// SELF: error: custom op 'bogus.op' is unknown
// SELF: tfrun opt: '{{.*}}.in' not written (errors above)
// FULL: tfrun opt: write error on '/dev/full': No space left on device
// LINTFULL: tfrun lint: write error on '/dev/full': No space left on device
// DIR: tfrun opt: cannot open output file '{{.*}}.dir': Is a directory
// JSON: tfrun test: write error on '/dev/full': No space left on device
// JSONOUT: {"passed": 1, "failed": 0, "skipped": 0, "xfailed": 0, "tests": [
// JSONOUT-NEXT: "result": "PASS"
// JSONOUT-NOT: 1 passed
// CLOSED: tfrun: write error: Bad file descriptor
// CLOSED-NOT: directory
