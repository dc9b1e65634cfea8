// MLIR's builtin types and attributes beyond the ones tfrun computes with
// (docs/language.md §4, docs/syntax.md): read, kept and printed as mlir-opt-16
// prints them. Affine maps and sets become #map/#set aliases numbered in
// mlir-opt's order (regions, operand types, result types, attributes);
// attribute and type aliases are expanded; dialect types and attributes
// keep their text; hex and complex dense literals are decoded.
#perm = affine_map<(d0,d1)->(d1,d0)>
!int = i32
func.func @types(%a: memref<?x4xf32>, %b: vector<4xi32>, %c: tuple<i32,f32>, %d: index, %e: none,
                 %f: tensor<*xf32>, %g: !int, %h: i4, %i: si8, %j: ui1, %k: f80, %l: f8E4M3FN,
                 %m: memref<2x?xf32, #perm>, %n: vector<2x[4]xf32>, %o: tuple<>, %p: memref<*xi8>,
                 %q: !foo.bar<"x", 3>, %r: tensor<4xf32, "enc">, %s: memref<4xf32, strided<[1], offset: ?>>) {
  "tfrt.return"() : () -> ()
}
func.func @attrs() {
  "x.dense"() {hex = dense<"0x01020304"> : tensor<4xi8>, hex32 = dense<"0x0100000002000000"> : tensor<2xi32>,
               splat = dense<"0x01000000"> : tensor<4xi32>, neg = dense<"0xFFFF"> : tensor<i16>,
               cplx = dense<(1.0, 2.0)> : tensor<complex<f32>>,
               cplx2 = dense<[(1.0, 2.0), (3.0, 4.5)]> : tensor<2xcomplex<f64>>,
               cplx3 = dense<[[(1.0, 2.0)], [(-3.0, 4.5)]]> : tensor<2x1xcomplex<f32>>,
               cplx4 = dense<[[[(0.5, 0.0), (1.0, -1.0)]]]> : tensor<1x1x2xcomplex<f64>>} : () -> ()
  "x.misc"() {arr = array<i64:1,2>, empty = array<f32>, shape = #corert.shape<1x2x3>, ty = !foo.bar<"x",3>,
              tup = tuple<i32,f32>, alias = !int} : () -> ()
  "tfrt.return"() : () -> ()
}
func.func @maps() {
  "x.maps"() {b = affine_map<(d0)->(d0)>, a = affine_map<(d0)->(d0+1)>, p = #perm,
              s = affine_set<(d0) : (d0 >= 0)>} : () -> ()
  %0 = "x.layout"() {c = affine_map<(d0)->(d0 * 2)>} : () -> (memref<4xf32, affine_map<(d0)->(d0*3)>>)
  "tfrt.return"() : () -> ()
}
