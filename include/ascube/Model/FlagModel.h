//===- FlagModel.h - The pipes of one AI core and their flags ---*- C++ -*-===//
//
// The synchronisation model `ascube-run --check-sync` runs a kernel
// against (docs/Constraints.md sync_c3-sync_c8; Ascend C SetFlag/WaitFlag
// and PipeBarrier, cube-reference §13.3). An AI core runs each pipe's
// instructions in order, and different pipes' instructions in any order
// the flags allow: SetFlag(src, dst, id) sets a one-bit flag once every
// earlier instruction of `src` has finished; WaitFlag(src, dst, id) holds
// `dst`'s later instructions until the flag is set, then clears it;
// PipeBarrier<ALL> holds every pipe until all earlier instructions have
// finished. The CPU executes the program in order, which is one of the
// orders the chip may take; the model says whether every order gives the
// same bytes: two instructions of different pipes that touch the same
// bytes, one of them writing, must be ordered by a chain of flags (vector
// clocks, one per pipe; an access history per byte range).
//
// No IR: pipes are small integers (ascube::Pipe's values: S 0, V 1, M 2,
// MTE1 3, MTE2 4, MTE3 5, FIX 6, ALL 7), bytes are host addresses; the
// caller names sites (instructions) by integers and formats the messages.
//
//===----------------------------------------------------------------------===//

#ifndef ASCUBE_MODEL_FLAGMODEL_H
#define ASCUBE_MODEL_FLAGMODEL_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>

namespace ascube::model {

/// The first broken rule of a run.
struct SyncViolation {
  enum Kind {
    /// sync_c3: an event ID outside [0, eventIds).
    EventRange,
    /// sync_c4: two pipes touch the same bytes, unordered.
    Unordered,
    /// sync_c5: SetFlag of a flag already set.
    SetTwice,
    /// sync_c6: WaitFlag of a flag nothing has set.
    WaitUnset,
    /// sync_c7: a flag still set when the kernel ends.
    LeftSet,
    /// sync_c8: unitFlag's L0C hand-over out of order: an Mmad writes a
    /// block whose result no Fixpipe has read yet, or a Fixpipe reads a
    /// block no Mmad has marked ready (unitFlag 3).
    UnitOrder,
  } kind;
  /// The instruction or flag op that breaks the rule, and its pipe;
  /// Unordered: the later access (write: it writes).
  int64_t site = -1;
  unsigned pipe = 0;
  bool write = false;
  /// Unordered: the earlier access; SetTwice / LeftSet: the SetFlag that
  /// set the flag; WaitUnset: the SetFlag of the same pipe pair that set
  /// another ID (`otherEvent`) and is still set, if any.
  int64_t otherSite = -1;
  int64_t otherEvent = -1;
  unsigned otherPipe = 0;
  bool otherWrite = false;
  /// Unordered: the memory (the caller's level number) and the shared
  /// bytes, counted as the later access counts them (its `rel`).
  int level = 0;
  int64_t relLo = 0, relHi = 0;
  /// ... and as host addresses.
  uint64_t addrLo = 0, addrHi = 0;
  /// Flag rules: the event.
  unsigned src = 0, dst = 0;
  int64_t event = 0;
};

class FlagModel {
public:
  static constexpr unsigned kPipes = 8;
  static constexpr unsigned kAll = 7;
  /// The pipes unitFlag hands L0C blocks between: M (Mmad), FIX (Fixpipe).
  static constexpr unsigned kM = 2, kFix = 6;

  /// `eventIds`: the IDs per pipe pair (8; 4 on the Atlas training series);
  /// `unitLevel`: the memory (the caller's level number, L0C) whose 512 B
  /// blocks carry unitFlag's ready bits (-1: none).
  explicit FlagModel(int64_t eventIds = 8, int unitLevel = -1)
      : eventIds(eventIds), unitLevel(unitLevel) {}

  /// Forgets everything: a new block (AI core) starts.
  void reset();

