"""Reads an ascube-run --timeline Chrome trace and prints what
timeline.test checks: its processes and threads, the complete events per
pipe, the Mmad's event, the per-pipe spans of blocks not traced
instruction by instruction ("MTE2: 2 instructions"), the SyncAll waits
(tid 7) where there are any, and whether each block's pipes run their
events one after another without overlap (a pipe runs one instruction at
a time, in order)."""
import json
import sys

events = json.load(open(sys.argv[1]))["traceEvents"]
names = {}
threads = set()
for e in events:
    if e["ph"] == "M" and e["name"] == "process_name":
        names[e["pid"]] = e["args"]["name"]
    if e["ph"] == "M" and e["name"] == "thread_name":
        threads.add(e["args"]["name"])
print("processes: " + " ".join(names[p] for p in sorted(names)))
print("threads: " + " ".join(sorted(threads)))
pipes = {4: "MTE2", 3: "MTE1", 2: "M", 6: "FIX"}
spans = {p: [] for p in pipes}
per_block = {}
summaries = {}
waits = []
for e in events:
    if e["ph"] != "X":
        continue
    for key in ("pid", "tid", "name", "ts", "dur", "args"):
        assert key in e, key
    per_block.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"]))
    if " instruction" in e["name"]:
        summaries.setdefault(e["pid"], []).append(e["name"].split(" instruction")[0])
        continue
    if e["tid"] == 7:
        waits.append((e["pid"], e["name"], e["ts"], e["dur"]))
        continue
    spans[e["tid"]].append((e["ts"], e["ts"] + e["dur"]))
    if e["name"] == "ascube.mmad":
        site = e["args"]["site"].split("/")[-1]
        site = site[: site.rfind(" ")]
        print("%s %s %.1f cycles, %s" % (e["name"], site, e["args"]["cycles"],
                                        e["args"]["work"]))
print("events: " + ", ".join("%s %d" % (pipes[p], len(spans[p]))
                             for p in pipes))
if waits:
    # Per block, its SyncAlls: the last to arrive waits 0.
    print("syncall waits: " + ", ".join(
        "block %d %s" % (pid, "0" if dur == 0 else "> 0")
        for pid, name, ts, dur in sorted(waits)))
for pid in sorted(summaries):
    print("block %d spans: %s" % (pid, ", ".join(summaries[pid])))
ordered = all(b[0] >= a[1] - 1e-5 for s in per_block.values()
              for a, b in zip(s, s[1:]))
print("ordered: " + ("yes" if ordered else "no"))
