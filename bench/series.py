# bench/series.mlir in Python: the Leibniz series for pi, the same f64
# operations in the same order; prints %.6e like tfrun's result line.
def series(n):
    s, sign, den, m1, two = 0.0, 1.0, 1.0, -1.0, 2.0
    for _ in range(n):
        s = s + sign / den
        sign = sign * m1
        den = den + two
    return 4.0 * s


print("%.6e" % series(1000000))
