// MODE: opt
// ARGS: -allow-unregistered-dialect
#transpose = affine_map<(d0,d1)->(d1,d0)>
func.func @f(%m: memref<4x?xf32, #transpose>, %t: tuple<i32,f32>) {
  "foo.op"() {bytes = dense<"0x01000000"> : tensor<4xi32>, shape = #corert.shape<1x2x3>} : () -> ()
  tfrt.return
}
