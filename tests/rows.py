#!/usr/bin/env python3
"""tests/rows.py TFRUN OUTDIR -- every row of the op table is exercised by
some golden test (make rows, part of make test).

A row counts as exercised when its op name appears in a golden program
(testdata/, examples/). The rows no hand-written program names are mostly
the dtype and rank variants of one kernel (tfrt_dht.*.DT, tfrt_dht_sync.*,
create_uninitialized_tensor.DT.R): for those this script writes golden
programs into OUTDIR, one function per row, with CHECK lines it works out
itself from docs/kernel-behaviour.md's rules (how each dtype prints, what
each kernel does) -- never from tfrun's output -- and runs them with
`tfrun test OUTDIR`. A row that neither a program in the tree nor a
template here exercises fails the check, named.

The programs are build products (OUTDIR is under build/), not part of the
tree.
"""
import os
import re
import struct
import subprocess
import sys

TFRUN, OUT = sys.argv[1], sys.argv[2]

# ---- the rows -----------------------------------------------------------------
ops_text = subprocess.run([TFRUN, "ops"], capture_output=True, text=True, check=True).stdout
rows = [l.split()[0] for l in ops_text.splitlines() if l and not l.startswith(" ")]
row_set = set(rows)

golden = []
for top in ("testdata", "examples"):
    for d, _, files in os.walk(top):
        for f in files:
            if f.endswith(".mlir"):
                with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                    golden.append(fh.read())
golden_text = "\n".join(golden)
# An op name is mentioned when it is not part of a longer name.
def mentioned(name):
    return re.search(r'(?<![\w.])' + re.escape(name) + r'(?![\w.])', golden_text) is not None

todo = [r for r in rows if not mentioned(r)]

# ---- dtypes (docs/kernel-behaviour.md §8) ----------------------------------------
# suffix: (printed dtype, element bytes, MLIR element type, kind)
DT = {
    "i8": ("i8", 1, "i8", "int"), "i16": ("i16", 2, "i16", "int"), "i32": ("i32", 4, "i32", "int"),
    "i64": ("i64", 8, "i64", "int"), "ui8": ("u8", 1, "ui8", "uint"), "ui16": ("u16", 2, "ui16", "uint"),
    "ui32": ("u32", 4, "ui32", "uint"), "ui64": ("u64", 8, "ui64", "uint"), "bool": ("i1", 1, "i1", "bool"),
    "f16": ("f16", 2, "f16", "float"), "bf16": ("bf16", 2, "bf16", "float"), "f32": ("f32", 4, "f32", "float"),
    "f64": ("f64", 8, "f64", "float"), "complex64": ("complex64", 8, "f32", "complex"),
    "complex128": ("complex128", 16, "f64", "complex"),
}

def e6(x):
    """A float as tfrun prints tensor elements: %.6e."""
    return "%.6e" % x

def half_bits(dt, x):
    """The 16 bits of x as an f16 (IEEE half) or a bf16 (the top half of
    the f32; the values used here are exact in both)."""
    if dt == "f16":
        return struct.unpack("<H", struct.pack("<e", x))[0]
    return struct.unpack("<I", struct.pack("<f", x))[0] >> 16

def fl(dt, x):
    """A float element of dtype dt as a tensor prints it: %.6e, and f16 and
    bf16 as their bits, fp16(15872) / bf16(16320), as TFRT prints them."""
    if dt == "f16":
        return "fp16(%d)" % half_bits(dt, x)
    if dt == "bf16":
        return "bf16(%d)" % half_bits(dt, x)
    return e6(x)

# Two elements per tensor: their attribute spellings and printed forms.
def values(dt):
    kind, et = DT[dt][3], DT[dt][2]
    if kind in ("int", "uint"):
        return ["3 : %s" % et, "5 : %s" % et], ["3", "5"]
    if kind == "bool":
        return ["true", "false"], ["1", "0"]
    if kind == "float":   # 1.5 and -2.5 are exact in every float type
        return ["1.5 : %s" % et, "-2.5 : %s" % et], [fl(dt, 1.5), fl(dt, -2.5)]
    # complex: real and imaginary parts interleaved
    return (["1.5 : %s" % et, "-2.0 : %s" % et, "0.5 : %s" % et, "4.0 : %s" % et],
            ["(%s,%s)" % (e6(1.5), e6(-2.0)), "(%s,%s)" % (e6(0.5), e6(4.0))])

