#!/usr/bin/python3
"""Data and numpy's answers for testdata/ml/eigen_kernels.mlir: the eigen.*
convolution and batch-normalization kernels of tfrun (kernels/ml_eigen.c),
checked against numpy implementations written from the definitions (direct
sums over the windows, no im2col), in float64 from the float32 data.

usage: /usr/bin/python3 tests/eigen_data.py DIR

Writes DIR/eigen.btf (the operands) and DIR/eigen_expected.btf (the
answers); the tensor numbers are listed in CASES below and in the .mlir
file. Inputs, filters and output gradients are positive, and batch-norm
inputs sit far from their means, so that no answer is a difference of
nearly equal sums: float32 rounding in any order stays within the
tolerances of the test (the script checks a float32 evaluation against the
float64 answer).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ml_data import write_btf  # noqa: E402


def pads(size, win, stride, same):
    """TensorFlow's output size and (before, after) padding of one dimension."""
    if not same:
        return (size - win + stride) // stride, 0, 0
    out = (size + stride - 1) // stride
    need = max(0, (out - 1) * stride + win - size)
    return out, need // 2, need - need // 2


def geometry(x, f, strides, same):
    oh, pt, pb = pads(x.shape[1], f.shape[0], strides[0], same)
    ow, pl, pr = pads(x.shape[2], f.shape[1], strides[1], same)
    xp = np.pad(x, ((0, 0), (pt, pb), (pl, pr), (0, 0)))
    return oh, ow, xp, (pt, pl)


def conv2d(x, f, strides, same):
    oh, ow, xp, _ = geometry(x, f, strides, same)
    out = np.zeros((x.shape[0], oh, ow, f.shape[3]), dtype=x.dtype)
    for i in range(oh):
        for j in range(ow):
            patch = xp[:, i * strides[0]:i * strides[0] + f.shape[0], j * strides[1]:j * strides[1] + f.shape[1], :]
            out[:, i, j, :] = np.einsum("nhwc,hwco->no", patch, f)
    return out


def conv2d_grad_filter(x, dy, fshape, strides, same):
    oh, ow, xp, _ = geometry(x, np.zeros(fshape), strides, same)
    df = np.zeros(fshape, dtype=x.dtype)
    for i in range(oh):
        for j in range(ow):
            patch = xp[:, i * strides[0]:i * strides[0] + fshape[0], j * strides[1]:j * strides[1] + fshape[1], :]
            df += np.einsum("nhwc,no->hwco", patch, dy[:, i, j, :])
    return df


def conv2d_grad_input(dy, f, xshape, strides, same):
    x = np.zeros(xshape, dtype=dy.dtype)
    oh, ow, xp, (pt, pl) = geometry(x, f, strides, same)
    dxp = np.zeros_like(xp)
    for i in range(oh):
        for j in range(ow):
            dxp[:, i * strides[0]:i * strides[0] + f.shape[0], j * strides[1]:j * strides[1] + f.shape[1], :] += \
                np.einsum("no,hwco->nhwc", dy[:, i, j, :], f)
    return dxp[:, pt:pt + xshape[1], pl:pl + xshape[2], :]


def batch_norm(x, scale, offset, mean, var, eps):
    return (x - mean) / np.sqrt(var + eps) * scale + offset


def batch_norm_grad(dy, x, gamma, mean, var, eps):
    axes = (0, 1, 2)
    r = 1 / np.sqrt(var + eps)
    xc = x - mean
    beta_grad = dy.sum(axis=axes)
    gamma_grad = (dy * xc * r).sum(axis=axes)
    dx = gamma * r * (dy - dy.mean(axis=axes) - xc * r * r * (dy * xc).mean(axis=axes))
    return dx, gamma_grad, beta_grad


