// An op at module level whose name is a kernel is accepted and never runs,
// as under TFRT, whose converter puts its name in the kernel table but
// into no function (docs/syntax.md): the print below prints nothing, the
// functions run as always. (`tfrun lint` says so with a remark.)

// CHECK:      --- Running 'main':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: 'main' returned !tfrt.chain value
// CHECK-NOT:  {{.}}
%c = "tfrt.new.chain"() : () -> !tfrt.chain
%one = "tfrt.constant.i32"() {value = 1 : i32} : () -> i32
%p = "tfrt.print.i32"(%one, %c) : (i32, !tfrt.chain) -> !tfrt.chain
func.func @main() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %two = tfrt.constant.i32 2
  %ch1 = tfrt.print.i32 %two, %ch
  tfrt.return %ch1 : !tfrt.chain
}
