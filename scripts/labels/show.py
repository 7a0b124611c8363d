#!/usr/bin/env python3
"""Annotator's aid for the quintd-dev hand labels.

Prints, for one trace: its data in a compact form (with plain summaries for
openweather: per-day and overall minima/maxima, which a reader needs to
check "ranges from X to Y"), the answer text, and a label skeleton: one
line per digit-bearing token of the answer (with an attached unit or date
words) and per name that `groundgate check --include-values` flagged,

    <byte start>\t<value as written>\t?\t

(with --brief the data is not printed; for openweather and owid each
number is followed by where it occurs exactly in the data, as a look-up aid)
which the annotator edits by hand (the span, the label, the note) into
scripts/labels/src/<trace_id>.tsv. This script decides no label.

    python3 scripts/labels/show.py TRACE_ID [--check CHECK_OUTPUT] [--data FILE]
"""
import json
import re
import sys
from collections import defaultdict

DEFAULT_DATA = "/work/shared/data/quintd-dev.jsonl"

UNITS = ["degrees Celsius", "degrees Fahrenheit", "degrees C", "meters per second",
         "metres per second", "miles per hour", "kilometers per hour",
         "millimeters", "millimetres", "percent", "per cent", "°C", "° C", "°F", "°", "%", "mm", "cm", "m/s", "km/h", "mph", "hPa",
         "g", "kg", "oz", "inches", "inch", "MP", "mAh", "GB", "MB",
         "TB", "GHz", "MHz", "Hz", "ppi", "nits", "fps", "W", "h", "hours",
         "years", "year", "people", "deaths", "tonnes", "kWh", "TWh", "USD",
         "PM", "AM", "p.m.", "a.m.", "UTC", "minutes", "degrees", "meters",
         "metres", "m", "km", "EUR", "INR", "GBP", "ppi", "goals"]
MONTHS = ("January February March April May June July August September "
          "October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept "
          "Oct Nov Dec").split()


