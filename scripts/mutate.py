#!/usr/bin/env python3
"""Mutation testing of ascube's suite (run through scripts/mutate.sh).

Applies each curated single-line bug of scripts/mutants.txt, one at a time,
to a copy of the sources (MUTATE_DIR/src, default build-mutate/), rebuilds
that copy (MUTATE_DIR/src/build, Release, ccache sharing the checkout's
cache: paths are keyed relative to the copy) and runs the whole lit suite
with the GoogleTest unit tests, stopping at the first failure (the test
that killed a mutant last time, kept in MUTATE_DIR/killers.txt, runs
first; scripts/mutant-killers.txt seeds it). A mutant is KILLED when a
test fails, SURVIVED when the suite stays
green. BUILD_LOCK names a file to flock while building. The
unmutated copy must build and pass first. Prints one line per mutant and a
summary; exits 0 only when every mutant was killed.

    scripts/mutate.sh                 # every mutant
    scripts/mutate.sh NAME...         # some of them
    scripts/mutate.sh --check         # only check the list still applies
    scripts/mutate.sh --list          # names and areas
"""

import argparse
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIT = "/usr/lib/llvm-22/bin/lit"
SUITE_TIMEOUT = 1800  # s; a hang counts as a kill (CI would time out)


class Mutant:
    def __init__(self, name, area, file):
        self.name, self.area, self.file = name, area, file
        self.pairs = []  # (from, to), stripped of leading whitespace

    def apply(self, text):
        """The mutated text, or an error message."""
        for old, new in self.pairs:
            n = text.count(old)
            if n != 1:
                return None, f"'{old}' occurs {n} times in {self.file}, not once"
            text = text.replace(old, new)
        return text, None


def parse(path):
    mutants, cur, pending = [], None, None
    for no, line in enumerate(path.read_text().splitlines(), 1):
        where = f"{path.name}:{no}"
        if line.startswith("## "):
            m = re.match(r"## (\S+)\s+\((.*)\)\s*$", line)
            if not m:
                sys.exit(f"{where}: expected '## name  (area)'")
            cur = Mutant(m.group(1), m.group(2), None)
            mutants.append(cur)
            pending = None
        elif not line.strip() or line.startswith("#"):
            continue
        elif cur is None:
            sys.exit(f"{where}: text before the first mutant")
        elif line.startswith("file: "):
            cur.file = line[6:].strip()
        elif line.startswith("- "):
            pending = line[2:].strip()
        elif line.startswith("+ "):
            if pending is None:
                sys.exit(f"{where}: '+' without a '-' before it")
            cur.pairs.append((pending, line[2:].strip()))
            pending = None
        else:
            sys.exit(f"{where}: unexpected line")
    names = set()
    for m in mutants:
        if not m.file or not m.pairs:
            sys.exit(f"mutant {m.name}: needs a file and a -/+ pair")
        if m.name in names:
            sys.exit(f"mutant {m.name}: listed twice")
        names.add(m.name)
    return mutants


def run(cmd, log, timeout=None, env=None):
    """Runs cmd in its own process group, appending its output to log;
    returns (status, output). On a timeout (or an interrupt) the whole
    group goes: lit's workers and a hung kernel must not outlive it."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, env=env, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        out += f"\n[timed out after {timeout} s]\n"
        status = "timeout"
    except BaseException:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        raise
    with open(log, "a") as f:
        f.write(f"$ {' '.join(map(str, cmd))}\n{out}\n")
    return status, out


def sync_sources(src):
    """Makes src a copy of the project's files (tracked and new, not
    ignored): rewrites only those whose content differs, so that ninja
    rebuilds only what changed, and deletes files the project no longer has
    (a removed test must not run in the copy). src/build is the copy's."""
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
         "--exclude-standard"], check=True, stdout=subprocess.PIPE
    ).stdout.decode().split("\0")
    keep = {rel for rel in files if rel and (ROOT / rel).is_file()}
    if src.is_dir():
        for dirpath, dirnames, filenames in os.walk(src):
            rel_dir = pathlib.Path(dirpath).relative_to(src)
            if rel_dir == pathlib.Path("."):
                dirnames[:] = [d for d in dirnames if d != "build"]
            for name in filenames:
                rel = (rel_dir / name).as_posix()
                if rel not in keep:
                    (pathlib.Path(dirpath) / name).unlink()
    for rel in sorted(keep):
        a, b = ROOT / rel, src / rel
        data = a.read_bytes()
        if b.is_file() and b.read_bytes() == data:
            continue
        b.parent.mkdir(parents=True, exist_ok=True)
        b.write_bytes(data)
        shutil.copymode(a, b)


