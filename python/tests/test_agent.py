"""The Agent from Python: a scripted Python model and Python tools, the
postures, evidence_checked events as dicts, and OpenAiClient against a
loopback chat-completions server written with http.server."""
import http.server
import json
import threading

import pytest

import groundgate

ORDER = {"order_id": "ORD-1042", "status": "shipped", "tracking": "1Z999AA10123456784"}


def get_order(arguments):
    assert arguments == {"order_id": "ORD-1042"}
    return ORDER  # any JSON value; json.dumps writes it


ORDER_TOOL = groundgate.Tool(
    "get_order", get_order, description="Look up one order by id.",
    parameters={"type": "object",
                "properties": {"order_id": {"type": "string"}},
                "required": ["order_id"]})

CALL = {"content": None,
        "tool_calls": [{"id": "call_1", "type": "function",
                        "function": {"name": "get_order",
                                     "arguments": '{"order_id": "ORD-1042"}'}}]}


def scripted(*replies):
    """A model callable replaying replies; keeps the requests it got."""
    requests = []
    queue = list(replies)

    def model(request):
        requests.append(request)
        return queue.pop(0)
    model.requests = requests
    return model


def test_a_python_model_and_tool_reach_a_grounded_answer():
    model = scripted(CALL, "Order ORD-1042 shipped: tracking 1Z999AA10123456784.")
    agent = groundgate.Agent(model, [ORDER_TOOL])
    run = agent.run("Where is order ORD-1042?")
    assert run["action"] == "grounded"
    assert run["verdict"]["carried_by"][0]["tool_call_id"] == "call_1"
    assert run["tool_calls"] == 1 and run["iterations"] == 2
    first = model.requests[0]
    assert first["tools"][0]["function"]["name"] == "get_order"
    assert first["messages"][-1] == {"role": "user",
                                     "content": "Where is order ORD-1042?"}
    assert agent.messages[-2]["role"] == "tool"


def test_a_fabricated_value_is_flagged_and_revised_under_guard():
    model = scripted(CALL, "Tracking number 1Z999AA10999999999.",
                     "Tracking number 1Z999AA10123456784.")
    agent = groundgate.Agent(model, [ORDER_TOOL], posture="guard")
    run = agent.run("Where is order ORD-1042?")
    assert run["revision_asked"] is True
    assert run["action"] == "grounded"
    assert run["answer"] == "Tracking number 1Z999AA10123456784."
    assert model.requests[-1]["messages"][-1]["content"].startswith("[evidence check")


def test_a_fabricated_value_is_refused_under_rails():
    model = scripted(CALL, "Tracking number 1Z999AA10999999999.",
                     "Still 1Z999AA10999999999.")
    agent = groundgate.Agent(model, [ORDER_TOOL], posture="rails")
    with pytest.raises(groundgate.Refused) as refused:
        agent.run("Where is order ORD-1042?")
    assert refused.value.revision_tried is True
    assert refused.value.unsupported[0]["canonical"].lower() == "1z999aa10999999999"
    assert isinstance(refused.value, groundgate.RunError)


def test_evidence_checked_events_arrive_as_dicts():
    events = []
    model = scripted(CALL, "Tracking 1Z999AA10999999999.")
    agent = groundgate.Agent(model, [ORDER_TOOL], conversation_id="c-7",
                             on_event=events.append,
                             events=["evidence_checked"])
    run = agent.run("Where is order ORD-1042?")
    assert run["action"] == "flagged"
    assert len(events) == 1
    event = events[0]
    assert event["schema"] == "groundgate.evidence_checked/1"
    assert event["conversation_id"] == "c-7"
    assert event["action"] == "flagged"
    assert event["unsupported"][0]["shape"] == "identifier"
    assert "value" not in event["unsupported"][0]  # law 8


def test_a_tool_exception_is_the_tools_error_result():
    def broken(arguments):
        raise LookupError("orders database is down")
    tool = groundgate.Tool("get_order", broken)
    model = scripted(CALL, "Sorry, the lookup failed.")
    groundgate.Agent(model, [tool]).run("Where is order ORD-1042?")
    tool_message = model.requests[1]["messages"][-1]
    assert tool_message["role"] == "tool"
    assert "LookupError: orders database is down" in tool_message["content"]


def test_a_model_exception_fails_the_run_with_its_message():
    def model(request):
        raise ValueError("quota exceeded")
    agent = groundgate.Agent(model)
    with pytest.raises(groundgate.RunError) as failed:
        agent.run("hello")
    assert "ValueError: quota exceeded" in str(failed.value)
    assert failed.value.code == "INTERNAL"
    assert isinstance(failed.value.__cause__, ValueError)


def test_bad_options_raise_value_error():
    with pytest.raises(ValueError, match="posture"):
        groundgate.Agent(scripted(), posture="lenient")
    with pytest.raises(ValueError):
        groundgate.Tool("bad name!", get_order)
    with pytest.raises(TypeError):
        groundgate.Agent("not callable")


