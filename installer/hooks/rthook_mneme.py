"""Runs before any of Mneme's code inside the frozen app.

Everything Mneme needs ships inside the bundle, so the Hugging Face libraries
must never try the network (an offline machine would otherwise wait on
timeouts, and an online one would leak that Mneme started).
"""
import os

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # no progress bars on a terminal-less GUI
