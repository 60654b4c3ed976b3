"""4:2 structured-sparse matmul (cube-reference §3.2, §12, §14) on Atlas A2:
C = A x B where B (K x N) has at most two non-zeros in every group of four
K elements of a column.

The host densifies B into B' (K/2 x N) and 2-bit indices, as §3.2's table
does (the value at position idx0 of the group, the one at 1 + idx1; a
position used twice carries 0 the second time), and lays B' out in Zn and
the index bytes in the SparseIndex layout (§3.2's GM reshapes). The kernel:
A --ND2NZ--> L1 --load_3d--> L0A Zz; B', idx --> L1 --load_sparse--> L0B +
index buffer; mmad_sparse; fixpipe. The golden is the dense product A @ B
of the original matrices (int64, exact).

Usage: sparse.py --runner PATH/ascube-run --out DIR
"""
import os

import numpy as np

from cubetest import Tally, options, run

# The densification table of §3.2: group pattern (1 = non-zero) ->
# (idx0, idx1); the values taken are at positions idx0 and 1 + idx1.
TABLE = {
    (0, 0, 1, 1): (2, 2), (0, 1, 0, 1): (1, 2), (1, 0, 0, 1): (0, 2),
    (0, 1, 1, 0): (1, 1), (1, 0, 1, 0): (0, 1), (1, 1, 0, 0): (0, 0),
    (0, 0, 0, 1): (0, 2), (0, 0, 1, 0): (2, 0), (0, 1, 0, 0): (1, 0),
    (1, 0, 0, 0): (0, 0), (0, 0, 0, 0): (0, 0),
}
# m, k, n, seed, sparse instructions in a callee with argument buffers
CASES = [(16, 64, 32, 0, False), (30, 128, 16, 1, False), (40, 64, 48, 2, False),
         (30, 128, 16, 3, True), (40, 64, 48, 4, "split"), (30, 128, 48, 5, "halves")]