def close(a, b, ulps):
    """TFRT's closeness (tfrt_dht.tensor_allclose): |a-b| <= eps |a+b| ulps."""
    return np.all(np.abs(a - b) <= np.finfo(np.float32).eps * np.abs(a + b) * ulps)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(7)

    def pos(*shape):
        return (0.5 + rng.random(shape)).astype(np.float32)

    inputs, answers = [], []

    def case(ins, f64_answers, f32_answers, ulps):
        inputs.extend(ins)
        for want, got in zip(f64_answers, f32_answers):
            assert close(got.astype(np.float64), want, ulps / 10), "ill-conditioned: change the data"
            answers.append(want.astype(np.float32))

    d = lambda t: t.astype(np.float64)  # noqa: E731
    # CASES: operands (eigen.btf) -> answers (eigen_expected.btf)
    # 0 x, 1 f -> 0: conv2d valid, strides 1x1
    x, f = pos(2, 5, 5, 3), pos(3, 3, 3, 4)
    case([x, f], [conv2d(d(x), d(f), (1, 1), False)], [conv2d(x, f, (1, 1), False)], 100)
    # 2 x, 3 f -> 1: conv2d same, strides 2x2, a 3x2 filter
    x2, f2 = pos(1, 5, 6, 2), pos(3, 2, 2, 3)
    case([x2, f2], [conv2d(d(x2), d(f2), (2, 2), True)], [conv2d(x2, f2, (2, 2), True)], 100)
    # 4 x, 5 f -> 2: conv2d 1x1 filter, strides 1 (a plain product)
    x3, f3 = pos(2, 3, 3, 4), pos(1, 1, 4, 5)
    case([x3, f3], [conv2d(d(x3), d(f3), (1, 1), False)], [conv2d(x3, f3, (1, 1), False)], 100)
    # 6 x, 7 f, 8 bias -> 3: conv2d.bias same, strides 1
    x4, f4, b4 = pos(1, 4, 4, 3), pos(3, 3, 3, 4), pos(4)
    case([x4, f4, b4], [conv2d(d(x4), d(f4), (1, 1), True) + d(b4)], [conv2d(x4, f4, (1, 1), True) + b4], 100)
    # 9 x, 10 f, 11 scale, 12 offset, 13 mean, 14 var -> 4: conv2d.batch_norm.relu
    # same, strides 1, epsilon 0.001; channel 1's offset drives it below 0.
    x5, f5 = pos(1, 3, 3, 2), pos(2, 2, 2, 2)
    sc, mu, va = pos(2), np.array([-1, -2], np.float32), pos(2)
    off = np.array([0.5, -100], np.float32)
    y64 = np.maximum(batch_norm(conv2d(d(x5), d(f5), (1, 1), True), d(sc), d(off), d(mu), d(va), 0.001), 0)
    y32 = np.maximum(batch_norm(conv2d(x5, f5, (1, 1), True), sc, off, mu, va, np.float32(0.001)), 0)
    case([x5, f5, sc, off, mu, va], [y64], [y32], 100)
    # 15 dy -> 5: conv2d.grad.filter of case 1's geometry (x 2, filter shape of 3)
    dy = pos(1, 3, 3, 3)
    case([dy], [conv2d_grad_filter(d(x2), d(dy), f2.shape, (2, 2), True)],
         [conv2d_grad_filter(x2, dy, f2.shape, (2, 2), True)], 100)
    # -> 6: conv2d.grad.input of case 1's geometry (dy 15, filter 3)
    case([], [conv2d_grad_input(d(dy), d(f2), x2.shape, (2, 2), True)],
         [conv2d_grad_input(dy, f2, x2.shape, (2, 2), True)], 100)
    # 16 x, 17 scale, 18 bias, 19 mean, 20 var -> 7: batch_norm, epsilon 0.0001
    xb = (1 + rng.random((2, 2, 2, 3))).astype(np.float32)
    s6, b6, m6, v6 = pos(3), pos(3), -pos(3), pos(3)
    case([xb, s6, b6, m6, v6], [batch_norm(d(xb), d(s6), d(b6), d(m6), d(v6), 1e-4)],
         [batch_norm(xb, s6, b6, m6, v6, np.float32(1e-4))], 100)
    # 21 dy -> 8, 9, 10: batch_norm.grad of x 16, gamma 17, mean 19, var 20,
    # epsilon 0.0001: input, gamma and beta gradients
    dyb = pos(2, 2, 2, 3)
    case([dyb], list(batch_norm_grad(d(dyb), d(xb), d(s6), d(m6), d(v6), 1e-4)),
         list(batch_norm_grad(dyb, xb, s6, m6, v6, np.float32(1e-4))), 1000)

    write_btf(os.path.join(out, "eigen.btf"), inputs)
    write_btf(os.path.join(out, "eigen_expected.btf"), answers)


if __name__ == "__main__":
    main()
