// RUN: (echo 'func.func @main() {'; echo '  %%c = tfrt.new.chain'; echo '  %%x = tfrt.constant.i32 1'; \
// RUN:  for i in $(seq 5000); do echo "  %%p$i = tfrt.print.i32 %%x, %%c"; done; echo '  tfrt.return'; echo '}') > %t.mlir
// RUN: not tfrun lint %t.mlir 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: grep -c 'warning: ' %t.err | grep -qx 5000
// RUN: tfrun lint --fix %t.mlir -o %t.fixed.mlir 2> /dev/null
// RUN: tfrun lint %t.fixed.mlir
// RUN: tfrun lint --fix %t.fixed.mlir | cmp - %t.fixed.mlir
// 5000 prints off one chain: 4999 missing edges, more than the 4096
// unordered pairs the analysis lists. The lint says it stopped there, and
// finds the rest by analysing the program with the first edges added
// (4999 warnings and the one that says so: exit status 1); --fix orders
// them all.
// CHECK: warning: 'tfrt.print.i32' and 'tfrt.print.i32' both print to the output
// CHECK: {{.*}}.mlir: warning: the analysis stopped listing unordered pairs at 4096: there are more; the lint found the rest in the program with the edges above
