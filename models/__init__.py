"""Local model runtime: llama.cpp chat model, sentence embedder, model catalog and downloads.

Nothing heavy is imported here: ``llama_cpp`` loads when a chat model is
opened and torch when the embedder first embeds, so the UI starts fast.
"""
