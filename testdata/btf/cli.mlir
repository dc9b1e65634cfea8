// `tfrun btf` (docs/tools.md §6): pack writes what info lists and print
// shows; every problem is one line on stderr and a non-zero status. The
// offsets: a header of 8 + 3 x 8 = 32 bytes; i32 [2, 2] takes 16 + 16 + 16
// bytes (header, dims, data), f32 [3] 16 + 8 + 12 + 4 of padding, ui16 []
// 16 + 2 + 6 of padding: 144 bytes.
// RUN: cd %T && tfrun btf pack -o a.btf i32:2x2:1,2,3,4 f32:3:0.5 ui16::7
// RUN: cd %T && tfrun btf info a.btf | FileCheck %s --check-prefix=INFO
// INFO: a.btf: 3 tensors, 144 bytes
// INFO-NEXT: 0: i32 [2, 2] at 32
// INFO-NEXT: 1: f32 [3] at 80
// INFO-NEXT: 2: u16 [] at 120
// RUN: cd %T && tfrun btf print a.btf 2 0 | FileCheck %s --check-prefix=PRINT
// PRINT: 2: DenseHostTensor dtype = u16, shape = [], values = [7]
// PRINT-NEXT: 0: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]
// RUN: cd %T && tfrun btf print a.btf | FileCheck %s --check-prefix=ALL
// ALL: 1: DenseHostTensor dtype = f32, shape = [3], values = [5.000000e-01, 5.000000e-01, 5.000000e-01]
// RUN: cd %T && not tfrun btf print a.btf 3 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: a.btf: tensor 3: invalid tensor index 3 to read tensor from path a.btf which contains 3 tensors
// RUN: cd %T && head -c 110 a.btf > cut.btf && not tfrun btf info cut.btf > out 2> err
// RUN: cd %T && FileCheck %s --check-prefix=CUTOUT < out && FileCheck %s --check-prefix=CUTERR < err
// CUTOUT: cut.btf: 3 tensors, 110 bytes
// CUTOUT-NEXT: 0: i32 [2, 2] at 32
// CUTERR: cut.btf: tensor 1: failed to read tensor data from stream at offset 80: f32 [3] needs 12 bytes, the file has 6 after its dims
// CUTERR-NEXT: cut.btf: tensor 2: failed to read tensor header from stream at offset 120 (the file has 110 bytes)
// RUN: cd %T && not tfrun btf info missing.btf 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing.btf: failed to open file missing.btf for reading
// RUN: not tfrun btf pack -o x.btf f32:2:1,2,3 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tfrun btf pack: 'f32:2:1,2,3' has 3 values for 2 elements
// RUN: not tfrun btf pack -o x.btf bool:2:1 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tfrun btf pack: 'bool' is not a BTF dtype (i8 i16 i32 i64 f32 f64 ui8 ui16 ui32 ui64)
// RUN: not tfrun btf pack -o x.btf f32:2y3:1 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tfrun btf pack: '2y3' is not a shape like 2x3 (at most 16 dimensions)
// RUN: not tfrun btf pack -o x.btf i32:2:1,x 2>&1 | FileCheck %s --check-prefix=VALUES
// VALUES: tfrun btf pack: '1,x' is not a list of i32 values
// RUN: tfrun btf > /dev/null 2>&1; test $? -eq 2
// RUN: tfrun btf frobnicate > /dev/null 2>&1; test $? -eq 2
// RUN: tfrun btf pack f32:1:1 > /dev/null 2>&1; test $? -eq 2
