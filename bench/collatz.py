# bench/collatz.mlir in Python: total Collatz steps for starting values 1..N
# (even: n // 2, odd: 3n + 1, while 2 <= n).
def collatz_total(n):
    zero, one, two, three = 0, 1, 2, 3
    start = total = 0
    for _ in range(n):
        start = start + one
        x, steps = start, zero
        while two <= x:
            q, r = x // two, x % two
            if r == zero:
                x = q
            else:
                x = x * three + one
            steps = steps + one
        total = total + steps
    return total


print(collatz_total(10000))
