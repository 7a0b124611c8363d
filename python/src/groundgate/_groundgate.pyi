# Type stub of the compiled module groundgate._groundgate
# (python/groundgate_module.cc). test_stub.py checks that its public names
# are the module's.
import os
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

__version__: str

class RunError(Exception):
    code: str

class Refused(RunError):
    unsupported: list[dict[str, Any]]
    misattributed: list[dict[str, Any]]
    more: int
    revision_tried: bool

class Gate:
    def __init__(self, options: Mapping[str, Any] | None = None,
                 **kwargs: Any) -> None: ...
    def judge(self, answer: str, corpus: EvidenceCorpus, *,
              include_values: bool = False,
              record: bool = False) -> dict[str, Any]: ...
    def judge_json(self, answer: str, corpus: EvidenceCorpus, *,
                   include_values: bool = False,
                   record: bool = False) -> str: ...
    @property
    def options(self) -> dict[str, Any]: ...

class EvidenceCorpus:
    def __init__(self, max_index_tokens: int = 200000, *,
                 process_caches: bool = True) -> None: ...
    def record_user_message(self, text: str) -> bool: ...
    def record_exempt(self, text: str) -> None: ...
    def record_tool_result(self, tool_call_id: str, tool_name: str,
                           content: str) -> dict[str, Any]: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def user_turn(self) -> int: ...
    @property
    def indexed_values(self) -> int: ...

class Tool:
    def __init__(self, name: str, function: Callable[[dict[str, Any]], Any],
                 *, description: str = "",
                 parameters: Mapping[str, Any] | str | None = None) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def parameters(self) -> dict[str, Any]: ...
    @property
    def function(self) -> Callable[[dict[str, Any]], Any]: ...

class OpenAiClient:
    def __init__(self, base_url: str, model: str, *,
                 api_key_env: str = "OPENAI_API_KEY",
                 require_api_key: bool = False,
                 extra_body: Mapping[str, Any] | str | None = None,
                 extra_headers: Mapping[str, str] | None = None,
                 call_timeout: float = 120.0, max_retries: int = 2,
                 initial_backoff: float = 0.5, max_backoff: float = 8.0,
                 max_response_bytes: int = 8388608,
                 stream: bool = False) -> None: ...
    @property
    def endpoint(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def has_api_key(self) -> bool: ...

class Agent:
    def __init__(self, model: OpenAiClient | Callable[[dict[str, Any]], Any],
                 tools: Iterable[Tool] = (), *,
                 posture: Literal["assist", "guard", "rails"] = "assist",
                 gate: Gate | None = None, max_iterations: int = 8,
                 system_prompt: str = "", conversation_id: str = "",
                 include_values: bool = False,
                 max_index_tokens: int = 200000,
                 on_event: Callable[[dict[str, Any]], Any] | None = None,
                 events: Sequence[str] | None = None,
                 tool_choice: str | Mapping[str, Any] | None = None,
                 parallel_tool_calls: bool | None = None,
                 tool_concurrency: int = 1) -> None: ...
    def run(self, message: str, *, timeout: float | None = None,
            trace_id: str = "", span_id: str = "",
            on_partial_text: Callable[[int, str], Any] | None = None
            ) -> dict[str, Any]: ...
    def cancel(self) -> None: ...
    @property
    def messages(self) -> list[dict[str, Any]]: ...
    @property
    def posture(self) -> str: ...

def check(path: str | os.PathLike[str], gate: Gate | None = None, *,
          include_values: bool = False, format: str = "auto",
          judge_intermediate: bool = False, skip_malformed: bool = False,
          as_text: bool = False, **options: Any) -> list[Any]: ...
def check_lines(lines: Iterable[str | bytes], gate: Gate | None = None, *,
                source: str = "<lines>", first_line: int = 1,
                include_values: bool = False, format: str = "auto",
                judge_intermediate: bool = False,
                skip_malformed: bool = False, as_text: bool = False,
                **options: Any) -> list[Any]: ...
def _time_judge_in_cpp(gate: Gate, answer: str, corpus: EvidenceCorpus,
                       iterations: int, output: str = "verdict") -> float: ...