def densify(b):
    k, n = b.shape
    dense = np.zeros((k // 2, n), np.int8)
    idx = np.zeros((k // 2, n), np.uint8)
    for g in range(k // 4):
        for j in range(n):
            grp = b[4 * g:4 * g + 4, j]
            i0, i1 = TABLE[tuple(int(v != 0) for v in grp)]
            p0, p1 = i0, 1 + i1
            dense[2 * g, j] = grp[p0]
            dense[2 * g + 1, j] = grp[p1] if p1 != p0 else 0
            idx[2 * g, j], idx[2 * g + 1, j] = i0, i1
    return dense, idx


def zn(x, rows, cols):
    """(R, C) -> Zn storage with rows x cols fractals, column-major inside
    (the §3.2 GM reshape (R1, C1, cols, rows))."""
    r, c = x.shape
    return x.reshape(r // rows, rows, c // cols, cols).transpose(0, 2, 3, 1).ravel()


def kernel(m, k, n, callee=False):
    """The kernel; with `callee` the sparse instructions run in a function
    whose buffers are arguments, the L0B one placed by ascube.offset as
    the caller's allocation is; with "split" load_sparse runs in the kernel
    and mmad_sparse in a function it calls (one hidden index buffer); with
    "halves" two load_sparse move the first and the second half of B''s
    fractals, the second at a destination offset (its indices land at that
    L0B byte address / 4 in the index buffer, §12)."""
    kd = k // 2
    a_l1 = f"memref<{m}x{k}xi8, #ascube.layout<Nz>, #ascube.mem<L1>>"
    bp = f"memref<{kd}x{n}xi8, #ascube.layout<Zn>"
    ix = f"memref<{kd // 4}x{n}xui8, #ascube.layout<SparseIndex>"
    a0 = f"memref<{m}x{k}xi8, #ascube.layout<Zz>, #ascube.mem<L0A>>"
    b0 = f"memref<{kd}x{n}xi8, #ascube.layout<Zn>, #ascube.mem<L0B>>"
    c0 = f"memref<{m}x{n}xi32, #ascube.layout<Nz>, #ascube.mem<L0C>>"
    sparse = f"""ascube.load_sparse %b1, %i1 to %b0 : {bp}, #ascube.mem<L1>>, {ix}, #ascube.mem<L1>> to {b0}
    ascube.mmad_sparse %a0, %b0 to %c {{k = {k} : i64}} : {a0}, {b0} to {c0}"""
    body, inner = sparse, ""
    if callee == "halves":
        total = (kd // 32) * (n // 16)  # B' fractals, 512 B each
        half = total // 2
        types = f"{bp}, #ascube.mem<L1>>, {ix}, #ascube.mem<L1>> to {b0}"
        body = (f"%h = arith.constant {half * 512} : index\n"
                f"    ascube.load_sparse %b1, %i1 to %b0 {{startIndex = 0 : i64, repeatTimes = {half} : i64}} : {types}\n"
                f"    ascube.load_sparse %b1, %i1 to %b0[%h] {{startIndex = {half} : i64, repeatTimes = {total - half} : i64}} : {types}\n"
                f"    " + sparse.split("\n    ")[1])
    elif callee == "split":
        load, mmad = sparse.split("\n    ")
        body = (load + f"\n    func.call @mm(%a0, %b0, %c) : ({a0}, {b0}, {c0}) -> ()")
        inner = f"""
  func.func @mm(%a0: {a0}, %b0: {b0} {{ascube.offset = 8192 : i64}}, %c: {c0}) {{
    {mmad}
    return
  }}"""
    elif callee:
        body = (f"func.call @sparse(%b1, %i1, %a0, %b0, %c) : ({bp}, #ascube.mem<L1>>, "
                f"{ix}, #ascube.mem<L1>>, {a0}, {b0}, {c0}) -> ()")
        inner = f"""
  func.func @sparse(%b1: {bp}, #ascube.mem<L1>>, %i1: {ix}, #ascube.mem<L1>>, %a0: {a0},
                    %b0: {b0} {{ascube.offset = 8192 : i64}}, %c: {c0}) {{
    {sparse}
    return
  }}"""
    return f"""module attributes {{ascube.target = #ascube.target<atlas_a2>}} {{
  func.func @k(%A: memref<{m}x{k}xi8>, %BP: {bp}>, %IDX: {ix}>, %C: memref<{m}x{n}xi32>) {{
    %a1 = ascube.alloc offset 0 : {a_l1}
    %b1 = ascube.alloc offset 65536 : {bp}, #ascube.mem<L1>>
    %i1 = ascube.alloc offset 131072 : {ix}, #ascube.mem<L1>>
    ascube.data_copy %A to %a1 : memref<{m}x{k}xi8> to {a_l1}
    ascube.data_copy %BP to %b1 : {bp}> to {bp}, #ascube.mem<L1>>
    ascube.data_copy %IDX to %i1 : {ix}> to {ix}, #ascube.mem<L1>>
    %a0 = ascube.alloc offset 0 : {a0}
    ascube.load_3d %a1 to %a0 : {a_l1} to {a0}
    %b0 = ascube.alloc offset 8192 : {b0}
    %c = ascube.alloc offset 0 : {c0}
    {body}
    ascube.fixpipe %c to %C : {c0} to memref<{m}x{n}xi32>
    return
  }}{inner}
}}
"""


def main():
    o = options()
    tally = Tally()
    for i, (m, k, n, seed, callee) in enumerate(CASES):
        rng = np.random.default_rng(20261130 + seed)
        a = rng.integers(-128, 128, (m, k))
        # Every group gets one of the table's patterns, with values != 0.
        pats = list(TABLE)
        b = np.zeros((k, n), np.int64)
        for g in range(k // 4):
            for j in range(n):
                pat = pats[rng.integers(len(pats))]
                for t in range(4):
                    if pat[t]:
                        b[4 * g + t, j] = rng.choice([-1, 1]) * rng.integers(1, 128)
        dense, idx = densify(b)
        packed = (idx[0::4] | (idx[1::4] << 2) | (idx[2::4] << 4) | (idx[3::4] << 6)).astype(np.uint8)
        d = os.path.join(o.out, f"case{i}")
        os.makedirs(d, exist_ok=True)
        with open(d + "/kernel.mlir", "w") as f:
            f.write(kernel(m, k, n, callee))
        a.astype(np.int8).tofile(d + "/A.bin")
        zn(dense, 32, 16).tofile(d + "/BP.bin")
        zn(packed, 8, 16).tofile(d + "/IDX.bin")
        (a @ b).astype(np.int32).tofile(d + "/golden.bin")
        ok, out = run(o.runner, d, "k", ["A", "BP", "IDX"], "C")
        tally.report(f"atlas_a2 sparse {m}x{k}x{n}" + (f" ({'callee' if callee is True else callee})" if callee else ""), ok, out)
    tally.finish("kernels")


if __name__ == "__main__":
    main()