def tensor_line(dt, shape, printed):
    return "DenseHostTensor dtype = %s, shape = [%s], values = [%s]" % (
        DT[dt][0], ", ".join(str(d) for d in shape), ", ".join(printed))

# ---- templates: row name -> (function body lines, expected output lines) ----------
def fname(row):
    return re.sub(r'[^A-Za-z0-9_]', '_', row)

def create(dt, var, chain_in, chain_out, vals=None):
    """Lines making a 2-element tensor %var of dtype dt, set to values(dt)."""
    attrs, _ = values(dt)
    return ["%%%s = tfrt_dht.create_uninitialized_tensor.%s.1 [2 : i64]" % (var, dt),
            "%%%s = tfrt_dht.set_tensor_with_constant_values.%s %%%s, %%%s [%s]" % (
                chain_out, dt, var, chain_in, ", ".join(vals or attrs))]

def t_create_uninit(row, m):
    dt, r = m.group(1), int(m.group(2))
    dims = [2, 1, 3, 1, 2][:r]
    body = ["%%t = tfrt_dht.create_uninitialized_tensor.%s.%d [%s]" % (
                dt, r, ", ".join("%d : i64" % d for d in dims)),
            "%c0 = tfrt.new.chain",
            '%c1 = "tfrt_dht.print_tensor_shape"(%t, %c0) : (!t.tensor, !tfrt.chain) -> !tfrt.chain']
    return body, ["[%s]" % ", ".join(str(d) for d in dims)]

def t_fill(row, m):
    dt = m.group(1)
    kind, et = DT[dt][3], DT[dt][2]
    v, shown = {"int": ("7 : %s" % et, "7"), "uint": ("7 : %s" % et, "7"), "bool": ("true", "1"),
                "float": ("0.5 : %s" % et, fl(dt, 0.5)),
                "complex": ("0.5 : %s" % et, "(%s,%s)" % (e6(0.5), e6(0.0)))}[kind]
    body = ["%c0 = tfrt.new.chain",
            "%%t = tfrt_dht.create_uninitialized_tensor.%s.1 [2 : i64]" % dt,
            "%%c1 = tfrt_dht.fill_tensor_with_constant.%s %%t, %%c0 %s" % (dt, v),
            "%c2 = tfrt_dht.print_tensor %t, %c1"]
    return body, [tensor_line(dt, [2], [shown, shown])]

def t_set_constant(row, m):
    dt = m.group(1)
    body = ["%c0 = tfrt.new.chain"] + create(dt, "t", "c0", "c1") + ["%c2 = tfrt_dht.print_tensor %t, %c1"]
    return body, [tensor_line(dt, [2], values(dt)[1])]

def scalar_consts(dt):
    """Lines defining %s0, %s1 (the two values) as scalars of dt, or None."""
    kind, et = DT[dt][3], DT[dt][2]
    if kind == "complex":
        if "tfrt.constant.%s" % dt not in row_set:
            return None
        return ["%%s0 = tfrt.constant.%s 1.5, -2.0" % dt, "%%s1 = tfrt.constant.%s 0.5, 4.0" % dt]
    name = "tfrt.constant.%s" % ("i1" if kind == "bool" else et)
    if name not in row_set:
        return None
    lits = {"int": ["3", "5"], "uint": ["3", "5"], "bool": ["1", "0"], "float": ["1.5", "-2.5"]}[kind]
    return ["%%s0 = %s %s" % (name, lits[0]), "%%s1 = %s %s" % (name, lits[1])]

