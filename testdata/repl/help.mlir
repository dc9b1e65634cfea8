// MODE: repl
// :help lists every command with one line each, :help OP an op; quit (no
// colon needed) leaves at once (the lines after it are never read).
:help
// CHECK: Type a func.func (or module) to define functions
// CHECK: Commands (a unique prefix is enough, e.g. :fin; the
// CHECK-NEXT: colon may be left out of a whole name, e.g. quit):
// CHECK-NEXT: {{^}}  :break, :b [OP|LINE|@f] [if %x OP V] stop before matching kernels; none: list them
// CHECK-NEXT: {{^}}  :bt, :where                          the call stack of the stopped kernel
// CHECK-NEXT: {{^}}  :continue, :c                        run to the next breakpoint or watchpoint
// CHECK-NEXT: {{^}}  :delete N                            delete breakpoint or watchpoint N
// CHECK-NEXT: {{^}}  :down                                select the frame the selected one called
// CHECK-NEXT: {{^}}  :finish, :fin                        run until the selected frame returns; its results
// CHECK-NEXT: {{^}}  :frame, :f [N]                       select frame N (none: show the selected one)
// CHECK-NEXT: {{^}}  :help [OP | CMD]                     this list; an op's syntax, signature, effects
// CHECK-NEXT: {{^}}  :ir @f                               print function @f in canonical MLIR
// CHECK-NEXT: {{^}}  :kill                                cancel the stopped run (its kernels are skipped)
// CHECK-NEXT: {{^}}  :list, :l [N | FILE:N | @f]          the functions; lines around N; the source of @f
// CHECK-NEXT: {{^}}  :load FILE                           define every function of FILE
// CHECK-NEXT: {{^}}  :locals                              the selected frame's values and their states
// CHECK-NEXT: {{^}}  :next, :n                            the next kernel of the selected frame (over calls)
// CHECK-NEXT: {{^}}  :ops [PREFIX]                        ops whose name starts so, with their signatures
// CHECK-NEXT: {{^}}  :pending                             kernels waiting, and the operands each waits on
// CHECK-NEXT: {{^}}  :print, :p %x                        type, state, value, refcount (selected frame first)
// CHECK-NEXT: {{^}}  :quit, :q                            leave the session (so does end of input)
// CHECK-NEXT: {{^}}  :ready                               kernels ready to run
// CHECK-NEXT: {{^}}  :reload                              load the last loaded file again
// CHECK-NEXT: {{^}}  :replay [WITNESS | off]              later :run follow a `tfrun explore` witness
// CHECK-NEXT: {{^}}  :reverse-continue, :rc               back to the previous breakpoint or watchpoint hit
// CHECK-NEXT: {{^}}  :reverse-finish                      back to the kernel that started the selected frame
// CHECK-NEXT: {{^}}  :reverse-step, :rs                   back to the kernel that started before this one
// CHECK-NEXT: {{^}}  :run @f(ARGS)                        run @f (ARGS: 41 : i32, "s", %x); %r = :run binds
// CHECK-NEXT: {{^}}  :schedule [auto|exact|fast]          the schedule of later runs; none: which and why
// CHECK-NEXT: {{^}}  :step, :s                            run one kernel, show its results, stop at the next
// CHECK-NEXT: {{^}}  :trace on|off                        a line per kernel run, by call depth, with results
// CHECK-NEXT: {{^}}  :up                                  select the caller of the selected frame
// CHECK-NEXT: {{^}}  :values                              all values of the top-level frame
// CHECK-NEXT: {{^}}  :watch %v                            stop after each kernel that writes %v's object
// CHECK-NEXT: While a run is stopped the prompt shows the op it is stopped at
// It says that going back runs again, output silenced.
// CHECK: Going back runs the same function again from its start with its output
// CHECK-NEXT: silenced, up to the kernel asked for

// :help OP: the op's syntax, signature and properties, from the op table
// (tfrt.div.i32 returns the quotient and the remainder; it fails on zero).
:help tfrt.div.i32
// CHECK: tfrt.div.i32
// CHECK-NEXT:     syntax:     tfrt.div.i32 %a, %b {attrs}
// CHECK-NEXT:     signature:  (i32, i32) -> (i32, i32)
// CHECK-NEXT:     properties: async, optional trailing chain, may fail
:help rv.assign_add
// CHECK-NEXT: rv.assign_add
// CHECK-NEXT:     syntax:     "rv.assign_add"(%a, %b, %c) {attrs} : (!rv.var, any, !tfrt.chain) -> !tfrt.chain
// CHECK-NEXT:     signature:  (!rv.var, any, !tfrt.chain) -> !tfrt.chain
// CHECK-NEXT:     properties: async, may fail, writes operand 0
// A command, with or without its colon, by name or alias.
:help :rs
// CHECK-NEXT: {{^  :reverse-step, :rs +back to the kernel that started before this one$}}
:help where
// CHECK-NEXT: {{^  :bt, :where +the call stack of the stopped kernel$}}
:help tfrt.div
// CHECK: <repl>:[[@LINE-1]]:7: error: no op named 'tfrt.div'; :ops tfrt.div lists the 4 that start so
:help frobnicate
// CHECK: <repl>:[[@LINE-1]]:7: error: no command or op named 'frobnicate' (:help lists the commands, :ops the ops)
// :ops PREFIX lists the ops that start so, with their signatures.
:ops tfrt.div
// CHECK: {{^tfrt.div.f32  \(f32, f32\) -> f32$}}
// CHECK-NEXT: {{^tfrt.div.f64  \(f64, f64\) -> f64$}}
// CHECK-NEXT: {{^tfrt.div.i32  \(i32, i32\) -> \(i32, i32\)$}}
// CHECK-NEXT: {{^tfrt.div.i64  \(i64, i64\) -> \(i64, i64\)$}}
:ops nosuch.
// CHECK: <repl>:[[@LINE-1]]:6: error: no op starts with 'nosuch.'
// The colon may be left out of a command's whole name.
help ir
// CHECK: {{^  :ir @f +print function @f in canonical MLIR$}}

// Prefixes work; an empty session has no values or functions.
:val
// CHECK: no values
:li
// CHECK-NEXT: no functions
:br
// CHECK-NEXT: no breakpoints
:tr
// CHECK-NEXT: trace is off
quit
%x = tfrt.constant.i32 1
// CHECK-NOT: {{.}}
