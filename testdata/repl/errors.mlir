// MODE: repl
// Bad input never ends the session: each case prints a diagnostic (at the
// input line, `<repl>:LINE:COL`) and the state stays as it was.

%x = tfrt.constant.i32 1
// CHECK: %x = 1 : i32
func.func @f(%a: i32) -> i32 {
  tfrt.return %a : i32
}
// CHECK-NEXT: defined @f

// A syntax error.
%y = tfrt.constant.i32
// CHECK-NEXT: <repl>:[[@LINE-1]]:23: error: {{.+}}

// An undefined value.
%z = tfrt.add.i32 %x, %nope
// CHECK: <repl>:[[@LINE-1]]:23: error: use of undeclared SSA value name '%nope'

// A type error found by the verifier.
%w = "tfrt.add.i32"(%x) : (i32) -> i32
// CHECK: <repl>:[[@LINE-1]]:6: error: 'tfrt.add.i32' op expected 2 operands, but found 1

// An unknown op.
%u = "tfrt.no_such_op"() : () -> i32
// CHECK: <repl>:[[@LINE-1]]:6: error: unregistered operation 'tfrt.no_such_op'

// A redefinition with a different signature, then with a bad body.
func.func @f(%a: i64) -> i64 {
  tfrt.return %a : i64
}
// CHECK: <repl>:[[@LINE-3]]:11: error: redefinition of '@f' with a different signature: (i64) -> i64 (was (i32) -> i32)
// CHECK: <repl>:7:1: note: previous definition of '@f' is here
func.func @f(%a: i32) -> i32 {
  %r = tfrt.add.i64 %a, %a
  tfrt.return %r : i32
}
// CHECK: <repl>:[[@LINE-2]]:15: error: use of value '%r' expects different type than prior uses: 'i32' vs 'i64'
// A function name reserved for the REPL's own use.
func.func @__repl_1() {
  tfrt.return
}
// CHECK: <repl>:[[@LINE-3]]:11: error: function names starting with '__repl_' are reserved by the REPL

// Definitions the loader rejects (no native function of that name) are
// rolled back: a new one is not kept, a replaced one comes back.
func.func private @no_such_native(i32) -> i32 attributes {tfrt.native}
// CHECK: error: invalid FunctionIndex section in BEF file: unable to find native function in global registry
func.func private @f(i32) -> i32 attributes {tfrt.native}
// CHECK: error: invalid FunctionIndex section in BEF file: unable to find native function in global registry
:run @f(5)
// CHECK-NEXT: 'f' returned 5

// Unknown and ambiguous commands.
:frobnicate
// CHECK: <repl>:[[@LINE-1]]:1: error: unknown command ':frobnicate' (:help lists the commands)
:re %x
// CHECK: <repl>:[[@LINE-1]]:1: error: ambiguous command ':re' (:help lists the commands)

// :run with the wrong number or types of arguments, or an unknown function.
:run @f()
// CHECK: <repl>:[[@LINE-1]]:6: error: '@f' takes 1 argument, 0 given
:run @f(1, 2)
// CHECK: <repl>:[[@LINE-1]]:6: error: '@f' takes 1 argument, 2 given
:run @f(1 : i64)
// CHECK: <repl>:[[@LINE-1]]:13: error: argument 1 of '@f' has type i32, not i64
:run @f(2.5)
// CHECK: <repl>:[[@LINE-1]]:9: error: argument 1 of '@f' must be an integer of type i32
:run @f(3000000000)
// CHECK: <repl>:[[@LINE-1]]:9: error: argument 1 of '@f': 3000000000 does not fit in i32
:run @f(%nope)
// CHECK: <repl>:[[@LINE-1]]:9: error: use of undefined value '%nope'
// Integers take their own type's range: no wrapping of 2^64 - 1 to -1 in
// i64, and -0 is zero even in an unsigned type (-1 is not).
func.func @wide(%x: i64, %y: ui64) -> i64 {
  tfrt.return %x : i64
}
// CHECK: defined @wide
:run @wide(18446744073709551615 : i64, 0 : ui64)
// CHECK: <repl>:[[@LINE-1]]:12: error: argument 1 of '@wide': 18446744073709551615 does not fit in i64
:run @wide(-9223372036854775808 : i64, -0 : ui64)
// CHECK: 'wide' returned -9223372036854775808
:run @wide(1 : i64, -1 : ui64)
// CHECK: <repl>:[[@LINE-1]]:21: error: argument 2 of '@wide': -1 does not fit in ui64
// A line number too large for any file is out of range, not line -1.
:break 99999999999999999999
// CHECK: <repl>:[[@LINE-1]]:8: error: line number '99999999999999999999' is out of range
:run @g(1)
// CHECK: <repl>:[[@LINE-1]]:6: error: no function named '@g'
:run @f(1
// CHECK: <repl>:[[@LINE-1]]:8: error: expected ')' to close the arguments

// A kernel error: a diagnostic and an error value; the session goes on.
%e = "tfrt_test.fail"() : () -> i32
// CHECK: <repl>:[[@LINE-1]]:6: error: runtime error: something bad happened
// CHECK: %e = <<error: something bad happened>> : i32

// Breakpoints on something that does not exist.
:break tfrt.no_such_op
// CHECK: <repl>:[[@LINE-1]]:8: error: no op named 'tfrt.no_such_op' (breakpoints take an op name, LINE, FILE:LINE or @f)
:break 9999
// CHECK: <repl>:[[@LINE-1]]:8: error: no op at line 9999 in any function
:break nofile.mlir:3
// CHECK: <repl>:[[@LINE-1]]:8: error: no op at line 3 of 'nofile.mlir'
:delete 4
// CHECK: <repl>:[[@LINE-1]]:9: error: no breakpoint 4
:delete x
// CHECK: <repl>:[[@LINE-1]]:9: error: :delete needs a breakpoint number

// Debugger commands that need a stopped run, and other misuse.
:continue
// CHECK: <repl>:[[@LINE-1]]:1: error: :continue works on a stopped run, and no run is stopped
:where
// CHECK: not stopped
:ready
// CHECK: not running
:pending
// CHECK: no kernel is waiting
:print x
// CHECK: <repl>:[[@LINE-1]]:8: error: expected a value name such as %x
:print %nope
// CHECK: <repl>:[[@LINE-1]]:8: error: use of undefined value '%nope'
:ir f
// CHECK: <repl>:[[@LINE-1]]:5: error: expected a function name such as @f
:ir @nope
// CHECK: <repl>:[[@LINE-1]]:5: error: no function named '@nope'
:trace sideways
// CHECK: <repl>:[[@LINE-1]]:8: error: :trace takes 'on' or 'off'
:load /nonexistent/file.mlir
// CHECK: <repl>:[[@LINE-1]]:7: error: cannot open '/nonexistent/file.mlir': No such file or directory
:reload
// CHECK: <repl>:[[@LINE-1]]:1: error: nothing to reload: no file was loaded

// The state is intact: the values and functions from before.
:values
// CHECK: %x : i32 = 1 (available, refcount 1)
// CHECK-NEXT: %e : i32 = <<error: something bad happened>> (error, code INTERNAL, refcount 1)
:list
// CHECK-NEXT: @f : (i32) -> i32  at <repl>:7
// CHECK-NEXT: @wide : (i64, ui64) -> i64  at <repl>:75
:run @f(%x)
// CHECK-NEXT: 'f' returned 1

// Finally, input that ends inside an open brace.
func.func @unfinished() {
// CHECK: <repl>:[[@LINE-1]]:1: error: end of input inside an unclosed '{' (the input started here)
