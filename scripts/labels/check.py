#!/usr/bin/env python3
"""Validate scripts/labels/quintd-dev.jsonl against the data and count it.

Checks that every trace id is in the data, every span's bytes in the
answer text equal its value, labels are sorted, do not overlap, use one of
the three labels and carry a note. Prints counts per label, per dataset
and per model. Exit status 1 on any problem.

With --check OUT (the output of `groundgate check --include-values` over
the same data file), also scores the gate on the labelled traces: each
`unsupported` value is matched to the label its span overlaps; precision
is typed / (typed + read) over the matched flags; recall is the share of
typed labels some flag overlaps (also without the typed values whose note
starts "misattributed", which are in the data verbatim for another
day, field or row and which a value lookup cannot catch). Flags that
overlap no label (a value outside the labelled spans) are counted apart.

With --flagged [FILE] (default quintd-dev-flagged.jsonl beside this
script), the second label file, of traces chosen because today's gate
flagged them (sample_flagged.py), is validated and counted the same way
(no trace may be in both files), and --check then also scores the gate on
it and on both files together. That file is biased toward flagged traces:
only precision is printed for it and for the union, never recall. The
output for the random sample alone is unchanged.

With --kinds K[,K] the flags scored are the verdict lists named
(`unsupported`, the default; `misattributed`, law 11's flags; or both):
a misattributed flag on a value labelled read is a true value accused.

    python3 scripts/labels/check.py [labels.jsonl] [data.jsonl] [--check OUT] [--flagged [FILE]]
                                    [--kinds unsupported,misattributed]
"""
import json
import os
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
LABELS = ("read", "typed", "not_a_value")
KINDS = ["unsupported"]  # the verdict lists scored (--kinds)


def read_flags(check_path, rows, data):
    flags = {}
    with open(check_path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                if r.get("trace_id") in rows and r.get("message_index") == data[r["trace_id"]].get("judge_index", 3):
                    flags[r["trace_id"]] = [v for k in KINDS for v in r.get(k, [])]
    return flags


def match(rows, flags):
    """Label of each flag (the first label its span overlaps), and the flags on no label."""
    matched = Counter()
    unlabelled = []
    for tid, labels in rows.items():
        for u in flags.get(tid, []):
            hit = [l for l in labels if l["start"] < u["end"] and u["start"] < l["end"]]
            if hit:
                matched[hit[0]["label"]] += 1
            else:
                unlabelled.append((tid, u.get("value")))
    return matched, unlabelled


def score(check_path, rows, data):
    flags = read_flags(check_path, rows, data)
    matched, unlabelled = match(rows, flags)
    caught = Counter()
    totals = Counter()
    for tid, labels in rows.items():
        fl = flags.get(tid, [])
        for l in labels:
            if l["label"] != "typed":
                continue
            mis = l["note"].startswith("misattributed")
            got = any(l["start"] < u["end"] and u["start"] < l["end"] for u in fl)
            totals["all"] += 1
            caught["all"] += got
            if not mis:
                totals["not_misattributed"] += 1
                caught["not_misattributed"] += got
    n = matched["typed"] + matched["read"]
    print(f"gate: {sum(matched.values()) + len(unlabelled)} flags on the labelled traces; "
          f"on labels: typed {matched['typed']}, read {matched['read']}, "
          f"not_a_value {matched['not_a_value']}; on no label: {len(unlabelled)}")
    if n:
        print(f"precision typed/(typed+read): {matched['typed']}/{n} = {matched['typed'] / n:.3f}")
    for k in ("all", "not_misattributed"):
        if totals[k]:
            print(f"recall ({k} typed): {caught[k]}/{totals[k]} = {caught[k] / totals[k]:.3f}")
    for tid, v in unlabelled:
        print(f"  flag on no label: {tid} {v!r}")


def precision_only(title, check_path, rows, data):
    """Precision of the flags on a set of traces chosen for being flagged: no recall."""
    matched, unlabelled = match(rows, read_flags(check_path, rows, data))
    print(f"gate ({title}): {sum(matched.values()) + len(unlabelled)} flags on {len(rows)} traces; "
          f"on labels: typed {matched['typed']}, read {matched['read']}, "
          f"not_a_value {matched['not_a_value']}; on no label: {len(unlabelled)}")
    n3 = matched["typed"] + matched["read"] + matched["not_a_value"]
    n2 = matched["typed"] + matched["read"]
    if n3:
        print(f"  precision typed/(typed+read+not_a_value): {matched['typed']}/{n3} = {matched['typed'] / n3:.3f}")
    if n2:
        print(f"  precision typed/(typed+read): {matched['typed']}/{n2} = {matched['typed'] / n2:.3f}")
    for tid, v in unlabelled:
        print(f"  flag on no label: {tid} {v!r}")


def load(labels_path, data, sampled=None):
    """Validate one label file; return (rows, counts, problems)."""
    problems = 0
    per_label = Counter()
    per_ds = defaultdict(Counter)
    per_model = defaultdict(Counter)
    traces = Counter()
    seen = set()
    rows = {}
    with open(labels_path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            row = json.loads(line)
            tid = row["trace_id"]
            if tid in seen or tid not in data:
                print(f"line {n}: bad or repeated trace id {tid}")
                problems += 1
                continue
            if sampled is not None and tid in sampled:
                print(f"line {n}: {tid} is already in the random sample")
                problems += 1
                continue
            seen.add(tid)
            rows[tid] = row["labels"]
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
    return rows, (per_label, per_ds, per_model, traces), problems


def report(rows, counts):
    per_label, per_ds, per_model, traces = counts
    total = sum(per_label.values())
    print(f"traces {len(rows)}  values {total}  " +
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


def main(argv):
    argv = list(argv)
    check_path = None
    flagged_path = None
    if "--check" in argv:
        i = argv.index("--check")
        check_path = argv[i + 1]
        del argv[i:i + 2]
    if "--kinds" in argv:
        i = argv.index("--kinds")
        KINDS[:] = argv[i + 1].split(",")
        del argv[i:i + 2]
    if "--flagged" in argv:
        i = argv.index("--flagged")
        if i + 1 < len(argv) and argv[i + 1].endswith(".jsonl") and not argv[i + 1].startswith("-"):
            flagged_path = argv[i + 1]
            del argv[i:i + 2]
        else:
            flagged_path = os.path.join(HERE, "quintd-dev-flagged.jsonl")
            del argv[i]
    labels_path = argv[0] if argv else os.path.join(HERE, "quintd-dev.jsonl")
    data_path = argv[1] if len(argv) > 1 else "/work/shared/data/quintd-dev.jsonl"
    data = {}
    with open(data_path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                data[rec["id"]] = rec
    rows, counts, problems = load(labels_path, data)
    report(rows, counts)
    if check_path:
        score(check_path, rows, data)
    if flagged_path:
        print()
        print(f"== {os.path.basename(flagged_path)} (traces chosen because today's gate flagged them; "
              "precision only)")
        frows, fcounts, fproblems = load(flagged_path, data, sampled=set(rows))
        problems += fproblems
        report(frows, fcounts)
        if check_path:
            precision_only("flagged file", check_path, frows, data)
            both = dict(rows)
            both.update(frows)
            precision_only("both files", check_path, both, data)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
