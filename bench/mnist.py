# bench/mnist.mlir in numpy: N inference batches or N training steps of the
# MNIST-shaped network (100x784 -> 512 relu -> 10) on mnist.btf of
# tests/ml_data.py, read from the working directory; the same operations
# as tfrun's kernels, in float32.
# usage: python3 mnist.py inference|training N
import struct
import sys

import numpy as np


def read_btf(path):
    """Every tensor of a BTF file (TFRT's binary tensor format)."""
    data = open(path, "rb").read()
    count = struct.unpack_from("<Q", data, 0)[0]
    out = []
    for i in range(count):
        off = struct.unpack_from("<Q", data, 8 * (i + 1))[0]
        rank, code = struct.unpack_from("<QB", data, off)
        dims = struct.unpack_from("<%dq" % rank, data, off + 16)
        dt = {2: np.int32, 4: np.float32}[code]
        n = int(np.prod(dims))
        out.append(np.frombuffer(data, dt, n, off + 16 + 8 * rank).reshape(dims).copy())
    return out


w1, b1, w2, b2, x, labels, onehot = read_btf("mnist.btf")
f32 = np.float32
lr = f32(0.01)
mode, n = sys.argv[1], int(sys.argv[2])
for _ in range(n):
    a0 = np.maximum(x @ w1 + b1, f32(0))
    y = a0 @ w2 + b2
    if mode == "inference":
        pred = np.argmax(y, axis=1).astype(np.int32)
        acc = np.mean((pred == labels).astype(f32))
        continue
    g = y - onehot
    b2 -= g.mean(axis=0) * lr
    w2t = w2.T.copy()
    w2 += (-lr) * (a0.T @ g)
    ga0 = (g @ w2t) * (a0 > 0)
    b1 -= ga0.mean(axis=0) * lr
    w1 += (-lr) * (x.T @ ga0)
