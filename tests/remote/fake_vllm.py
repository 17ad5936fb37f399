#!/usr/bin/python3
"""A stand-in for `vllm serve` over real HTTP on loopback, for the remote engine's tests.

Modelled on vLLM's source, not on what Facet expects; each behaviour names the file it copies:
  V   = vllm-project/vllm: vllm/entrypoints/openai/engine/protocol.py @ 040a2cc2 (ErrorResponse
        {"error": {message, type, param, code}}, ModelCard, seed range),
        vllm/entrypoints/openai/chat_completion/serving.py @ 006c49d4
        (chat_completion_stream_generator: role chunk, deltas, an exception becomes
        `data: {error}` then `data: [DONE]`), vllm/reasoning/gemma4_reasoning_parser.py
        @ 109eefd6 (delta.reasoning without the "thought\n" label; adjust_request sets
        skip_special_tokens false), GET /version = {"version": vllm.__version__} (api_server).
  R   = RBLN-SW/vllm-rbln v0.11.0 @ 95c7a25a: pins vllm==0.22.0+cpu (pyproject.toml); its
        Gemma 4 model hands pixel values to optimum-rbln's get_image_features
        (vllm_rbln/model_executor/models/optimum/gemma4.py), which fails inside the engine for a
        level the model was not compiled for.

It checks every chat request body the way vLLM's OpenAI server would need it (model, messages,
image_url data URLs, stream, stream_options, sampling fields, mm_processor_kwargs) and answers
with SSE streams shaped like vLLM's (chat.completion.chunk objects, a usage chunk with empty
choices, `data: [DONE]`). The scenario is the first path element after /s/:
http://127.0.0.1:PORT/s/<scenario>/v1 (plain /v1 is "plain"); a "~suffix" gives a scenario its
own state (e.g. rbln~1 and rbln~2 die separately). GET /_last/<scenario> returns the last
request of that scenario ({"body": ..., "authorization": ...}) so the test can compare the
image bytes with its files.

Modes (the scenario's name before "~"):
  plain, current   current vLLM (V): {"error": {...}} bodies, 400 for validation errors
  gate             vLLM >= 0.31 started without --trust-request-mm-kwargs: HTTP 400, param
                   "mm_processor_kwargs", for any request that sends mm_processor_kwargs
                   (v0.31.0 release notes, breaking changes; PR #58830)
  gatewords        the same refusal with `param` null, the flag named only in the message (the
                   param is not confirmed in source: vLLM >= 0.31 could not be read here)
  rbln             vllm-rbln (R): vLLM 0.22's flat {"object": "error", ...} bodies, /version
                   "0.22.0+cpu", levels 70 and 280 compiled; another level fails in the engine
                   (HTTP 500 "EngineCore encountered an issue", then /health 503 and every
                   request 500: the engine is dead)
  inline           no --reasoning-parser: the thought channel markers are special tokens that
                   vLLM strips unless the request sends skip_special_tokens: false
  reasoning        --reasoning-parser gemma4 (V): the thought in delta.reasoning
  reasoning_content  a server from before delta.reasoning_content was renamed
  enginedead       the engine dies mid-reply: an error object (code 500) inside the stream,
                   then [DONE] (V: serving.py)
  abort            finish_reason "abort" after some text (vLLM's FinishReason.ABORT)
  levels           current vLLM whose reply names the level it was sent ("Seen at 70: …"), so a
                   comparison's columns differ (every other mode answers every level alike)
  notokenize       a server without POST /tokenize (404); every other mode has it (V)
  code             current vLLM whose reply holds a fenced code block (a sentence, ```python
                   … ```, a sentence), streamed a line at a time: how a code block in a
                   server's reply looks (packaging/take-screenshots.py --server)
  batch            current vLLM whose every reply takes BATCH_HOLD_S before its first token,
                   as a reply waits for the batch it was scheduled into, so requests sent at
                   once are seen overlapping. Every scenario counts its chat requests in
                   flight, from their arrival to their reply's first byte (in "batch" the
                   hold): GET /_concurrency/<scenario> returns {"peak": most at once,
                   "requests": how many came} (sweep --parallel's test)
Every mode refuses a prompt longer than max_model_len - max_tokens with HTTP 400 naming both
numbers, param "input_tokens" (vLLM's VLLMValidationError wording).

Hostile servers (issue #56), none of them vLLM; each is the reproducer of a failure that crashed
or hung facet-cli:
  deepbody         HTTP 400 whose body is {"detail": [[[...]]]} nested 500,000 deep (1 MB;
                   60,000 crashed the app's worker thread, facet-cli's 8 MB stack needs more)
  deepstream       an error object inside the stream nested as deep
  deepusage        a usage chunk whose prompt_tokens is nested as deep
  deepsse          an SSE `event: error` whose data is the deep body
  deepmodels       GET /v1/models answering the deep body with HTTP 200
  longline         an event stream that is one endless line (no newline ever)
  endlessdata      endless `data: x` lines with no blank line to end the event
  flood            valid text chunks without end, whatever max_tokens says
  trickle          a keep-alive comment every 0.2 s, never a token and never an end
  bigmodels        GET /v1/models answering 2 MB of models (valid JSON)
  hugelen          GET /v1/models with max_model_len 2^40
  echoauth         HTTP 401 whose message echoes the request's Authorization header
  escapes          a reply with terminal escape sequences (OSC 52 writes the clipboard)

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
MAX_MODEL_LEN = 8192  # /v1/models' max_model_len for MODEL
RBLN_LEVELS = (70, 280)  # the levels the "rbln" mode's model was compiled for
# The "code" mode's reply: Markdown with a fenced code block, as a model writes one.
CODE_REPLY = """The yellow shape is the square. To find it in the picture yourself:

