//===- FieldLimits.h - Instruction field ranges and the PIPE_M rule -*- C++
//-*-===//
//
// The ranges of the Cube instructions' parameter fields as the documents give
// them (cube-reference §5, §6, §10.1, §13.1, §16; [C]), and the PIPE_M rule
// (§13.3). One source for the op verifiers, ascube-verify-target and the
// linalg entry's tiler: a field's limit is named here, never retyped.
//
// Units are those of the field (elements, rows, 32 B blocks, fractals).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MODEL_FIELDLIMITS_H
#define ASCUBE_MODEL_FIELDLIMITS_H

#include <cstdint>

namespace ascube::model::limits {

/// A 16-bit unsigned field: most strides, gaps, start positions and
/// extents (DataCopy blockLen / srcStride / dstStride, ND2NZ dValue /
/// srcDValue / srcNdMatrixStride, LoadData 2D startIndex / srcStride /
/// dstGap, LoadData 3D channelSize / kExtension / mExtension / kStartPt,
/// Fixpipe srcStride / ndNum / dstNdStride).
inline constexpr int64_t kU16Max = 65535;
/// A 15-bit field: LoadData 3D's l1H, l1W, mStartPt (§10.1) and its
/// 950 form's leftTop positions.
inline constexpr int64_t kU15Max = 32767;
/// A 12-bit field: Mmad's m, n, k, DataCopy's blockCount and ndNum,
/// Fixpipe's nSize, LoadData 3D V1's c1Index.
inline constexpr int64_t kU12Max = 4095;
/// An 8-bit unsigned field: LoadData 2D repeatTimes and steps (§6, §8),
/// LoadData 3D's kernel size, dilation, padList and repeatTime (§10.1).
inline constexpr int64_t kU8Max = 255;
/// A 6-bit field: LoadData 3D's strides (§10.1).
inline constexpr int64_t kU6Max = 63;

/// Mmad's m, n and k (§13.1): 12-bit fields, [0, 4095] (0: no operation).
inline constexpr int64_t kMmadDimMax = kU12Max;
/// The largest m of whole 16-row fractal rows within Mmad's 4095: 4080.
inline constexpr int64_t kMmadWholeRowsMax = kMmadDimMax / 16 * 16;

/// DataCopy (§5): blockCount and ND2NZ's ndNum, [0, 4095].
inline constexpr int64_t kCopyCountMax = kU12Max;
/// ND2NZ's nValue (rows of an ND matrix), [0, 16384], and its destination
/// strides dstNzC0Stride / dstNzNStride (32 B units) / dstNzMatrixStride
/// (elements), [0 or 1, 16384].
inline constexpr int64_t kNd2nzRowsMax = 16384;
inline constexpr int64_t kNd2nzDstStrideMax = 16384;
/// DN2NZ (950, §5): dValue (the DN matrix's rows) [0, 2^21 - 1], the source
/// strides srcDnMatrixStride / srcDValue [.., 2^40 - 1] elements.
inline constexpr int64_t kDn2nzDValueMax = (int64_t(1) << 21) - 1;
inline constexpr int64_t kDn2nzSrcStrideMax = (int64_t(1) << 40) - 1;

/// LoadData 3D (§10.1): kernel size and dilation up to 255 (8 bits; V2's
/// filterW / filterH may be 0, a dilation and V1's kernel at least 1),
/// strides [1, 63] (6 bits), padList entries [0, 255] (V1's leftTop
/// positions reach as far before the map, down to -255). V1 (§10.2):
/// fetchFilterW / H [0, 254], jumpStride [1, 127].
inline constexpr int64_t kLoad3DKernelMax = kU8Max;
inline constexpr int64_t kLoad3DDilationMax = kU8Max;
inline constexpr int64_t kLoad3DStrideMax = kU6Max;
inline constexpr int64_t kLoad3DPadMax = kU8Max;
inline constexpr int64_t kLoad3DFetchFilterMax = 254;
inline constexpr int64_t kLoad3DJumpStrideMax = 127;

/// Fixpipe (§16): nSize [0, 4095]; mSize [0, 8192] with NZ2ND (else a
/// 16-bit field); V220's srcNdStride [0, 512].
inline constexpr int64_t kFixpipeNSizeMax = kU12Max;
inline constexpr int64_t kFixpipeNz2ndRowsMax = 8192;
inline constexpr int64_t kFixpipeSrcNdStrideMax = 512;

/// The PIPE_M rule (§13.3, sync_c1): an Mmad accumulating into the L0C
/// tile the previous Mmad wrote needs PipeBarrier<PIPE_M> between them
/// when the previous one covers fewer than 10 whole 16 x 16 fractals,
/// (m / 16) · (n / 16) < 10. (With fewer the M pipe may read the tile
/// before its last write lands.)
inline constexpr int64_t kPipeMMinFractals = 10;
inline constexpr int64_t pipeMFractals(int64_t m, int64_t n) {
  return (m / 16) * (n / 16);
}
inline constexpr bool needsPipeMBarrier(int64_t m, int64_t n) {
  return pipeMFractals(m, n) < kPipeMMinFractals;
}

} // namespace ascube::model::limits

#endif // ASCUBE_MODEL_FIELDLIMITS_H
