-- bench/series.mlir in Lua: the Leibniz series for pi, the same f64
-- operations in the same order (float constants, so no integer arithmetic);
-- prints %.6e like tfrun's result line.
local function series(n)
  local s, sign, den, m1, two = 0.0, 1.0, 1.0, -1.0, 2.0
  for _ = 1, n do
    s = s + sign / den
    sign = sign * m1
    den = den + two
  end
  return 4.0 * s
end

print(string.format("%.6e", series(1000000)))
