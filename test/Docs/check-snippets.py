"""Checks that every code block of docs/*.md marked
`<!-- snippet: PATH -->` (the line before its opening fence) is a verbatim
excerpt of PATH (relative to the source root): the docs show what the tests
build. Prints one line per failing snippet and "N snippets checked".

Usage: check-snippets.py SOURCE_ROOT
"""
import glob
import os
import re
import sys

root = sys.argv[1]
count = bad = 0
for doc in sorted(glob.glob(os.path.join(root, "docs", "*.md"))):
    text = open(doc).read()
    for m in re.finditer(r"<!-- snippet: (\S+) -->\n```[^\n]*\n(.*?)^```", text, re.S | re.M):
        path, block = m.group(1), m.group(2).rstrip("\n")
        count += 1
        src = os.path.join(root, path)
        if not block:
            bad += 1
            print(f"{os.path.basename(doc)}: empty snippet from {path}")
        elif not os.path.exists(src):
            bad += 1
            print(f"{os.path.basename(doc)}: snippet from missing file {path}")
        elif block not in open(src).read():
            bad += 1
            first = block.splitlines()[0] if block else ""
            print(f"{os.path.basename(doc)}: snippet not in {path}: {first}")
    # A marker not followed by a fenced block is a mistake too.
    for m in re.finditer(r"<!-- snippet: (\S+) -->\n(?!```)", text):
        bad += 1
        print(f"{os.path.basename(doc)}: snippet marker for {m.group(1)} without a code block")
print(f"{count} snippets checked")
sys.exit(1 if bad else 0)
