#!/usr/bin/python3
"""A stand-in for `vllm serve` over real HTTP on loopback, for the remote engine's tests.

It checks every chat request body the way vLLM's OpenAI server would need it (model, messages,
image_url data URLs, stream, stream_options, sampling fields, mm_processor_kwargs) and answers
with SSE streams shaped like vLLM's (chat.completion.chunk objects, a usage chunk with empty
choices, `data: [DONE]`). The scenario is the first path element after /s/:
http://127.0.0.1:PORT/s/<scenario>/v1 (plain /v1 is "plain"). GET /_last/<scenario> returns
the last request of that scenario ({"body": ..., "authorization": ...}) so the test can compare
the image bytes with its files.

Prints "PORT <n>" on stdout once listening; runs until killed (with --exit-with-stdin also
until its stdin closes). With --make-images DIR it
writes the test images instead.
"""
import base64
import json
import os
import random
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODEL = "gemma-4-test"
SERVED_LEVELS = (70, 280)  # the levels this "server" was started for
API_KEY = "test-key-123"
# The "slow" reply's gap between chunks. Stop tests assert they finish in under half
# of it: a client that waited for the next chunk would take the whole gap.
SLOW_CHUNK_GAP_S = 3
LAST = {}
LOCK = threading.Lock()

MAGIC = [(b"\xff\xd8\xff", "image/jpeg"), (b"\x89PNG\r\n\x1a\n", "image/png"),
         (b"GIF87a", "image/gif"), (b"GIF89a", "image/gif"), (b"BM", "image/bmp")]


def chunk(delta=None, finish=None):
    return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 1,
            "model": MODEL, "choices": [{"index": 0, "delta": delta or {}, "logprobs": None,
                                         "finish_reason": finish}]}


def usage_chunk(prompt, completion):
    return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 1,
            "model": MODEL, "choices": [],
            "usage": {"prompt_tokens": prompt, "total_tokens": prompt + completion,
                      "completion_tokens": completion}}


def sse(obj):
    return b"data: " + json.dumps(obj, ensure_ascii=False).encode() + b"\n\n"


def check_body(body):
    """The problem with a chat request body, or None."""
    if body.get("model") != MODEL:
        return f"model {body.get('model')!r} is not served"
    if body.get("stream") is not True:
        return "stream must be true"
    if body.get("stream_options") != {"include_usage": True}:
        return "stream_options must be {include_usage: true}"
    if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
        return "max_tokens must be a positive integer"
    if not isinstance(body.get("temperature"), (int, float)):
        return "temperature missing"
    for key, kind in (("top_p", (int, float)), ("top_k", int), ("seed", int)):
        if key in body and not isinstance(body[key], kind):
            return f"{key} has the wrong type"
    kwargs = body.get("chat_template_kwargs")
    if not isinstance(kwargs, dict) or not isinstance(kwargs.get("enable_thinking"), bool):
        return "chat_template_kwargs.enable_thinking missing"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages or messages[-1].get("role") != "user":
        return "messages must end with a user message"
    images = 0
    for m in messages:
        if m.get("role") not in ("system", "user", "assistant"):
            return f"unknown role {m.get('role')!r}"
        content = m.get("content")
        if isinstance(content, str):
            continue
        for part in content:
            if part.get("type") == "text":
                if not isinstance(part.get("text"), str):
                    return "text part without text"
            elif part.get("type") == "image_url":
                url = part["image_url"]["url"]
                head, _, data = url.partition(",")
                if not head.startswith("data:") or not head.endswith(";base64"):
                    return "image_url is not a base64 data URL"
                raw = base64.b64decode(data, validate=True)
                mime = next((t for magic, t in MAGIC if raw.startswith(magic)), None)
                if mime != head[5:-7]:
                    return f"data URL says {head[5:-7]} but the bytes are {mime}"
                images += 1
            else:
                return f"unknown content part {part.get('type')!r}"
    mm = body.get("mm_processor_kwargs")
    if images and (not isinstance(mm, dict) or mm.get("max_soft_tokens") not in
                   (70, 140, 280, 560, 1120)):
        return "images without mm_processor_kwargs.max_soft_tokens"
    return None


