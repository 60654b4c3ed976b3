// What ascube-tile-linalg refuses (docs/Constraints.md, tile_c*).
// RUN: ascube-opt %s -split-input-file --no-implicit-verify-target --ascube-tile-linalg=product=atlas_a2 -verify-diagnostics

// tile_c2: linalg.matmul adds to C; without a zero fill the Cube program
// (C = A x B) would compute something else.
func.func @no_fill(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  // expected-error @+1 {{linalg.matmul adds A x B to C, and the Cube program computes C = A x B: fill C with zero (+0.0) right before it [tile_c2]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c3: f16 x f16 -> f16 is no Mmad row on Atlas A2 (f32 C only).
func.func @f16_c(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<16x16xf16>)
  // expected-error @+1 {{f16 x f16 -> f16 is not an Mmad row on atlas_a2; atlas_a2's Mmad rows: bf16 x bf16 -> f32, f16 x f16 -> f32, f32 x f32 -> f32, i8 x i8 -> i32, i4 x i4 -> i32 (docs/Products.md) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf16>)
  return
}

// -----

// tile_c1: a column-major view (memref.transpose) is not a matmul operand
// (DN2NZ takes it; the matmul takes A held K x M through its indexing
// maps instead).
func.func @column_major_view(%AT: memref<32x16xf16>, %B: memref<32x16xf16>, %C: memref<16x16xf32>) {
  %A = memref.transpose %AT (d0, d1) -> (d1, d0) : memref<32x16xf16> to memref<16x32xf16, strided<[1, 16]>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps operands that are static 2-D memrefs in GM (no memory space; row-major, or row-major views of GM: gmview_c1; not a column-major view such as a memref.transpose: give A as K x M or B as N x K with the indexing maps instead): operand #0 (memref<16x32xf16, strided<[1, 16]>>) is a column-major view [tile_c1]}}
  linalg.matmul ins(%A, %B : memref<16x32xf16, strided<[1, 16]>>, memref<32x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c1: a view at a dynamic offset (a subview at a loop's index) is not
// mapped: the refusal says so.
func.func @dynamic_offset(%G: memref<64x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %i: index) {
  %A = memref.subview %G[%i, 0] [16, 16] [1, 1] : memref<64x16xf16> to memref<16x16xf16, strided<[16, 1], offset: ?>>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{indexing maps instead): operand #0 (memref<16x16xf16, strided<[16, 1], offset: ?>>) is a view with a dynamic offset or stride: the pass maps views at static offsets and strides (a memref.subview with constant offsets) [tile_c1]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16, strided<[16, 1], offset: ?>>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c1: an argument whose layout is known only at run time (one-shot
// bufferization's default at function boundaries) is refused saying how to
// bufferize instead.
func.func @default_bufferized(%A: memref<16x16xf16, strided<[?, ?], offset: ?>>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{operand #0 (memref<16x16xf16, strided<[?, ?], offset: ?>>) is an argument whose layout is known only at run time, as one-shot bufferization gives function arguments by default: bufferize with function-boundary-type-conversion=identity-layout-map, or hand ascube-tile-linalg the tensor function (it bufferizes it so) [tile_c1]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16, strided<[?, ?], offset: ?>>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c1: dynamic shapes are not mapped.
func.func @dynamic(%A: memref<?x16xf16>, %B: memref<16x16xf16>, %C: memref<?x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<?x16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps operands that are static 2-D memrefs in GM (no memory space; row-major, or row-major views of GM: gmview_c1; not a column-major view such as a memref.transpose: give A as K x M or B as N x K with the indexing maps instead): operand #0 (memref<?x16xf16>) has a dynamic shape: ascube maps static shapes (each instruction's sizes are fields of it); give the function static types, e.g. specialize it for the shapes it runs [tile_c1]}}
  linalg.matmul ins(%A, %B : memref<?x16xf16>, memref<16x16xf16>) outs(%C : memref<?x16xf32>)
  return
}

// -----

// tile_c1: a permuted C (MLIR 22's indexing maps) is not mapped.
func.func @permuted_c(%A: memref<16x32xf16>, %B: memref<32x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps C[m, n] += A[m, k] * B[k, n] with A or B transposed; these indexing maps (broadcast or permuted C) are not mapped [tile_c1]}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>]
      ins(%A, %B : memref<16x32xf16>, memref<32x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c3: an unsigned cast of int8 operands (the Cube reads int8 signed).
func.func @unsigned(%A: memref<16x32xi8>, %B: memref<32x32xi8>, %C: memref<16x32xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<16x32xi32>)
  // expected-error @+1 {{ascube-tile-linalg maps linalg's signed casts of the operands (cast_signed); cast_unsigned is not mapped [tile_c3]}}
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<16x32xi8>, memref<32x32xi8>) outs(%C : memref<16x32xi32>)
  return
}

// -----

// tile_c1: a matmul outside a func.func (here an llvm.func) is refused,
// not a crash.
llvm.func @not_a_func() {
  %A = memref.alloc() : memref<16x16xf16>
  %B = memref.alloc() : memref<16x16xf16>
  %C = memref.alloc() : memref<16x16xf32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps linalg ops in a func.func [tile_c1]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  llvm.return
}

// -----

// tile_c2: a -0.0 fill is not the Cube's C = A x B (-0.0 + x keeps a -0.0
// that A x B alone does not).
func.func @negative_zero_fill(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant -0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{fill C with zero (+0.0) right before it; the linalg.fill right before it fills f32 -0.0 [tile_c2]}}
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c2: the fill zeroes the buffer C is a view of, not C: the refusal
// says so (the fill is the kernel's own op, the program would not start
// from it).
func.func @parent_fill(%A: memref<16x32xf16>, %B: memref<32x16xf16>, %P: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%P : memref<32x32xf32>)
  %C = memref.subview %P[8, 8] [16, 16] [1, 1] : memref<32x32xf32> to memref<16x16xf32, strided<[32, 1], offset: 264>>
  // expected-error @+1 {{fill C with zero (+0.0) right before it; the linalg.fill before it fills memref<32x32xf32>, not the output itself (memref<16x16xf32, strided<[32, 1], offset: 264>>): fill the very value the op writes}}
  linalg.matmul ins(%A, %B : memref<16x32xf16>, memref<32x16xf16>) outs(%C : memref<16x16xf32, strided<[32, 1], offset: 264>>)
  return
}

// -----

// tile_c3: 4-bit operands pass the Mmad table (s4 x s4 -> s32 on A2) but
// are refused before any instruction is generated.
func.func @int4(%A: memref<16x64xi4>, %B: memref<64x16xi4>, %C: memref<16x16xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<16x16xi32>)
  // expected-error @+1 {{i4 x i4: 4-bit integer operands are not mapped yet (ND2NZ moves them as bytes and LoadDataWithTranspose takes a K x N int4 B only in 64 x 64 squares) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x64xi4>, memref<64x16xi4>) outs(%C : memref<16x16xi32>)
  return
}

// -----

// tile_c3: 4-bit floats are multiplied by MmadMx only, which A2 lacks.
func.func @fp4(%A: memref<16x64xf4E2M1FN>, %B: memref<64x16xf4E2M1FN>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{f4E2M1FN x f4E2M1FN -> f32 is no MmadMx pair on atlas_a2: 4-bit floats are multiplied only by MmadMx, an e2m1/e1m2 pair -> f32 (Ascend 950, §15, docs/Products.md) [tile_c3]}}
  linalg.matmul ins(%A, %B : memref<16x64xf4E2M1FN>, memref<64x16xf4E2M1FN>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c1: K = 0 leaves C the fill; nothing for the Cube to compute.
func.func @empty_k(%A: memref<16x0xf16>, %B: memref<0x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{K = 0: C is the zero fill and there is nothing for the Cube to compute}}
  linalg.matmul ins(%A, %B : memref<16x0xf16>, memref<0x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// target_c2: a nested module that targets another product than the option.
module {
  // expected-error @+1 {{'builtin.module' targets ascend950pr, not atlas_a2: drop its ascube.target or name ascend950pr [target_c2]}}
  module attributes {ascube.target = #ascube.target<ascend950pr>} {
    func.func @other(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
      %z = arith.constant 0.0 : f32
      linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
      linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
      return
    }
  }
}

// -----

// tile_c1: a matvec's vector must be a static 1-D memref in GM.
func.func @matvec_dynamic(%A: memref<16x16xf16>, %x: memref<?xf16>, %y: memref<16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<16xf32>)
  // expected-error @+1 {{ascube-tile-linalg maps a matrix and vectors that are static 2-D and 1-D memrefs in GM (no memory space; row-major, or row-major views of GM: gmview_c1; not a column-major view such as a memref.transpose): operand #1 (memref<?xf16>) has a dynamic shape: ascube maps static shapes (each instruction's sizes are fields of it); give the function static types, e.g. specialize it for the shapes it runs [tile_c1]}}
  linalg.matvec ins(%A, %x : memref<16x16xf16>, memref<?xf16>) outs(%y : memref<16xf32>)
  return
}

// -----

// tile_c12: an input sharing GM bytes with the output (rows 16-23 of C are
// both in A and in the output view): the blocks would read A part-written.
!M = memref<48x48xf32>
func.func @input_meets_output(%C: !M, %B: !M) {
  %z = arith.constant 0.0 : f32
  %top = memref.subview %C[0, 0] [24, 48] [1, 1] : !M to memref<24x48xf32, strided<[48, 1]>>
  %mid = memref.subview %C[16, 0] [24, 48] [1, 1] : !M to memref<24x48xf32, strided<[48, 1], offset: 768>>
  linalg.fill ins(%z : f32) outs(%mid : memref<24x48xf32, strided<[48, 1], offset: 768>>)
  // expected-error @+1 {{'linalg.matmul' op input 0 may share GM bytes with the output (views of one buffer that meet, or a buffer the pass cannot see into): the Cube program reads the inputs while the blocks write output tiles, so it would read them part-written; copy the input to a buffer of its own first [tile_c12]}}
  linalg.matmul ins(%top, %B : memref<24x48xf32, strided<[48, 1]>>, !M) outs(%mid : memref<24x48xf32, strided<[48, 1], offset: 768>>)
  return
}

// -----

// tile_c12: B is the output itself.
func.func @output_as_input(%A: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  // expected-error @+1 {{input 1 may share GM bytes with the output}}
  linalg.matmul ins(%A, %C : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile_c2: the zero fill of C with a view made between it and the matmul:
// the refusal says where the fill is.
func.func @fill_apart(%G: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  %A = memref.subview %G[0, 0] [16, 32] [1, 1] : memref<32x32xf16> to memref<16x32xf16, strided<[32, 1]>>
  // expected-error @+1 {{fill C with zero (+0.0) right before it; the zero fill of the output is 1 op(s) before it: move it right before the op [tile_c2]}}
  linalg.matmul ins(%A, %B : memref<16x32xf16, strided<[32, 1]>>, memref<32x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
