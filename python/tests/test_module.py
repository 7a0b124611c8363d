"""Gate, EvidenceCorpus and judge() from Python: what the verdict says."""
import json
import pickle
import re
import threading

import pytest

import groundgate

VERDICT_KEYS = [
    "action", "candidates", "looked_up", "unsupported", "unverified",
    "misattributed", "grounded", "carried_by", "conflicts",
    "evidence_truncated", "answer_truncated", "grounding"
]


def test_the_version_is_the_library_version():
    assert re.fullmatch(r"\d+\.\d+\.\d+", groundgate.__version__)


def test_values_read_from_a_result_are_grounded(gate, port_corpus):
    verdict = gate.judge("Port fc1/3 logged 41,200 CRC errors.", port_corpus)
    assert list(verdict) == VERDICT_KEYS
    assert verdict["action"] == "grounded"
    assert verdict["candidates"] == 2
    assert verdict["unsupported"] == []
    assert [(g["shape"], g["reason"]) for g in verdict["grounded"]] == [
        ("identifier", "exact"), ("number", "canonical")
    ]
    assert verdict["carried_by"] == [{
        "tool_call_id": "call_1",
        "tool_name": "port_stats",
        "values": 2,
        "only": 2
    }]
    assert verdict["grounding"] == {"this_turn": 2, "prior_turns": 0}


def test_a_value_no_result_carried_is_unsupported(gate, port_corpus):
    answer = "Port fc1/3 logged 41,200 CRC errors, up from 39,950."
    verdict = gate.judge(answer, port_corpus)
    assert verdict["action"] == "flagged"
    [unsupported] = verdict["unsupported"]
    assert answer[unsupported["start"]:unsupported["end"]] == "39,950"
    assert unsupported["shape"] == "number"
    # Values stay out of the verdict unless the caller opts in (law 8).
    assert "value" not in unsupported
    assert "39950" not in json.dumps(verdict)
    with_values = gate.judge(answer, port_corpus, include_values=True)
    assert with_values["unsupported"][0]["value"] == "39950"


def test_record_keeps_what_an_answer_derived(gate, port_corpus):
    # A restated sum grounds once the answer that derived it was judged
    # with record=True; judging without it keeps nothing.
    derived = "41,200 + 1,800 = 43,000 errors in all."
    restated = "So 43,000 errors."
    assert gate.judge(derived, port_corpus)["action"] == "grounded"
    assert gate.judge(restated, port_corpus)["action"] == "flagged"
    verdict = gate.judge(derived, port_corpus, record=True)
    assert verdict["action"] == "grounded"
    again = gate.judge(restated, port_corpus)
    assert again["action"] == "grounded"
    assert [g["reason"] for g in again["grounded"]] == ["derived_sum"]
    assert gate.judge("So 43,001 errors.", port_corpus)["action"] == "flagged"


def test_judge_json_is_the_same_verdict_as_text(gate, port_corpus):
    answer = "Port fc1/3 logged 41,200 CRC errors, up from 39,950."
    text = gate.judge_json(answer, port_corpus, include_values=True)
    assert "\n" not in text
    assert json.loads(text) == gate.judge(answer, port_corpus,
                                          include_values=True)


def test_values_the_user_or_the_application_supplied_are_exempt(
        gate, port_corpus):
    # TENANT-0042 came from the system text; 77001 from the user.
    port_corpus.record_user_message("Is ticket 77001 about fc1/3?")
    verdict = gate.judge("Tenant TENANT-0042: ticket 77001 covers fc1/3.",
                         port_corpus)
    assert verdict["action"] == "grounded"
    assert verdict["candidates"] == 3
    assert verdict["looked_up"] == 1  # fc1/3; the other two are exempt
    # A value read in the earlier turn is still grounded (law 7).
    assert verdict["grounding"] == {"this_turn": 0, "prior_turns": 1}


def test_declared_exemptions_and_shapes_come_from_options(port_corpus):
    answer = "Ticket OPS-4411 runs on build v12.4 for fc1/3."
    plain = groundgate.Gate().judge(answer, port_corpus)
    assert plain["action"] == "flagged"
    gate = groundgate.Gate(
        {"shapes": [{"name": "ticket", "pattern": "[A-Z]{2,6}-[0-9]+"}]},
        exempt_values=["OPS-4411"],
        exempt_patterns=[r"v[0-9]+\.[0-9]+"])
    verdict = gate.judge(answer, port_corpus)
    assert verdict["action"] == "grounded", verdict
    assert verdict["looked_up"] == 1


def test_min_digits_decides_which_bare_numbers_are_values(port_corpus):
    answer = "fc1/3 logged 412 errors."
    assert groundgate.Gate().judge(answer, port_corpus)["action"] == "grounded"
    three = groundgate.Gate(min_digits=3).judge(answer, port_corpus)
    assert three["action"] == "flagged"


