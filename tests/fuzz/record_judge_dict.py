#!/usr/bin/env python3
"""tests/fuzz/record_judge_dict.py — print the generated part of record_judge.dict.

Its one job: list every string literal of 2-24 bytes in the code (not the
comments) of evidence/ and stages/, as libFuzzer dictionary entries (bytes
outside printable ASCII as \\xNN). What the evidence path compares input
bytes against is mostly these: currency codes and symbols, unit and month
names, cue words. It does NOT write the file: record_judge.dict is its
hand-written head (the fuzzer's own entries) and then this output.

  python3 tests/fuzz/record_judge_dict.py   # from the repository root
"""
import codecs
import glob
import re

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.){1,24})"')


def literals():
    found = set()
    paths = sorted(glob.glob("evidence/*.cc") + glob.glob("evidence/*.h") +
                   glob.glob("stages/*.cc") + glob.glob("stages/*.h"))
    for path in paths:
        with open(path, encoding="utf-8") as source:
            for line in source:
                stripped = line.strip()
                if stripped.startswith("//") or stripped.startswith("#include"):
                    continue
                comment = line.find(" // ")
                if comment >= 0 and line[:comment].count('"') % 2 == 0:
                    line = line[:comment]
                for match in LITERAL.finditer(line):
                    try:
                        value = codecs.escape_decode(match.group(1).encode())[0]
                    except ValueError:
                        continue
                    if 2 <= len(value) <= 24:
                        found.add(value)
    return sorted(found)


def entry(value):
    out = []
    for byte in value:
        if byte in (0x22, 0x5C):
            out.append("\\" + chr(byte))
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append("\\x%02X" % byte)
    return '"' + "".join(out) + '"'


if __name__ == "__main__":
    for value in literals():
        print(entry(value))
