"""models.query_encoder: the numpy forward pass for one search query.

Logic tests run a tiny deterministic BERT (random weights, the real tokenizer file); the tests marked
``embedder`` hold the encoder against the real all-MiniLM-L6-v2 through torch."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from memory_core.errors import InvalidInput
from models.embedder import SentenceEmbedder, embedder_model_dir
from models.query_encoder import PlainConfig, QueryEncoder, erf, mean_pooling_only, plain_pipeline_config

CLS, SEP = 101, 102


def tiny_weights(hidden: int = 8, layers: int = 2, inner: int = 16, vocab: int = 30522, positions: int = 32,
                 seed: int = 3) -> dict[str, np.ndarray]:
    """A BERT's weights, named as in model.safetensors, small and random (a deterministic double of the model)."""
    rng = np.random.default_rng(seed)

    def normal(*shape: int) -> np.ndarray:
        return rng.normal(0, 0.5, shape).astype(np.float32)

    weights = {"embeddings.word_embeddings.weight": normal(vocab, hidden),
               "embeddings.position_embeddings.weight": normal(positions, hidden),
               "embeddings.token_type_embeddings.weight": normal(2, hidden),
               "embeddings.LayerNorm.weight": 1 + normal(hidden) / 5, "embeddings.LayerNorm.bias": normal(hidden)}
    for index in range(layers):
        prefix = f"encoder.layer.{index}."
        for which in ("query", "key", "value"):
            weights[f"{prefix}attention.self.{which}.weight"] = normal(hidden, hidden)
            weights[f"{prefix}attention.self.{which}.bias"] = normal(hidden)
        weights |= {f"{prefix}attention.output.dense.weight": normal(hidden, hidden),
                    f"{prefix}attention.output.dense.bias": normal(hidden),
                    f"{prefix}attention.output.LayerNorm.weight": 1 + normal(hidden) / 5,
                    f"{prefix}attention.output.LayerNorm.bias": normal(hidden),
                    f"{prefix}intermediate.dense.weight": normal(inner, hidden),
                    f"{prefix}intermediate.dense.bias": normal(inner),
                    f"{prefix}output.dense.weight": normal(hidden, inner), f"{prefix}output.dense.bias": normal(hidden),
                    f"{prefix}output.LayerNorm.weight": 1 + normal(hidden) / 5,
                    f"{prefix}output.LayerNorm.bias": normal(hidden)}
    return weights


def tiny_encoder(max_seq_length: int = 8) -> QueryEncoder:
    config = PlainConfig(max_seq_length=max_seq_length, heads=2, layers=2, layer_norm_eps=1e-12)
    return QueryEncoder(config, tiny_weights(), embedder_model_dir() / "tokenizer.json")


def test_erf_is_within_1e_7_of_math_erf():
    xs = np.linspace(-9, 9, 200_001)
    expected = np.array([math.erf(x) for x in xs])
    assert np.abs(erf(xs) - expected).max() < 1e-7


def test_a_vector_has_unit_length_and_is_deterministic():
    encoder = tiny_encoder()
    vector = encoder.encode("where does my sister live")
    assert vector.dtype == np.float32 and vector.shape == (8,)
    assert abs(float(np.linalg.norm(vector)) - 1.0) < 1e-6
    assert np.array_equal(vector, encoder.encode("where does my sister live"))
    assert float(vector @ encoder.encode("the tax return is due")) < 0.999


def test_a_long_text_is_cut_at_max_seq_length_specials_included():
    encoder = tiny_encoder(max_seq_length=8)
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
    ids = encoder.token_ids(" ".join(words))
    assert len(ids) == 8 and ids[0] == CLS and ids[-1] == SEP
    # what lies past the limit changes nothing: the vector is that of the first six words
    assert np.array_equal(encoder.encode(" ".join(words)), encoder.encode(" ".join(words[:6])))
    assert not np.array_equal(encoder.encode(" ".join(words[:5])), encoder.encode(" ".join(words[:6])))


def test_the_tokenizer_files_padding_is_not_applied():
    """tokenizer.json pads to 128; a query must not be padded (no mask is applied to one text)."""
    assert tiny_encoder(max_seq_length=64).token_ids("hi") == [CLS, 7632, SEP]


def test_empty_and_whitespace_texts_encode_as_cls_sep():
    encoder = tiny_encoder()
    assert encoder.token_ids("") == encoder.token_ids("   \n") == [CLS, SEP]
    assert np.array_equal(encoder.encode(""), encoder.encode("  "))


