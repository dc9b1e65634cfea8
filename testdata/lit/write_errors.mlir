// RUN: not tfrun %s > /dev/full 2> %t.run && grep -q 'tfrun: write error: No space left on device' %t.run
// RUN: not tfrun opt %s > /dev/full 2> %t.opt && grep -q 'tfrun: write error: No space left on device' %t.opt
// RUN: not tfrun opt -o /dev/full %s 2> %t.o && grep -q "tfrun opt: write error on '/dev/full': No space left on device" %t.o
// RUN: not tfrun ops tfrt. > /dev/full 2> %t.ops && grep -q 'tfrun: write error' %t.ops
// RUN: echo ':quit' | not tfrun repl %s > /dev/full 2> %t.repl && grep -q 'tfrun: write error' %t.repl
// Output that cannot be written is an error with a message and exit status
// 1, never a silent success (a full disk here: /dev/full).
func.func @main() -> i32 {
  %a = tfrt.constant.i32 1
  tfrt.return %a : i32
}