```python
from PIL import Image

def yellow_pixels(path):
    image = Image.open(path).convert("RGB")
    return [(x, y) for (x, y), (r, g, b) in zip(
        ((x, y) for y in range(image.height) for x in range(image.width)),
        image.getdata()) if r > 200 and g > 200 and b < 80]
```

The pixels it returns all lie inside the square."""
GEMMA4_DEFAULT_LEVEL = 280  # Gemma 4's processor default max_soft_tokens (no mm_processor_kwargs)
DEAD = set()  # scenarios whose engine died (rbln mode after an uncompiled level)
API_KEY = "test-key-123"
# The "slow" reply's gap between chunks. Stop tests assert they finish in under half
# of it: a client that waited for the next chunk would take the whole gap.
SLOW_CHUNK_GAP_S = 3
LAST = {}
LOCK = threading.Lock()
BATCH_HOLD_S = 0.4  # the "batch" mode's wait before the first token
IN_FLIGHT = {}  # scenario -> chat requests being answered now
CONCURRENCY = {}  # scenario -> {"peak": n, "requests": n}

DEEP = 500_000  # nesting of the deep bodies: 1 MB of brackets
ENDLESS_LIMIT = 64 << 20  # the endless modes stop here if the client never does
ESCAPES = "safe \x1b]52;c;ZXZpbA==\x07text \x1b[2J\x1b[31mred\x9b1m \x07bell\r\n"


def deep(n=DEEP):
    return "[" * n + "]" * n


MAGIC = [(b"\xff\xd8\xff", "image/jpeg"), (b"\x89PNG\r\n\x1a\n", "image/png"),
         (b"GIF87a", "image/gif"), (b"GIF89a", "image/gif"), (b"BM", "image/bmp")]


def mime_of(raw):
    """The image type of the bytes; WebP is RIFF....WEBP (vLLM decodes it with Pillow)."""
    if raw[:4] == b"RIFF" and raw[8:12] == b"WEBP":
        return "image/webp"
    return next((t for magic, t in MAGIC if raw.startswith(magic)), None)


def mode_of(scenario):
    return scenario.split("~")[0]


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
    for key, kind in (("top_p", (int, float)), ("top_k", int), ("seed", int),
                      ("skip_special_tokens", bool)):
        if key in body and not isinstance(body[key], kind):
            return f"{key} has the wrong type"
    # V: seed = Field(None, ge=_LONG_INFO.min, le=_LONG_INFO.max), torch.long
    if "seed" in body and not -2**63 <= body["seed"] <= 2**63 - 1:
        return "seed must fit in a signed 64-bit integer"
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
                mime = mime_of(raw)
                if mime != head[5:-7]:
                    return f"data URL says {head[5:-7]} but the bytes are {mime}"
                images += 1
            else:
                return f"unknown content part {part.get('type')!r}"
    mm = body.get("mm_processor_kwargs")
    # Stock vLLM's Gemma 4 processor takes every Gemma 4 level; no kwargs: its default.
    if mm is not None and (not isinstance(mm, dict) or mm.get("max_soft_tokens") not in
                           (70, 140, 280, 560, 1120)):
        return "mm_processor_kwargs.max_soft_tokens is not a Gemma 4 level"
    return None


def prompt_tokens(body):
    """A deterministic prompt size: 20 + (level + 2) per image (boi/eoi), so a comparison's
    columns differ by exactly the level difference."""
    level = (body.get("mm_processor_kwargs") or {}).get("max_soft_tokens", GEMMA4_DEFAULT_LEVEL)
    images = sum(1 for m in body["messages"] if isinstance(m["content"], list)
                 for p in m["content"] if p["type"] == "image_url")
    return 20 + images * (level + 2)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading: what it does with the hostile scenarios

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

    def send_raw(self, status, content_type, data):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, status, message, kind="BadRequestError", param=None):
        # V: ErrorResponse {"error": ErrorInfo}; R (vLLM 0.22): the flat older body.
        if mode_of(getattr(self, "scenario", "")) == "rbln":
            return self.send_json(status, {"object": "error", "message": message, "type": kind,
                                           "param": param, "code": status})
        self.send_json(status, {"error": {"message": message, "type": kind, "param": param,
                                          "code": status}})

    def do_GET(self):
        scenario, path = self.route()
        if path.startswith("/_concurrency/"):
            with LOCK:
                return self.send_json(200, CONCURRENCY.get(path[len("/_concurrency/"):],
                                                           {"peak": 0, "requests": 0}))
        if path.startswith("/_last/"):
            with LOCK:
                return self.send_json(200, LAST.get(path[len("/_last/"):], {}))
        if scenario == "auth" and self.headers.get("Authorization") != "Bearer " + API_KEY:
            return self.send_json(401, {"error": "Unauthorized"})
        if path == "/v1/models" and scenario == "deepmodels":
            data = ('{"detail": ' + deep() + '}').encode()
            return self.send_raw(200, "application/json", data)
        if path == "/v1/models" and scenario == "bigmodels":  # 2 MB: past the 1 MiB limit
            data = [{"id": f"model-{i:06d}", "object": "model", "owned_by": "vllm",
                     "root": "/models/" + "x" * 60} for i in range(20_000)]
            return self.send_json(200, {"object": "list", "data": data})
        if path == "/v1/models" and scenario == "hugelen":
            return self.send_json(200, {"object": "list", "data": [
                {"id": MODEL, "object": "model", "owned_by": "vllm", "max_model_len": 2**40}]})
        if path == "/v1/models":  # V: ModelCard
            data = [] if scenario == "nomodels" else [
                {"id": MODEL, "object": "model", "created": 1, "owned_by": "vllm",
                 "root": "/models/" + MODEL, "parent": None, "max_model_len": MAX_MODEL_LEN,
                 "permission": []},
                {"id": "other-model", "object": "model", "owned_by": "vllm"}]
            return self.send_json(200, {"object": "list", "data": data})
        if path == "/version":  # V: {"version": vllm.__version__}; R pins 0.22.0+cpu
            if scenario == "noversion":
                return self.send_json(404, {"detail": "Not Found"})
            return self.send_json(200, {"version": "0.22.0+cpu" if mode_of(scenario) == "rbln"
                                        else "0.31.0"})
        if path == "/health":  # V: 200 with an empty body; 503 once the engine is dead
            self.send_response(503 if scenario in DEAD else 200)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_json(404, {"detail": "Not Found"})

    def tokenize(self, scenario, raw):
        """V: POST /tokenize at the server root (vllm/entrypoints/serve/tokenize/api_router.py
        @ 045d7575). The chat form renders the messages as a chat request does and its
        renderer processes the images at the level that request would use
        (serving.py @ cf34c18c), so the tokens are those of prompt_tokens(): 20 text tokens,
        then per image boi, the soft tokens and eoi."""
        try:
            body = json.loads(raw)
        except ValueError:
            return self.error(400, "fake server: the body is not JSON")
        with LOCK:
            LAST[scenario + "/tokenize"] = {"body": body}
        if not isinstance(body.get("messages"), list) or body.get("stream") is not None:
            return self.error(400, "fake server: not a TokenizeChatRequest")
        level = (body.get("mm_processor_kwargs") or {}).get("max_soft_tokens",
                                                             GEMMA4_DEFAULT_LEVEL)
        strs = ["<bos>"] + ["text"] * 19
        for m in body["messages"]:
            if isinstance(m["content"], list):
                for p in m["content"]:
                    if p["type"] == "image_url":
                        strs += ["<|image>"] + ["<|image|>"] * level + ["<image|>"]
        out = {"count": len(strs), "max_model_len": MAX_MODEL_LEN,
               "tokens": [2] + [1000] * 19 + [0] * (len(strs) - 20), "token_strs": None}
        if body.get("return_token_strs"):
            out["token_strs"] = strs
        return self.send_json(200, out)

    def do_POST(self):
        scenario, path = self.route()
        self.scenario = scenario
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if path == "/tokenize" and scenario != "notokenize":
            return self.tokenize(scenario, raw)
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
        if problem:  # V: request validation errors are 400, not FastAPI's 422
            return self.error(400, "fake server: " + problem)
        if scenario == "auth" and self.headers.get("Authorization") != "Bearer " + API_KEY:
            return self.send_json(401, {"error": "Unauthorized"})
        if scenario == "busy":
            return self.error(503, "The engine is overloaded: 64 requests waiting",
                              "ServiceUnavailableError")
        if scenario == "deepbody":
            return self.send_raw(400, "application/json",
                                 ('{"detail": ' + deep() + '}').encode())
        if scenario == "echoauth":  # a server (or proxy) that quotes the request's headers
            return self.error(401, "invalid credentials: Authorization: " +
                              str(self.headers.get("Authorization")), "AuthenticationError")
        mode = mode_of(scenario)
        if mode == "gatewords" and "mm_processor_kwargs" in body:
            # The same refusal if vLLM leaves `param` null: only its words name the flag.
            return self.error(400, "fake server: mm_processor_kwargs in a request need "
                                   "--trust-request-mm-kwargs")
        if mode == "gate" and "mm_processor_kwargs" in body:
            # v0.31.0: per-request mm_processor_kwargs refused unless the server was started
            # with --trust-request-mm-kwargs (our words; the param is what clients decide by).
            return self.error(400, "fake server: per-request mm_processor_kwargs are not "
                                   "accepted; start the server with --trust-request-mm-kwargs",
                              param="mm_processor_kwargs")
        engine_dead = "EngineCore encountered an issue. See stack trace (above) for the root cause."
        if scenario in DEAD:
            return self.error(500, engine_dead, "InternalServerError")
        prompt = prompt_tokens(body)
        if prompt + body["max_tokens"] > MAX_MODEL_LEN:  # V: VLLMValidationError's wording
            return self.error(
                400, f"This model's maximum context length is {MAX_MODEL_LEN} tokens. However, "
                     f"you requested {body['max_tokens']} output tokens and your prompt contains "
                     f"at least {prompt} input tokens, for a total of at least "
                     f"{prompt + body['max_tokens']} tokens. Please reduce the length of the "
                     f"input prompt or the number of requested output tokens. "
                     f"(parameter=input_tokens, value={prompt})", param="input_tokens")
        level = (body.get("mm_processor_kwargs") or {}).get("max_soft_tokens")
        if mode == "rbln" and level is not None and level not in RBLN_LEVELS:
            # R: optimum-rbln's get_image_features fails inside the engine; the engine dies.
            DEAD.add(scenario)
            return self.error(500, engine_dead, "InternalServerError")
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
        with LOCK:
            IN_FLIGHT[scenario] = IN_FLIGHT.get(scenario, 0) + 1
            seen = CONCURRENCY.setdefault(scenario, {"peak": 0, "requests": 0})
            seen["requests"] += 1
            seen["peak"] = max(seen["peak"], IN_FLIGHT[scenario])
        try:
            if mode == "batch":
                time.sleep(BATCH_HOLD_S)
        finally:
            # Out of flight before the first byte of the reply: a client that sends its next
            # request once a reply ended can never be counted twice (counting to the handler's
            # return would, when the next request comes before this thread's last line runs).
            with LOCK:
                IN_FLIGHT[scenario] -= 1
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
        mode = mode_of(scenario)
        content_key = {"reasoning_content": "reasoning_content", "reasoning": "reasoning"}
        pieces = []
        if mode in content_key:  # V: the gemma4 parser drops the "thought\n" label
            pieces += [{content_key[mode]: t} for t in ["Looking ", "closely."]]
            pieces += [{"content": t} for t in ["It is ", "red."]]
        elif mode == "inline":
            # One piece per token as the detokenizer sends them; <|channel> and <channel|> are
            # special tokens, stripped when skip_special_tokens is true (vLLM's default).
            tokens = ["<|channel>", "thought", "\nLooking ", "closely.", "<channel|>", "It is ",
                      "red."]
            if body.get("skip_special_tokens", True):
                tokens = [t for t in tokens if t not in ("<|channel>", "<channel|>")]
            pieces += [{"content": t} for t in tokens]
        elif mode == "levels":  # a reply that depends on the level: compared columns differ
            level = (body.get("mm_processor_kwargs") or {}).get("max_soft_tokens", "default")
            pieces += [{"content": t} for t in [f"Seen at {level}: ", "a red square."]]
        elif mode == "code":
            pieces += [{"content": line} for line in CODE_REPLY.splitlines(keepends=True)]
        elif scenario == "bench":
            pieces += [{"content": " tok"} for _ in range(body["max_tokens"])]
        elif scenario == "escapes":
            pieces += [{"content": t} for t in ESCAPES.split(" ")]
        else:
            pieces += [{"content": t} for t in
                       ["The picture ", "shows a red ", "square — ", "größer ✓ 🟥."]]
        out = [sse(chunk({"role": "assistant", "content": ""}))]
        out += [sse(chunk(p)) for p in pieces]
        finish = {"length": "length", "abort": "abort"}.get(mode, "stop")
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
        if scenario in ("longline", "endlessdata", "flood", "trickle"):
            return self.endless(scenario, events)
        if scenario in ("deepstream", "deepusage", "deepsse"):
            self.write(b"".join(events[:3]))
            if scenario == "deepstream":
                self.write(('data: {"error": ' + deep() + '}\n\n').encode())
            elif scenario == "deepusage":
                self.write(('data: {"choices": [], "usage": {"prompt_tokens": ' + deep() +
                            '}}\n\n').encode())
            else:
                self.write(('event: error\ndata: {"detail": ' + deep() + '}\n\n').encode())
            self.write(b"data: [DONE]\n\n")
            return self.end()
        if scenario == "badjson":
            self.write(events[0] + b"data: {\"choices\": [oops\n\n")
            return self.end()
        if mode_of(scenario) == "enginedead":  # V: serving.py's except → error, then [DONE]
            self.write(b"".join(events[:3]))
            self.write(sse({"error": {"message": "EngineCore encountered an issue. See stack "
                                                 "trace (above) for the root cause.",
                                      "type": "InternalServerError", "param": None,
                                      "code": 500}}))
            self.write(b"data: [DONE]\n\n")
            return self.end()
        if mode_of(scenario) == "abort":  # text, then finish_reason "abort"
            self.write(b"".join(events[:3] + events[-3:]))
            return self.end()
        if scenario == "bench":
            self.write(b"".join(events))
            return self.end()
        for e in events:
            self.write(e)
        self.end()


    def endless(self, scenario, events):
        """Bytes until the client hangs up (or ENDLESS_LIMIT): what a server that never ends
        an SSE line, an event or a reply sends."""
        sent = 0
        try:
            self.write(b"".join(events[:2]))
            if scenario == "longline":
                self.write(b"data: {\"choices\": [")
                piece = b"x" * 65536
            elif scenario == "endlessdata":
                piece = b"data: x\n" * 8192
            elif scenario == "flood":
                piece = b"".join(sse(chunk({"content": " more"})) for _ in range(256))
            else:
                piece = b": keep-alive\n"
            while sent < ENDLESS_LIMIT:
                self.write(piece)
                sent += len(piece)
                if scenario == "trickle":
                    time.sleep(0.2)
            self.end()
        except OSError:
            pass  # the client closed the stream: what it should do


def make_images(folder):
    """The test images: a 640x480 JPEG, a 224x224 PNG and a 320x240 WebP (Pillow, as the real
    server decodes them)."""
    from PIL import Image
    Image.new("RGB", (640, 480), (200, 30, 40)).save(f"{folder}/photo.jpg", quality=90)
    Image.new("RGB", (224, 224), (10, 120, 240)).save(f"{folder}/chart.png")
    Image.new("RGB", (320, 240), (30, 200, 90)).save(f"{folder}/leaf.webp")


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
