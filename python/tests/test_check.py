"""check() and check_lines(): the same lines `groundgate check` prints."""
import json

import pytest

import groundgate
from conftest import EXAMPLE_TRACES, run_check

NO_ID_RECORDS = [
    # A record with an empty id: the command names it FILE:LINE.
    '{"id": "", "messages": [{"role": "user", "content": "CRC errors on fc1/3?"},'
    ' {"role": "assistant", "content": null, "tool_calls": [{"id": "c1",'
    ' "type": "function", "function": {"name": "port_stats",'
    ' "arguments": "{}"}}]},'
    ' {"role": "tool", "tool_call_id": "c1",'
    ' "content": "{\\"port\\": \\"fc1/3\\", \\"crc_errors\\": 41200}"},'
    ' {"role": "assistant", "content": "fc1/3 logged 41,200, not 39,950."}]}',
    '{"id": "named", "messages": [{"role": "user", "content": "hi"},'
    ' {"role": "assistant", "content": "Ticket CHG0031337 is open."}]}',
]


def test_example_traces_are_judged():
    assert len(EXAMPLE_TRACES) >= 3


@pytest.mark.parametrize("path", EXAMPLE_TRACES, ids=lambda p: p.name)
@pytest.mark.parametrize("include_values", [False, True])
def test_check_equals_the_command(cli, path, include_values):
    flags = ["--include-values"] if include_values else []
    expected, code = run_check(cli, *flags, str(path))
    assert expected, "the command judged nothing"
    assert code in (0, 1)
    texts = groundgate.check(str(path), include_values=include_values,
                             as_text=True)
    assert texts == expected  # byte for byte, key order included
    dicts = groundgate.check(path, include_values=include_values)
    assert dicts == [json.loads(line) for line in expected]
    assert [list(d) for d in dicts] == [
        list(json.loads(line)) for line in expected
    ]


@pytest.mark.parametrize("path", EXAMPLE_TRACES, ids=lambda p: p.name)
def test_check_lines_over_partitions_equals_the_command(cli, path):
    expected, _ = run_check(cli, str(path))
    lines = path.read_text(encoding="utf-8").split("\n")
    got = []
    for start in range(0, len(lines), 2):
        got += groundgate.check_lines(lines[start:start + 2],
                                      source=str(path),
                                      first_line=start + 1,
                                      as_text=True)
    assert got == expected


def test_records_without_an_id_are_named_file_and_line(cli, tmp_path):
    path = tmp_path / "archive.jsonl"
    # A byte order mark, a blank line and CRLF endings, as editors write.
    path.write_bytes(("\ufeff" + NO_ID_RECORDS[1] + "\r\n\r\n" +
                      NO_ID_RECORDS[0] + "\r\n").encode("utf-8"))
    expected, code = run_check(cli, str(path))
    assert code == 1
    got = groundgate.check(str(path))
    assert got == [json.loads(line) for line in expected]
    assert [line["trace_id"] for line in got] == ["named", f"{path}:3"]
    assert got[1]["action"] == "flagged"
    assert groundgate.check_lines(
        [NO_ID_RECORDS[0]], source="part-7", first_line=41
    )[0]["trace_id"] == "part-7:41"
    assert groundgate.check_lines([NO_ID_RECORDS[0].encode()])[0][
        "trace_id"] == "<lines>:1"


def test_options_reach_the_gate_as_with_the_command(cli, tmp_path):
    shapes = {
        "shapes": [{"name": "change", "pattern": "CHG[0-9]{7}"}],
        "exempt_values": ["CHG0031337"],
    }
    shapes_file = tmp_path / "shapes.json"
    shapes_file.write_text(json.dumps(shapes))
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(NO_ID_RECORDS) + "\n")
    expected, _ = run_check(cli, "--min-digits", "3", "--shapes",
                            str(shapes_file), str(path))
    got = groundgate.check(str(path), min_digits=3, **shapes, as_text=True)
    assert got == expected
    gate = groundgate.Gate(shapes, min_digits=3)
    assert groundgate.check(str(path), gate, as_text=True) == expected
    with pytest.raises(TypeError, match="either a Gate or gate options"):
        groundgate.check(str(path), gate, min_digits=3)
    with pytest.raises(ValueError, match="min_digits is 0"):
        groundgate.check(str(path), min_digits=0)


def test_a_malformed_line_raises_unless_skipped(cli, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(NO_ID_RECORDS[0] + "\n" +
                    '{"id": "x", "messages": [{"content": "hi"}]}\n' +
                    NO_ID_RECORDS[1] + "\n")
    with pytest.raises(ValueError, match=rf"^{path}:2: messages\[0\]"):
        groundgate.check(str(path))
    expected, code = run_check(cli, str(path))
    assert code == 2  # the command reports the line and judges the rest
    assert groundgate.check(str(path), skip_malformed=True,
                            as_text=True) == expected
    with pytest.raises(ValueError, match="^<lines>:1: not JSON"):
        groundgate.check_lines(["{nope"])


def test_format_and_intermediate_flags_match_the_command(cli, tmp_path):
    record = {
        "id": "ev-1",
        "steps": [
            {"type": "user", "content": "Size of vol-7?"},
            {"type": "tool_call", "content": "{}", "tool": "vol"},
            {"type": "tool_result", "content": '{"size_gb": 5120}',
             "tool": "vol"},
            {"type": "reasoning", "content": "It is 5120, maybe 6144 GB."},
            {"type": "assistant", "content": "vol-7 holds 5,120 GB."},
        ],
    }
    path = tmp_path / "ev.jsonl"
    path.write_text(json.dumps(record) + "\n")
    for flags, kwargs in [([], {}),
                          (["--judge-intermediate"],
                           {"judge_intermediate": True}),
                          (["--format", "evidenceflow"],
                           {"format": "evidenceflow"})]:
        expected, _ = run_check(cli, *flags, str(path))
        assert groundgate.check(str(path), as_text=True, **kwargs) == expected
    judged = groundgate.check(str(path), judge_intermediate=True)
    assert [line.get("judged") for line in judged] == ["reasoning", None]
    with pytest.raises(ValueError, match='unknown format "yaml"'):
        groundgate.check(str(path), format="yaml")
    with pytest.raises(ValueError, match="messages"):
        groundgate.check(str(path), format="openai-chat")


def test_an_unreadable_file_raises_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        groundgate.check(str(tmp_path / "missing.jsonl"))
    with pytest.raises(IsADirectoryError):
        groundgate.check(str(tmp_path))
    with pytest.raises(TypeError):
        groundgate.check_lines([1, 2])
