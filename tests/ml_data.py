#!/usr/bin/python3
"""Data for tfrun's MNIST-shaped tests (testdata/ml/mnist_shaped.mlir) and
benchmarks (bench/mnist*.mlir), and numpy's answers for them.

usage: /usr/bin/python3 tests/ml_data.py DIR

Writes, in TFRT's binary tensor format (docs/kernel-behaviour.md §13):

  DIR/mnist.btf     0 w1 f32 [784, 512]   1 b1 f32 [512]
                    2 w2 f32 [512, 10]    3 b2 f32 [10]
                    4 x  f32 [100, 784]   5 labels i32 [100]
                    6 one-hot labels f32 [100, 10]
                    (the order of TFRT's mnist_tensors.btf, plus the one-hot)
  DIR/expected.btf  what numpy computes from them, independently of tfrun:
                    0 predictions i32 [100]: argmax(relu(x w1 + b1) w2 + b2)
                    1 accuracy f32 []: the fraction of predictions equal to
                      the labels (0.9 by construction)
                    2-5 w1, b1, w2, b2 after one training step (learning rate
                      0.01) in the formulation of TFRT's mnist_training.mlir,
                      on the whole batch: the error y - onehot of the output,
                      biases by its mean over the batch, weights by the
                      product summed over the batch, the hidden layer's error
                      through w2 before its update and relu's gradient.

The data come from a fixed seed and are built so that the answers do not
depend on summation order: labels are the predictions for 90 rows and
another class for 10, every row's best output leads the second by more than
1e-4, and no hidden unit or sum of the step is near a sign change (the
script checks its float32 answers against float64 within 50 ulps).
"""
import os
import struct
import sys

import numpy as np

CODES = {np.dtype("int8"): 0, np.dtype("int16"): 1, np.dtype("int32"): 2, np.dtype("int64"): 3,
         np.dtype("float32"): 4, np.dtype("float64"): 5, np.dtype("uint8"): 6}
LR = np.float32(0.01)


def write_btf(path, arrays):
    """TFRT's BTF: u64 count, u64 offsets, then per tensor u64 rank, u8
    dtype, u8 layout (0: row-major), 6 bytes of padding, u64 dims, the
    data, zeros to a multiple of 8 bytes. Little-endian."""
    records = []
    for a in arrays:
        a = np.asarray(a, order="C")   # (ascontiguousarray makes a 0-d array 1-d)
        data = a.astype(a.dtype.newbyteorder("<"), copy=False).tobytes()
        pad = b"\0" * ((8 - len(data) % 8) % 8)
        head = struct.pack("<QBB6x", a.ndim, CODES[a.dtype], 0) + struct.pack("<%dq" % a.ndim, *a.shape)
        records.append(head + data + pad)
    offsets, off = [], 8 * (1 + len(records))
    for r in records:
        offsets.append(off)
        off += len(r)
    with open(path, "wb") as f:
        f.write(struct.pack("<%dQ" % (1 + len(records)), len(records), *offsets))
        for r in records:
            f.write(r)


def forward(w1, b1, w2, b2, x):
    a0 = np.maximum(x @ w1 + b1, 0)
    return a0, a0 @ w2 + b2


def step(w1, b1, w2, b2, x, onehot, a0, y):
    """One training step (TFRT's mnist_training.mlir); returns w1, b1, w2, b2."""
    g = y - onehot                                   # flatten, subtract_inplace
    b2n = b2 - g.mean(axis=0) * LR                   # mean_axis_zero, gradient_descent
    w2n = w2 + (-LR) * (a0.T @ g)                    # eigen.matmul(-lr, a0^T, g, 1, w2)
    ga0 = (g @ w2.T) * (a0 > 0)                      # w2 before its update; relu_grad_inplace
    b1n = b1 - ga0.mean(axis=0) * LR
    w1n = w1 + (-LR) * (x.T @ ga0)
    return w1n, b1n, w2n, b2n


def close(a, b, ulps):
    """TFRT's closeness (tfrt_dht.tensor_allclose): |a-b| <= eps |a+b| ulps."""
    return np.all(np.abs(a - b) <= np.finfo(np.float32).eps * np.abs(a + b) * ulps)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20261128)
    f32 = np.float32
    # Positive inputs and weights, and biases that keep each hidden unit
    # on one side of zero for the whole batch (half always active, half
    # never): no relu decision and no sum of the step is close to a sign
    # change, so float rounding in any order cannot move a result by more
    # than a few units in the last place (checked below against float64).
    x = rng.random((100, 784)).astype(f32)
    w1 = (0.002 + rng.random((784, 512)) * 0.004).astype(f32)
    pre = (x @ w1).astype(np.float64)
    on = np.arange(512) % 2 == 0
    b1 = np.where(on, -pre.min(axis=0) + 0.05, -pre.max(axis=0) - 0.05).astype(f32)
    w2 = (0.01 + rng.random((512, 10)) * 0.02).astype(f32)
    b2 = (1.2 + rng.random(10) * 0.1).astype(f32)
    a0, y = forward(w1, b1, w2, b2, x)
    assert a0.dtype == f32 and y.dtype == f32
    top2 = np.sort(y, axis=1)[:, -2:]
    assert np.all(top2[:, 1] - top2[:, 0] > 1e-4), "a near tie: change the seed"
    assert y.min() > 1.05, "an output error y - onehot near zero: change the data"
    pred = np.argmax(y, axis=1).astype(np.int32)
    labels = pred.copy()
    labels[::10] = (labels[::10] + 1) % 10          # 10 wrong of 100
    accuracy = f32(np.mean(pred == labels))
    onehot = np.eye(10, dtype=f32)[labels]
    new = step(w1, b1, w2, b2, x, onehot, a0, y)
    # The same in float64 from the same data: numpy's float32 answers are
    # within a few ulps of it, so tfrun's (another summation order) are
    # within the tests' 1000 of numpy's.
    d = [t.astype(np.float64) for t in (w1, b1, w2, b2, x, onehot)]
    a64, y64 = forward(*d[:5])
    exact = step(*d, a64, y64)
    for got, want in zip(new, exact):
        assert got.dtype == f32 and close(got.astype(np.float64), want, 50), "ill-conditioned: change the data"

    write_btf(os.path.join(out, "mnist.btf"), [w1, b1, w2, b2, x, labels.astype(np.int32), onehot])
    write_btf(os.path.join(out, "expected.btf"), [pred, np.array(accuracy, dtype=f32)] + list(new))


if __name__ == "__main__":
    main()
