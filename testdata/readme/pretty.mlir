// MODE: opt
func.func @f(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %y = "tfrt.add.i32"(%x, %one) : (i32, i32) -> i32
  %n = tfrt.constant.i32 3
  %r = tfrt.repeat.i32 %n, %y : i32 {
    %d = "tfrt.mul.i32"(%y, %y) : (i32, i32) -> i32
    tfrt.return %d : i32
  }
  tfrt.return %r : i32
}