def t_set_values(row, m):
    dt = m.group(1)
    consts = scalar_consts(dt)
    if consts is None:
        return None
    et = "complex<%s>" % DT[dt][2] if DT[dt][3] == "complex" else DT[dt][2]
    body = ["%c0 = tfrt.new.chain", "%%t = tfrt_dht.create_uninitialized_tensor.%s.1 [2 : i64]" % dt] + consts + [
        '%%c1 = "tfrt_dht.set_tensor_with_values.%s"(%%t, %%c0, %%s0, %%s1) : (!t.tensor, !tfrt.chain, %s, %s) -> !tfrt.chain'
        % (dt, et, et),
        "%c2 = tfrt_dht.print_tensor %t, %c1"]
    return body, [tensor_line(dt, [2], values(dt)[1])]

def t_compare(row, m):
    """tensor_equal / tensor_allclose[.Nulp]: tensors with equal elements
    compare true, a tensor of another shape false (whatever the tolerance:
    100000 ulps spans every 16-bit float)."""
    dt = m.group(2)
    body = (["%c0 = tfrt.new.chain"] + create(dt, "a", "c0", "c1") + create(dt, "b", "c1", "c2") +
            ["%%x = tfrt_dht.create_uninitialized_tensor.%s.1 [3 : i64]" % dt, "%c3 = tfrt.merge.chains %c2"] +
            ['%%e1, %%c4 = "%s"(%%a, %%b, %%c3) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)' % row,
             '%%e2, %%c5 = "%s"(%%a, %%x, %%c4) : (!t.tensor, !t.tensor, !tfrt.chain) -> (i1, !tfrt.chain)' % row,
             "%c6 = tfrt.print.i1 %e1, %c5", "%c7 = tfrt.print.i1 %e2, %c6"])
    return body, ["int1 = 1", "int1 = 0"]

def t_make_tensor(row, m):
    dt = m.group(1)
    size = 2 * DT[dt][1]
    body = ["%c0 = tfrt.new.chain",
            "%%size = tfrt.constant.i64 %d" % size, "%align = tfrt.constant.i64 8",
            "%buf = tfrt_dht.allocate_buffer %size, %align",
            "%s = ts.build_shape [2 : i64]",
            "%%t, %%c1 = tfrt_dht.make_tensor.%s %%buf, %%s, %%c0" % dt,
            '%c2 = "tfrt_dht.print_tensor_shape"(%t, %c1) : (!t.tensor, !tfrt.chain) -> !tfrt.chain']
    return body, ["[2]"]

# tfrt.sync functions: the driver prints what they return or their prints.
def t_sync_create_dense(row, m):
    """A single value fills the tensor (of a complex tensor: the real part)."""
    dt = m.group(1)
    attrs, shown = values(dt)
    shown1 = "(%s,%s)" % (e6(1.5), e6(0.0)) if DT[dt][3] == "complex" else shown[0]
    body = ['%%t = "%s"() {shape = [2 : i64], values = [%s]} : () -> !t.tensor' % (row, attrs[0]),
            "tfrt_dht_sync.print_tensor %t"]
    return ("sync", body, [tensor_line(dt, [2], [shown1, shown1])])

def t_sync_set_constant(row, m):
    dt = m.group(1)
    attrs, shown = values(dt)
    body = ["%%t = tfrt_dht_sync.create_uninitialized_tensor.%s.1 [2 : i64]" % dt,
            "tfrt_dht_sync.set_tensor_with_constant_values.%s %%t [%s]" % (dt, ", ".join(attrs)),
            "tfrt_dht_sync.print_tensor %t"]
    return ("sync", body, [tensor_line(dt, [2], shown)])

def t_sync_make_tensor(row, m):
    dt = m.group(1)
    size = 2 * DT[dt][1]
    body = ["%%size = tfrt.constant_s.i64 %d" % size, "%align = tfrt.constant_s.i64 8",
            '%buf = "tfrt_dht_sync.allocate_buffer"(%size, %align) : (i64, i64) -> !ht.host_buffer',
            '%s = "ts.build_shape"() {value = [2 : i64]} : () -> !ts.shape',
            "%%t = tfrt_dht_sync.make_tensor.%s %%buf, %%s" % dt,
            "tfrt_dht_sync.set_tensor_with_constant_values.%s %%t [%s]" % (dt, ", ".join(values(dt)[0])),
            "tfrt_dht_sync.print_tensor %t"]
    return ("sync", body, [tensor_line(dt, [2], values(dt)[1])])

