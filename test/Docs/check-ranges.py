#!/usr/bin/env python3
"""Parameter ranges: the verifiers and docs/Constraints.md say the same.

Every range a verifier checks with a literal bound,

    inRange(emit, "NAME", value, LO, HI, "LABEL")

(lib/Dialect/Ascube/IR/*.cpp), must appear in the row of LABEL in
docs/Constraints.md as `NAME [LO, HI]` (or in a list `A, B [LO, HI]`, or as
`X/Y [LO, HI]` for XW/XH pairs), and the row must give NAME no other range
than the verifier's ones (a bound that depends on the product or a mode is a
C++ expression: such a call is skipped, its alternatives written in the row
in parentheses). The op descriptions (include/.../*Ops.td) that give a
field a range, "`NAME` [LO,HI]", must give one the verifier checks.

Usage: check-ranges.py SOURCE_ROOT. Prints one line per disagreement and
"N ranges checked"; exit status 1 on any disagreement.
"""
import re
import sys
from pathlib import Path

# (label, name) of the ranges whose bounds the verifier computes (a product
# or a mode variant): their alternatives are not compared.
COMPUTED = set()

# Named bounds the verifiers use; those of include/ascube/Model/
# FieldLimits.h (limits::kU16Max, ...) are read from it (field_limits).
CONSTANTS = {
    "u32": 2**32 - 1,
    "kMaxU32": 2**32 - 1,
}


def field_limits(root):
    """Adds to CONSTANTS the `inline constexpr int64_t kX = EXPR;` of
    FieldLimits.h, each EXPR a number or an arithmetic of earlier names."""
    path = root / "include/ascube/Model/FieldLimits.h"
    if not path.exists():
        return
    for m in re.finditer(r"inline constexpr int64_t (k\w+) =\s*([^;]+);",
                         path.read_text()):
        expr = re.sub(r"int64_t\((\d+)\)", r"\1", m.group(2))
        unknown = [n for n in re.findall(r"\bk\w+\b", expr)
                   if n not in CONSTANTS]
        expr = re.sub(r"\b(k\w+)\b",
                      lambda n: str(CONSTANTS.get(n.group(1), 0)), expr)
        if unknown or not re.fullmatch(r"[\d\s()*/+<-]+", expr):
            sys.exit(f"FieldLimits.h: cannot read {m.group(1)} = "
                     f"{m.group(2)}")
        CONSTANTS[m.group(1)] = int(eval(expr.replace("/", "//")))


def number(text):
    """The value of a bound as C++ or the docs write it; None if not a
    literal."""
    t = text.strip().replace("\u2212", "-").replace(" ", "")
    t = re.sub(r"\b(?:ascube::)?(?:model::)?limits::", "", t)
    if t.startswith("-") and t[1:] in CONSTANTS:
        return -CONSTANTS[t[1:]]
    if t in CONSTANTS:
        return CONSTANTS[t]
    m = re.fullmatch(r"(-?)2\^(\d+)(?:-(\d+))?", t)
    if m:
        v = 2 ** int(m.group(2)) - int(m.group(3) or 0)
        return -v if m.group(1) else v
    m = re.fullmatch(r"\(?(-?\d+)(?:LL|L|ll|u|U)?\)?", t)
    if m:
        return int(m.group(1))
    m = re.fullmatch(r"\(1(?:LL|ll|ull)?<<(\d+)\)-1", t)
    if m:
        return 2 ** int(m.group(1)) - 1
    return None


def split_args(text):
    """Top-level comma-separated arguments of a call's argument text."""
    args, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                args.append(cur)
                return args
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
        else:
            cur += ch
    args.append(cur)
    return args


def code_ranges(root):
    """(label, name) -> set of (lo, hi) with literal bounds; and the count
    of calls skipped for non-literal bounds."""
    ranges, skipped = {}, 0
    for path in sorted((root / "lib/Dialect/Ascube/IR").glob("*.cpp")):
        text = path.read_text()
        for m in re.finditer(r"\binRange\(", text):
            args = [a.strip() for a in split_args(text[m.end():])]
            if len(args) != 6:
                continue
            name, lo, hi, label = args[1], args[3], args[4], args[5]
            nm = re.fullmatch(r'"(\w+)"', name)
            labels = [label[1:-1]] if re.fullmatch(r'"\w+"', label) else []
            if not labels and re.fullmatch(r"\w+", label):
                # A label variable: its last assignment before the call,
                # `StringRef l = "x_c1";` or `... = cond ? "a_c1" : "b_c1";`.
                # A parameter of the enclosing function (the caller's
                # label) is not followed.
                decls = list(re.finditer(
                    r"StringRef\s+" + label + r"\b(\s*=\s*([^;]+);)?",
                    text[:m.start()]))
                if decls and decls[-1].group(2):
                    labels = re.findall(r'"(\w+)"', decls[-1].group(2))
            if not nm or not labels:
                skipped += 1
                continue
            lo_v, hi_v = number(lo), number(hi)
            if lo_v is None or hi_v is None:
                skipped += 1
                for lab in labels:
                    COMPUTED.add((lab, nm.group(1)))
                continue
            for lab in labels:
                ranges.setdefault((lab, nm.group(1)), set()).add(
                    (lo_v, hi_v))
    return ranges, skipped


