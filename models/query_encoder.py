"""One search query's sentence embedding in plain numpy: BERT forward pass, mean pooling, unit length.

Why not torch: a query is one short text (5-30 tokens), and all-MiniLM-L6-v2 on it is a few dozen small
matrix products. Through torch, per-operator dispatch and the Python module tree add to the arithmetic; the
same products straight through numpy's BLAS took about a quarter less time a query in one run
(bench/results/query_encoder.md: mean 46.4 -> 34.0 ms on a loaded 2-core machine): the weights' ~90 MB still
have to be read from memory for every query, and that sets the floor. It also means a search can run before
torch is imported (seconds) and without it: torch is needed only for batches (the memory worker's
backfill), which keep the sentence-transformers path.

It is the same computation as ``transformers.BertModel`` + sentence-transformers' mean Pooling + Normalize
(float32, exact erf GELU, LayerNorm eps from config.json, the tokenizer from the model folder with the
model's truncation), so its vectors agree with the torch ones to float32 rounding
(``bench/bench_query_encoder.py``: cosine >= 0.9999). Only a model folder of exactly that shape is served
(``plain_pipeline_config``); anything else returns None and the caller keeps torch.

Thread safety: the weights are read-only arrays and the tokenizer is configured once, at construction;
``encode`` keeps all its state in locals, so several threads may encode at once.

One BLAS thread: numpy's OpenBLAS splits even these small products over every core, and on a busy 2-core
machine its threads wait for each other (bench/results/query_encoder.md: mean 34.0 ms on one thread,
133.0 ms on both cores, p99 75.5 -> 744.8 ms). A thread that encodes is set to one OpenBLAS thread for itself only
(``openblas_set_num_threads_local``) and keeps it: in the app that is recall's helper thread, whose other
numpy work (the dense pass) avoids multithreaded BLAS for the same reason. Other threads keep their setting.
"""
from __future__ import annotations

import ctypes
import functools
import glob
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

import numpy as np

#: sentence-transformers' module types of the only pipeline this encoder reproduces.
PLAIN_MODULES = ["sentence_transformers.models.Transformer", "sentence_transformers.models.Pooling",
                 "sentence_transformers.models.Normalize"]
_OTHER_POOLING_MODES = ("pooling_mode_cls_token", "pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens",
                        "pooling_mode_weightedmean_tokens", "pooling_mode_lasttoken")
#: Eigen's float erf approximation (rational in x^2, x clamped to [-4, 4]); evaluated in float64 its
#: largest error against ``math.erf`` is 7e-8 (tests/models/test_query_encoder.py checks 1e-7).
_ERF_NUMERATOR = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
                  -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02)
_ERF_DENOMINATOR = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
                    -1.42647390514189e-02)


_BLAS_THREAD = threading.local()


def _one_blas_thread_here() -> None:
    """Run this thread's OpenBLAS calls on one thread (once per thread; nothing where numpy's BLAS is not
    OpenBLAS or too old to have the per-thread setting)."""
    if getattr(_BLAS_THREAD, "set", False):
        return
    _BLAS_THREAD.set = True
    setter = _openblas_thread_setter()
    if setter is not None:
        setter(1)


@functools.lru_cache(maxsize=1)
def _openblas_thread_setter() -> Callable[[int], int] | None:
    """numpy's bundled OpenBLAS's per-thread thread count setter (OpenBLAS >= 0.3.27), or None."""
    numpy_dir = os.path.dirname(np.__file__)
    for path in glob.glob(os.path.join(os.path.dirname(numpy_dir), "numpy.libs", "*openblas*")) + \
            glob.glob(os.path.join(numpy_dir, ".dylibs", "*openblas*")):
        try:
            function = ctypes.CDLL(path).openblas_set_num_threads_local
        except (OSError, AttributeError):
            continue
        function.restype, function.argtypes = ctypes.c_int, [ctypes.c_int]
        return function
    return None


@dataclass(frozen=True)
class PlainConfig:
    """What the forward pass needs from a plain Transformer + mean Pooling + Normalize model folder."""

    max_seq_length: int
    heads: int
    layers: int
    layer_norm_eps: float