def t_sync_from_scalar(row, m):
    """TFRT's CreateFromScalar: attributes shape and value, a scalar host
    tensor, printed as ScalarHostTensor (a complex value is its real part,
    the imaginary one 0)."""
    dt = m.group(1)
    kind, et = DT[dt][3], DT[dt][2]
    if kind == "complex":
        lit, shown = "1.5 : %s" % et, "(%s,%s)" % (e6(1.5), e6(0))
    else:
        attrs, printed = values(dt)
        lit, shown = attrs[0], printed[0]
    body = ['%%t = "%s"() {shape = [2 : i64], value = %s} : () -> !t.tensor' % (row, lit),
            "tfrt_dht_sync.print_tensor %t"]
    return ("sync", body, ["ScalarHostTensor dtype = %s, shape = [2], value = %s" % (DT[dt][0], shown)])

def t_sync_create_uninit(row, m):
    """Every dimension 1 (rank 0 too): one element, set and printed."""
    dt, r = m.group(1), int(m.group(2))
    attrs, shown = values(dt)
    one = attrs[:2] if DT[dt][3] == "complex" else attrs[:1]
    body = ["%%t = tfrt_dht_sync.create_uninitialized_tensor.%s.%d [%s]" % (dt, r, ", ".join(["1 : i64"] * r)),
            "tfrt_dht_sync.set_tensor_with_constant_values.%s %%t [%s]" % (dt, ", ".join(one)),
            "tfrt_dht_sync.print_tensor %t"]
    return ("sync", body, [tensor_line(dt, [1] * r, shown[:1])])

def t_constant_s(row, m):
    """A result prints by its declared type: f32 and f64 as %.6e, any other
    type as its spelling and ` value` (docs/execution.md §1.5)."""
    et = m.group(1)
    body = ["%%x = tfrt.constant_s.%s 1.5" % et]
    return ("sync-ret", body, et, "1.500000e+00" if et in ("f32", "f64") else et + " value")

def t_mul_s(row, m):
    et = m.group(1)
    body = ["%%a = tfrt.constant_s.%s 6" % et, "%%b = tfrt.constant_s.%s 7" % et, "%%x = tfrt.mul_s.%s %%a, %%b" % et]
    return ("sync-ret", body, et, "42")

DTS = "|".join(sorted(DT, key=len, reverse=True))
TEMPLATES = [
    (r'tfrt_dht\.create_uninitialized_tensor\.(%s)\.(\d)' % DTS, t_create_uninit),
    (r'tfrt_dht\.fill_tensor_with_constant\.(%s)' % DTS, t_fill),
    (r'tfrt_dht\.set_tensor_with_constant_values\.(%s)' % DTS, t_set_constant),
    (r'tfrt_dht\.set_tensor_with_values\.(%s)' % DTS, t_set_values),
    (r'tfrt_dht\.(tensor_equal|tensor_allclose(?:\.\d+ulp)?)\.(%s)' % DTS, t_compare),
    (r'tfrt_dht\.make_tensor\.(%s)' % DTS, t_make_tensor),
    (r'tfrt_dht_sync\.create_dense_tensor\.(%s)' % DTS, t_sync_create_dense),
    (r'tfrt_dht_sync\.set_tensor_with_constant_values\.(%s)' % DTS, t_sync_set_constant),
    (r'tfrt_dht_sync\.make_tensor\.(%s)' % DTS, t_sync_make_tensor),
    (r'tfrt_dht_sync\.create_from_scalar\.(%s)' % DTS, t_sync_from_scalar),
    (r'tfrt_dht_sync\.create_uninitialized_tensor\.(%s)\.(\d)' % DTS, t_sync_create_uninit),
    (r'tfrt\.constant_s\.(f16|bf16|f32|f64)', t_constant_s),
    (r'tfrt\.mul_s\.(i32|i64)', t_mul_s),
]

# Rows no program can run, each with the reason: they are exercised by a
# generated `// MODE: opt` test (parsed, verified and printed back) instead.
VERIFY_ONLY = [
    (r'tfrt_dht\.set_tensor_with_values\.(i8|ui8|ui16)',
     "no kernel makes a scalar of this type (there is no tfrt.constant of it)"),
]

