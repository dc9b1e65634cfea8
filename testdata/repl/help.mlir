// MODE: repl
// :help lists every command with one line each; :quit leaves at once (the
// lines after it are never read).
:help
// CHECK: Type a func.func (or module) to define functions
// CHECK: Commands (a unique prefix is enough, e.g. :c):
// CHECK-NEXT: {{^  :break \[OP-NAME \| LINE \| FILE:LINE\] +stop before matching kernels}}
// CHECK-NEXT: {{^  :continue +resume a stopped run}}
// CHECK-NEXT: {{^  :delete N +delete breakpoint N$}}
// CHECK-NEXT: {{^  :help +this list$}}
// CHECK-NEXT: {{^  :ir @f +print function @f in canonical MLIR$}}
// CHECK-NEXT: {{^  :list +the functions defined, with their signatures$}}
// CHECK-NEXT: {{^  :load FILE +define every function of FILE$}}
// CHECK-NEXT: {{^  :pending +kernels waiting, and the operands each waits on$}}
// CHECK-NEXT: {{^  :print %x +type, state \(value or error\) and refcount of a value$}}
// CHECK-NEXT: {{^  :quit +leave the session \(so does end of input\)$}}
// CHECK-NEXT: {{^  :ready +kernels ready to run$}}
// CHECK-NEXT: {{^  :reload +load the last loaded file again$}}
// CHECK-NEXT: {{^  :run @f\(ARGS\) +run @f; ARGS are literals}}
// CHECK-NEXT: {{^  :schedule \[auto\|exact\|fast\] +the schedule of later runs; no argument: the current one and why$}}
// CHECK-NEXT: {{^  :step +run the next kernel and stop}}
// CHECK-NEXT: {{^  :trace on\|off +print one line per kernel executed$}}
// CHECK-NEXT: {{^  :values +all values of the top-level frame$}}
// CHECK-NEXT: {{^  :where +the call stack of invocations while stopped$}}
// CHECK-NEXT: Prompts appear only on a terminal
// Prefixes work; an empty session has no values or functions.
:val
// CHECK: no values
:li
// CHECK-NEXT: no functions
:br
// CHECK-NEXT: no breakpoints
:tr
// CHECK-NEXT: trace is off
:q
%x = tfrt.constant.i32 1
// CHECK-NOT: {{.}}
