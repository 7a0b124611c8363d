#!/usr/bin/env python3
"""Validate scripts/labels/quintd-dev.jsonl against the data and count it.

Checks that every trace id is in the sample, every span's bytes in the
answer text equal its value, labels are sorted, do not overlap, use one of
the three labels and carry a note. Prints counts per label, per dataset
and per model. Exit status 1 on any problem.

    python3 scripts/labels/check.py [labels.jsonl] [data.jsonl]
"""
import json
import os
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
LABELS = ("read", "typed", "not_a_value")


def main(argv):
    labels_path = argv[0] if argv else os.path.join(HERE, "quintd-dev.jsonl")
    data_path = argv[1] if len(argv) > 1 else "/work/shared/data/quintd-dev.jsonl"
    data = {}
    with open(data_path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                data[rec["id"]] = rec
    problems = 0
    per_label = Counter()
    per_ds = defaultdict(Counter)
    per_model = defaultdict(Counter)
    traces = Counter()
    seen = set()
    with open(labels_path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            row = json.loads(line)
            tid = row["trace_id"]
            if tid in seen or tid not in data:
                print(f"line {n}: bad or repeated trace id {tid}")
                problems += 1
                continue
            seen.add(tid)
            rec = data[tid]
            ds, model = rec["meta"]["dataset"], rec["meta"]["model"]
            traces[ds] += 1
            answer = rec["messages"][rec.get("judge_index", 3)]["content"].encode("utf-8")
            prev_end = -1
            for lab in row["labels"]:
                span = answer[lab["start"]:lab["end"]].decode("utf-8", "replace")
                if span != lab["value"]:
                    print(f"{tid}: span {lab['start']}:{lab['end']} is {span!r}, not {lab['value']!r}")
                    problems += 1
                if lab["start"] < prev_end:
                    print(f"{tid}: {lab['value']!r} overlaps or is out of order")
                    problems += 1
                prev_end = lab["end"]
                if lab["label"] not in LABELS or not lab.get("note", "").strip():
                    print(f"{tid}: {lab['value']!r} has a bad label or no note")
                    problems += 1
                per_label[lab["label"]] += 1
                per_ds[ds][lab["label"]] += 1
                per_model[model][lab["label"]] += 1
    total = sum(per_label.values())
    print(f"traces {len(seen)}  values {total}  " +
          "  ".join(f"{k} {per_label[k]}" for k in LABELS))
    print("| dataset | traces | values | read | typed | not_a_value |")
    print("|---|---:|---:|---:|---:|---:|")
    for ds in sorted(per_ds):
        c = per_ds[ds]
        print(f"| {ds} | {traces[ds]} | {sum(c.values())} | " +
              " | ".join(str(c[k]) for k in LABELS) + " |")
    print("| model | values | read | typed | not_a_value |")
    print("|---|---:|---:|---:|---:|")
    for m in sorted(per_model):
        c = per_model[m]
        print(f"| {m} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in LABELS) + " |")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
