"""The real all-MiniLM-L6-v2 embedder from the installed package."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from memory_core.errors import InvalidInput
from memory_core.llm import Embedder

pytestmark = pytest.mark.embedder


def test_importing_the_module_does_not_import_torch():
    code = ("import sys; import models.embedder, models.system_info; "
            "print('torch' in sys.modules, 'sentence_transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_vectors_are_normalized_and_batched(real_embedder):
    assert isinstance(real_embedder, Embedder)
    vectors = real_embedder.embed(["the cat sat on the mat", "Der Hund bellt.", "🙂 émoji and ümlauts", ""])
    assert len(vectors) == 4
    array = np.array(vectors)
    assert array.shape == (4, real_embedder.dimension) == (4, 384)
    assert np.allclose(np.linalg.norm(array, axis=1), 1.0, atol=1e-4)
    assert real_embedder.embed([]) == []


def test_similar_sentences_are_closer_than_unrelated(real_embedder):
    a, b, c = real_embedder.embed_array([
        "My sister lives in Lisbon and works as a nurse.",
        "My sibling is a nurse living in Lisbon.",
        "The quarterly tax return is due next Tuesday.",
    ])
    assert float(a @ b) > float(a @ c) + 0.3


def test_batch_equals_one_by_one(real_embedder):
    texts = ["alpha beta", "gamma delta", "epsilon"]
    batch = real_embedder.embed_array(texts)
    single = np.array([real_embedder.embed_one(t) for t in texts])
    assert np.allclose(batch, single, atol=1e-5)


def test_bad_input_is_a_clear_error(real_embedder):
    with pytest.raises(InvalidInput):
        real_embedder.embed("not a list")
    with pytest.raises(InvalidInput):
        real_embedder.embed(["ok", 3])


def test_lazy_load_happens_once_across_threads():
    import threading

    from models.embedder import SentenceEmbedder

    embedder = SentenceEmbedder()
    assert not embedder.loaded
    models = []
    threads = [threading.Thread(target=lambda: models.append(embedder.load()._model)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert embedder.loaded and len({id(model) for model in models}) == 1


def test_one_query_takes_the_fast_path_and_matches_encode():
    """A search embeds one text at a time, straight through the model: same vector as encode()."""
    import numpy as np

    from models.embedder import SentenceEmbedder

    embedder = SentenceEmbedder().load()
    assert embedder._plain_pipeline() is not None, "all-MiniLM-L6-v2 is Transformer + mean Pooling + Normalize"
    texts = ["what did Maya say about the pottery bowl?", "LH1172", "word " * 400]
    reference = embedder._model.encode(texts, convert_to_numpy=True, normalize_embeddings=True)
    for text, expected in zip(texts, reference):
        vector = np.asarray(embedder.embed([text])[0], dtype=np.float32)
        assert np.abs(vector - expected).max() < 1e-5
    again = embedder.embed_array([texts[0]])
    assert again[0] is not None and np.array_equal(again[0], np.asarray(embedder.embed([texts[0]])[0], np.float32))


def test_loading_torch_takes_its_objects_out_of_the_garbage_collectors_walk():
    """A full collection over torch's ~440k objects stopped every thread for ~0.45 s (a search caught by one
    was the slowest of its run); after load() they are frozen, so a full collection walks only new objects."""
    code = ("import gc, time; from models.embedder import SentenceEmbedder; SentenceEmbedder().load(); "
            "t = time.perf_counter(); gc.collect(); print(gc.get_freeze_count(), time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    frozen, seconds = out.stdout.split()
    assert int(frozen) > 100_000 and float(seconds) < 0.1