@pytest.mark.parametrize("options, error, message", [
    ({"min_digits": 0}, ValueError, "min_digits is 0"),
    ({"min_digits": "4"}, ValueError, "min_digits: expected an integer"),
    ({"min_digits": 10**30}, ValueError, "min_digits: out of range"),
    ({"names": "yes"}, ValueError, "names: expected true or false"),
    ({"min_digit": 4}, ValueError, 'unknown option "min_digit"'),
    ({"shapes": [{"name": "t", "pattern": "("}]}, ValueError,
     "pattern RE2 rejects"),
    ({"shapes": [{"name": "t"}]}, ValueError, r"shapes\[0\].pattern: missing"),
    ({"shapes": [{"name": "t", "pattern": "x"}] * 2}, ValueError,
     'repeats the name "t"'),
    ({"exempt_values": [""]}, ValueError, "empty after canonicalization"),
    ({"exempt_values": [object()]}, TypeError, "object is not an option"),
    ({"exempt_patterns": "v1"}, ValueError, "expected an array of strings"),
])
def test_bad_options_raise_naming_the_option(options, error, message):
    with pytest.raises(error, match=message):
        groundgate.Gate(**options)


def test_options_must_be_a_dict():
    with pytest.raises(TypeError):
        groundgate.Gate(["min_digits", 3])


def test_a_gate_reports_and_pickles_its_options():
    gate = groundgate.Gate(min_digits=3, names=False,
                           exempt_values=["TENANT-0042"])
    assert gate.options == {
        "arithmetic": True,
        "bind_records": True,
        "exempt_patterns": [],
        "exempt_values": ["TENANT-0042"],
        "min_digits": 3,
        "misattribution_flags": True,
        "names": False,
        "quantities": True,
        "shapes": []
    }
    assert pickle.loads(pickle.dumps(gate)).options == gate.options


def test_law_11_options_are_read_and_pickled():
    warn = groundgate.Gate(misattribution_flags=False)
    assert warn.options["misattribution_flags"] is False
    assert warn.options["bind_records"] is True
    off = groundgate.Gate({"bind_records": False})
    assert off.options["bind_records"] is False
    assert pickle.loads(pickle.dumps(warn)).options == warn.options
    with pytest.raises(ValueError, match="bind_records: expected true or false"):
        groundgate.Gate(bind_records="yes")


def test_the_verdict_always_lists_misattributed_values(gate, port_corpus):
    verdict = gate.judge("Port fc1/3 logged 41,200 CRC errors.", port_corpus,
                         include_values=True)
    assert verdict["misattributed"] == []


def test_the_corpus_says_what_it_recorded():
    corpus = groundgate.EvidenceCorpus()
    assert corpus.user_turn == 0
    assert corpus.record_user_message("Which LUN?") is True
    assert corpus.record_user_message("[evidence check] 0x0014 was typed") \
        is False
    assert corpus.user_turn == 1
    outcome = corpus.record_tool_result("call_1", "luns",
                                        '{"lun": "0x0013", "size": 1024}')
    assert outcome["parsed_as_json"] is True
    assert outcome["values_new"] >= 2
    text = corpus.record_tool_result("call_2", "df", "/dev/sda1 50% 41200")
    assert text["parsed_as_json"] is False
    assert corpus.indexed_values > 0
    assert corpus.truncated is False


def test_a_truncated_corpus_accuses_no_one(gate):
    corpus = groundgate.EvidenceCorpus(max_index_tokens=1)
    corpus.record_tool_result("call_1", "inventory",
                              '{"serial": "JPG2134006X", "crc": 41200}')
    assert corpus.truncated
    verdict = gate.judge("Serial JPG2134006X, 99999 errors.", corpus)
    assert verdict["action"] == "unverified"
    assert verdict["unsupported"] == []
    assert verdict["carried_by"] is None
    with pytest.raises(ValueError, match="max_index_tokens"):
        groundgate.EvidenceCorpus(max_index_tokens=0)


def test_a_corpus_without_process_caches_judges_the_same(gate):
    search = ('{"flights": [{"flight_number": "HAT139", "prices": '
              '{"economy": 114, "business": 480}, "padding": "' + "x" * 2100 +
              '"}, {"flight_number": "HAT271", "prices": {"economy": 174, '
              '"business": 520}}]}')
    answer = "HAT271 costs $114 in economy."
    verdicts = []
    for caches in (False, True, True, True):
        corpus = groundgate.EvidenceCorpus(process_caches=caches)
        corpus.record_user_message("What does HAT271 cost?")
        corpus.record_tool_result("call_1", "search_flights", search)
        verdicts.append(gate.judge(answer, corpus))
    assert verdicts[0]["misattributed"]
    assert all(v == verdicts[0] for v in verdicts)
    with pytest.raises(TypeError):
        groundgate.EvidenceCorpus(200000, False)


def test_judge_takes_only_a_corpus(gate):
    with pytest.raises(TypeError):
        gate.judge("fc1/3", None)


def test_threads_share_one_gate_and_one_corpus(gate, port_corpus):
    answers = ["Port fc1/3 logged 41,200 CRC errors.",
               "Port fc1/3 logged 41,200 CRC errors, up from 39,950."]
    expected = [gate.judge(a, port_corpus) for a in answers]
    results = [[] for _ in range(4)]

    def judge_many(out):
        for i in range(50):
            out.append(gate.judge(answers[i % 2], port_corpus) ==
                       expected[i % 2])
            if i % 10 == 0:
                # Recording waits for the other threads' judges.
                port_corpus.record_exempt("context")

    threads = [threading.Thread(target=judge_many, args=(r,))
               for r in results]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(all(r) and len(r) == 50 for r in results)
