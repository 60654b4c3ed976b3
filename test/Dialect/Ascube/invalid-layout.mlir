// Every rule of #ascube.layout, #ascube.mem and ascube.alloc gives a clear
// diagnostic (docs/Constraints.md labels), and malformed attributes give
// parse errors, never a crash.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown layout format 'Nx'; known formats: ND, DN, Nz, Zz, Zn, Nn, NC1HWC0, ScaleA, ScaleB, SparseIndex (aliases: zN = Nz, nZ = Zn)}}
func.func @f(%a: memref<16x16xf16, #ascube.layout<Nx>>)

// -----

// Format names are case-sensitive: NZ is neither Nz nor its alias zN.
// expected-error @+1 {{unknown layout format 'NZ'}}
func.func @f(%a: memref<16x16xf16, #ascube.layout<NZ>>)

// -----

// expected-error @+1 {{expected a layout format, one of: ND, DN, Nz}}
func.func @f(%a: memref<16x16xf16, #ascube.layout<>>)

// -----

// expected-error @+1 {{NC1HWC0 needs a 5-D shape [N, C1, H, W, C0], got rank 2 [layout_c1]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<NC1HWC0>>)

// -----

// expected-error @+1 {{Nz needs rank >= 2 (…, rows, cols), got rank 1 [layout_c1]}}
func.func @f(%a: memref<16xf16, #ascube.layout<Nz>>)

// -----

// expected-error @+1 {{#ascube.layout<Zz> as a memref layout needs a 2-D (rows, cols) shape, got rank 3 [layout_c1]}}
func.func @f(%a: memref<2x16x16xf16, #ascube.layout<Zz>>)

// -----

// expected-error @+1 {{fractal 0x2 must have positive extents [layout_c2]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [0, 2]>>)

// -----

// expected-error @+1 {{fractal -2x2 must have positive extents [layout_c2]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [-2, 2]>>)

// -----

// expected-error @+1 {{fractal expects [rows, cols], got 1 values [layout_c2]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [2]>>)

// -----

// An empty array is a parse error.
// expected-error @+1 {{fractal expects [rows, cols], got 0 values [layout_c2]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = []>>)

// -----

// A non-integer array is a parse error.
// expected-error @+1 {{expected integer value}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [a, 2]>>)

// -----

// expected-error @+1 {{fractal 8192x2 exceeds 4096 in a dimension [layout_c2]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [8192, 2]>>)

// -----

// expected-error @+1 {{ND has no fractal; remove 'fractal' [layout_c2]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<ND, fractal = [2, 2]>>)

// -----

// expected-error @+1 {{'fractal' given twice}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2], fractal = [2, 2]>>)

// -----

// expected-error @+1 {{unknown layout parameter 'stride'; expected 'fractal' or 'ld'}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, stride = 2>>)

// -----

// expected-error @+1 {{ld = 0 must be positive [layout_c5]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<ND, ld = 0>>)

// -----

// expected-error @+1 {{NC1HWC0 has no leading dimension; remove 'ld' [layout_c5]}}
func.func @f(%a: memref<1x1x2x2x16xf16, #ascube.layout<NC1HWC0, ld = 16>>)

// -----

// expected-error @+1 {{ld = 4 is smaller than the padded column extent 5 [layout_c5]}}
func.func @f(%a: memref<3x5xf16, #ascube.layout<ND, ld = 4>>)

// -----

// expected-error @+1 {{ld = 5 is not a whole number of 2-element fractals [layout_c5]}}
func.func @f(%a: memref<4x4xf16, #ascube.layout<Zz, fractal = [2, 2], ld = 5>>)

// -----

// A derived fractal: 20 rows of Nz need whole 16-row fractals.
// expected-error @+1 {{ld = 16 is smaller than the row extent 20 [layout_c5]}}
func.func @f(%a: memref<20x28xf16, #ascube.layout<Nz, ld = 16>>)

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op ld = 40 is not a whole number of 16-element fractals [layout_c5]}}
  %a = ascube.alloc : memref<20x28xf16, #ascube.layout<Nz, ld = 40>, #ascube.mem<L1>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op 64-bit elements are not a cube data width (4, 8, 16, 32; 64 in ND/DN) [layout_c3]}}
  %a = ascube.alloc : memref<16x16xf64, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op ScaleA holds 8-bit elements (e8m0 scales or packed index bytes), got 16-bit [layout_c3]}}
  %a = ascube.alloc : memref<16x2xf16, #ascube.layout<ScaleA>, #ascube.mem<L1>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op element type 'index' is not a Cube element type [layout_c3]}}
  %a = ascube.alloc : memref<16x16xindex, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op fractal 1x1 of 4-bit elements is not a whole number of bytes [layout_c2]}}
  %a = ascube.alloc : memref<4x4xi4, #ascube.layout<Zz, fractal = [1, 1]>, #ascube.mem<L1>>
  return
}

// -----

func.func @f() {
  // b32 NC1HWC0 has C0 = 8.
  // expected-error @+1 {{'ascube.alloc' op NC1HWC0 last extent must be C0 = 8 for 32-bit elements, got 16 [layout_c4]}}
  %a = ascube.alloc : memref<1x2x4x4x16xf32, #ascube.layout<NC1HWC0>, #ascube.mem<L1>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op allocates in GM; GM buffers are function arguments, give the result an on-core #ascube.mem level [alloc_c1]}}
  %a = ascube.alloc : memref<16x16xf16, #ascube.layout<Nz>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op offset = -512 B must be non-negative [alloc_c2]}}
  %a = ascube.alloc offset -512 : memref<16x16xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op memory space 3 : i64 is not an #ascube.mem level [layout_c1]}}
  %a = ascube.alloc : memref<16x16xf16, #ascube.layout<Nz>, 3>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ascube.alloc' op buffer 'memref<?x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>' needs a static shape [layout_c1]}}
  %a = ascube.alloc : memref<?x16xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
  return
}

// -----

// expected-error @+1 {{unknown memory level 'L2'; known levels: GM, L1, L0A, L0B, L0C, BT, FB, UB, L0A_MX, L0B_MX}}
func.func @f(%a: memref<16x16xf16, #ascube.mem<L2>>)

// -----

// expected-error @+1 {{!ascube.hif8 takes no parameters}}
func.func @f(%a: !ascube.hif8<3>)

// -----

// expected-error @+1 {{!ascube.f4e1m2 takes no parameters}}
func.func @f(%a: !ascube.f4e1m2<"x", 5>)