def prompt_tokens(body):
    """A deterministic prompt size: 20 + (level + 2) per image (boi/eoi), so a comparison's
    columns differ by exactly the level difference."""
    level = (body.get("mm_processor_kwargs") or {}).get("max_soft_tokens", 0)
    images = sum(1 for m in body["messages"] if isinstance(m["content"], list)
                 for p in m["content"] if p["type"] == "image_url")
    return 20 + images * (level + 2)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def route(self):
        parts = self.path.split("/")
        if len(parts) > 3 and parts[1] == "s":
            return parts[2], "/" + "/".join(parts[3:])
        return "plain", self.path

    def send_json(self, status, obj):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, status, message, kind="BadRequestError"):
        # "current": the shape of current vLLM (an "error" object); else the older flat one.
        if getattr(self, "scenario", "") == "current":
            return self.send_json(status, {"error": {"message": message, "type": kind,
                                                     "param": None, "code": status}})
        self.send_json(status, {"object": "error", "message": message, "type": kind,
                                "param": None, "code": status})

    def do_GET(self):
        scenario, path = self.route()
        if path.startswith("/_last/"):
            with LOCK:
                return self.send_json(200, LAST.get(path[len("/_last/"):], {}))
        if scenario == "auth" and self.headers.get("Authorization") != "Bearer " + API_KEY:
            return self.send_json(401, {"error": "Unauthorized"})
        if path == "/v1/models":
            data = [] if scenario == "nomodels" else [
                {"id": MODEL, "object": "model", "owned_by": "vllm", "max_model_len": 8192},
                {"id": "other-model", "object": "model", "owned_by": "vllm"}]
            return self.send_json(200, {"object": "list", "data": data})
        if path == "/health":
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_json(404, {"detail": "Not Found"})

    def do_POST(self):
        scenario, path = self.route()
        self.scenario = scenario
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if path != "/v1/chat/completions":
            return self.send_json(404, {"detail": "Not Found"})
        try:
            body = json.loads(raw)
        except ValueError:
            return self.error(400, "fake server: the body is not JSON")
        with LOCK:
            LAST[scenario] = {"body": body, "authorization": self.headers.get("Authorization")}
        if self.headers.get("Content-Type") != "application/json":
            return self.error(400, "fake server: Content-Type must be application/json")
        problem = check_body(body)
        if problem:
            return self.error(422, "fake server: " + problem)
        if scenario == "auth" and self.headers.get("Authorization") != "Bearer " + API_KEY:
            return self.send_json(401, {"error": "Unauthorized"})
        if scenario == "busy":
            return self.error(503, "The engine is overloaded: 64 requests waiting",
                              "ServiceUnavailableError")
        level = (body.get("mm_processor_kwargs") or {}).get("max_soft_tokens")
        if level is not None and level not in SERVED_LEVELS:
            return self.error(400, f"max_soft_tokens={level} was not compiled into the vision "
                                   f"tower (compiled: {', '.join(map(str, SERVED_LEVELS))})")
        if scenario == "html":
            data = b"<html><body>502 Bad Gateway from the proxy</body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.stream(scenario, body)

    # --- the streamed replies -------------------------------------------------------------
    def write(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def events(self, scenario, body):
        """The SSE byte stream of a scenario, as a list of events."""
        content_key = {"reasoning_content": "reasoning_content", "reasoning": "reasoning"}
        pieces = []
        if scenario in content_key:
            pieces += [{content_key[scenario]: t} for t in ["Looking at ", "the square…"]]
            pieces += [{"content": t} for t in ["It is ", "red."]]
        elif scenario == "inline":
            pieces += [{"content": t} for t in
                       ["<|channel>thou", "ght\nLooking ", "closely.<chan", "nel|>It is red.",
                        "<turn|>"]]
        elif scenario == "bench":
            pieces += [{"content": " tok"} for _ in range(body["max_tokens"])]
        else:
            pieces += [{"content": t} for t in
                       ["The picture ", "shows a red ", "square — ", "größer ✓ 🟥."]]
        out = [sse(chunk({"role": "assistant", "content": ""}))]
        out += [sse(chunk(p)) for p in pieces]
        finish = "length" if scenario == "length" else "stop"
        out.append(sse(chunk({}, finish)))
        out.append(sse(usage_chunk(prompt_tokens(body), len(pieces))))
        out.append(b"data: [DONE]\n\n")
        return out

    def stream(self, scenario, body):
        events = self.events(scenario, body)
        if scenario == "split":  # CRLF, keep-alive comments, pieces cut at random bytes
            data = b": ping\r\n\r\n" + b"".join(e.replace(b"\n", b"\r\n") for e in events)
            rng = random.Random(7)
            i = 0
            while i < len(data):
                n = rng.randint(1, 6)
                self.write(data[i:i + n])
                time.sleep(0.0005)
                i += n
            return self.end()
        if scenario == "drop":  # two text chunks, then the connection breaks
            for e in events[:3]:
                self.write(e)
            time.sleep(0.05)
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if scenario == "nodone":  # a clean end of the body without finish_reason or [DONE]
            for e in events[:3]:
                self.write(e)
            return self.end()
        if scenario == "stall":  # headers, then silence past the client's timeout
            time.sleep(3)
            return self.end()
        if scenario == "slow":  # a chunk every 3 s: Stop finds the client waiting on the socket
            for e in events[:2]:
                self.write(e)
            for _ in range(20):
                time.sleep(SLOW_CHUNK_GAP_S)
                try:
                    self.write(sse(chunk({"content": "."})))
                except OSError:
                    return  # the client closed the stream
            return self.end()
        if scenario == "badjson":
            self.write(events[0] + b"data: {\"choices\": [oops\n\n")
            return self.end()
        if scenario == "inerror":
            self.write(b"".join(events[:3]))
            self.write(sse({"error": {"object": "error", "message": "EngineCore died",
                                      "type": "InternalServerError", "code": 500}}))
            return self.end()
        if scenario == "bench":
            self.write(b"".join(events))
            return self.end()
        for e in events:
            self.write(e)
        self.end()


def make_images(folder):
    """The test images: a 640x480 JPEG and a 224x224 PNG (Pillow, as the real server decodes)."""
    from PIL import Image
    Image.new("RGB", (640, 480), (200, 30, 40)).save(f"{folder}/photo.jpg", quality=90)
    Image.new("RGB", (224, 224), (10, 120, 240)).save(f"{folder}/chart.png")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--make-images":
        return make_images(sys.argv[2])
    if "--exit-with-stdin" in sys.argv:
        # The test that started us holds our stdin: when it dies (even by abort, before its
        # atexit handler kills us), the pipe closes and we go too — no server left behind.
        def watch():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
