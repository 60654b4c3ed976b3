//===- Data.h - ascube-run: argument buffers, files, comparison -*- C++ -*-===//
//
// ascube-run's host side of a kernel argument: its buffer, .bin / .npy
// files in and out, and the comparison with a golden file (docs in
// ascube-run.cpp's header: the file formats, the exit status).
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_TOOLS_ASCUBE_RUN_DATA_H
#define ASCUBE_TOOLS_ASCUBE_RUN_DATA_H

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <system_error>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

namespace ascube::run {

/// Prints "ascube-run: MSG" and exits with status 2 (a usage, file or
/// kernel error).
/// Why `path` could not be written (no error: it could), without
/// creating it: a run that fails later leaves no empty file behind (a full
/// device is only known when written).
std::error_code writable(llvm::StringRef path);

[[noreturn]] void fail(const llvm::Twine &msg);

/// Host memory for a buffer: 64-byte aligned, at least 64 bytes (so a
/// 0-byte buffer still has an address), freed with std::free.
struct FreeBytes {
  void operator()(char *p) const { std::free(p); }
};
using Bytes = std::unique_ptr<char, FreeBytes>;

/// `bytes` bytes of host memory, every byte `fill` (each page written once;
/// `fill` < 0: left as allocated, untouched, for a run that reads none of
/// it: --timeline-only), or a one-line error naming `what`.
Bytes allocateBytes(const llvm::Twine &what, int64_t bytes, int fill = 0);

/// One kernel argument: its IR type, CPU storage type and host buffer.
struct Arg {
  std::string name;
  mlir::MemRefType type;    // as written in the kernel
  mlir::MemRefType storage; // after convert-ascube-to-loops
  Bytes data;               // raw storage, passed to the kernel in place
  int64_t bytes = 0;
};

/// Byte size of a CPU storage memref; std::nullopt when it overflows or
/// exceeds what ascube-run allocates (1 TiB).
std::optional<int64_t> storageBytes(mlir::MemRefType t);

/// Reads a .bin (raw) or .npy file (versions 1-3, C order, `storage`'s
/// shape and dtype) into exactly `bytes` bytes at `out`; fails naming
/// `argName` otherwise.
void readData(llvm::StringRef argName, llvm::StringRef path, int64_t bytes,
              mlir::MemRefType type, mlir::MemRefType storage, char *out);

/// Writes `a`'s storage to `path`, raw or (a .npy path) with a version 1
/// header.
void writeData(const Arg &a, llvm::StringRef path);

/// Compares `a`'s buffer with `golden` over its logical elements (|got -
/// want| <= atol + rtol |want|; NaN matches NaN, infinities match
/// exactly), prints the count, the max errors and the first mismatch;
/// true when all match.
bool compare(const Arg &a, const char *golden, double atol, double rtol);

} // namespace ascube::run

#endif // ASCUBE_TOOLS_ASCUBE_RUN_DATA_H
