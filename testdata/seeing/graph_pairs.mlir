// RUN: tfrun graph %s | FileCheck %s
// `tfrun graph` labels each kind of unordered pair (docs/tools.md §5.3):
// two writes of a variable reached through calls (the edge joins the two
// calls, where the pair meets), a write and a read, and a print that no
// result depends on, against the function's return (the driver's result
// line). Each label names the pair once, then says "unordered".

// CHECK-LABEL: label="@main"
// CHECK: n[[A:[0-9]+]] [label="tfrt.call @add\nline 29"];
// CHECK-NEXT: n[[B:[0-9]+]] [label="tfrt.call @add\nline 30"];
// CHECK-NEXT: n[[R:[0-9]+]] [label="rv.read\nline 31\n[reads %v]", style="filled,bold", fillcolor="#ffe4b5"];
// CHECK-NEXT: n[[P:[0-9]+]] [label="tfrt.print.i32\nline 32\n[prints]", style="filled,bold", fillcolor="#ffe4b5"];
// CHECK-NEXT: n[[RET:[0-9]+]] [label="tfrt.return\nline 33", shape=cds];
// CHECK: n[[A]] -> n[[B]] [color=red, {{.*}}, label="both write %v, unordered", tooltip="{{.*}}:21:11: 'rv.assign_add' (reached through 'tfrt.call' at line 29) and {{.*}}:21:11: 'rv.assign_add' (reached through 'tfrt.call' at line 30) both write %v"];
// CHECK-NEXT: n[[B]] -> n[[R]] [color=red, {{.*}}, label="write and read %v, unordered", tooltip=
// CHECK-NEXT: n[[P]] -> n[[RET]] [color=red, {{.*}}, label="prints and the result line, unordered", tooltip="{{.*}}:32:10: 'tfrt.print.i32' prints to the output, and no result of 'main' depends on it, so it may come after the line 'main' returned ..."];
// CHECK-NEXT: }
// CHECK-NOT: color=red

func.func @add(%v: !rv.var, %n: i32, %ch: !tfrt.chain) -> !tfrt.chain {
  %done = "rv.assign_add"(%v, %n, %ch) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %done : !tfrt.chain
}

func.func @main() -> i32 {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %v, %ch1 = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %a = tfrt.call @add(%v, %zero, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %b = tfrt.call @add(%v, %zero, %ch1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %x, %ch2 = "rv.read"(%v, %a) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch3 = tfrt.print.i32 %x, %ch2
  tfrt.return %x : i32
}