def interrupted(signum, frame):
    raise KeyboardInterrupt


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="mutants to run (default: all)")
    ap.add_argument("--check", action="store_true",
                    help="only check that every mutant applies")
    ap.add_argument("--list", action="store_true", help="list the mutants")
    args = ap.parse_args()
    # A SIGTERM unwinds like ^C, so the mutated file is restored.
    signal.signal(signal.SIGTERM, interrupted)

    mutants = parse(ROOT / "scripts" / "mutants.txt")
    if args.list:
        for m in mutants:
            print(f"{m.name:28} {m.area}")
        return 0
    unknown = set(args.names) - {m.name for m in mutants}
    if unknown:
        sys.exit(f"mutate: no mutant named {', '.join(sorted(unknown))}")
    chosen = [m for m in mutants if not args.names or m.name in args.names]

    stale = []
    for m in chosen:
        _, err = m.apply((ROOT / m.file).read_text())
        if err:
            stale.append(f"{m.name}: {err}")
    if stale:
        print("mutate: the list no longer matches the sources:\n  " +
              "\n  ".join(stale))
        return 2
    if args.check:
        print(f"mutate: all {len(chosen)} mutants apply")
        return 0

    work = pathlib.Path(os.environ.get("MUTATE_DIR", ROOT / "build-mutate"))
    src = work / "src"
    build = src / "build"  # where the checkout has its own, for ccache
    log = work / "mutate.log"
    work.mkdir(parents=True, exist_ok=True)
    log.write_text("")
    sync_sources(src)
    env = dict(os.environ, CCACHE_BASEDIR=str(src), CCACHE_NOHASHDIR="1")
    jobs = os.environ.get("JOBS", "2")
    if not (build / "build.ninja").exists():
        cmd = ["cmake", "-G", "Ninja", "-S", str(src), "-B", str(build),
               "-DCMAKE_BUILD_TYPE=Release",
               "-DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir",
               "-DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm"]
        if shutil.which("ccache"):
            cmd += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
                    "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
        status, out = run(cmd, log, env=env)
        if status != 0:
            print(out[-3000:])
            return 2

    # The test that killed each mutant last time (work/killers.txt) runs
    # first: a mutant it kills again costs a build and that one test.
    # scripts/mutant-killers.txt seeds it on a machine that has none.
    killers_file = work / "killers.txt"
    killers = {}
    for f in (ROOT / "scripts" / "mutant-killers.txt", killers_file):
        if f.exists():
            for line in f.read_text().splitlines():
                name, _, test = line.partition("\t")
                if test and not line.startswith("#"):
                    killers[name] = test
    # BUILD_LOCK: a file to hold (flock) while building, so a build of the
    # checkout and the copy's never run at once on a small machine.
    lock = os.environ.get("BUILD_LOCK")
    ninja = (["flock", lock] if lock else []) + [
        "ninja", "-C", str(build), f"-j{jobs}", "all", "AscubeUnitTests"]
    suites = [str(build / "test"), str(build / "test" / "Unit")]

    def lit(extra):
        status, out = run([LIT, "-q", "--max-failures=1"] + extra + suites,
                          log, timeout=SUITE_TIMEOUT, env=env)
        if status == 0:
            return "pass", out
        failed = re.findall(r"^(?:FAIL|UNRESOLVED|TIMEOUT): (.*?) \(", out,
                            re.M)
        return "fail", failed[0] if failed else (
            "timed out" if status == "timeout" else f"exit {status}")

    def build_and_test(name=None):
        status, out = run(ninja, log, env=env)
        if status != 0:
            return "nobuild", out
        if name in killers:
            # Only a test that fails counts: a renamed or sharded (unit)
            # test that no longer matches leaves the whole suite to judge.
            status, detail = lit(["--allow-empty-runs", "--filter",
                                  "^" + re.escape(killers[name]) + "$"])
            # (A hang counts, as in the whole suite.)
            if status == "fail" and (" :: " in detail or detail == "timed out"):
                return status, detail
        return lit([])

    start = time.time()
    print(f"mutate: {len(chosen)} mutants; copy and build in {work}, log "
          f"{log}", flush=True)
    status, detail = build_and_test()
    if status != "pass":
        print(f"mutate: the unmutated copy {'does not build' if status == 'nobuild' else 'fails ' + detail}; see {log}")
        return 2
    print(f"mutate: baseline passes ({time.time() - start:.0f} s)", flush=True)

    results = {}
    for m in chosen:
        t0 = time.time()
        path = src / m.file
        original = path.read_text()
        mutated, err = m.apply(original)
        if err:  # the copy differs from the sources: should not happen
            results[m.name] = "stale"
            print(f"STALE     {m.name}: {err}", flush=True)
            continue
        path.write_text(mutated)
        with open(log, "a") as f:
            f.write(f"\n===== mutant {m.name}\n")
        try:
            status, detail = build_and_test(m.name)
        finally:
            path.write_text(original)
        took = time.time() - t0
        verdict = {"fail": "KILLED", "pass": "SURVIVED",
                   "nobuild": "NOBUILD"}[status]
        results[m.name] = verdict
        why = f" by {detail}" if status == "fail" else ""
        if status == "fail" and " :: " in detail:
            killers[m.name] = detail
            killers_file.write_text("".join(
                f"{k}\t{v}\n" for k, v in sorted(killers.items())))
        print(f"{verdict:9} {m.name} ({m.area}){why} [{took:.0f} s]",
              flush=True)

    # Leave the copy's build unmutated for the next run.
    run(ninja, log, env=env)
    killed = sum(v == "KILLED" for v in results.values())
    survived = [n for n, v in results.items() if v == "SURVIVED"]
    broken = [n for n, v in results.items() if v in ("NOBUILD", "stale")]
    print(f"mutate: {killed} of {len(results)} mutants killed, "
          f"{len(survived)} survived, {len(broken)} did not build; "
          f"{(time.time() - start) / 60:.1f} min")
    if survived:
        print("mutate: survivors: " + ", ".join(survived))
    if broken:
        print("mutate: fix the list: " + ", ".join(broken))
    return 0 if not survived and not broken else 1


if __name__ == "__main__":
    sys.exit(main())
