"""A scripted DeepSeek-compatible chat-completions server for driving real dsh offline.

dsh 0.1.0-rc.8's ``llm-deepseek`` provider POSTs ``{base}/chat/completions`` with
``stream: true`` and reads OpenAI-style SSE deltas (content, tool_calls with arguments split
across chunks, a finish_reason, a usage chunk) and requires the final ``data: [DONE]``.

The script is a JSON object::

    {"steps": [{"tool": "bash", "arguments": {...}}, ..., {"text": "All tests pass."}],
     "after_steer": "I did not rerun the tests."}

Each reply is chosen from the request alone, never from a counter, so dsh's parallel title
request (a request without ``tools``) and retries cannot shift the script: the step index is the
number of assistant tool-call messages already in the conversation; once the final text has been
said, a newer user message (a steer) gets ``after_steer``. Every request and the label of the reply
chosen for it are appended to a JSON-lines log. Standard library only.
"""

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TITLE = "Scripted session"


def message_text(message):
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def choose(script, body):
    """(reply, label) for one request: reply is {"tool", "arguments"} or {"text"}."""
    if not body.get("tools"):
        return {"text": TITLE}, "title"
    messages = body.get("messages") or []
    steps = script["steps"]
    final = steps[-1].get("text")
    said_final = any(m.get("role") == "assistant" and final and message_text(m).strip() == final
                     for m in messages)
    if said_final and messages and messages[-1].get("role") == "user":
        return {"text": script.get("after_steer", "Understood.")}, "after-steer"
    calls = sum(1 for m in messages if m.get("role") == "assistant" and m.get("tool_calls"))
    index = min(calls, len(steps) - 1)
    return steps[index], "step%d" % index


def sse_chunks(reply, model):
    """The SSE events for one reply, tool-call arguments split in two like a real stream."""
    base = {"id": "chatcmpl-" + uuid.uuid4().hex[:12], "object": "chat.completion.chunk",
            "created": int(time.time()), "model": model}

    def chunk(delta, finish=None):
        return dict(base, choices=[{"index": 0, "delta": delta, "finish_reason": finish}])

    events = [chunk({"role": "assistant", "content": ""})]
    if "tool" in reply:
        arguments = json.dumps(reply["arguments"])
        half = len(arguments) // 2
        call_id = "call_" + uuid.uuid4().hex[:10]
        events.append(chunk({"tool_calls": [{"index": 0, "id": call_id, "type": "function",
                                             "function": {"name": reply["tool"], "arguments": arguments[:half]}}]}))
        events.append(chunk({"tool_calls": [{"index": 0, "function": {"arguments": arguments[half:]}}]}))
        events.append(chunk({}, "tool_calls"))
    else:
        for i, word in enumerate(reply["text"].split(" ")):
            events.append(chunk({"content": word if i == 0 else " " + word}))
        events.append(chunk({}, "stop"))
    events.append(dict(base, choices=[], usage={"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}))
    return events


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def _reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.rstrip("/").endswith("/models"):
            self._reply(200, {"object": "list", "data": [{"id": "deepseek-v4-flash", "object": "model"}]})
        else:
            self._reply(404, {"error": {"message": "not found"}})

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._reply(404, {"error": {"message": "not found"}})
            return
        reply, label = choose(self.server.script, body)
        self.server.record({"label": label, "reply": reply, "messages": body.get("messages") or [],
                            "tools": len(body.get("tools") or [])})
        if not body.get("stream"):
            message = {"role": "assistant", "content": reply.get("text", "")}
            self._reply(200, {"id": "chatcmpl-x", "object": "chat.completion", "model": body.get("model"),
                              "choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})
            return
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("connection", "close")
        self.end_headers()
        for event in sse_chunks(reply, body.get("model") or "deepseek-v4-flash"):
            self.wfile.write(b"data: " + json.dumps(event).encode() + b"\n\n")
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()
        self.close_connection = True


def start(script, log_path, port=0):
    """Serve ``script`` on 127.0.0.1:port in a thread; returns the server (``server_address``, ``shutdown()``)."""
    server = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
    server.daemon_threads = True
    server.script = script
    lock = threading.Lock()

    def record(entry):
        with lock, open(log_path, "a") as fh:
            fh.write(json.dumps(entry) + "\n")

    server.record = record
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
