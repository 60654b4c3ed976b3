#!/usr/bin/env python3
"""Every rule label ([name_cN]) used in lib/, include/ or tools/ is documented in
docs/Constraints.md, in one row, and triggered by a test under test/ (outside test/Docs):
an expected diagnostic or a FileCheck pattern expects its message;
every label documented there is used in the code."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
label = re.compile(r"\[([a-z0-9]+(?:_[a-z0-9]+)*_c[0-9]+)\]")
# Code also passes labels to helpers as string literals ("nd2nz_c1").
code_label = re.compile(r"[\[\"]([a-z0-9]+(?:_[a-z0-9]+)*_c[0-9]+)[\]\"]")
doc_label = re.compile(r"`([a-z0-9]+(?:_[a-z0-9]+)*_c[0-9]+)`")


def labels_in(paths, rx):
    found = set()
    for p in paths:
        if p.is_file():
            found |= set(rx.findall(p.read_text(errors="replace")))
    return found


# The tools check rules too (ascube-run's run-time race check).
sources = [*root.glob("lib/**/*"), *root.glob("include/**/*"),
           *root.glob("tools/**/*")]
code = labels_in(sources, label) | labels_in(
    [p for p in sources if p.suffix in (".cpp", ".h")], code_label)
docs = labels_in([root / "docs/Constraints.md"], doc_label)
# A label is triggered by a test where a test expects its diagnostic: an
# expected-error/-warning/-note/-remark in a file whose RUN lines use
# -verify-diagnostics, or a FileCheck pattern (e.g. of a run-time check's
# message) under a prefix the file's RUN lines check — not where a comment
# merely mentions it, not in a -NOT pattern, not in a RUN line, and not in
# an input no test checks that way.
expected = re.compile(r"expected-(error|warning|note|remark)")
run_line = re.compile(r"^\s*(//|#)?\s*RUN:")
pattern = re.compile(
    r"^\s*(//|#)?\s*([A-Z][A-Z0-9_]*)(-NEXT|-SAME|-DAG|-LABEL|-COUNT-\d+)?:")
prefix_opt = re.compile(r"-?-check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)")


def triggered(paths):
    found = set()
    for p in paths:
        if not p.is_file():
            continue
        lines = p.read_text(errors="replace").splitlines()
        runs = [l for l in lines if run_line.search(l)]
        verifies = any("-verify-diagnostics" in l for l in runs)
        prefixes = set()
        for l in runs:
            if "FileCheck" in l:
                named = prefix_opt.findall(l)
                for n in named:
                    prefixes |= set(n.split(","))
                if not named:
                    prefixes.add("CHECK")
        for line in lines:
            if run_line.search(line):
                continue
            m = pattern.search(line)
            if (verifies and expected.search(line)) or (
                    m and m.group(2) in prefixes and m.group(3) != "-NOT"):
                found |= set(label.findall(line))
    return found


tests = triggered([p for p in root.glob("test/**/*")
                   if "Docs" not in p.relative_to(root).parts])

errors = []
# One row a label: two rules under one label could not be told apart.
rows = re.findall(r"^\| `([a-z0-9]+(?:_[a-z0-9]+)*_c[0-9]+)` \|",
                  (root / "docs/Constraints.md").read_text(errors="replace"),
                  re.M)
for l in sorted({r for r in rows if rows.count(r) > 1}):
    errors.append(f"label {l} has {rows.count(l)} rows in docs/Constraints.md")
for l in sorted(code - docs):
    errors.append(f"label {l} is used in the code but not in docs/Constraints.md")
for l in sorted(code - tests):
    errors.append(f"label {l} has no test that triggers it")
for l in sorted(docs - code):
    errors.append(f"label {l} is documented but no code uses it")
for e in errors:
    print(e)
print(f"{len(code)} labels checked")
sys.exit(1 if errors else 0)