def load(trace_id, path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if f'"{trace_id}"' in line:
                rec = json.loads(line)
                if rec["id"] == trace_id:
                    return rec
    raise SystemExit(f"no trace {trace_id}")


def show_data(ds, text):
    if ds == "gsmarena":
        j = json.loads(text)
        print("name:", j["details"]["name"])
        for cat in j["details"]["detailSpec"]:
            for s in cat["specifications"]:
                print(f"  {cat['category']}/{s['name'].strip()}: {s['value']}")
        for k, v in j["details"].items():
            if k not in ("detailSpec", "name"):
                print(f"  {k}: {v}")
    elif ds == "ice_hockey":
        j = json.loads(text)

        def walk(o, p=""):
            if isinstance(o, dict):
                for k, v in o.items():
                    walk(v, f"{p}.{k}" if p else k)
            else:
                print(f"  {p}: {o}")
        walk(j)
    elif ds == "openweather":
        j = json.loads(text)
        print("city:", j["city"])
        days = defaultdict(list)
        for e in j["list"]:
            m, w = e["main"], e["wind"]
            extra = ""
            if "rain" in e:
                extra += f" rain3h={e['rain']['3h']}"
            if "snow" in e:
                extra += f" snow3h={e['snow']['3h']}"
            desc = "/".join(x["description"] for x in e["weather"])
            print(f"  {e['dt_txt']} t={m['temp']} fl={m['feels_like']} "
                  f"min={m['temp_min']} max={m['temp_max']} p={m['pressure']} "
                  f"cl={e['clouds']['all']} ws={w['speed']} wd={w['deg']} "
                  f"g={w['gust']} {desc}{extra}")
            days[e["dt_txt"][:10]].append(e)
        print("per day (temp min..max | temp_min..temp_max | wind min..max | gust min..max | p min..max | rain sum | snow sum | clouds min..max):")
        for d, es in days.items():
            ts = [e["main"]["temp"] for e in es]
            print(f"  {d}: {min(ts)}..{max(ts)} | "
                  f"{min(e['main']['temp_min'] for e in es)}..{max(e['main']['temp_max'] for e in es)} | "
                  f"{min(e['wind']['speed'] for e in es)}..{max(e['wind']['speed'] for e in es)} | "
                  f"{min(e['wind']['gust'] for e in es)}..{max(e['wind']['gust'] for e in es)} | "
                  f"{min(e['main']['pressure'] for e in es)}..{max(e['main']['pressure'] for e in es)} | "
                  f"{round(sum(e.get('rain', {}).get('3h', 0) for e in es), 2)} | "
                  f"{round(sum(e.get('snow', {}).get('3h', 0) for e in es), 2)} | "
                  f"{min(e['clouds']['all'] for e in es)}..{max(e['clouds']['all'] for e in es)}")
        allv = lambda f: [f(e) for e in j["list"]]
        for name, f in [("temp", lambda e: e["main"]["temp"]),
                        ("feels", lambda e: e["main"]["feels_like"]),
                        ("wind", lambda e: e["wind"]["speed"]),
                        ("gust", lambda e: e["wind"]["gust"]),
                        ("pressure", lambda e: e["main"]["pressure"]),
                        ("clouds", lambda e: e["clouds"]["all"])]:
            v = allv(f)
            print(f"  overall {name}: min {min(v)} max {max(v)} mean {sum(v)/len(v):.2f}")
        print("  (1 m/s = 2.237 mph = 3.6 km/h; °F = °C * 9/5 + 32)")
    else:
        print(text)


def where_index(ds, text):
    """Exact occurrences of numbers in the data: {number string: [where, ...]}."""
    idx = defaultdict(list)
    if ds == "openweather":
        j = json.loads(text)
        for e in j["list"]:
            t = e["dt_txt"][5:16]
            flat = {"temp": e["main"]["temp"], "feels": e["main"]["feels_like"],
                    "tmin": e["main"]["temp_min"], "tmax": e["main"]["temp_max"],
                    "p": e["main"]["pressure"], "cl": e["clouds"]["all"],
                    "ws": e["wind"]["speed"], "wd": e["wind"]["deg"],
                    "g": e["wind"]["gust"]}
            if "rain" in e:
                flat["rain"] = e["rain"]["3h"]
            if "snow" in e:
                flat["snow"] = e["snow"]["3h"]
            for k, v in flat.items():
                idx[str(float(v))].append(f"{k}@{t}")
    elif ds == "owid":
        for line in text.splitlines():
            if "," in line and not line.startswith("#"):
                d, _, v = line.partition(",")
                try:
                    idx[str(float(v))].append(f"value@{d}")
                except ValueError:
                    pass
    return idx


def where(idx, span):
    out = []
    for m in re.finditer(r"-?\d+(?:\.\d+)?", span.replace(",", "")):
        try:
            key = str(float(m.group()))
        except ValueError:
            continue
        if key in idx:
            out.append(f"{m.group()}: " + " ".join(idx[key][:6]))
    return "; ".join(out)


def skeleton(answer, flagged):
    b = answer.encode("utf-8")
    rows = []
    for m in re.finditer(r"\S+", answer):
        tok = m.group()
        if not re.search(r"\d", tok):
            continue
        s, e = m.start(), m.end()
        while s < e and answer[s] in "([\"'~≈":
            s += 1
        while e > s and answer[e - 1] in ".,;:)]\"'!?":
            e -= 1
        # attached unit word
        rest = answer[e:]
        for u in sorted(UNITS, key=len, reverse=True):
            if rest.lower().startswith(" " + u.lower()) and not rest[len(u) + 1:len(u) + 2].isalpha():
                e += len(u) + 1
                break
        # date words: "January 7th", "November 26, 2023"
        before = answer[:s].rstrip()
        words = before.split()
        if words and words[-1].strip(",") in MONTHS and before.endswith(words[-1]):
            s = len(before) - len(words[-1])
        mm = re.match(r",? (\d{4})\b", answer[e:])
        if mm and re.search(r"[A-Za-z]", answer[s:e]):
            e += mm.end()
        rows.append((s, e))
    # merge overlaps
    merged = []
    for s, e in sorted(rows):
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    out = []
    for s, e in merged:
        bs = len(answer[:s].encode("utf-8"))
        out.append((bs, answer[s:e], "?", ""))
    for f in flagged:
        span = b[f["start"]:f["end"]].decode("utf-8")
        if not re.search(r"\d", span):
            out.append((f["start"], span, "?", f"[flagged {f['shape']}]"))
    return sorted(out)


def main(argv):
    args = list(argv)
    brief = "--brief" in args
    if brief:
        args.remove("--brief")
    data, check = DEFAULT_DATA, None
    for opt in ("--check", "--data"):
        if opt in args:
            i = args.index(opt)
            if opt == "--check":
                check = args[i + 1]
            else:
                data = args[i + 1]
            del args[i:i + 2]
    trace_id = args[0]
    rec = load(trace_id, data)
    ds = rec["meta"]["dataset"]
    answer = rec["messages"][rec.get("judge_index", 3)]["content"]
    flagged = []
    if check:
        with open(check, encoding="utf-8") as f:
            for line in f:
                if f'"{trace_id}"' in line:
                    r = json.loads(line)
                    if r.get("trace_id") == trace_id:
                        flagged = r.get("unsupported", [])
    print("=" * 20, trace_id, ds, rec["meta"]["model"])
    if not brief:
        show_data(ds, rec["messages"][2]["content"])
    print("--- answer")
    print(answer)
    print("--- flagged today:", ", ".join(f"{f['value']}@{f['start']}" for f in flagged) or "none")
    print("--- skeleton")
    idx = where_index(ds, rec["messages"][2]["content"])
    for row in skeleton(answer, flagged):
        w = where(idx, row[1]) if idx else ""
        print("\t".join(str(x) for x in row) + (f"\t[{w}]" if w else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
