//===- Data.cpp - ascube-run: argument buffers, files, comparison ---------===//
//
// The host side of kernel arguments (Data.h): buffers, .bin / .npy files,
// the comparison with a golden file.
//
//===----------------------------------------------------------------------===//

#include "Data.h"
#include "ascube/Dialect/Ascube/IR/AscubeDialect.h"
#include "ascube/Numerics/Formats.h"
#include "ascube/Numerics/Packing.h"
#include "ascube/Timing/KernelTimer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace ascube::run;
using llvm::StringRef;

std::error_code ascube::run::writable(StringRef path) {
  return ascube::timing::writablePath(path.str());
}

void ascube::run::fail(const llvm::Twine &msg) {
  llvm::errs() << "ascube-run: " << msg << "\n";
  exit(2);
}

/// `bytes` bytes of host memory, every byte `fill` (each page written once),
/// or a one-line error naming `what`.
Bytes ascube::run::allocateBytes(const llvm::Twine &what, int64_t bytes,
                                 int fill) {
  size_t size = llvm::alignTo(std::max<int64_t>(bytes, 1), 64);
  Bytes p(static_cast<char *>(std::aligned_alloc(64, size)));
  if (!p)
    fail(what + ": cannot allocate " + llvm::Twine(bytes) + " bytes");
  if (fill >= 0)
    std::memset(p.get(), fill, size);
  return p;
}

/// Byte size of a CPU storage memref; std::nullopt when it overflows or
/// exceeds what ascube-run allocates (1 TiB).
std::optional<int64_t> ascube::run::storageBytes(MemRefType t) {
  int64_t bytes = std::max<int64_t>(1, t.getElementTypeBitWidth() / 8);
  for (int64_t d : t.getShape())
    if (llvm::MulOverflow(bytes, d, bytes))
      return std::nullopt;
  if (bytes > (int64_t(1) << 40))
    return std::nullopt;
  return bytes;
}

/// numpy dtype string of an element type, for .npy files.
static std::string npyDescr(Type t) {
  if (t.isF16())
    return "<f2";
  if (t.isF32())
    return "<f4";
  if (t.isBF16())
    return "<u2"; // numpy has no bf16: raw 16-bit patterns
  unsigned bits = ascube::getElementBitWidth(t).value_or(8);
  if (bits <= 8)
    return t.isSignedInteger() || t.isSignlessInteger(8) ? "|i1" : "|u1";
  bool u = t.isUnsignedInteger();
  return llvm::formatv("<{0}{1}", u ? "u" : "i", bits / 8).str();
}

/// The shape a .npy header gives ("(30, 70)", "(7,)", "()").
static std::optional<SmallVector<int64_t>> npyShape(StringRef header) {
  size_t at = header.find("'shape':");
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef rest = header.drop_front(at + 8).ltrim();
  if (!rest.consume_front("("))
    return std::nullopt;
  StringRef tuple = rest.take_until([](char c) { return c == ')'; });
  if (tuple.size() == rest.size())
    return std::nullopt;
  SmallVector<int64_t> shape;
  SmallVector<StringRef> parts;
  tuple.split(parts, ',');
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue; // the trailing comma of a 1-tuple
    int64_t d;
    if (part.getAsInteger(10, d) || d < 0)
      return std::nullopt;
    shape.push_back(d);
  }
  return shape;
}