RANGE = re.compile(r"\[\s*([^\[\],]+?)\s*,\s*([^\[\],]+?)\s*\]")


def names_before(segment):
    """The field names a range follows: 'a, b' -> [a, b]; 'strideW/H' ->
    [strideW, strideH]; 'padList 4 entries' -> [padList]."""
    names = []
    segment = re.sub(r"\s+in\s*$", "", segment)  # "m, k, n in [0, 4095]"
    for piece in segment.split(","):
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_/]*", piece)
        if not words:
            continue
        word = words[0] if len(words) > 1 and words[1] in (
            "entries", "entry") or (len(words) > 1 and re.fullmatch(
                r"\d+", piece.split()[1] if len(piece.split()) > 1 else ""))\
            else words[-1]
        if "/" in word:
            base, alt = word.split("/", 1)
            names.append(base)
            if base and alt and base[-1] in "WHXY" and len(alt) == 1:
                names.append(base[:-1] + alt)
        else:
            names.append(word)
    return names


def doc_ranges(root):
    """(label, name) -> set of (lo, hi) written in the label's row."""
    ranges = {}
    for line in (root / "docs/Constraints.md").read_text().splitlines():
        m = re.match(r"\|\s*`(\w+)`\s*\|(.*?)\|", line)
        if not m:
            continue
        label, text = m.group(1), m.group(2)
        # Two-valued fields and fixed ones: "addrMode 0 or 1", "repeatMode
        # 0/1", "sid = 0".
        for f in re.finditer(r"\b([A-Za-z]\w*) (\d+)(?: or |/)(\d+)\b", text):
            ranges.setdefault((label, f.group(1)), set()).add(
                (int(f.group(2)), int(f.group(3))))
        for f in re.finditer(r"\b([A-Za-z]\w*) = (\d+)\b", text):
            ranges.setdefault((label, f.group(1)), set()).add(
                (int(f.group(2)), int(f.group(2))))
        prev = 0
        for r in RANGE.finditer(text):
            lo, hi = number(r.group(1)), number(r.group(2))
            segment = text[prev:r.start()]
            prev = r.end()
            # The names since the last range, colon, semicolon or bracket.
            segment = re.split(r"[:;()\]]", segment)[-1]
            if lo is None or hi is None:
                continue
            for name in names_before(segment):
                ranges.setdefault((label, name), set()).add((lo, hi))
    return ranges


# The rule labels of each family's op descriptions.
FAMILY_LABELS = {
    "AscubeDataCopyOps.td": ("datacopy_", "nd2nz_", "dn2nz_"),
    "AscubeLoadData2DOps.td": ("load2d_", "load2dtranspose_", "load2dv2_",
                               "loadsparse_", "loadmx_"),
    "AscubeLoadData3DOps.td": ("load3d_", "load3dv1_"),
    "AscubeMmadOps.td": ("mmad_", "mmadsparse_", "mmadmx_"),
    "AscubeFixpipeOps.td": ("fixpipe_",),
}


def ods_ranges(root):
    """(name, lo, hi, file) for every "`NAME` [LO,HI]" or "NAME [LO,HI]" of
    an op description."""
    out = []
    for path in sorted((root / "include/ascube/Dialect/Ascube/IR").glob(
            "*Ops.td")):
        for m in re.finditer(
                r"`?\b([A-Za-z]\w*)`?\s*\[([^\[\],]+),([^\[\],]+)\]",
                path.read_text()):
            lo, hi = number(m.group(2)), number(m.group(3))
            if lo is not None and hi is not None:
                out.append((m.group(1), lo, hi, path.name))
    return out


def main():
    root = Path(sys.argv[1])
    field_limits(root)
    code, skipped = code_ranges(root)
    docs = doc_ranges(root)
    errors = []
    for (label, name), want in sorted(code.items()):
        have = docs.get((label, name), set())
        for lo, hi in sorted(want):
            if (lo, hi) not in have:
                errors.append(
                    f"{label}: the verifier checks {name} in [{lo}, {hi}], "
                    f"docs/Constraints.md says "
                    f"{sorted(have) if have else 'nothing'}")
    for name, lo, hi, file in ods_ranges(root):
        prefixes = FAMILY_LABELS.get(file, ())
        checked = set()
        for (label, n), rs in code.items():
            if n == name and label.startswith(prefixes):
                checked |= rs
        if any(n == name and label.startswith(prefixes)
               for (label, n) in COMPUTED):
            continue
        if checked and (lo, hi) not in checked:
            errors.append(f"{file}: the description gives {name} [{lo}, {hi}]"
                          f", the verifiers check {sorted(checked)}")
    for e in errors:
        print(e)
    print(f"{sum(len(v) for v in code.values())} ranges checked "
          f"({skipped} with computed bounds skipped)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
