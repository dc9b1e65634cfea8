// Leibniz series for pi in f64: 4 * sum over k = 0..n-1 of (-1)^k / (2k + 1),
// n = 1000000, as one tfrt.repeat.i32 carrying the sum, the sign, the
// denominator and the constants -1 and 2 (tfrt.div.f64, tfrt.add.f64,
// tfrt.multiply.f64). The result line prints f64 as %.6e: 3.141592e+00
// (the series falls short of pi by about 1/n).
// Peers: bench/series.py, bench/series.lua (the same operations in the same
// order, so the same double and the same printed digits).
func.func @series(%n: i32) -> f64 {
  %sum = tfrt.constant.f64 0.0
  %sign = tfrt.constant.f64 1.0
  %den = tfrt.constant.f64 1.0
  %m1 = tfrt.constant.f64 -1.0
  %two = tfrt.constant.f64 2.0
  %r:5 = tfrt.repeat.i32 %n, %sum, %sign, %den, %m1, %two : f64, f64, f64, f64, f64 {
    %term = "tfrt.div.f64"(%sign, %den) : (f64, f64) -> f64
    %sum1 = tfrt.add.f64 %sum, %term
    %sign1 = "tfrt.multiply.f64"(%sign, %m1) : (f64, f64) -> f64
    %den1 = tfrt.add.f64 %den, %two
    tfrt.return %sum1, %sign1, %den1, %m1, %two : f64, f64, f64, f64, f64
  }
  %four = tfrt.constant.f64 4.0
  %pi = "tfrt.multiply.f64"(%four, %r#0) : (f64, f64) -> f64
  tfrt.return %pi : f64
}

func.func @main() -> f64 {
  %n = tfrt.constant.i32 1000000
  %r = tfrt.call @series(%n) : (i32) -> f64
  tfrt.return %r : f64
}