/// Reads a .bin (raw) or .npy file into exactly `bytes` bytes at `out`.
void ascube::run::readData(StringRef argName, StringRef path, int64_t bytes,
                           MemRefType type, MemRefType storage, char *out) {
  Type elem = type.getElementType();
  // Only regular files of a plausible size are read (no /dev/zero).
  llvm::sys::fs::file_status st;
  if (std::error_code ec = llvm::sys::fs::status(path, st))
    fail(llvm::formatv("argument {0}: cannot read '{1}': {2}", argName, path,
                       ec.message()));
  if (st.type() != llvm::sys::fs::file_type::regular_file)
    fail(llvm::formatv("argument {0}: '{1}' is not a regular file", argName,
                       path));
  if (st.getSize() > uint64_t(bytes) + (uint64_t(1) << 20))
    fail(llvm::formatv("argument {0}: '{1}' holds {2} bytes, but {3} needs "
                       "{4}",
                       argName, path, st.getSize(), type, bytes));
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buf)
    fail(llvm::formatv("argument {0}: cannot read '{1}': {2}", argName, path,
                       buf.getError().message()));
  StringRef content = (*buf)->getBuffer();
  if (path.ends_with(".npy")) {
    if (!content.starts_with("\x93NUMPY") || content.size() < 10)
      fail(llvm::formatv("argument {0}: '{1}' is not a .npy file", argName,
                         path));
    unsigned major = uint8_t(content[6]);
    if (major < 1 || major > 3)
      fail(llvm::formatv("argument {0}: '{1}' is a .npy file of version {2}; "
                         "versions 1 to 3 are read",
                         argName, path, major));
    size_t hlen, hstart;
    if (major == 1) {
      hlen = uint8_t(content[8]) | (uint8_t(content[9]) << 8);
      hstart = 10;
    } else {
      if (content.size() < 12)
        fail(llvm::formatv("argument {0}: '{1}' is a truncated .npy file",
                           argName, path));
      hlen = uint32_t(uint8_t(content[8])) |
             uint32_t(uint8_t(content[9])) << 8 |
             uint32_t(uint8_t(content[10])) << 16 |
             uint32_t(uint8_t(content[11])) << 24;
      hstart = 12;
    }
    if (hstart + hlen > content.size())
      fail(llvm::formatv("argument {0}: '{1}' is a truncated .npy file",
                         argName, path));
    StringRef header = content.substr(hstart, hlen);
    std::string want = npyDescr(elem);
    if (!header.contains("'descr': '" + want + "'"))
      fail(llvm::formatv("argument {0}: '{1}' holds a different dtype than "
                         "{2} (numpy '{3}'); header {4}",
                         argName, path, elem, want, header.trim()));
    if (header.contains("'fortran_order': True"))
      fail(llvm::formatv("argument {0}: '{1}' is Fortran-ordered; save it "
                         "C-ordered",
                         argName, path));
    if (!header.contains("'fortran_order': False"))
      fail(llvm::formatv("argument {0}: '{1}' has a malformed .npy header "
                         "(no fortran_order): {2}",
                         argName, path, header.trim()));
    std::optional<SmallVector<int64_t>> shape = npyShape(header);
    if (!shape)
      fail(llvm::formatv("argument {0}: '{1}' has a malformed .npy header "
                         "(no shape): {2}",
                         argName, path, header.trim()));
    if (ArrayRef<int64_t>(*shape) != storage.getShape())
      fail(llvm::formatv(
          "argument {0}: '{1}' holds an array of shape ({2}), "
          "but {3} is stored as ({4})",
          argName, path,
          llvm::join(llvm::map_range(
                         *shape, [](int64_t d) { return std::to_string(d); }),
                     ", "),
          type,
          llvm::join(
              llvm::map_range(storage.getShape(),
                              [](int64_t d) { return std::to_string(d); }),
              ", ")));
    content = content.substr(hstart + hlen);
  }
  if (int64_t(content.size()) != bytes)
    fail(llvm::formatv("argument {0}: '{1}' holds {2} bytes of data, but {3} "
                       "needs {4}",
                       argName, path, content.size(), type, bytes));
  if (bytes)
    std::memcpy(out, content.data(), bytes);
}

void ascube::run::writeData(const Arg &a, StringRef path) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    fail(llvm::formatv("argument {0}: cannot write '{1}': {2}", a.name, path,
                       ec.message()));
  if (path.ends_with(".npy")) {
    std::string shape;
    if (a.type.getRank() == 1)
      shape = llvm::formatv("({0},)", a.storage.getNumElements()).str();
    else
      shape = "(" +
              llvm::join(
                  llvm::map_range(a.storage.getShape(),
                                  [](int64_t d) { return std::to_string(d); }),
                  ", ") +
              (a.storage.getRank() == 1 ? ",)" : ")");
    std::string header =
        llvm::formatv("{{'descr': '{0}', 'fortran_order': False, 'shape': "
                      "{1}, }",
                      npyDescr(a.type.getElementType()), shape)
            .str();
    size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header += '\n';
    os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xFF)
       << char(header.size() >> 8) << header;
  }
  os.write(a.data.get(), a.bytes);
  os.close();
  if (os.has_error()) {
    std::error_code err = os.error();
    os.clear_error();
    fail(llvm::formatv("argument {0}: cannot write '{1}': {2}", a.name, path,
                       err.message()));
  }
}

