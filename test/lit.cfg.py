# -*- Python -*-
import os
import sys

import lit.formats
import lit.util
from lit.llvm import llvm_config

config.name = "ASCUBE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ascube_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%ascube_src", config.ascube_src_root))
config.substitutions.append(("%ascube_obj", config.ascube_obj_root))
# The dialect and pass plugin of stock mlir-opt (tools/ascube-plugin).
config.substitutions.append(("%ascube_plugin", os.path.join(config.ascube_obj_root, "lib", "AscubePlugin.so")))
# The sanitizer build (build-san): tests that build programs against the
# installed libraries leave it out (their objects need ASan's runtime).
if lit.util.pythonize_bool(config.ascube_sanitize):
    config.available_features.add("sanitize")
# The host has AVX-512 VNNI (ascube-run then sums integer mmads of bytes
# with vpdpbusd, and --vnni=true is allowed).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if any(l.startswith("flags") and " avx512_vnni" in l for l in cpuinfo):
            config.available_features.add("x86-vnni")
except OSError:
    pass
# A memory cgroup this process may make a child of (root, a writable
# cgroup v1 or v2 memory controller): memory-limits-cgroup.test runs
# ascube-run inside one.
import subprocess
if subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "Tools", "ascube-run",
                                                 "Inputs", "in-memory-cgroup.py"), "--probe"],
                  capture_output=True).returncode == 0:
    config.available_features.add("memory-cgroup")
# Built against libMLIR.so: the C API and the mlir-opt plugin exist.
if lit.util.pythonize_bool(config.ascube_mlir_dylib):
    config.available_features.add("mlir-dylib")
config.substitutions.append(("%python", sys.executable))
# Debian's interpreter, which has python3-numpy (the golden generators).
config.substitutions.append(("%numpy_python", "/usr/bin/python3"))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%host_cxx", config.host_cxx))
config.substitutions.append(("%mlir_include", os.path.join(os.path.dirname(config.mlir_lib_dir), "include")))

tool_dirs = [os.path.join(config.ascube_obj_root, "bin"), config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["ascube-opt", "ascube-layout", "ascube-products", "ascube-run", "ascube-capi-test", "mlir-opt", "mlir-runner",
     "mlir-translate", "llc"], tool_dirs)

# Buffers ascube-run only writes start as a sentinel, not zero: a test that
# something stays untouched then tells it from "written with zero".
config.environment["ASCUBE_RUN_OUTPUT_FILL"] = "0xA5"
