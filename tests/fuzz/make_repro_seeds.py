#!/usr/bin/env python3
"""Writes the reliability review's reproducers (reviews/reliability-review-2.md, issue 23) into
tests/fuzz/corpus as seeds: the replay tests run them through each harness's oracle in every
build, and scripts/fuzz mutates from them with -max_len large enough to keep them whole.
Run it again only to change them: the files are committed (they compress to a few KB)."""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
DEEP = 70000  # the review's crash began between 60,000 and 70,000 levels


def deep(n, inner="1"):
    return "[" * n + inner + "]" * n


def write(harness, name, text):
    path = os.path.join(ROOT, harness, name)
    with open(path, "wb") as f:
        f.write(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)


LLAMA = '"model_type": "llama", "head_dim": 128'
configs = {
    "repro_n1_deep_model_type.json": '{"model_type": %s}' % deep(DEEP),
    "repro_n1_deep_rope_scaling.json": '{%s, "rope_scaling": %s}' % (LLAMA, deep(DEEP)),
    "repro_n2_head_dim_2p29.json": '{"model_type":"llama","head_dim":536870912}',
    "repro_n2_qk_rope_2p28.json": '{%s, "qk_rope_head_dim": 268435456}' % LLAMA,
    "repro_n9_escapes_in_layer_types.json":
        '{%s, "num_hidden_layers": 2, "layer_types": ["a\\u001b]0;x\\u0007", "b\\nc"]}' % LLAMA,
    "repro_n10_c1_bidi.json": '{%s, "rope_scaling": {"rope_type": "\u009b31m\u202eevil"}}' % LLAMA,
    "repro_n12_1e999_first.json": '{"rope_theta": 1e999, %s}' % LLAMA,
}
for name, text in configs.items():
    write("model_config", name, text)


def session(config_text):
    return json.dumps({
        "format": 1, "application": "PosLab", "page": "rope", "tab": 0, "view": "",
        "params": {}, "views": [], "language": "en", "theme": "light", "colormap": "auto",
        "backend": "auto",
        "model": {"name": "m", "config": config_text, "kind": "", "shown": True}})


write("session", "repro_n1_deep_config.poslab", session(configs["repro_n1_deep_model_type.json"]))
write("session", "repro_n2_head_dim_2p29.poslab", session(configs["repro_n2_head_dim_2p29.json"]))
write("session", "repro_n3_colormap_empty.poslab",
      session(configs["repro_n12_1e999_first.json"]).replace('"colormap": "auto"',
                                                             '"colormap": ""'))
write("session", "repro_deep_params.poslab",
      '{"format": 1, "application": "PosLab", "page": "rope", "params": %s}' % deep(DEEP))


def lesson(title, steps):
    return json.dumps({"format": 1, "id": "repro", "title": {"en": title, "zh": title},
                       "steps": steps}, ensure_ascii=False)


STEP = {"view": "rope/decay", "title": {"en": "a", "zh": "b"}, "caption": {"en": "c", "zh": "d"}}
write("lesson", "repro_deep_steps.json", lesson("x", []).replace("[]", deep(DEEP, "{}")))
write("lesson", "repro_c1_bidi_title.json", lesson("\u009b31m\u202eevil", [STEP]))
write("lesson", "repro_newline_param.json",
      lesson("x", [dict(STEP, params={"base": "1\n\u001b[2J"})]))
