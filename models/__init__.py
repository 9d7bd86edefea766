"""Local model runtime: llama.cpp chat model, sentence embedder, model catalog and downloads.

Nothing heavy is imported here: ``llama_cpp`` loads when a chat model is
opened and torch when the embedder first embeds, so the UI starts fast.
"""
import os

# llama.cpp's OpenMP worker threads spin while they wait, by default. When the
# CPU is shared (the chat and a background memory job, or any other busy
# program) spinning threads starve each other: on a busy 2-core machine the
# same 281-token prompt took 277 s spinning and 9-13 s with passive waiting.
# It must be set before llama_cpp (libgomp) loads, hence here; a user's own
# setting wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
