#!/usr/bin/env python3
"""python/bench_overhead.py — what a judge costs from Python, next to C++.

Its one job: time gate.judge(answer, corpus) called from Python (timeit)
and the same Gate::Judge on the same answer and corpus called in a C++ loop
(groundgate._time_judge_in_cpp, GIL released), both in the calling
thread's CPU time, and print both per answer,
their difference (the binding's own cost: argument conversion, the GIL, and
turning the verdict JSON into dicts) and their ratio. Two corpora: the
README's one-result conversation (where the binding's share is largest) and
~1 MB of inventory results in one turn, shaped like the corpus of
tests/bench/judge_benchmark.cc (generated here, so not byte-identical; run
that benchmark for the C++ figure on its own fixture).

What it does NOT do: assert anything (it is not a test), or time recording.

    PYTHONPATH=build-py/python /usr/bin/python3 python/bench_overhead.py
"""
import argparse
import json
import random
import time
import timeit

import groundgate

SMALL_ANSWER = "Port fc1/3 logged 41,200 CRC errors, up from 39,950."


def small_corpus():
    corpus = groundgate.EvidenceCorpus()
    corpus.record_user_message("How many CRC errors on port fc1/3?")
    corpus.record_tool_result("call_1", "port_stats",
                              '{"port": "fc1/3", "crc_errors": 41200}')
    return corpus


def inventory(seed, target_bytes):
    """A storage inventory document of at least target_bytes, and facts."""
    rng = random.Random(seed)
    ports, volumes = [], []
    size = 0
    i = 0
    while size < target_bytes:
        wwpn = ":".join(f"{rng.randrange(256):02x}" for _ in range(8))
        port = {
            "switch": f"mds-9148s-a{seed % 100:02d}.dc-east-2.example.net",
            "port": f"fc{1 + i // 48}/{1 + i % 48}",
            "wwpn": "50:06:01:60:" + wwpn[12:],
            "crc_errors": rng.randrange(100000),
            "rx_frames": rng.randrange(10**9),
            "status": rng.choice(["up", "down", "degraded"]),
            "last_change": f"2024-05-{1 + i % 28:02d}T{i % 24:02d}:04:17Z",
            "message": "link reset after sfp replacement" if i % 7 == 0
                       else "ok",
        }
        volume = {
            "id": f"vol-{rng.randrange(16**12):012x}",
            "name": f"ora_prod_data_{i:04d}",
            "size_bytes": rng.randrange(10**12),
            "iops": rng.randrange(10**6) / 10,
        }
        ports.append(port)
        volumes.append(volume)
        size += len(json.dumps(port)) + len(json.dumps(volume))
        i += 1
    document = json.dumps({"site": "dc-east-2",
                           "generated_at": "2024-05-15T10:00:00Z",
                           "ports": ports, "volumes": volumes})
    return document, ports[2], volumes[0]


def megabyte_corpus():
    corpus = groundgate.EvidenceCorpus()
    corpus.record_exempt(
        "You are the storage operations assistant for the SAN team.")
    corpus.record_user_message(
        "Which ports on the fabric are down, and is vol 0 filling up?")
    facts = []
    for i in range(8):
        document, port, volume = inventory(1000 + i, 128 * 1024)
        corpus.record_tool_result(f"call_{i + 1}", "fabric_inventory",
                                  document)
        facts.append((port, volume))
    port, _ = facts[0]
    _, volume = facts[5]
    answer = (
        f"## Fabric status\n\nPort **{port['port']}** on "
        f"`{port['switch']}` is {port['status']} since "
        f"{port['last_change']}: {port['crc_errors']:,} CRC errors over "
        f"{port['rx_frames']:,} received frames. Its WWPN is "
        f"{port['wwpn']}; the peer HBA 50:06:01:60:9f:a0:e1:7c logged in "
        f"again after the reset.\n\n## Capacity\n\nVolume {volume['id']} "
        f"({volume['name']}) holds {volume['size_bytes']:,} bytes and runs "
        f"at {volume['iops']} IOPS. The site dc-east-2 report was generated "
        f"at 2024-05-15T10:00:00Z. I recommend scheduling a maintenance "
        f"window to replace the SFP and re-seat the cable, then watching "
        f"the counters for an hour.")
    return corpus, answer


def time_python(call, repeat, number):
    """Best-of-repeat mean CPU seconds per call of this thread, from timeit.

    CPU time, not wall time, on both sides: on a machine shared with other
    work, wall time counts their turns too."""
    return min(timeit.repeat(call, repeat=repeat, number=number,
                             timer=time.thread_time)) / number


def time_cpp(gate, answer, corpus, iterations, repeat, output):
    return min(groundgate._time_judge_in_cpp(gate, answer, corpus,
                                             iterations, output)
               for _ in range(repeat))


def report(name, gate, corpus, answer, number, repeat):
    verdict = gate.judge(answer, corpus)
    cpp = time_cpp(gate, answer, corpus, number, repeat, "verdict")
    cpp_json = time_cpp(gate, answer, corpus, number, repeat, "json")
    cpp_text = time_cpp(gate, answer, corpus, number, repeat, "text")
    py_dict = time_python(lambda: gate.judge(answer, corpus), repeat, number)
    py_text = time_python(lambda: gate.judge_json(answer, corpus), repeat,
                          number)
    print(f"{name}: {verdict['candidates']} values, action "
          f"{verdict['action']}")
    rows = [
        ("C++ Gate::Judge -> Verdict", cpp, None),
        ("C++ + VerdictToJson()", cpp_json, None),
        ("C++ + VerdictToJson().dump()", cpp_text, None),
        ("Python gate.judge() -> dict", py_dict, cpp),
        ("Python gate.judge_json() -> str", py_text, cpp),
    ]
    for label, seconds, base in rows:
        line = f"  {label:34s} {seconds * 1e6:9.2f} us"
        if base is not None:
            line += (f"   vs Gate::Judge {(seconds - base) * 1e6:+7.2f} us"
                     f" ({seconds / base:4.2f}x)")
        print(line)
    print(f"  binding's own cost: judge() {(py_dict - cpp_json) * 1e6:+.2f} us"
          f" over C++ with VerdictToJson, judge_json() "
          f"{(py_text - cpp_text) * 1e6:+.2f} us over C++ with dump()")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--small-number", type=int, default=20000)
    parser.add_argument("--large-number", type=int, default=2000)
    args = parser.parse_args()
    gate = groundgate.Gate()
    print(f"groundgate {groundgate.__version__}; best of {args.repeat}")
    report("README corpus (1 result)", gate, small_corpus(), SMALL_ANSWER,
           args.small_number, args.repeat)
    corpus, answer = megabyte_corpus()
    report("~1 MB corpus (8 results)", gate, corpus, answer,
           args.large_number, args.repeat)


if __name__ == "__main__":
    main()
