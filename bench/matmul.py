# bench/matmul.mlir in numpy: 20 products of two 768x768 float32 matrices
# into the same output (numpy's matmul on OpenBLAS); prints the first
# element, 768 * 0.5 * 0.25 = 96.
import numpy as np

a = np.full((768, 768), 0.5, dtype=np.float32)
b = np.full((768, 768), 0.25, dtype=np.float32)
c = np.empty((768, 768), dtype=np.float32)
for _ in range(20):
    np.matmul(a, b, out=c)
print("%.6e" % c[0, 0])
