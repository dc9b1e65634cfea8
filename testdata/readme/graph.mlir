// The program of the README's graph (docs/graph.svg): two prints off one
// chain, which nothing orders: `tfrun graph` draws the pair as a red edge.
// Run, auto keeps the exact schedule for it: TFRT prints 2, then 1.
func.func @unordered() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %a = tfrt.print.i32 %one, %ch0
  %b = tfrt.print.i32 %two, %ch0
  tfrt.return
}
