-- bench/collatz.mlir in Lua: total Collatz steps for starting values 1..N
-- (i64 arithmetic; even: n // 2, odd: 3n + 1, until n reaches 1).
local function collatz_total(n)
  local zero, one, two, three = 0, 1, 2, 3
  local start, total = 0, 0
  for _ = 1, n do
    start = start + one
    local x, steps = start, zero
    while two <= x do
      local q, r = x // two, x % two
      if r == zero then x = q else x = x * three + one end
      steps = steps + one
    end
    total = total + steps
  end
  return total
end

print(collatz_total(10000))
