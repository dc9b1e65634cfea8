acc = 0
for i in range(1, 1000001):
    if i % 15 == 0:
        acc += 15
    elif i % 5 == 0:
        acc += 5
    elif i % 3 == 0:
        acc += 3
    else:
        acc += 1
print(acc)
