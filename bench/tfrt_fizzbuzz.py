# bench/tfrt_fizzbuzz.mlir in Python: the same loop, divisions and tests
# (fizzbuzz: i divisible by 6; buzz: by 3, not 2; fizz: by 2, not 3).
# Prints fizz,buzz,fizzbuzz as tfrun's result line does.
def fizzbuzz_compute(n):
    zero, one, two, three, six = 0, 1, 2, 3, 6
    i = fizz = buzz = fb = 0
    for _ in range(n):
        i = i + one
        if i % six == zero:
            fb = fb + one
        elif i % three == zero:
            buzz = buzz + one
        elif i % two == zero:
            fizz = fizz + one
    return fizz, buzz, fb


print("%d,%d,%d" % fizzbuzz_compute(1000000))
