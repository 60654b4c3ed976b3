// The f16 matmul of matmul_f16.mlir (M = 30, K = 70, N = 40) written with the
// abstract ascube.load: the kernel says what reaches L0A/L0B, and
// ascube-select-movers picks the instructions for the product, with a remark
// saying why (LoadData 3D for both on Atlas A2, cube-reference §11):
//   ascube-opt examples/matmul_load.mlir --ascube-select-movers
// Run: scripts/run-example.sh matmul_load   (ascube-run selects movers itself)
module attributes {ascube.target = #ascube.target<atlas_a2>} {
  func.func @matmul(%A: memref<30x70xf16>, %B: memref<70x40xf16>, %C: memref<30x40xf32>) {
    // The flags between the pipes (ascube.set_flag; docs/Constraints.md
    // "Pipes and flags"): DataCopy GM -> L1 runs on MTE2, the loads on MTE1,
    // Mmad on M, Fixpipe on FIX; each hands its data on with a flag.
    %ev0 = arith.constant 0 : index
    %a1 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %b1 = ascube.alloc offset 5120 : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<30x70xf16> to memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    ascube.data_copy %B to %b1 : memref<70x40xf16> to memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ascube.set_flag <MTE2> -> <MTE1>, %ev0
    ascube.wait_flag <MTE2> -> <MTE1>, %ev0
    ascube.load %a1 to %a0 : memref<30x70xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %b0 = ascube.alloc offset 0 : memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    ascube.load %b1 to %b0 : memref<70x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>> to memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>>
    %c = ascube.alloc offset 0 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <MTE1> -> <M>, %ev0
    ascube.wait_flag <MTE1> -> <M>, %ev0
    ascube.mmad %a0, %b0 to %c : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>,
        memref<70x40xf16, #ascube.layout<Zn>, #ascube.mem<L0B>> to memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ascube.set_flag <M> -> <FIX>, %ev0
    ascube.wait_flag <M> -> <FIX>, %ev0
    ascube.fixpipe %c to %C : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>> to memref<30x40xf32>
    return
  }
}
