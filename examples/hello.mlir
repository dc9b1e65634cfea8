// hello.mlir — a short tour of the TFRT host-runtime dialect (run by `make run`).
//
// tfrun runs every function that takes no arguments, in source order. Side
// effects are ordered by chains (!tfrt.chain values): a kernel runs when its
// operands are ready, so a print that takes %ch1 runs after the kernel that
// produced %ch1.

// Recursion and control flow: tfrt.if chooses a region, tfrt.call invokes a
// function. Regions are isolated from above: the names after the condition
// (%n, %one, %two) become the region's block arguments.
func.func @fib(%n: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %small = "tfrt.lessequal.i32"(%n, %one) : (i32, i32) -> i1
  %r = tfrt.if %small, %n, %one, %two : (i32, i32, i32) -> (i32) {
    tfrt.return %n : i32
  } else {
    %m1 = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %m2 = "tfrt.minus.i32"(%n, %two) : (i32, i32) -> i32
    %a = tfrt.call @fib(%m1) : (i32) -> i32
    %b = tfrt.call @fib(%m2) : (i32) -> i32
    %s = tfrt.add.i32 %a, %b
    tfrt.return %s : i32
  }
  tfrt.return %r : i32
}

func.func @main() {
  %ch0 = tfrt.new.chain
  %ch1 = "tfrt_test.print_hello"(%ch0) : (!tfrt.chain) -> !tfrt.chain

  %x = tfrt.constant.i32 20
  %f = tfrt.call @fib(%x) : (i32) -> i32
  %ch2 = tfrt.print.i32 %f, %ch1

  // An asynchronous kernel: its result is produced later by a task on the
  // work queue; the print waits for it.
  %one = tfrt.constant.i32 1
  %y = "tfrt_test.async_add.i32"(%f, %one) : (i32, i32) -> i32
  %ch3 = tfrt.print.i32 %y, %ch2

  // A loop with a loop-carried value: inside the body, %one names this
  // iteration's value (1, 2, 4, ...). Five doublings of 1 give 32.
  %five = tfrt.constant.i32 5
  %p = tfrt.repeat.i32 %five, %one : i32 {
    %d = tfrt.add.i32 %one, %one
    tfrt.return %d : i32
  }
  %ch4 = tfrt.print.i32 %p, %ch3
  tfrt.return
}

// A function's results are printed by the driver.
func.func @answer() -> (i32, f32) {
  %x = tfrt.constant.i32 10
  %f = tfrt.call @fib(%x) : (i32) -> i32
  %h = tfrt.constant.f32 0.5
  tfrt.return %f, %h : i32, f32
}
