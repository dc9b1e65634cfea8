// RUN: tfrun %s | tr '\000' '@' | FileCheck %s
// tfrt_test.print_string prints the whole string, an embedded NUL too
// (shown as @ here), not what C's %s would stop at.
// CHECK: string = a@b{{$}}
func.func @s() {
  %s = tfrt_test.get_string {value = "a\00b"}
  %c = "tfrt_test.print_string"(%s) : (!tfrt.string) -> !tfrt.chain
  tfrt.return
}
