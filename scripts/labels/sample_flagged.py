#!/usr/bin/env python3
"""Order the flagged quintd-dev traces for the second hand-label file.

Input: the output of `groundgate check --include-values` over
/work/shared/data/quintd-dev.jsonl. Candidates are the traces whose answer
(message index 3) has at least one `unsupported` value and which are not in
quintd-dev.jsonl (the random sample). Strata are (dataset, model), 5 x 3;
each stratum's candidates are shuffled with random.Random(SEED) (strata in
sorted order, candidates sorted by table index before shuffling), then the
strata are interleaved in rounds: round 1 is the first trace of every
stratum (in sorted stratum order), round 2 the second, and so on; a stratum
that runs out is skipped. The annotator labels a prefix of this list, so any
prefix is stratified across datasets and models to within one round.
Python 3 standard library only; the same check output, sample and seed
always give the same order.

    python3 scripts/labels/sample_flagged.py CHECK_OUTPUT [--seed 10] [--n N]

Prints `rank<TAB>trace_id<TAB>flags` one a line.
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 10          # the number


def main(argv):
    args = list(argv)
    seed, n = SEED, None
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--n" in args:
        i = args.index("--n")
        n = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        raise SystemExit(__doc__)
    with open(os.path.join(HERE, "quintd-dev.jsonl"), encoding="utf-8") as f:
        sampled = {json.loads(l)["trace_id"] for l in f if l.strip()}
    strata = {}
    with open(args[0], encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            tid = r["trace_id"]
            if r.get("message_index") != 3 or not r.get("unsupported") or tid in sampled:
                continue
            # quintd-dev-<dataset>-<model>-<table_idx>
            _, _, ds, model, idx = tid.split("-")
            strata.setdefault((ds, model), []).append((int(idx), tid, len(r["unsupported"])))
    rng = random.Random(seed)
    order = []
    for key in sorted(strata):
        pool = sorted(strata[key])
        rng.shuffle(pool)
        order.append(pool)
    rank = 0
    for rnd in range(max(len(p) for p in order)):
        for pool in order:
            if rnd < len(pool):
                rank += 1
                if n is not None and rank > n:
                    return
                _, tid, k = pool[rnd]
                print(f"{rank}\t{tid}\t{k}")


if __name__ == "__main__":
    main(sys.argv[1:])