def plain_pipeline_config(model_dir: Path) -> PlainConfig | None:
    """The folder's settings when it is a BERT model under exactly Transformer, mean Pooling, Normalize with
    absolute positions and GELU; None for anything else (the caller then uses sentence-transformers)."""
    try:
        modules = json.loads((model_dir / "modules.json").read_text())
        kinds = [module.get("type") for module in sorted(modules, key=lambda m: m.get("idx", 0))]
        if kinds != PLAIN_MODULES:
            return None
        pooling_dir = model_dir / sorted(modules, key=lambda m: m.get("idx", 0))[1].get("path", "")
        mean_only = mean_pooling_only(json.loads((pooling_dir / "config.json").read_text()))
        sentence = json.loads((model_dir / "sentence_bert_config.json").read_text())
        config = json.loads((model_dir / "config.json").read_text())
        usable = (mean_only and not sentence.get("do_lower_case") and config.get("model_type") == "bert"
                  and config.get("hidden_act") == "gelu"
                  and config.get("position_embedding_type", "absolute") == "absolute"
                  and (model_dir / "tokenizer.json").is_file() and (model_dir / "model.safetensors").is_file())
        if not usable:
            return None
        max_seq_length = min(int(sentence["max_seq_length"]), int(config["max_position_embeddings"]))
        return PlainConfig(max_seq_length=max_seq_length, heads=int(config["num_attention_heads"]),
                           layers=int(config["num_hidden_layers"]), layer_norm_eps=float(config["layer_norm_eps"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None


def mean_pooling_only(pooling: Mapping[str, object]) -> bool:
    """Whether a Pooling module's settings (its config.json, or ``Pooling.get_config_dict()``) are plain mean
    pooling: ``pooling_mode`` in sentence-transformers 6, one flag per mode before it."""
    mode = pooling.get("pooling_mode")
    if mode is not None:
        return mode in ("mean", ["mean"])
    return pooling.get("pooling_mode_mean_tokens") is True and not any(
        pooling.get(other) for other in _OTHER_POOLING_MODES)


def erf(x: np.ndarray) -> np.ndarray:
    """The error function, element-wise, to within 1e-7 (numpy has none; scipy is not needed for this)."""
    x = np.clip(x.astype(np.float64), -4.0, 4.0)
    x2 = x * x
    numerator = np.full_like(x2, _ERF_NUMERATOR[0])
    for coefficient in _ERF_NUMERATOR[1:]:
        numerator = numerator * x2 + coefficient
    denominator = np.full_like(x2, _ERF_DENOMINATOR[0])
    for coefficient in _ERF_DENOMINATOR[1:]:
        denominator = denominator * x2 + coefficient
    return x * numerator / denominator


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x * Phi(x) (not the tanh approximation)."""
    return (0.5 * x * (1.0 + erf(x * np.float32(1 / np.sqrt(2))))).astype(np.float32)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(-1, keepdims=True)
    return centred / np.sqrt(variance + np.float32(eps)) * weight + bias


def _transposed(weight: np.ndarray) -> np.ndarray:
    """A Linear's (out, in) weight laid out as (in, out) in memory: ``x @ it`` on a few rows runs 2-3 times
    faster in OpenBLAS than on the transposed view."""
    return np.ascontiguousarray(weight.T)


@dataclass(frozen=True)
class _Layer:
    qkv_weight: np.ndarray  # (hidden, 3 * hidden): x @ it gives queries, keys and values side by side
    qkv_bias: np.ndarray
    attention_out_weight: np.ndarray  # (hidden, hidden), (in, out) for x @ it
    attention_out_bias: np.ndarray
    attention_norm: tuple[np.ndarray, np.ndarray]
    intermediate_weight: np.ndarray
    intermediate_bias: np.ndarray
    output_weight: np.ndarray
    output_bias: np.ndarray
    output_norm: tuple[np.ndarray, np.ndarray]


class QueryEncoder:
    """all-MiniLM-L6-v2 (or any plain BERT sentence-transformer) for one text at a time, without torch."""

    def __init__(self, config: PlainConfig, weights: Mapping[str, np.ndarray], tokenizer_file: Path):
        from tokenizers import Tokenizer

        self.config = config
        tokenizer = Tokenizer.from_file(str(tokenizer_file))
        tokenizer.no_padding()  # tokenizer.json pads to 128; one text needs no padding and so no attention mask
        # as sentence-transformers calls the tokenizer: truncation=True, max_length=max_seq_length (specials counted)
        tokenizer.enable_truncation(max_length=config.max_seq_length)
        self._tokenizer = tokenizer

        def weight(name: str) -> np.ndarray:
            array = weights.get(name)
            if array is None:
                array = weights[f"bert.{name}"]
            return np.asarray(array, dtype=np.float32)

        self._word_embeddings = weight("embeddings.word_embeddings.weight")
        self._position_embeddings = weight("embeddings.position_embeddings.weight")
        self._token_type_embedding = weight("embeddings.token_type_embeddings.weight")[0]
        self._embedding_norm = (weight("embeddings.LayerNorm.weight"), weight("embeddings.LayerNorm.bias"))
        self.hidden = self._word_embeddings.shape[1]
        if self.hidden % config.heads:
            raise ValueError(f"hidden size {self.hidden} is not a multiple of {config.heads} heads")
        layers = []
        for index in range(config.layers):
            prefix = f"encoder.layer.{index}."

            def part(name: str) -> np.ndarray:
                return weight(prefix + name)

            layers.append(_Layer(
                qkv_weight=_transposed(np.concatenate(
                    [part(f"attention.self.{which}.weight") for which in ("query", "key", "value")])),
                qkv_bias=np.concatenate([part(f"attention.self.{which}.bias") for which in ("query", "key", "value")]),
                attention_out_weight=_transposed(part("attention.output.dense.weight")),
                attention_out_bias=part("attention.output.dense.bias"),
                attention_norm=(part("attention.output.LayerNorm.weight"), part("attention.output.LayerNorm.bias")),
                intermediate_weight=_transposed(part("intermediate.dense.weight")),
                intermediate_bias=part("intermediate.dense.bias"),
                output_weight=_transposed(part("output.dense.weight")),
                output_bias=part("output.dense.bias"),
                output_norm=(part("output.LayerNorm.weight"), part("output.LayerNorm.bias"))))
        self._layers = tuple(layers)

    @classmethod
    def from_model_dir(cls, model_dir: Path) -> "QueryEncoder | None":
        """Read the folder's safetensors weights (~90 MB, well under a second); None when the folder is not
        a plain pipeline this encoder reproduces."""
        config = plain_pipeline_config(model_dir)
        if config is None:
            return None
        from safetensors.numpy import load_file

        return cls(config, load_file(str(model_dir / "model.safetensors")), model_dir / "tokenizer.json")

    @classmethod
    def from_torch_weights(cls, model_dir: Path, state: Mapping[str, np.ndarray]) -> "QueryEncoder | None":
        """Over weights torch already holds (numpy views of its tensors): the embedding tables are shared, the
        layers' matrices copied once in the layout the products want (~42 MB)."""
        config = plain_pipeline_config(model_dir)
        return None if config is None else cls(config, state, model_dir / "tokenizer.json")

    def token_ids(self, text: str) -> list[int]:
        """The model's token ids for ``text``, [CLS] and [SEP] included, truncated to max_seq_length."""
        return self._tokenizer.encode(text).ids

    def encode(self, text: str) -> np.ndarray:
        """The unit-length float32 sentence vector of one text."""
        _one_blas_thread_here()
        ids = self.token_ids(text)
        count = len(ids)
        heads = self.config.heads
        head_size = self.hidden // heads
        eps = self.config.layer_norm_eps
        scale = np.float32(1 / np.sqrt(head_size))
        x = self._word_embeddings[ids] + self._position_embeddings[:count] + self._token_type_embedding
        x = _layer_norm(x, *self._embedding_norm, eps)
        for layer in self._layers:
            qkv = x @ layer.qkv_weight + layer.qkv_bias  # (count, 3 * hidden)
            q, k, v = (qkv[:, i * self.hidden:(i + 1) * self.hidden].reshape(count, heads, head_size).transpose(1, 0, 2)
                       for i in range(3))
            scores = (q @ k.transpose(0, 2, 1)) * scale  # (heads, count, count); one text: nothing masked
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(1, 0, 2).reshape(count, self.hidden)
            x = _layer_norm(x + context @ layer.attention_out_weight + layer.attention_out_bias,
                            *layer.attention_norm, eps)
            inner = _gelu(x @ layer.intermediate_weight + layer.intermediate_bias)
            x = _layer_norm(x + inner @ layer.output_weight + layer.output_bias, *layer.output_norm, eps)
        pooled = x.mean(0)
        norm = float(np.linalg.norm(pooled))
        vector = pooled / max(norm, 1e-12)  # torch.nn.functional.normalize's eps
        return vector.astype(np.float32, copy=False)
