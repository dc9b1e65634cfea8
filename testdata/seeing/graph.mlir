// RUN: tfrun graph %s | FileCheck %s
// RUN: tfrun graph %s | dot -Tsvg > %t.svg && grep -c '<g id="node' %t.svg | grep -qx 12
// RUN: tfrun graph --format=svg --function=count %s > %t.one.svg && grep -q '^<svg' %t.one.svg
// RUN: tfrun graph --function=@count %s | FileCheck %s --check-prefix=ONE
// RUN: not tfrun graph --function=nope %s 2>&1 | FileCheck %s --check-prefix=NOPE
// RUN: tfrun graph --format=png %s 2>&1; test $? -eq 2
// `tfrun graph` draws the dataflow graph as Graphviz DOT (docs/tools.md
// §5.3): a cluster per function and per region, ops labelled with name
// (and callee) and line, value edges labelled with the value's name and
// dashed for chains, dotted edges into and out of regions, effects filled
// and named, and the pair of prints nothing orders as a red edge with the
// lint's reason. `dot` renders it (12 nodes: 10 ops, 2 arguments).

// CHECK-LABEL: digraph "{{.*}}graph.mlir" {
// CHECK: subgraph cluster_f0 {
// CHECK-NEXT: label="@prints"; style=bold; color=black;
// CHECK-NEXT: n0 [label="tfrt.new.chain\nline 43"];
// CHECK-NEXT: n1 [label="tfrt.constant.i32\nline 44"];
// CHECK-NEXT: n2 [label="tfrt.print.i32\nline 45\n[prints]", style="filled,bold", fillcolor="#ffe4b5"];
// CHECK-NEXT: n3 [label="tfrt.print.i32\nline 46\n[prints]", style="filled,bold", fillcolor="#ffe4b5"];
// CHECK-NEXT: n4 [label="tfrt.return\nline 47", shape=cds];
// CHECK: n1 -> n2 [label="%one"];
// CHECK-NEXT: n0 -> n2 [label="%ch", style=dashed];
// CHECK: n2 -> n3 [color=red, fontcolor=red, penwidth=2, dir=both, constraint=false, label="both print to the output, unordered", tooltip="{{.*}}graph.mlir:45:8: 'tfrt.print.i32' and {{.*}}graph.mlir:46:8: 'tfrt.print.i32' both print to the output"];
// CHECK: label="@count"; style=bold; color=black;
// CHECK-NEXT: n5 [label="%n: i32", shape=ellipse];
// CHECK: n7 [label="tfrt.repeat.i32\nline 52"];
// CHECK-NEXT: subgraph cluster_7_0 {
// CHECK-NEXT: label="region 0 of tfrt.repeat.i32 (line 52)"; style=rounded; color=gray50;
// CHECK-NEXT: n8 [label="%zero: i32", shape=ellipse];
// CHECK-NEXT: n9 [label="tfrt.add.i32\nline 53"];
// CHECK-NEXT: n10 [label="tfrt.return\nline 54", shape=cds];
// CHECK: n7 -> n8 [style=dotted, arrowhead=none];
// CHECK-NEXT: n10 -> n7 [style=dotted, constraint=false];
// CHECK: n8 -> n9 [label="%zero"];
// CHECK-NOT: color=red

// ONE-NOT: @prints
// ONE: label="@count";
// NOPE: tfrun graph: no function @nope with a body in {{.*}}graph.mlir

func.func @prints() {
  %ch = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %a = tfrt.print.i32 %one, %ch
  %b = tfrt.print.i32 %one, %ch
  tfrt.return
}

func.func @count(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %zero : i32 {
    %j = tfrt.add.i32 %zero, %zero
    tfrt.return %j : i32
  }
  tfrt.return %r : i32
}
