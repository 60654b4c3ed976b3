//===- AscubeBufferOps.td - buffer ops ---------------------*- tablegen -*-===//
//
// Buffers, ordering and blocks: ascube.alloc (a buffer at a memory level),
// ascube.pipe_barrier, ascube.set_flag / wait_flag, ascube.sync_all (a barrier
// across blocks), ascube.program (a mapped op's program, until
// ascube-insert-sync-all), ascube.block_idx / block_num (the AI core running
// the kernel) and the abstract L1 -> L0 move ascube.load that
// ascube-select-movers turns into instructions (cube-reference §1-§3, §11,
// §13.3). C++: lib/Dialect/Ascube/IR/BufferOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_BUFFER_OPS_TD
#define ASCUBE_BUFFER_OPS_TD

include "ascube/Dialect/Ascube/IR/AscubeBase.td"
include "ascube/Dialect/Ascube/IR/AscubeAttrs.td"
include "ascube/Dialect/Ascube/IR/AscubeTypes.td"
include "ascube/Dialect/Ascube/IR/AscubeEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ascube_AllocOp : Ascube_Op<"alloc", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "A buffer at a memory level of the AI core (cube-reference §1-§3)";
  let description = [{
    Allocates a buffer of the result's memref type at its memory level
    (`#ascube.mem<...>`), optionally at a fixed byte `offset` from the start
    of that level, as Ascend C places LocalTensors in L1, L0A, L0B, L0C, BT,
    FB, UB or the MX buffers. The buffer holds the layout's padded storage:
    rows and columns rounded up to whole fractals.

    The result type must be fully resolvable (ascube::getFractalLayout):
    static shape, a Cube element type (4, 8, 16 or 32 bits; `layout_c3`), an
    #ascube.layout (or the identity = ND), and for NC1HWC0 a last extent
    equal to C0 = 32 B / element size (`layout_c4`). GM is not allocated by
    kernels: pass GM buffers as function arguments (`alloc_c1`). `offset`
    is in bytes and non-negative (`alloc_c2`); alignment and capacity
    against the target product are checked by the target verification.

    Aliasing: two buffers placed at overlapping offsets of one level share
    bytes on the chip, as on the hardware; ascube-verify-target checks that
    no live data is overwritten through the other (`overlap_c2`). MLIR's
    alias analysis, which takes distinct allocations as disjoint, does not
    know this: no upstream pass that moves memory operations across each
    other may run on placed buffers.

    Example:

    ```mlir
    %a = ascube.alloc : memref<30x70xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    %c = ascube.alloc offset 1024 : memref<30x40xf32, #ascube.layout<Nz>, #ascube.mem<L0C>>
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$offset);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$buffer);
  let assemblyFormat = "(`offset` $offset^)? attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}


def Ascube_PipeBarrierOp : Ascube_Op<"pipe_barrier"> {
  let summary = "PipeBarrier<PIPE_x>: later instructions of a pipe wait for its earlier ones (cube-reference §13.3)";
  let description = [{
    Ascend C's PipeBarrier<pipe>: an instruction of `pipe` issued after the
    barrier starts only when the pipe's earlier instructions have finished.
    The CPU execution is sequential, so the barrier changes no value; the
    target verification checks where one is required: consecutive Mmads
    accumulating into the same L0C tile need `ascube.pipe_barrier <M>` (or
    `<ALL>`) between them when the first one's (m/16)·(n/16) < 10
    (`sync_c1`, integer division as in the documents' kernels).

    Pipes: S (scalar), V (vector), M (cube), MTE1 (L1 -> L0), MTE2
    (GM -> L1), MTE3, FIX (Fixpipe), ALL.

    Example:

    ```mlir
    ascube.mmad %a, %b to %c : !A, !B to !C
    ascube.pipe_barrier <M>
    ascube.mmad %a, %b to %c {cmatrixInitVal = false} : !A, !B to !C
    ```
  }];
  let arguments = (ins Ascube_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

class Ascube_FlagOp<string mnemonic, string summaryText, string what>
    : Ascube_Op<mnemonic> {
  let summary = summaryText;
  let description = what # [{

    A flag is one bit per (source pipe, destination pipe, event ID) of the
    AI core running the kernel (each block has its own). SetFlag starts
    when every earlier instruction of the source pipe has finished its reads
    and writes, then sets the bit; it does not hold up the next instruction
    of its pipe. WaitFlag holds up the destination pipe's later instructions
    until the bit is 1, then clears it. Instructions run on their pipes:
    DataCopy GM -> L1 on MTE2, the LoadData family and DataCopy L1 -> BT on
    MTE1, the Mmad family on M, Fixpipe and DataCopy L1 -> FB on FIX.

    - `src -> dst`: one of the Cube core's events (`sync_c2`): MTE2 -> MTE1,
      MTE1 -> MTE2, MTE1 -> M, M -> MTE1, MTE2 -> M, M -> MTE2, M -> FIX,
      FIX -> M, MTE2 -> FIX, FIX -> MTE2, MTE1 -> FIX, FIX -> MTE1,
      FIX -> FIX, MTE3 <-> MTE1, MTE3 <-> MTE2, FIX -> MTE3, S <-> MTE2,
      S <-> MTE3, FIX -> S, M -> S. V (the vector core) and ALL are not
      flag pipes; events with FIX need a product with Fixpipe (`sync_c3`).
    - `event`: an `index`, the event ID, 0-7 (0-3 on the Atlas training
      series; `sync_c3`: constants by ascube-verify-target, every value at
      run time with `ascube-run --check-sync`).

    The CPU runs the instructions in program order, one legal order of many:
    the flags change no value. `ascube-run --check-sync` runs the kernel
    with the flag model and reports two instructions of different pipes
    that touch the same bytes, one writing, with no flag chain (or
    `ascube.pipe_barrier <ALL>`) ordering them (`sync_c4`) — on the chip
    their order, and so the result, is not fixed — a SetFlag of a flag
    already set (`sync_c5`), a WaitFlag no SetFlag before it sets
    (`sync_c6`), a flag still set when the kernel ends (`sync_c7`;
    SetFlag and WaitFlag come in pairs) and, where an Mmad and its Fixpipe
    hand L0C over by unitFlag instead of flags, a block handed over out of
    order (`sync_c8`). Source: Ascend C SetFlag/WaitFlag
    and the CCE set_flag/wait_flag intrinsics (asc-devkit); the pipes of
    the instructions, cube-reference §5-§16.

    Example (the documents' MmadWithSparse kernel):

    ```mlir
    %e0 = arith.constant 0 : index
    ascube.data_copy %a_gm to %a_l1 : memref<16x32xi8> to !A1
    ascube.set_flag <MTE2> -> <MTE1>, %e0
    ascube.wait_flag <MTE2> -> <MTE1>, %e0
    ascube.load_2d %a_l1 to %a_l0 : !A1 to !A2
    ascube.set_flag <MTE1> -> <M>, %e0
    ascube.wait_flag <MTE1> -> <M>, %e0
    ascube.mmad %a_l0, %b_l0 to %c : !A2, !B2 to !C
    ```
  }];
  let arguments = (ins Ascube_PipeAttr:$src, Ascube_PipeAttr:$dst,
                   Index:$event);
  let assemblyFormat = "$src `->` $dst `,` $event attr-dict";
  let hasVerifier = 1;
}

def Ascube_SetFlagOp : Ascube_FlagOp<"set_flag",
    "SetFlag<SRC_DST>(event): the source pipe signals the destination pipe",
    [{
    Ascend C's `SetFlag<HardEvent::SRC_DST>(event)`: once every earlier
    instruction of pipe `src` has finished, sets the flag `(src, dst,
    event)`, which an `ascube.wait_flag` of `dst` waits for.
    }]>;

def Ascube_WaitFlagOp : Ascube_FlagOp<"wait_flag",
    "WaitFlag<SRC_DST>(event): the destination pipe waits for the source pipe",
    [{
    Ascend C's `WaitFlag<HardEvent::SRC_DST>(event)`: the later
    instructions of pipe `dst` start once the flag `(src, dst, event)` is
    set (by an `ascube.set_flag`), which it clears.
    }]>;

def Ascube_SyncAllOp : Ascube_Op<"sync_all"> {
  let summary = "SyncAll(): a barrier across all blocks (AI cores) of the kernel, for GM they share";
  let description = [{
    Ascend C's hardware `SyncAll()`: every block of the kernel waits here
    until all blocks have arrived, so what a block wrote to GM before it is
    there for any block's reads after it, and a block's reads before it are
    done before any block writes after it. Ascend C's implementation first
    issues `PipeBarrier<PIPE_ALL>` (every earlier instruction of the core
    has finished), and the flag model takes it so: it orders every pipe as
    `ascube.pipe_barrier <ALL>` does. No operands, no results.

    Errors:
    - `sync_c9` (ascube-verify-target): the product has SyncAll (the
      Ascend C page lists Atlas A2/A3, Kirin X90 and Kirin 9030, its sample
      also Ascend 950PR/950DT; not the Atlas inference and training series
      nor Atlas 200I/500 A2; docs/Products.md).
    - `sync_c10` (`ascube-run`): all blocks must run at once, so there are
      at most as many blocks as the product has AI cores (on the chip more
      blocks run in rounds and the kernel hangs).
    - `sync_c11` (`ascube-run`): every block passes the same number of
      SyncAlls (one that ends while others wait would hang the chip).

    On the CPU, `ascube-run` runs each block of a kernel with a SyncAll on a
    host thread of its own (whatever `--threads` says) and holds them all at
    each SyncAll; `--check-races` takes two accesses of different blocks
    with a SyncAll between them as ordered (race_c1, race_c2). A kernel
    lowered ahead of time (`--ascube-to-llvm`) calls
    `void __ascube_sync_all(void)`, which its runner provides.

    Example (C2 = C1 · D after C1 = A · B, each block writing some tiles of
    C1 and then reading whole rows of it):

    ```mlir
    ascube.fixpipe %c to %c1_tile : !C to memref<64x48xf32, strided<[48, 1], offset: ?>>
    ascube.sync_all
    ascube.data_copy %c1_rows to %a_l1 : memref<64x48xf32, strided<[48, 1], offset: ?>> to !A1
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Ascube_ProgramOp : Ascube_Op<"program",
    [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "The Cube program of one mapped linalg op, until ascube-insert-sync-all orders it";
  let description = [{
    A marker the linalg entry puts around each op's Cube program
    (`convert-linalg-to-ascube`, docs/Tiling.md): its body is the program
    as it runs on every block — copies, loads, Mmads, Fixpipes and their
    flags, over the buffers the function allocates at its entry (outside
    the region, which is not isolated). `ascube-insert-sync-all` orders
    the programs of each function where blocks hand GM over (an
    `ascube.sync_all` between them, or block 0 only: docs/Tiling.md
    "Blocks") and then inlines every body in place of its marker, so no
    later stage sees one. No operands, no results; one block, no
    terminator. The same on every product.

    Errors: `convert-ascube-to-loops` refuses a module that still holds
    one, saying to run `ascube-insert-sync-all` (`ascube-tile-linalg` and
    the pipelines run it).

    Example:

    ```mlir
    ascube.program {
      ascube.data_copy %a to %a1 {nd2nz, ...} : memref<48x48xf16> to !A1
      ...
      ascube.fixpipe %c0 to %c {...} : !C0 to memref<40x16xf32>
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
}

def Ascube_BlockIdxOp : Ascube_Op<"block_idx", [Pure]> {
  let summary = "GetBlockIdx(): the index of the AI core (block) running the kernel (cube-reference §1)";
  let description = [{
    Ascend C's GetBlockIdx(): the kernel runs once per block, one block per
    AI core (the product's `AICores`, docs/Products.md), each with its own
    on-core memories (L1, L0A/L0B/L0C, BT, FB, UB) and GM shared. This is
    the block's index in [0, block_num), an `index`. On the CPU,
    `ascube-run --blocks N` runs the N blocks (one after another, each from
    freshly filled on-core memories); a plain run is block 0 of 1.

    Example:

    ```mlir
    %i = ascube.block_idx
    %n = ascube.block_num
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def Ascube_BlockNumOp : Ascube_Op<"block_num", [Pure]> {
  let summary = "GetBlockNum(): the number of blocks (AI cores) running the kernel (cube-reference §1)";
  let description = [{
    Ascend C's GetBlockNum(): how many blocks run the kernel, an `index` of
    at least 1 (`ascube-run --blocks N`; 1 by default). See
    `ascube.block_idx`.

    Example:

    ```mlir
    %n = ascube.block_num
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def Ascube_LoadOp : Ascube_Op<"load"> {
  let summary = "An abstract L1 -> L0A/L0B move of a whole tile; ascube-select-movers picks the instructions (cube-reference §11)";
  let description = [{
    Says *what* to move, not how: the whole L1 tile `src` becomes the whole
    L0A/L0B tile `dst`, element for element — dst(r, c) = src(r, c) — or,
    when `dst` is typed as the transpose of a non-square `src` (A held
    K x M for an M x K L0A, B held N x K for a K x N L0B) or `transpose` is
    set, dst(r, c) = src(c, r). The layouts say the rest (L1 Nz; L0A Zz,
    Nz on 950 — the layouts Mmad reads there; L0B Zn).

    `ascube-select-movers` rewrites it into the cheapest legal concrete
    movers of the module's product (LoadData 2D, LoadDataWithTranspose,
    LoadData 3D, LoadData 2D-v2), with a remark saying why; the lowering
    runs that pass first, so `ascube-run` executes `ascube.load` directly.
    An `ascube.load` no legal mover can do is an error there, with a note
    per mover saying which rule refused it. `mover =
    #ascube.mover<load_3d>` (or load_2d, load_2d_transpose, load_2d_v2)
    forces this load's choice, as the pass option `force` does for every
    load; a forced mover that cannot do the move is an error.

    Example:

    ```mlir
    ascube.load %a1 to %a0 : memref<30x40xf16, #ascube.layout<Nz>, #ascube.mem<L1>>
        to memref<30x40xf16, #ascube.layout<Zz>, #ascube.mem<L0A>>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "the L1 tile", [MemRead]>:$src,
                   Arg<AnyMemRef, "the L0A/L0B tile", [MemWrite]>:$dst,
                   UnitAttr:$transpose,
                   OptionalAttr<Ascube_MoverAttr>:$mover);
  let assemblyFormat = [{
    $src `to` $dst attr-dict `:` qualified(type($src)) `to` qualified(type($dst))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether dst holds the transpose of src.
    bool isTransposed();
  }];
}

#endif // ASCUBE_BUFFER_OPS_TD
