-- bench/tfrt_fizzbuzz.mlir in Lua: the same loop, divisions and tests
-- (fizzbuzz: i divisible by 6; buzz: by 3, not 2; fizz: by 2, not 3).
-- Prints fizz,buzz,fizzbuzz as tfrun's result line does.
local function fizzbuzz_compute(n)
  local zero, one, two, three, six = 0, 1, 2, 3, 6
  local i, fizz, buzz, fb = 0, 0, 0, 0
  for _ = 1, n do
    i = i + one
    if i % six == zero then
      fb = fb + one
    elseif i % three == zero then
      buzz = buzz + one
    elseif i % two == zero then
      fizz = fizz + one
    end
  end
  return fizz, buzz, fb
end

print(string.format("%d,%d,%d", fizzbuzz_compute(1000000)))
