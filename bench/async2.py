# The two loops of bench/async2.mlir (32-bit wrapping LCGs), for the check
# in tests/bench_check.sh; prints both results as tfrun's result line does.
def lcg(n, x, a, c):
    for _ in range(n):
        x = ((x * a + c + 0x80000000) & 0xFFFFFFFF) - 0x80000000
    return x


n = 50000000
print("%d,%d" % (lcg(n, 1, 1664525, 1013904223), lcg(n, 1, 22695477, 1)))
