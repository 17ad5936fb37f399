#!/usr/bin/python3
"""Seed corpora for the fuzz targets, made from the same kinds of inputs the tests use (small
images in every format and mode Pillow writes, torch.save files and the crafted .pth files of
tests/model, model configs, small tokenizers, the prompt-test conversations, replies).

usage: make_seeds.py OUT_DIR   (writes OUT_DIR/<target>/seed-N)
"""
import io
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "model"))


def writer(out, target):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    count = [0]

    def write(data):
        if isinstance(data, str):
            data = data.encode()
        with open(os.path.join(folder, f"seed-{count[0]}"), "wb") as f:
            f.write(data)
        count[0] += 1
    return write


def images(write):
    from PIL import Image
    base = Image.new("RGB", (13, 7))
    for x in range(13):
        for y in range(7):
            base.putpixel((x, y), (x * 19, y * 36, (x * y) % 256))
    for mode in ["RGB", "RGBA", "L", "LA", "P", "1", "I;16"]:
        im = base.convert(mode) if mode != "I;16" else base.convert("L").convert("I;16")
        for fmt, kw in [("PNG", {}), ("BMP", {}), ("GIF", {}), ("WEBP", {"lossless": True}),
                        ("WEBP", {"quality": 50}), ("JPEG", {}), ("JPEG", {"progressive": True})]:
            try:
                buffer = io.BytesIO()
                im.save(buffer, fmt, **kw)
                write(buffer.getvalue())
            except (OSError, ValueError, KeyError):
                pass  # not every mode exists in every format
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotate
    buffer = io.BytesIO()
    base.save(buffer, "JPEG", exif=exif.tobytes())
    write(buffer.getvalue())


def pth(write, tmp):
    import hostile_pth
    import torch
    path = os.path.join(tmp, "seed.pth")
    torch.manual_seed(1)
    for state in [{"w": torch.ones(2, 3)},
                  {"a": {"b": torch.arange(6, dtype=torch.bfloat16)}, "t": torch.ones(3, 4).t()},
                  {"h": torch.zeros(4, dtype=torch.float16), "i": torch.arange(3)}]:
        torch.save(state, path)
        with open(path, "rb") as f:
            write(f.read())
    crafted = os.path.join(tmp, "crafted")
    os.makedirs(crafted, exist_ok=True)
    for name in hostile_pth.write_all(crafted):
        with open(os.path.join(crafted, name), "rb") as f:
            write(f.read())


def configs(write):
    write(json.dumps({
        "_compile_cfgs": [{"compiled_model_name": "compiled_model",
                           "input_info": [[["image_features", [1, 280, 64], "float32"]]]}],
        "vision_tower": {"max_soft_tokens": [280, 140, 70], "pooling_kernel_size": 3,
                         "patch_size": 16, "_compile_cfgs": []},
        "language_model": {"max_seq_len": 2048, "prefill_chunk_size": 128,
                           "kvcache_partition_len": 1024, "kvcache_block_size": 1024,
                           "image_prefill_chunk_size": [384, 256, 128], "batch_size": 1,
                           "_compile_cfgs": [{"compiled_model_name": "prefill",
                                              "input_info": [["inputs_embeds", [1, 128, 64],
                                                              "bfloat16"]]}]}}))
    write(json.dumps({
        "model_type": "gemma4", "image_token_id": 258880,
        "text_config": {"hidden_size": 64, "vocab_size": 262144, "num_hidden_layers": 2,
                        "pad_token_id": 0, "sliding_window": 512,
                        "layer_types": ["sliding_attention", "full_attention"]},
        "vision_config": {"hidden_size": 32, "patch_size": 16, "pooling_kernel_size": 3,
                          "position_embedding_size": 1024}}))
    write(json.dumps({"do_sample": True, "top_k": 64, "top_p": 0.95, "eos_token_id": [1, 106],
                      "pad_token_id": 0}))


