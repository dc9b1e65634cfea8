// A counted loop with a loop-carried value: measures per-iteration overhead
// of tfrt.repeat.i32. Peers: bench/loop.py, bench/loop.lua.
func.func @main() -> i32 {
  %n = tfrt.constant.i32 1000000
  %zero = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %zero : i32 {
    %one = tfrt.constant.i32 1
    %next = tfrt.add.i32 %zero, %one
    tfrt.return %next : i32
  }
  tfrt.return %r : i32
}
