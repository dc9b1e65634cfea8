/*
** fib_src.h — recursive fib as in bench/fib.mlir (a tfrt.if around two
** tfrt.calls, constants in a stream of their own), as MLIR text for the
** tests that run it: the function @fib only; each test appends its @main.
*/
#ifndef TFRUN_TESTS_FIB_SRC_H
#define TFRUN_TESTS_FIB_SRC_H

#define TEST_FIB_FUNC                                                          \
    "func.func @fib(%n: i32) -> i32 {\n"                                       \
    "  %one = tfrt.constant.i32 1\n"                                           \
    "  %two = tfrt.constant.i32 2\n"                                           \
    "  %small = \"tfrt.lessequal.i32\"(%n, %one) : (i32, i32) -> i1\n"         \
    "  %r = tfrt.if %small, %n, %one, %two : (i32, i32, i32) -> (i32) {\n"     \
    "    tfrt.return %n : i32\n"                                               \
    "  } else {\n"                                                             \
    "    %m1 = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32\n"             \
    "    %m2 = \"tfrt.minus.i32\"(%n, %two) : (i32, i32) -> i32\n"             \
    "    %a = tfrt.call @fib(%m1) : (i32) -> i32\n"                            \
    "    %b = tfrt.call @fib(%m2) : (i32) -> i32\n"                            \
    "    %s = tfrt.add.i32 %a, %b\n"                                           \
    "    tfrt.return %s : i32\n"                                               \
    "  }\n"                                                                    \
    "  tfrt.return %r : i32\n"                                                 \
    "}\n"

#endif
