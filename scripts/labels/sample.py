#!/usr/bin/env python3
"""Draw the hand-label sample of quintd-dev traces.

Stratified: 15 traces per dataset, 5 per model within each dataset, drawn
with a fixed seed. Python 3 standard library only; the same data file and
seed always give the same 75 trace ids (printed one a line, in stratum
order: dataset, then model, then table index).

    python3 scripts/labels/sample.py [/work/shared/data/quintd-dev.jsonl] [--seed 10]
"""
import json
import random
import sys

DEFAULT_DATA = "/work/shared/data/quintd-dev.jsonl"
SEED = 10          # fixed, so the sample is the same on every run
PER_MODEL = 5


def main(argv):
    path, seed = DEFAULT_DATA, SEED
    args = list(argv)
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if args:
        path = args[0]
    strata = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            meta = rec["meta"]
            key = (meta["dataset"], meta["model"])
            strata.setdefault(key, []).append((int(meta["table_idx"]), rec["id"]))
    rng = random.Random(seed)
    for key in sorted(strata):
        pool = sorted(strata[key])
        for idx, trace_id in sorted(rng.sample(pool, PER_MODEL)):
            print(trace_id)


if __name__ == "__main__":
    main(sys.argv[1:])
