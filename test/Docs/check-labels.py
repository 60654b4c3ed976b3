#!/usr/bin/env python3
"""Every rule label ([name_cN]) used in lib/ or include/ is documented in
docs/Constraints.md and triggered by a test under test/ (outside test/Docs):
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


sources = [*root.glob("lib/**/*"), *root.glob("include/**/*")]
code = labels_in(sources, label) | labels_in(
    [p for p in sources if p.suffix in (".cpp", ".h")], code_label)
docs = labels_in([root / "docs/Constraints.md"], doc_label)
# A label is triggered by a test where a test expects its diagnostic: an
# expected-error/-warning/-note/-remark (-verify-diagnostics) or a FileCheck
# pattern of a tool's output (e.g. a run-time check's message) — not where a comment
# merely mentions it, and not in a -NOT pattern.
expecting = re.compile(
    r"expected-(error|warning|note|remark)|^\s*(//|#)?\s*[A-Z][A-Z0-9_]*"
    r"(-NEXT|-SAME|-DAG|-LABEL|-COUNT-\d+)?:")


def triggered(paths):
    found = set()
    for p in paths:
        if not p.is_file():
            continue
        for line in p.read_text(errors="replace").splitlines():
            if expecting.search(line) and "-NOT:" not in line:
                found |= set(label.findall(line))
    return found


tests = triggered([p for p in root.glob("test/**/*")
                   if "Docs" not in p.relative_to(root).parts])

errors = []
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
