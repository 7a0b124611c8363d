"""Shows the GIL release: Gate.judge from two threads, each on its own
corpus, against one thread, measured in the same run.

Each round times one thread judging N answers, then two threads judging N
answers each (one corpus per thread), and prints the ratio of two-thread
throughput to one-thread throughput. 2.0 is perfect scaling on two free
cores; 1.0 would mean the GIL serialises the judges. The same round then
measures the ceiling: the same judges looped in C++ with no Python at all
(_time_judge_in_cpp, which also builds the verdict's JSON form), one thread
against two. On a machine shared with other work both ratios count the
other work's turns, so read the Python ratio against the C++ one of the
same run, and the medians over the rounds.

    PYTHONPATH=build-py/python /usr/bin/python3 python/bench_threads.py
"""
import argparse
import json
import statistics
import threading
import time

import groundgate


def make_corpus(results):
    corpus = groundgate.EvidenceCorpus()
    corpus.record_user_message("Summarise the ports with CRC errors.")
    for i in range(results):
        ports = [{"port": f"fc{i}/{p}", "crc_errors": 41200 + 17 * p + i,
                  "wwn": f"20:00:00:25:b5:{i:02x}:{p:02x}:0f"}
                 for p in range(48)]
        corpus.record_tool_result(f"call_{i}", "port_stats", json.dumps(ports))
    return corpus


# An answer of a few paragraphs: most of the judge's time is reading the
# answer, which runs without the GIL; the verdict's dicts are built with it.
ANSWER = " ".join(
    ["Port fc1/3 logged 41,252 CRC errors, port fc2/7 logged 41,321, "
     "and fc5/40 (WWN 20:00:00:25:b5:05:28:0f) logged 41,885; "
     "up from 39,950 last week."] +
    ["The errors on these links usually come from a dirty or damaged "
     "optic, so the cleaning kit and a spare transceiver should be taken "
     "to the rack before the maintenance window opens."] * 12)


def judge_loop(gate, corpus, count):
    for _ in range(count):
        gate.judge(ANSWER, corpus)


def judge_loop_in_cpp(gate, corpus, count):
    groundgate._time_judge_in_cpp(gate, ANSWER, corpus, count, "json")


def ratio_of(loop, gate, corpora, count):
    """Two-thread throughput over one-thread throughput of `loop`."""
    one = timed([threading.Thread(target=loop, args=(gate, corpora[0], count))])
    two = timed([threading.Thread(target=loop, args=(gate, corpus, count))
                 for corpus in corpora])
    return (2 * count / two) / (count / one), count / one


def timed(threads):
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=2000,
                        help="judges per thread per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--results", type=int, default=8,
                        help="tool results per corpus (48 ports each)")
    args = parser.parse_args()
    gate = groundgate.Gate()
    corpora = [make_corpus(args.results), make_corpus(args.results)]
    judge_loop(gate, corpora[0], 50)  # warm up
    python_ratios, cpp_ratios = [], []
    for round_number in range(1, args.rounds + 1):
        python_ratio, rate = ratio_of(judge_loop, gate, corpora, args.answers)
        cpp_ratio, _ = ratio_of(judge_loop_in_cpp, gate, corpora, args.answers)
        python_ratios.append(python_ratio)
        cpp_ratios.append(cpp_ratio)
        print(f"round {round_number}: one thread {rate:7.0f} judges/s; "
              f"two threads / one: Python judge() {python_ratio:.2f}, "
              f"C++ alone {cpp_ratio:.2f}")
    print(f"median two threads / one thread: Python judge() "
          f"{statistics.median(python_ratios):.2f}, C++ alone "
          f"{statistics.median(cpp_ratios):.2f}")

if __name__ == "__main__":
    main()
