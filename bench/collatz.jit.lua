-- bench/collatz.lua for LuaJIT, which reads Lua 5.1 (no `//`): the same
-- loops and tests, the quotient as math.floor(x / two) (exact in doubles
-- for these values, below 2^53).
local floor = math.floor
local function collatz_total(n)
  local zero, one, two, three = 0, 1, 2, 3
  local start, total = 0, 0
  for _ = 1, n do
    start = start + one
    local x, steps = start, zero
    while two <= x do
      local q, r = floor(x / two), x % two
      if r == zero then x = q else x = x * three + one end
      steps = steps + one
    end
    total = total + steps
  end
  return total
end

print(collatz_total(10000))
