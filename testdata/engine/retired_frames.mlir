// Frames whose kernels all ran and that wait only to bind placeholders,
// under the exact schedule's engine (docs/engine.md "Retired frames"):
// interp/xe.c hands their continuations, each in its place, to a
// header-sized record and frees the frame. What runs, and in which order,
// is what the frame would have done (tests/engine_agree.sh runs this file
// on both exact engines; interp/exec.c keeps its frames).
// ARGS: --schedule=exact

// @pass is called before %x is there (%x, %k and %c0 are a task of
// another stream than %t and the call: `tfrun opt -tfrt-print-stream`),
// with a placeholder for it. Its if's condition is there: the branch runs
// at once and returns %v unavailable; the if took %v's register while
// @pass waits for it. Every kernel of @pass has run and its frame only
// waits to bind that placeholder: it is retired. When the task makes %x,
// the retired frame's continuation binds it: %p is 42, %b 142. The prints
// are ordered by their chain.
// CHECK-LABEL: --- Running 'order':
// CHECK-NEXT: int32 = 142
// CHECK-NEXT: int32 = 42
func.func @pass(%t: i1, %v: i32) -> i32 {
  %r = tfrt.if %t, %v : (i32) -> (i32) {
    tfrt.return %v : i32
  } else {
    tfrt.return %v : i32
  }
  tfrt.return %r : i32
}

func.func @order() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %x = tfrt.constant.i32 42
  %t = tfrt.constant.i1 true
  %k = tfrt.constant.i32 100
  %p = tfrt.call @pass(%t, %x) : (i1, i32) -> i32
  %b = tfrt.add.i32 %p, %k
  %c1 = tfrt.print.i32 %b, %c0
  %c2 = tfrt.print.i32 %x, %c1
  tfrt.return %c2 : !tfrt.chain
}

// TFRT's fizzbuzz_compute (bench/tfrt_fizzbuzz.mlir) for n = 150: the
// loop runs ahead of the tasks that make its tallies, and most of its
// frames end so; their continuations fire in chains deeper than the
// continuation nesting limit, so some go through the queue as tasks.
// fizzbuzz = floor(150/6) = 25, buzz = floor(150/3) - 25 = 25,
// fizz = floor(150/2) - 25 = 50.
// CHECK-LABEL: --- Running 'fizzbuzz_150':
// CHECK-NEXT: 'fizzbuzz_150' returned 50,25,25
func.func @fizzbuzz_compute(%n: i32) -> (i32, i32, i32) {
  %i = tfrt.constant.i32 0
  %fizz = tfrt.constant.i32 0
  %buzz = tfrt.constant.i32 0
  %fb = tfrt.constant.i32 0
  %zero = tfrt.constant.i32 0
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %three = tfrt.constant.i32 3
  %six = tfrt.constant.i32 6
  %r:9 = tfrt.repeat.i32 %n, %i, %fizz, %buzz, %fb, %zero, %one, %two, %three, %six
      : i32, i32, i32, i32, i32, i32, i32, i32, i32 {
    %i1 = tfrt.add.i32 %i, %one
    %q6, %m6 = tfrt.div.i32 %i1, %six
    %by6 = tfrt.equal.i32 %m6, %zero
    %t:3 = tfrt.if %by6, %i1, %fizz, %buzz, %fb, %zero, %one, %two, %three
        : (i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32) {
      %fb1 = tfrt.add.i32 %fb, %one
      tfrt.return %fizz, %buzz, %fb1 : i32, i32, i32
    } else {
      %q3, %m3 = tfrt.div.i32 %i1, %three
      %by3 = tfrt.equal.i32 %m3, %zero
      %u:2 = tfrt.if %by3, %i1, %fizz, %buzz, %zero, %one, %two
          : (i32, i32, i32, i32, i32, i32) -> (i32, i32) {
        %buzz1 = tfrt.add.i32 %buzz, %one
        tfrt.return %fizz, %buzz1 : i32, i32
      } else {
        %q2, %m2 = tfrt.div.i32 %i1, %two
        %by2 = tfrt.equal.i32 %m2, %zero
        %v = tfrt.if %by2, %i1, %fizz, %zero, %one
            : (i32, i32, i32, i32) -> (i32) {
          %fizz1 = tfrt.add.i32 %fizz, %one
          tfrt.return %fizz1 : i32
        } else {
          tfrt.return %fizz : i32
        }
        tfrt.return %v, %buzz : i32, i32
      }
      tfrt.return %u#0, %u#1, %fb : i32, i32, i32
    }
    tfrt.return %i1, %t#0, %t#1, %t#2, %zero, %one, %two, %three, %six
        : i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  tfrt.return %r#1, %r#2, %r#3 : i32, i32, i32
}

func.func @fizzbuzz_150() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 150
  %r:3 = tfrt.call @fizzbuzz_compute(%n) : (i32) -> (i32, i32, i32)
  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32
}
