// RUN: tfrun lint %s
// RUN: tfrun lint %s 2>&1 | count 0
// Determinate programs get no warning and exit status 0: pure code, fully
// chained prints (also through a call and a loop that passes its chain on),
// reads of one list that commute (list.size cannot fail; two rv.read could
// both report a type error, which the lint does count), writes to two
// different tensors.
func.func @pure() -> i32 {
  %a = tfrt.constant.i32 40
  %b = tfrt.constant.i32 2
  %c = tfrt.add.i32 %a, %b
  tfrt.return %c : i32
}

func.func @say(%x: i32, %ch: !tfrt.chain) -> !tfrt.chain {
  %c = tfrt.print.i32 %x, %ch
  tfrt.return %c : !tfrt.chain
}

func.func @chained() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %ch1 = tfrt.print.i32 %a, %ch0
  %ch2 = tfrt.call @say(%a, %ch1) : (i32, !tfrt.chain) -> !tfrt.chain
  %n = tfrt.constant.i32 2
  %r:2 = tfrt.repeat.i32 %n, %n, %ch2 : i32, !tfrt.chain {
    %c = tfrt.print.i32 %n, %ch2
    tfrt.return %n, %c : i32, !tfrt.chain
  }
  tfrt.return %r#1 : !tfrt.chain
}

func.func @reads() -> (i64, i64) {
  %l = "list.new"() : () -> !tfrt.list
  %x = "list.size"(%l) : (!tfrt.list) -> i64
  %y = "list.size"(%l) : (!tfrt.list) -> i64
  tfrt.return %x, %y : i64, i64
}

func.func @two_tensors() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %u = tfrt_dht.create_uninitialized_tensor.i32.1 [3 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch0 1 : i32
  %ch2 = tfrt_dht.fill_tensor_with_constant.i32 %u, %ch0 2 : i32
  %ch3 = tfrt.merge.chains %ch1, %ch2 : !tfrt.chain, !tfrt.chain
  tfrt.return %ch3 : !tfrt.chain
}
