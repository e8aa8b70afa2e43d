"""Scripted model servers for the end-to-end suite: Anthropic Messages and OpenAI Responses.

Standard library only: this module runs inside the loopback-only network namespace next to
the real CLI (see ``netns_session.py``). A script is a list of model turns already in the
host's own shape (``scripts.py`` builds them); the server never decides anything itself.

Which turn answers a request: the number of model turns already in the conversation (Claude:
assistant messages; Codex: function/custom tool calls and assistant messages). A retry gets the
same turn again, and a Stop-hook continuation naturally moves on to the next one. Past the end
the last turn repeats, which is how a model that "claims green after every block" is written.
A request whose user text contains a subagent's marker is answered from that subagent's turns.
Every request is appended, with its full body and the turn chosen, to a JSONL log.
"""

import json
import re
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SUBAGENT_TOOL = "@subagent"   # placeholder tool name: Claude's Agent (2.1.1xx) or Task, as offered
CODEX_MODEL_ITEMS = ("function_call", "custom_tool_call", "local_shell_call")


def _new_id(prefix):
    return prefix + uuid.uuid4().hex[:20]


def _text_of(content):
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if isinstance(block, dict) and isinstance(block.get("text"), str):
            parts.append(block["text"])
    return "\n".join(parts)


class Script(object):
    """The turns of one session: ``{"turns": [...], "subagents": [{"marker", "turns"}]}``."""

    def __init__(self, data):
        self.turns = data["turns"]
        self.subagents = data.get("subagents", [])

    def pick(self, user_text, index):
        """(label, turn) for a conversation whose user text and turn count are given."""
        label, turns = "main", self.turns
        for sub in self.subagents:
            if sub["marker"] in user_text:
                label, turns = "subagent:" + sub["marker"], sub["turns"]
                break
        return label, turns[min(index, len(turns) - 1)]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "stalegreen-e2e-mock"

    def log_message(self, fmt, *args):
        pass

    def _record(self, entry):
        entry["t"] = time.time()
        line = json.dumps(entry) + "\n"
        with self.server.log_lock:
            with open(self.server.log_path, "a") as log:
                log.write(line)

    def _read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if (self.headers.get("Content-Encoding") or "").lower() == "gzip":
            import gzip

            raw = gzip.decompress(raw)
        try:
            return json.loads(raw.decode("utf-8")) if raw else {}
        except ValueError:
            return {"_unparsed": raw.decode("utf-8", "replace")}

    def _send_json(self, status, obj):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _start_stream(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def _event(self, name, data):
        self.wfile.write(("event: %s\ndata: %s\n\n" % (name, json.dumps(data))).encode())
        self.wfile.flush()

    def do_HEAD(self):
        # Claude Code checks the base URL with a HEAD before its first request
        self._record({"method": "HEAD", "path": self.path})
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self._record({"method": "GET", "path": self.path})
        self._send_json(404, {"error": {"type": "not_found_error", "message": "mock: no such endpoint"}})

    def do_POST(self):
        body = self._read_json()
        path = self.path.split("?")[0]
        entry = {"method": "POST", "path": self.path, "body": body}
        handler = self.server.routes.get(path)
        if handler is None:
            self._record(entry)
            return self._send_json(404, {"error": {"type": "not_found_error", "message": "mock: no such endpoint"}})
        handler(self, body, entry)


# --- Anthropic Messages (Claude Code) ---------------------------------------------------------

def _claude_user_text(messages):
    for message in messages:
        if message.get("role") == "user":
            return _text_of(message.get("content"))
    return ""


def _claude_blocks(turn, offered_tools):
    """The turn's blocks with fresh ids. The subagent placeholder becomes the offered tool, and its
    ``run_in_background`` wish is kept only where that tool has the field (2.1.3xx runs subagents
    in the background by default; 2.1.1xx always in the foreground and has no such field)."""
    blocks = []
    for block in turn["content"]:
        if block["type"] == "tool_use":
            name, tool_input = block["name"], dict(block["input"])
            if name == SUBAGENT_TOOL:
                name = "Agent" if "Agent" in offered_tools or "Task" not in offered_tools else "Task"
                schema = (offered_tools.get(name) or {}).get("input_schema") or {}
                if "run_in_background" not in (schema.get("properties") or {}):
                    tool_input.pop("run_in_background", None)
            blocks.append({"type": "tool_use", "id": _new_id("toolu_"), "name": name, "input": tool_input})
        else:
            blocks.append(block)
    return blocks


def _claude_messages(handler, body, entry):
    tools = body.get("tools") or []
    messages = body.get("messages") or []
    if tools:
        index = sum(1 for m in messages if m.get("role") == "assistant")
        label, turn = handler.server.script.pick(_claude_user_text(messages), index)
        blocks = _claude_blocks(turn, dict((t.get("name"), t) for t in tools))
    else:
        label, index, blocks = "side", None, [{"type": "text", "text": "OK"}]
    entry.update({"kind": label, "turn": index, "reply": blocks})
    handler._record(entry)
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    message_id = _new_id("msg_")
    model = body.get("model") or "claude-mock"
    usage = {"input_tokens": 10, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    if not body.get("stream"):
        return handler._send_json(200, {"id": message_id, "type": "message", "role": "assistant", "model": model,
                                        "content": blocks, "stop_reason": stop, "stop_sequence": None,
                                        "usage": usage})
    handler._start_stream()
    handler._event("message_start", {"type": "message_start", "message": {
        "id": message_id, "type": "message", "role": "assistant", "model": model, "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage}})
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        else:
            start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        handler._event("content_block_start", {"type": "content_block_start", "index": index, "content_block": start})
        handler._event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
        handler._event("content_block_stop", {"type": "content_block_stop", "index": index})
    handler._event("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                     "usage": {"output_tokens": 5}})
    handler._event("message_stop", {"type": "message_stop"})


def _claude_count_tokens(handler, body, entry):
    handler._record(entry)
    handler._send_json(200, {"input_tokens": 100})


# --- OpenAI Responses (Codex) -----------------------------------------------------------------

def _codex_items(body):
    items = body.get("input")
    if isinstance(items, str):
        return [{"type": "message", "role": "user", "content": items}]
    return items or []


def _codex_user_text(items):
    return "\n".join(_text_of(i.get("content")) for i in items
                     if i.get("type") == "message" and i.get("role") == "user")


def _codex_last_output(items):
    for item in reversed(items):
        if item.get("type") in ("function_call_output", "custom_tool_call_output"):
            output = item.get("output")
            return output if isinstance(output, str) else json.dumps(output)
    return ""


def _codex_fill(value, found):
    if isinstance(value, str):
        for key, text in found.items():
            value = value.replace("{{%s}}" % key, text)
        return value
    if isinstance(value, list):
        return [_codex_fill(v, found) for v in value]
    if isinstance(value, dict):
        return dict((k, _codex_fill(v, found)) for k, v in value.items())
    return value


def _codex_output_items(turn, items):
    """The turn's items with fresh ids; ``extract`` pulls values (an agent id) from the last output."""
    found = {}
    for name, pattern in (turn.get("extract") or {}).items():
        match = re.search(pattern, _codex_last_output(items))
        found[name] = match.group(1) if match else ""
    out = []
    for item in _codex_fill(turn["items"], found):
        item = dict(item)
        if item["type"] == "message":
            item.update({"id": _new_id("msg_"), "status": "completed"})
        else:
            item.update({"id": _new_id("fc_"), "call_id": _new_id("call_"), "status": "completed"})
            if item["type"] == "function_call" and not isinstance(item["arguments"], str):
                item["arguments"] = json.dumps(item["arguments"])
        out.append(item)
    return out


def _codex_responses(handler, body, entry):
    items = _codex_items(body)
    if body.get("tools"):
        index = sum(1 for i in items if i.get("type") in CODEX_MODEL_ITEMS
                    or (i.get("type") == "message" and i.get("role") == "assistant"))
        label, turn = handler.server.script.pick(_codex_user_text(items), index)
        output = _codex_output_items(turn, items)
    else:
        label, index = "side", None
        output = _codex_output_items({"items": [{"type": "message", "role": "assistant", "content": [
            {"type": "output_text", "text": "OK", "annotations": []}]}]}, items)
    entry.update({"kind": label, "turn": index, "reply": output})
    handler._record(entry)
    response_id = _new_id("resp_")
    base = {"id": response_id, "object": "response", "created_at": int(time.time()),
            "model": body.get("model") or "mock", "status": "in_progress", "output": []}
    sequence = [0]

    def send(data):
        data["sequence_number"] = sequence[0]
        sequence[0] += 1
        handler._event(data["type"], data)

    handler._start_stream()
    send({"type": "response.created", "response": base})
    for position, item in enumerate(output):
        added = dict(item, status="in_progress", content=[]) if item["type"] == "message" else item
        send({"type": "response.output_item.added", "output_index": position, "item": added})
        if item["type"] == "message":
            send({"type": "response.output_text.delta", "item_id": item["id"], "output_index": position,
                  "content_index": 0, "delta": item["content"][0]["text"]})
        send({"type": "response.output_item.done", "output_index": position, "item": item})
    done = dict(base, status="completed", output=output, usage={
        "input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15})
    send({"type": "response.completed", "response": done})


ROUTES = {
    "claude": {"/v1/messages": _claude_messages, "/v1/messages/count_tokens": _claude_count_tokens},
    "codex": {"/v1/responses": _codex_responses},
}


def start(host, script, log_path, port=0):
    """Serve ``script`` for ``host`` on 127.0.0.1:port in a daemon thread; returns the server."""
    server = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
    server.daemon_threads = True
    server.routes = ROUTES[host]
    server.script = Script(script)
    server.log_path = log_path
    server.log_lock = threading.Lock()
    threading.Thread(target=server.serve_forever, name="mock-model", daemon=True).start()
    return server
