"""Which model ``memory facts`` lets add LLM facts: none by default, ``chosen`` (``mneme models use``) or a GGUF path.

The file's size is read from its GGUF header first: a model under 1B parameters is never
loaded (the fact pass would not ask it), so ``--model chosen`` with the bundled model costs
a header read. The default ``none`` keeps the command's speed and output as they were.
"""
from __future__ import annotations

import sys
from pathlib import Path


def add_model_option(parser) -> None:
    parser.add_argument("--model", default="none", metavar="chosen|none|PATH",
                        help="let a model of >= 1B parameters add facts the rules miss: the one chosen with "
                             "`mneme models use`, a GGUF path, or none (default)")


def _model_path(choice: str, data_dir: Path) -> Path | None:
    if choice == "chosen":
        from models.bundled import bundled_model_path
        from models.choice import chosen_model

        chosen = chosen_model(data_dir)
        return Path(chosen.path) if chosen is not None else bundled_model_path()
    return Path(choice).expanduser()


def fact_model(args=None):
    """A loaded chat model of >= 1B parameters, or None (not asked for, or too small: the rules alone)."""
    choice = getattr(args, "model", "none") if args is not None else "none"
    if choice in (None, "none"):
        return None
    from types import SimpleNamespace

    from memory_core.llm import is_capable
    from models.gguf import read_gguf

    path = _model_path(choice, Path(args.data_dir))
    if not is_capable(SimpleNamespace(info=read_gguf(path))):
        print(f"note: {path.name} has under 1B parameters; facts come from the rules and the parse alone",
              file=sys.stderr)
        return None
    from models.loading import open_chat_model

    return open_chat_model(path)
