#!/usr/bin/env python3
"""Seed corpus of the BTF fuzz target (fuzz/fuzz_btf.c): small files in
TFRT's binary tensor format (kernels/btf.h), well-formed ones of every
dtype and ranks 0-4, and a few broken on purpose (cut short, an unknown
dtype, the COO layout, a huge count, an offset past the end).

usage: btf_seeds.py DIR
"""
import os
import struct
import sys

# dtype code -> struct format of one element (TFRT's btf.h order).
CODES = {0: "b", 1: "h", 2: "i", 3: "q", 4: "f", 5: "d", 6: "B", 7: "H", 8: "I", 9: "Q"}


def record(code, dims, values, layout=0):
    data = struct.pack("<%d%s" % (len(values), CODES[code]), *values)
    pad = b"\0" * ((8 - len(data) % 8) % 8)
    head = struct.pack("<QBB6x", len(dims), code, layout)
    return head + struct.pack("<%dq" % len(dims), *dims) + data + pad


def btf(records):
    off = 8 * (1 + len(records))
    offsets = []
    for r in records:
        offsets.append(off)
        off += len(r)
    return struct.pack("<%dQ" % (1 + len(records)), len(records), *offsets) + b"".join(records)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    seeds = {}
    for code in CODES:
        for rank in range(5):
            dims = [2, 3, 1, 2][:rank]
            n = 1
            for d in dims:
                n *= d
            vals = [float(i) / 2 if code in (4, 5) else i for i in range(n)]
            seeds["dtype%d_rank%d" % (code, rank)] = btf([record(code, dims, vals)])
    three = btf([record(2, [2, 2], [1, 2, 3, 4]), record(2, [5], list(range(5))), record(2, [0], [])])
    seeds["three"] = three
    seeds["empty_count"] = struct.pack("<Q", 0)
    seeds["cut_header"] = three[:5]
    seeds["cut_offsets"] = three[:20]
    seeds["cut_data"] = three[:70]
    seeds["bad_dtype"] = btf([record(2, [1], [7])]).replace(b"\x02\x00", b"\x0c\x00", 1)
    seeds["coo_layout"] = btf([record(4, [1], [1.0], layout=1)])
    seeds["huge_count"] = struct.pack("<QQ", 1 << 62, 16) + record(3, [1], [5])
    seeds["offset_past_end"] = struct.pack("<QQ", 1, 1 << 40)
    seeds["negative_dim"] = struct.pack("<QQ", 1, 16) + struct.pack("<QBB6xq", 1, 4, 0, -1)
    for name, data in seeds.items():
        with open(os.path.join(out, name + ".btf"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