class ChatCompletions(http.server.BaseHTTPRequestHandler):
    """Answers every POST with one chat-completions reply; keeps bodies."""
    bodies = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        ChatCompletions.bodies.append((self.path, body))
        if body.get("tools"):
            message = CALL
        else:
            message = {"role": "assistant", "content": None}
        if any(m["role"] == "tool" for m in body["messages"]):
            message = {"role": "assistant",
                       "content": "Order ORD-1042 shipped."}
        reply = json.dumps({"id": "chatcmpl-1", "object": "chat.completion",
                            "choices": [{"index": 0, "message": message,
                                         "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": 10,
                                      "completion_tokens": 5,
                                      "total_tokens": 15}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


@pytest.mark.skipif(not hasattr(groundgate, "OpenAiClient"),
                    reason="module built without groundgate_net")
def test_openai_client_against_a_loopback_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ChatCompletions)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        client = groundgate.OpenAiClient(
            f"http://127.0.0.1:{server.server_port}/v1", "test-model",
            api_key_env="", extra_body={"temperature": 0})
        assert client.endpoint.endswith("/v1/chat/completions")
        events = []
        agent = groundgate.Agent(client, [ORDER_TOOL], on_event=events.append,
                                 events=["evidence_checked"])
        run = agent.run("Where is order ORD-1042?")
    finally:
        server.shutdown()
    assert run["answer"] == "Order ORD-1042 shipped."
    assert run["action"] == "grounded"
    assert run["usage"] == {"prompt_tokens": 20, "completion_tokens": 10,
                            "total_tokens": 30}
    assert events[0]["response_id"] == "chatcmpl-1"
    path, body = ChatCompletions.bodies[0]
    assert path == "/v1/chat/completions"
    assert body["model"] == "test-model" and body["temperature"] == 0


def test_tools_run_on_a_pool_and_agents_run_on_threads():
    two_calls = {"content": None, "tool_calls": [
        {"id": f"call_{i}", "function": {"name": "get_order",
                                         "arguments": '{"order_id": "ORD-1042"}'}}
        for i in (1, 2)]}
    results = [None, None]

    def run(slot):
        model = scripted(two_calls, "Tracking 1Z999AA10123456784.")
        agent = groundgate.Agent(model, [ORDER_TOOL], tool_concurrency=2)
        results[slot] = agent.run("Where is order ORD-1042?")

    threads = [threading.Thread(target=run, args=(slot,)) for slot in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for result in results:
        assert result["action"] == "grounded" and result["tool_calls"] == 2
        assert [c["tool_call_id"] for c in result["verdict"]["carried_by"]] \
            == ["call_1", "call_2"]


def test_an_on_event_exception_goes_to_unraisablehook_and_the_run_goes_on(
        monkeypatch):
    caught = []
    monkeypatch.setattr("sys.unraisablehook", caught.append)

    def on_event(event):
        raise RuntimeError("subscriber broke")
    model = scripted(CALL, "Tracking 1Z999AA10123456784.")
    agent = groundgate.Agent(model, [ORDER_TOOL], on_event=on_event,
                             events=["evidence_checked"])
    assert agent.run("Where is order ORD-1042?")["action"] == "grounded"
    assert [str(hook.exc_value) for hook in caught] == ["subscriber broke"]


class StreamedChatCompletions(http.server.BaseHTTPRequestHandler):
    """Answers every POST with server-sent events, one word per event:
    the tool call first, then the answer; keeps bodies."""
    bodies = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        StreamedChatCompletions.bodies.append(body)
        if any(m["role"] == "tool" for m in body["messages"]):
            words = "Order ORD-1042 shipped: 1Z999AA10123456784.".split(" ")
            deltas = [{"content": w if i == 0 else " " + w}
                      for i, w in enumerate(words)]
        else:
            call = CALL["tool_calls"][0]
            deltas = [{"tool_calls": [{"index": 0, "id": call["id"],
                                       "type": "function",
                                       "function": {"name": "get_order",
                                                    "arguments": '{"order_'}}]},
                      {"tool_calls": [{"index": 0, "function": {
                          "arguments": 'id": "ORD-1042"}'}}]}]
        events = [{"id": "chatcmpl-s", "choices": [
            {"index": 0, "delta": delta, "finish_reason": None}]}
            for delta in deltas]
        events.append({"id": "chatcmpl-s", "choices": [
            {"index": 0, "delta": {}, "finish_reason": "stop"}]})
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()  # HTTP/1.0: the body ends when the server closes
        for event in events:
            self.wfile.write(b"data: " + json.dumps(event).encode() + b"\n\n")
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")

    def log_message(self, *args):
        pass


@pytest.mark.skipif(not hasattr(groundgate, "OpenAiClient"),
                    reason="module built without groundgate_net")
def test_a_streamed_answer_arrives_in_pieces_and_is_judged_whole():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             StreamedChatCompletions)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        client = groundgate.OpenAiClient(
            f"http://127.0.0.1:{server.server_port}/v1", "test-model",
            api_key_env="", stream=True)
        pieces = []
        run = groundgate.Agent(client, [ORDER_TOOL]).run(
            "Where is order ORD-1042?",
            on_partial_text=lambda iteration, text: pieces.append(
                (iteration, text)))
    finally:
        server.shutdown()
    assert run["answer"] == "Order ORD-1042 shipped: 1Z999AA10123456784."
    assert run["action"] == "grounded" and run["tool_calls"] == 1
    assert [text for _, text in pieces] == [
        "Order", " ORD-1042", " shipped:", " 1Z999AA10123456784."]
    assert {iteration for iteration, _ in pieces} == {2}
    assert StreamedChatCompletions.bodies[0]["stream"] is True


def test_a_callable_models_text_reaches_on_partial_text_whole():
    pieces = []
    model = scripted(CALL, "Tracking 1Z999AA10123456784.")
    run = groundgate.Agent(model, [ORDER_TOOL]).run(
        "Where is order ORD-1042?",
        on_partial_text=lambda iteration, text: pieces.append((iteration, text)))
    assert run["action"] == "grounded"
    assert pieces == [(2, "Tracking 1Z999AA10123456784.")]
    with pytest.raises(TypeError, match="on_partial_text"):
        groundgate.Agent(scripted("hi")).run("hello", on_partial_text=3)
