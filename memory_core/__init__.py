"""Mneme's memory engine: encrypted store, observational memory, facts, recall, forgetting.

No Qt and no llama_cpp here: models are reached through ``memory_core.llm``'s
small protocols, so the engine runs (and is tested) with any model or none.
"""
from memory_core.errors import MnemeError  # noqa: F401
from memory_core.storage.store import Message, Store  # noqa: F401