def tokenizers(write):
    vocab = {"<unk>": 0, "a": 1, "b": 2, "ab": 3, "▁": 4, "<0x41>": 5, "c": 6}
    model = {"type": "BPE", "unk_token": "<unk>", "byte_fallback": True, "vocab": vocab,
             "merges": ["a b"]}
    shapes = [
        {"pre_tokenizer": None, "normalizer": None, "decoder": None},
        {"pre_tokenizer": {"type": "Split", "pattern": {"Regex": "\\p{L}+|\\s+"},
                           "behavior": "Isolated", "invert": False},
         "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFC"}, {
             "type": "Replace", "pattern": {"String": " "}, "content": "▁"}]},
         "decoder": {"type": "Sequence", "decoders": [
             {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
             {"type": "ByteFallback"}, {"type": "Fuse"}]}},
        {"pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first"},
         "normalizer": None, "decoder": {"type": "Strip", "content": " ", "start": 1, "stop": 0}},
    ]
    added = [{"id": 7, "content": "<x>", "special": True}]
    for shape in shapes:
        for extra in [[], added]:
            t = dict(shape, added_tokens=extra, model=model)
            write(json.dumps(t, ensure_ascii=False).encode() + b"\0" + "ab c<x>Ab".encode())


def replies(write):
    for text in ["<|channel>thought\nthinking<channel|>The answer.<turn|>",
                 "plain reply<eos>", "half <tur", "<|channel>thought\nno end",
                 "a<|tool_response>b", "<channel|>stray<|channel>"]:
        write(bytes([3]) + text.encode())


def conversations(write):
    with open(os.path.join(ROOT, "tests", "text", "conversations.json"), encoding="utf-8") as f:
        for case in json.load(f)["conversations"]:
            write(json.dumps(case, ensure_ascii=False))


def streams(write):
    def chunk(delta, finish=None, usage=None):
        body = {"id": "c", "object": "chat.completion.chunk", "model": "gemma-4",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if usage:
            body["usage"] = usage
        return "data: " + json.dumps(body, ensure_ascii=False) + "\n\n"
    plain = chunk({"role": "assistant"}) + chunk({"content": "Two "}) + chunk(
        {"content": "cats ü."}, "stop") + chunk({}, None, {"prompt_tokens": 300,
                                                     "completion_tokens": 3}) + "data: [DONE]\n\n"
    write(bytes([5]) + plain.encode())
    write(bytes([0]) + plain.replace("\n", "\r\n").encode())
    write(bytes([2]) + (": ping\n\n" + chunk({"reasoning_content": "think"}) +
                        chunk({"reasoning": "more"}) + chunk({"content": "ok"}, "length")).encode())
    write(bytes([7]) + (chunk({"content": "<|channel>thought\nhm<channel|>Yes."}) +
                        "data: [DONE]\n\n").encode())
    write(bytes([1]) + ('data: {"object":"error","message":"bad level","code":400}\n\n').encode())
    write(bytes([3]) + "data: not json\n\n".encode())


def conversation_files(write):
    # The shape app/core/conversations/conversation.cpp writes (versions 1 and 2).
    user = {"id": "u1", "role": "user", "text": "What is this?", "created": "2026-01-02T03:04:05.006",
            "images": [{"file": "ab.png", "original_name": "a.png", "level": 280, "width": 640,
                        "height": 480, "soft_tokens": 280}]}
    reply = {"id": "r1", "role": "model", "text": "A cat.", "created": "2026-01-02T03:04:06.000",
             "finish_reason": "cancelled", "stats": {"prompt_tokens": 300, "ttft_ms": 12.5}}
    alt = dict(reply, id="r0", text="A dog.", parent="u1")
    base = {"format": "facet-conversation", "version": 2, "id": "c1", "title": "T",
            "created": "2026-01-02T03:04:05.006", "updated": "2026-01-02T03:04:06.000",
            "system_prompt": "", "enable_thinking": False, "messages": [user, reply],
            "sampling": {"temperature": 0.5, "seed": "18446744073709551557"}}
    write(json.dumps(base))
    write(json.dumps(dict(base, version=1)))
    write(json.dumps(dict(base, alternatives=[alt])))
    write(json.dumps(dict(base, alternatives=[dict(alt, parent="r0")])))


def main():
    out = sys.argv[1]
    images(writer(out, "fuzz_image"))
    with tempfile.TemporaryDirectory() as tmp:
        pth(writer(out, "fuzz_pth"), tmp)
    configs(writer(out, "fuzz_model_configs"))
    tokenizers(writer(out, "fuzz_tokenizer"))
    replies(writer(out, "fuzz_response_parser"))
    conversations(writer(out, "fuzz_prompt"))
    streams(writer(out, "fuzz_chat_stream"))
    conversation_files(writer(out, "fuzz_conversation"))


if __name__ == "__main__":
    main()
