#!/usr/bin/env python3
"""in-memory-cgroup.py BYTES CMD ARGS...: runs CMD in a new memory cgroup
(a child of this process's: cgroup v2 memory.max, or v1
memory.limit_in_bytes) limited to BYTES, prints its stdout and stderr, and
removes the group. With --probe: exits 0 when such a group can be made (lit
then has the feature memory-cgroup), 1 otherwise."""
import os
import subprocess
import sys


def group_dir():
    """This process's memory cgroup directory and the limit file's name."""
    with open("/proc/self/cgroup") as f:
        for line in f:
            ident, controllers, path = line.rstrip("\n").split(":", 2)
            if ident == "0" and controllers == "":
                d = "/sys/fs/cgroup" + path.rstrip("/")
                if os.path.exists(d + "/memory.max") or os.path.exists(d + "/cgroup.controllers"):
                    return d, "memory.max"
            if "memory" in controllers.split(","):
                return "/sys/fs/cgroup/memory" + path.rstrip("/"), "memory.limit_in_bytes"
    return None, None


def make(limit):
    parent, limit_file = group_dir()
    if not parent:
        return None
    child = os.path.join(parent, f"ascube-lit-{os.getpid()}")
    try:
        os.mkdir(child)
        with open(os.path.join(child, limit_file), "w") as f:
            f.write(str(limit))
        return child
    except OSError:
        try:
            os.rmdir(child)
        except OSError:
            pass
        return None


if sys.argv[1] == "--probe":
    child = make(1 << 30)
    if child:
        os.rmdir(child)
    sys.exit(0 if child else 1)
child = make(int(sys.argv[1]))
if not child:
    sys.exit("in-memory-cgroup: cannot make a memory cgroup")
procs = os.path.join(child, "cgroup.procs")
r = subprocess.run(sys.argv[2:], capture_output=True, text=True,
                   preexec_fn=lambda: open(procs, "w").write(str(os.getpid())))
sys.stdout.write(r.stdout)
sys.stdout.write(r.stderr)
os.rmdir(child)
sys.exit(r.returncode)