def verify_only(row):
    for pat, why in VERIFY_ONLY:
        if re.fullmatch(pat, row):
            return why
    return None

# ---- write the programs -----------------------------------------------------------
os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    if f.endswith(".mlir"):
        os.remove(os.path.join(OUT, f))
files = {}
left = []
opt_rows = []
for row in todo:
    if verify_only(row):
        opt_rows.append(row)
        continue
    made = None
    for pat, fn in TEMPLATES:
        m = re.fullmatch(pat, row)
        if m:
            made = fn(row, m)
            break
    if made is None:
        left.append(row)
        continue
    family = row.split(".")[0] + "." + row.split(".")[1]
    name = fname(row)
    out = files.setdefault(family, [])
    out.append("// CHECK-LABEL: --- Running '%s':" % name)
    if made[0] == "sync-ret":
        _, body, et, shown = made
        out.append("func.func @%s() -> %s attributes {tfrt.sync} {" % (name, et))
        out += ["  " + l for l in body] + ["  tfrt.return %%x : %s" % et, "}"]
        out.append("// CHECK-NEXT: '%s' returned %s" % (name, shown))
    else:
        sync = made[0] == "sync"
        body, expect = (made[1], made[2]) if sync else made
        out.append("func.func @%s()%s {" % (name, " attributes {tfrt.sync}" if sync else ""))
        out += ["  " + l for l in body] + ["  tfrt.return", "}"]
        out += ["// CHECK-NEXT: " + e for e in expect]
    out.append("")

# The verify-only rows: each op in generic form in a function that opt
# reads, verifies and prints back.
if opt_rows:
    lines = ["// MODE: opt", "// The rows no program can run (tests/rows.py says why): parsed,",
             "// verified and printed back.", ""]
    for row in opt_rows:
        sig = re.search(r'^%s\n(?:.*\n)?\s+(\(.*\) -> .*)$' % re.escape(row), ops_text, re.M)
        ins, outs = sig.group(1).split(" -> ")
        ins = [t.strip().rstrip(".") for t in ins.strip("()").split(",") if t.strip()]
        outs = outs.strip("()")
        name = fname(row)
        args = ", ".join("%%a%d: %s" % (i, t) for i, t in enumerate(ins))
        uses = ", ".join("%%a%d" % i for i in range(len(ins)))
        lines += ["func.func @%s(%s) {" % (name, args),
                  '  %%r = "%s"(%s) : (%s) -> %s' % (row, uses, ", ".join(ins), outs),
                  "  tfrt.return", "}",
                  "// CHECK-LABEL: func.func @%s(" % name,
                  '// CHECK-NEXT: "%s"' % row, ""]
    files["zz_verify_only"] = lines

for family, lines in files.items():
    path = os.path.join(OUT, "rows_%s.mlir" % fname(family))
    with open(path, "w") as fh:
        fh.write("// Generated by tests/rows.py: one function per op-table row that no\n"
                 "// golden program in the tree runs; expected lines from the rules of\n"
                 "// docs/kernel-behaviour.md.\n\n")
        fh.write("\n".join(lines) + "\n")

# What the generated programs use counts too (a helper kernel of a template).
generated_text = "\n".join("\n".join(v) for v in files.values())
left = [r for r in left if not re.search(r'(?<![\w.])' + re.escape(r) + r'(?![\w.])', generated_text)]
print("rows: %d rows, %d named by golden programs, %d exercised by generated programs in %s "
      "(%d verified only), %d left" % (len(rows), len(rows) - len(todo), len(todo) - len(left), OUT,
                                       len(opt_rows), len(left)))
rc = 0
if files:
    r = subprocess.run([TFRUN, "test", OUT], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stdout.write(r.stdout + r.stderr)
        rc = 1
    else:
        print("rows: generated programs: " + r.stdout.strip().splitlines()[-1])
for row in left:
    print("rows: no golden program runs '%s' (write one, or a template in tests/rows.py)" % row)
    rc = 1
sys.exit(rc)