/// Logical element `idx` (physical storage element offset) as a double.
static double decode(Type t, const char *d, int64_t off) {
  auto u8 = [&](int64_t i) { return uint8_t(d[i]); };
  using ascube::numerics::SmallFloat;
  unsigned bits = ascube::getElementBitWidth(t).value_or(8);
  if (bits == 4) {
    uint8_t code =
        ascube::numerics::getNibble(reinterpret_cast<const uint8_t *>(d), off);
    if (isa<Float4E2M1FNType>(t))
      return ascube::numerics::decodeSmallFloat(SmallFloat::F4E2M1, code);
    if (isa<ascube::Float4E1M2Type>(t))
      return ascube::numerics::decodeSmallFloat(SmallFloat::F4E1M2, code);
    return ascube::numerics::decodeInt4(code);
  }
  if (isa<Float8E4M3FNType>(t))
    return ascube::numerics::decodeSmallFloat(SmallFloat::F8E4M3FN, u8(off));
  if (isa<Float8E5M2Type>(t))
    return ascube::numerics::decodeSmallFloat(SmallFloat::F8E5M2, u8(off));
  if (isa<Float8E8M0FNUType>(t))
    return ascube::numerics::decodeSmallFloat(SmallFloat::F8E8M0, u8(off));
  if (isa<ascube::HiFloat8Type>(t))
    return ascube::numerics::decodeSmallFloat(SmallFloat::HiF8, u8(off));
  int64_t nb = bits / 8;
  uint64_t raw = 0;
  for (int64_t i = 0; i < nb; ++i)
    raw |= uint64_t(u8(off * nb + i)) << (8 * i);
  if (t.isF16() || t.isBF16() || t.isF32()) {
    const llvm::fltSemantics &sem = t.isF16()    ? llvm::APFloat::IEEEhalf()
                                    : t.isBF16() ? llvm::APFloat::BFloat()
                                                 : llvm::APFloat::IEEEsingle();
    llvm::APFloat v(sem, llvm::APInt(bits, raw));
    return v.convertToDouble();
  }
  if (t.isUnsignedInteger())
    return double(raw);
  return double(llvm::SignExtend64(raw, bits));
}

bool ascube::run::compare(const Arg &a, const char *golden, double atol,
                          double rtol) {
  auto l = ascube::getFractalLayout(
      a.type, [&] { return emitError(UnknownLoc::get(a.type.getContext())); });
  if (failed(l))
    fail(llvm::formatv("argument {0}: cannot compare a buffer of type {1}",
                       a.name, a.type));
  Type et = a.type.getElementType();
  int64_t n = l->numLogicalElements(), bad = 0, badNaN = 0;
  double maxAbs = 0, maxRel = 0;
  std::optional<llvm::SmallVector<int64_t, 4>> first;
  double firstGot = 0, firstWant = 0;
  llvm::SmallVector<int64_t, 4> idx(l->shape().size(), 0);
  for (int64_t lin = 0; lin < n; ++lin) {
    int64_t rest = lin;
    for (size_t i = idx.size(); i-- > 0;) {
      idx[i] = rest % l->shape()[i];
      rest /= l->shape()[i];
    }
    int64_t off = l->offset(idx);
    double got = decode(et, a.data.get(), off), want = decode(et, golden, off);
    bool ok;
    if (std::isnan(want) || std::isnan(got)) {
      ok = std::isnan(want) && std::isnan(got);
    } else if (std::isinf(want) || std::isinf(got)) {
      ok = got == want;
    } else {
      double diff = std::fabs(got - want);
      maxAbs = std::max(maxAbs, diff);
      if (want != 0)
        maxRel = std::max(maxRel, diff / std::fabs(want));
      ok = diff <= atol + rtol * std::fabs(want);
    }
    if (!ok) {
      badNaN += std::isnan(got) || std::isnan(want);
      if (!bad) {
        first = idx;
        firstGot = got;
        firstWant = want;
      }
      ++bad;
    }
  }
  llvm::outs() << a.name << ": " << n << " elements compared, max abs error "
               << llvm::format("%.3g", maxAbs) << ", max rel error "
               << llvm::format("%.3g", maxRel) << ", " << bad << " mismatches";
  if (badNaN)
    llvm::outs() << " (" << badNaN << " involve NaN, not in the max errors)";
  llvm::outs() << " (atol " << llvm::format("%g", atol) << ", rtol "
               << llvm::format("%g", rtol) << ")\n";
  if (bad) {
    llvm::outs() << "  first mismatch at [";
    llvm::interleaveComma(*first, llvm::outs());
    llvm::outs() << "]: got " << llvm::format("%.9g", firstGot) << ", expected "
                 << llvm::format("%.9g", firstWant) << "\n";
  }
  return bad == 0;
}
