"""groundgate: judges whether the values in an LLM agent's answer were read
from its tool results.

The package is a thin face over the compiled module ``groundgate._groundgate``
(python/groundgate_module.cc): every public name is defined there and
re-exported here, so ``groundgate.Gate`` is the class the module registers.
Types are described in ``_groundgate.pyi``; ``py.typed`` tells type checkers
to read them.

It does not judge anything itself, and holds no state of its own.
"""
from ._groundgate import (
    Agent,
    EvidenceCorpus,
    Gate,
    Refused,
    RunError,
    Tool,
    __version__,
    _time_judge_in_cpp,
    check,
    check_lines,
)

__all__ = [
    "Agent",
    "EvidenceCorpus",
    "Gate",
    "Refused",
    "RunError",
    "Tool",
    "check",
    "check_lines",
]

try:
    from ._groundgate import OpenAiClient
    __all__.append("OpenAiClient")
except ImportError:  # a module built without groundgate_net (no libcurl)
    pass
