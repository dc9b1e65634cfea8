// Two tfrt_test.do.async bodies, each 10 products of its own two 768x768
// f32 matrices: under --work-queue=mstd:2 the two run at once, one on each
// worker. bench/peers.sh runs it with TFRUN_BLAS_THREADS=1 (tfrun's
// default: one BLAS thread per product, so two busy threads on the two
// workers) and =2 (each product asks OpenBLAS for two threads: four busy
// threads on two cores), and compares wall and CPU time (docs/kernel-
// behaviour.md §12, BLAS threads).
func.func @product(%v: f32) -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt_dht.create_uninitialized_tensor.f32.2 [768 : i64, 768 : i64]
  %c1 = tfrt_dht.fill_tensor_with_constant.f32 %a, %ch0 0.5 : f32
  %b = tfrt_dht.create_uninitialized_tensor.f32.2 [768 : i64, 768 : i64]
  %c2 = tfrt_dht.fill_tensor_with_constant.f32 %b, %c1 0.25 : f32
  %c = tfrt_dht.create_uninitialized_tensor.f32.2 [768 : i64, 768 : i64]
  %n = tfrt.constant.i32 10
  %r:4 = tfrt.repeat.i32 %n, %a, %b, %c, %c2 : !t.tensor, !t.tensor, !t.tensor, !tfrt.chain {
    %next = "tfrt_dht.matmul.f32"(%a, %b, %c, %c2) : (!t.tensor, !t.tensor, !t.tensor, !tfrt.chain) -> !tfrt.chain
    tfrt.return %a, %b, %c, %next : !t.tensor, !t.tensor, !t.tensor, !tfrt.chain
  }
  tfrt.return %r#3 : !tfrt.chain
}

func.func @main() -> (!tfrt.chain, !tfrt.chain) {
  %v = tfrt.constant.f32 1.0
  %ra = tfrt_test.do.async %v : (f32) -> (!tfrt.chain) {
    %r = tfrt.call @product(%v) : (f32) -> !tfrt.chain
    tfrt.return %r : !tfrt.chain
  }
  %rb = tfrt_test.do.async %v : (f32) -> (!tfrt.chain) {
    %r = tfrt.call @product(%v) : (f32) -> !tfrt.chain
    tfrt.return %r : !tfrt.chain
  }
  tfrt.return %ra, %rb : !tfrt.chain, !tfrt.chain
}