  /// Instruction `site` starts on `pipe` (its accesses follow), with its
  /// unitFlag (cube-reference §13.3: 0 none; 2 or 3 on an Mmad or
  /// Fixpipe, 3 flipping the bits). An M instruction with unitFlag waits
  /// for each L0C block it touches to be read (bit 0) and, with 3, marks
  /// it ready (bit 1); a FIX instruction with unitFlag waits for each
  /// block to be ready and, with 3, marks it read: each wait orders the
  /// pipe after the instruction that flipped the bit, as a WaitFlag does.
  void instruction(int64_t site, unsigned pipe, int64_t unitFlag = 0);
  /// The current instruction reads or writes host bytes [lo, hi), which
  /// are bytes [rel, rel + hi - lo) of memory `level` in the messages.
  void access(int level, uint64_t lo, uint64_t hi, int64_t rel, bool write);

  void setFlag(int64_t site, unsigned src, unsigned dst, int64_t event);
  void waitFlag(int64_t site, unsigned src, unsigned dst, int64_t event);
  /// PipeBarrier<pipe>: only <ALL> orders pipes against each other (a
  /// pipe's own instructions run in order; PIPE_M's Mmad rule is sync_c1,
  /// checked statically).
  void barrier(int64_t site, unsigned pipe);

  /// The kernel ended: every flag must have been waited for (LeftSet).
  void finish();

  /// The first violation, if any (later events are ignored after it).
  const std::optional<SyncViolation> &violation() const { return first; }

private:
  using Clock = std::array<uint64_t, kPipes>;
  struct Epoch {
    unsigned pipe = kPipes; // kPipes: none
    uint64_t n = 0;
    int64_t site = -1;
  };
  struct Segment {
    uint64_t end;
    Epoch write;
    std::array<Epoch, kPipes> reads; // the latest read of each pipe
  };
  struct Flag {
    bool set = false;
    int64_t site = -1;
    Clock clock{};
  };

  /// What `pipe` has finished when it issues its next instruction, with
  /// its own instructions so far: the clock a SetFlag hands on.
  Clock released(unsigned pipe) const;
  bool ordered(const Epoch &e) const;
  void splitAt(uint64_t at);
  /// The flag of an event; null (nothing to do) after a violation, for a
  /// pipe that is none of the flag pipes, or for an ID out of range (then
  /// reported).
  Flag *flag(int64_t site, unsigned src, unsigned dst, int64_t event);
  /// `into` also knows what `from` knows.
  static void join(Clock &into, const Clock &from);
  void report(SyncViolation v);
  /// Reports the current instruction's access of [relLo, relHi) of
  /// `level` (from host byte `addrLo`) against `other`'s.
  void reportAccess(SyncViolation::Kind kind, bool write, const Epoch &other,
                    bool otherWrite, int level, int64_t relLo, int64_t relHi,
                    uint64_t addrLo);
  /// Reports a broken flag rule of event `src -> dst`, `event`.
  void reportFlag(SyncViolation::Kind kind, int64_t site, unsigned src,
                  unsigned dst, int64_t event, int64_t otherSite = -1);

  /// unitFlag's ready bit of each touched 512 B block of unitLevel (by
  /// its `rel` / 512), the instruction that flipped it and its clock.
  struct UnitBit {
    bool ready = false;
    int64_t site = -1;
    unsigned pipe = kPipes;
    Clock clock{};
  };
  void unitAccess(int64_t relLo, int64_t relHi, uint64_t lo);

  int64_t eventIds;
  int unitLevel;
  int64_t currentUnitFlag = 0;
  std::map<int64_t, UnitBit> unitBits;
  /// The blocks the current instruction has waited for already (an
  /// accumulating Mmad reads and writes its C).
  std::set<int64_t> unitSeen;
  std::array<uint64_t, kPipes> issued{};
  std::array<Clock, kPipes> clocks{};
  std::map<uint64_t, Segment> history;
  std::map<int64_t, Flag> flags; // key: (src * kPipes + dst) * 256 + event
  Epoch current;
  std::optional<SyncViolation> first;
};

} // namespace ascube::model

#endif // ASCUBE_MODEL_FLAGMODEL_H
