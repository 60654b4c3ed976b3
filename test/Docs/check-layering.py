#!/usr/bin/env python3
"""No library depends upward (docs/Architecture.md): every #include of an
ascube header in include/ascube/ and lib/ names a layer the including
file's layer may use, and every target_link_libraries of lib/ names only
libraries of such layers.

    Layout, Numerics      LLVM Support only
    Target                Layout
    Model                 Layout, Numerics
    Tiling                Model, Layout, Numerics (the compiler's tiling
                          rules, apart from the hardware's semantics)
    Timing                Model, Target, Layout, Numerics (the timing
                          model over a kernel's instruction stream)
    IR                    Model, Target, Layout, Numerics
    Transforms            IR, Timing and below
    Conversion            Transforms, IR, Tiling, Timing and below (the
                          linalg entry builds and times candidate tilings)
    Pipelines             Conversion, Transforms and below
    CAPI                  Pipelines and below (the C API, lib/CAPI)
    tools, fuzz, unittests  anything

and the dialect's own passes (lib/Dialect/Ascube/Transforms) work on
ascube IR alone: they neither include nor link Linalg, bufferization or
tensor (the linalg entry is lib/Conversion/LinalgToAscube).

Usage: check-layering.py ROOT"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
LOW = {"Layout", "Numerics"}
ALLOWED = {
    "Layout": {"Layout"},
    "Numerics": {"Numerics"},
    "Target": {"Target", "Layout"},
    "Model": {"Model", "Layout", "Numerics"},
    "Tiling": {"Tiling", "Model", "Layout", "Numerics"},
    "Timing": {"Timing", "Model", "Target"} | LOW,
    "IR": {"IR", "Model", "Target"} | LOW,
    "Transforms": {"Transforms", "IR", "Model", "Target", "Timing"} | LOW,
    "Conversion": {"Conversion", "Transforms", "IR", "Model", "Tiling",
                   "Target", "Timing"} | LOW,
    "Pipelines": {"Pipelines", "Conversion", "Transforms", "IR", "Model",
                  "Tiling", "Target", "Timing"} | LOW,
    "CAPI": {"CAPI", "Pipelines", "Conversion", "Transforms", "IR", "Model",
             "Tiling", "Target", "Timing"} | LOW,
}
# InitAscube.h declares the registration entry points and includes nothing:
# any layer may include it.
ANYONE = {"ascube/InitAscube.h"}


def layer_of(rel):
    """The layer of a path relative to include/ascube/ or lib/."""
    parts = rel.parts
    if parts[0] == "Dialect":
        return parts[2] if len(parts) > 2 and parts[2] in ("IR", "Transforms") else None
    return parts[0] if parts[0] in ALLOWED else None


# The CMake libraries of each layer (target_link_libraries names).
LIBS = {"AscubeLayout": "Layout", "AscubeNumerics": "Numerics",
        "AscubeTarget": "Target", "AscubeModel": "Model", "AscubeTiling": "Tiling",
        "AscubeTiming": "Timing",
        "MLIRAscubeDialect": "IR", "MLIRAscubeTransforms": "Transforms",
        "AscubeConversion": "Conversion", "AscubeLinalgToAscube": "Conversion",
        "AscubePipelines": "Pipelines",
        "AscubeCAPI": "CAPI"}

errors = []
for base in ("include/ascube", "lib"):
    for f in sorted((root / base).rglob("*")):
        if not f.is_file():
            continue
        rel = f.relative_to(root / base)
        mine = layer_of(rel)
        if mine is None:
            continue
        text = f.read_text(errors="replace")
        if f.suffix in (".h", ".cpp", ".td", ".inc"):
            for m in re.finditer(r'^\s*(?:#\s*include|include)\s+"(ascube/[^"]+)"', text, re.M):
                inc = m.group(1)
                if inc in ANYONE:
                    continue
                theirs = layer_of(pathlib.Path(inc).relative_to("ascube"))
                if theirs is None or theirs not in ALLOWED[mine]:
                    errors.append(f"{base}/{rel}: {mine} includes {inc} ({theirs})")
            m = re.search(r'#\s*include\s+"mlir/Dialect/(Linalg|Bufferization|Tensor)/', text)
            if mine == "Transforms" and m:
                errors.append(f"{base}/{rel}: Transforms includes {m.group(1)}")
        if f.name == "CMakeLists.txt":
            for m in re.finditer(r"target_link_libraries\(([^)]*)\)", text):
                for lib in m.group(1).split():
                    theirs = LIBS.get(lib)
                    if theirs and theirs not in ALLOWED[mine]:
                        errors.append(f"{base}/{rel}: {mine} links {lib} ({theirs})")
                    if mine == "Transforms" and lib.startswith(
                            ("MLIRLinalg", "MLIRBufferization", "MLIRTensor")):
                        errors.append(f"{base}/{rel}: Transforms links {lib}")
for e in errors:
    print(e)
print(f"layering: {len(errors)} upward dependencies")
sys.exit(1 if errors else 0)