def test_two_threads_encoding_at_once_get_the_sequential_vectors():
    encoder = tiny_encoder(max_seq_length=32)
    texts = [f"query number {n} about the garden and {n % 7} cats" for n in range(60)]
    expected = [encoder.encode(text) for text in texts]
    got: dict[int, list[np.ndarray]] = {0: [], 1: []}
    barrier = threading.Barrier(2)

    def work(which: int) -> None:
        barrier.wait()
        for _ in range(5):
            got[which].extend(encoder.encode(text) for text in texts)

    threads = [threading.Thread(target=work, args=(which,)) for which in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for which in (0, 1):
        assert all(np.array_equal(a, b) for a, b in zip(got[which], expected * 5))


def _copy_config_files(target: Path) -> Path:
    source = embedder_model_dir()
    for name in ("modules.json", "config.json", "sentence_bert_config.json", "tokenizer.json"):
        shutil.copy(source / name, target / name)
    (target / "1_Pooling").mkdir()
    shutil.copy(source / "1_Pooling" / "config.json", target / "1_Pooling" / "config.json")
    (target / "model.safetensors").write_bytes(b"")  # the config check only asks that it exists
    return target


def test_the_real_model_folder_is_a_plain_pipeline():
    config = plain_pipeline_config(embedder_model_dir())
    assert config == PlainConfig(max_seq_length=256, heads=12, layers=6, layer_norm_eps=1e-12)


def test_mean_pooling_is_read_from_either_way_of_writing_it():
    """sentence-transformers 6 writes one ``pooling_mode``; older files one flag per mode. The embedder's torch
    path reads the live module's settings through the same rule."""
    assert mean_pooling_only({"pooling_mode": "mean"}) and mean_pooling_only({"pooling_mode": ["mean"]})
    assert not mean_pooling_only({"pooling_mode": "cls"}) and not mean_pooling_only({"pooling_mode": ["mean", "max"]})
    assert mean_pooling_only({"pooling_mode_mean_tokens": True, "pooling_mode_cls_token": False})
    assert not mean_pooling_only({"pooling_mode_mean_tokens": True, "pooling_mode_max_tokens": True})
    assert not mean_pooling_only({})


def test_another_pooling_or_module_list_is_not_served(tmp_path):
    folder = _copy_config_files(tmp_path)
    assert plain_pipeline_config(folder) is not None
    pooling = json.loads((folder / "1_Pooling" / "config.json").read_text())
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(pooling | {"pooling_mode_cls_token": True}))
    assert plain_pipeline_config(folder) is None
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(pooling))
    modules = json.loads((folder / "modules.json").read_text())
    (folder / "modules.json").write_text(json.dumps(modules[:2]))  # no Normalize
    assert plain_pipeline_config(folder) is None
    (folder / "modules.json").write_text(json.dumps(modules))
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps(config | {"hidden_act": "gelu_new"}))
    assert plain_pipeline_config(folder) is None


def test_one_query_needs_no_torch():
    """A search can run before torch is imported: one text goes through numpy, the model is not loaded."""
    code = ("import sys; from models.embedder import SentenceEmbedder; e = SentenceEmbedder(); "
            "v = e.embed(['where does my sister live']); e.embed(['']); "
            "print(len(v[0]), e.loaded, 'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["384", "False", "False"]


def test_bad_input_is_refused_before_any_model_runs():
    embedder = SentenceEmbedder()
    with pytest.raises(InvalidInput):
        embedder.embed("one string")
    with pytest.raises(InvalidInput):
        embedder.embed([None])
    assert not embedder.loaded


@pytest.mark.embedder
def test_numpy_and_torch_give_the_same_vectors():
    embedder = SentenceEmbedder(numpy_queries=False).load()
    encoder = QueryEncoder.from_model_dir(embedder_model_dir())
    texts = ["what did Maya say about the pottery bowl?", "", "🎉 Zürich über 東京", "LH1172",
             "word " * 400, "When is yoga with Sven?"]
    for text in texts:
        assert float(encoder.encode(text) @ embedder._embed_query_torch(text)) > 0.99999
    reference = embedder._model.encode(texts, convert_to_numpy=True, normalize_embeddings=True)
    served = np.vstack([SentenceEmbedder().embed_array([text]) for text in texts])
    assert np.abs(served - reference).max() < 1e-5


@pytest.mark.embedder
def test_an_encoder_built_after_torch_shares_torchs_embedding_table():
    embedder = SentenceEmbedder().load()
    vector = embedder.embed_array(["where does my sister live"])[0]
    encoder = embedder._numpy_encoder()
    bert = embedder._plain_pipeline()[1]
    table = bert.embeddings.word_embeddings.weight.detach().numpy()
    assert np.shares_memory(encoder._word_embeddings, table)
    assert float(vector @ embedder._embed_query_torch("where does my sister live")) > 0.99999


@pytest.mark.embedder
def test_switched_off_the_torch_path_serves_queries():
    embedder = SentenceEmbedder(numpy_queries=False)
    embedder.embed(["where does my sister live"])
    assert embedder.loaded and embedder._numpy_encoder() is None


def test_an_encoding_thread_runs_openblas_on_one_thread():
    """numpy's OpenBLAS spreads even a query's small products over every core, which on a busy machine made
    a query several times slower (bench/results/query_encoder.md); the encoding thread asks for one."""
    from models.query_encoder import _openblas_thread_setter

    setter = _openblas_thread_setter()
    if setter is None:
        pytest.skip("numpy's BLAS here is not an OpenBLAS with per-thread settings")
    encoder = tiny_encoder()
    seen: dict[str, int] = {}

    def encoding() -> None:
        encoder.encode("where does my sister live")
        seen["encoding"] = setter(1)  # returns the thread's setting before this call

    thread = threading.Thread(target=encoding)
    thread.start()
    thread.join()
    assert seen["encoding"] == 1
