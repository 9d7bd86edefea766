"""``models.dependency_parser``: spaCy behind the engine's protocol, loaded only when first used."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from memory_core.facts.parse_tokens import DependencyParser, ParsedSentence
from models import dependency_parser
from models.dependency_parser import SpacyDependencyParser, shared_parser

ROOT = Path(__file__).resolve().parents[2]


def test_importing_loads_nothing():
    """Neither the module nor the engine's fact pass pulls spaCy in at import (the UI thread imports them)."""
    code = ("import sys, models.dependency_parser, memory_core.facts.fact_pass, desktop_app.services; "
            "print('spacy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == "False"


def test_the_parser_loads_on_first_parse_and_gives_plain_data(real_parser):
    fresh = SpacyDependencyParser()
    assert not fresh.loaded and isinstance(fresh, DependencyParser)
    sentences = real_parser.parse("My gym is Brightwater. We bank with Starling!")
    assert [s.text for s in sentences] == ["My gym is Brightwater.", "We bank with Starling!"]
    assert all(isinstance(s, ParsedSentence) for s in sentences)
    gym = sentences[0]
    words = [t.text for t in gym.tokens]
    assert words == ["My", "gym", "is", "Brightwater", "."]
    root = next(t for t in gym.tokens if t.dep == "ROOT")
    assert root.lemma == "be" and gym.tokens[1].head == root.i and gym.tokens[1].dep == "nsubj"
    assert all(gym.text[t.idx:t.idx + len(t.text)] == t.text for t in gym.tokens)  # offsets are the sentence's


def test_the_environment_turns_the_shared_parser_off(monkeypatch):
    monkeypatch.setattr(dependency_parser, "_shared", None)
    assert shared_parser({"MNEME_NO_PARSER": "1"}) is None
    first = shared_parser({})
    assert isinstance(first, SpacyDependencyParser) and shared_parser({}) is first  # one per process


def test_the_desktop_hands_the_worker_the_shared_parser(monkeypatch):
    from desktop_app import services

    monkeypatch.setenv("MNEME_NO_PARSER", "1")
    assert services.fact_parser() is None
    monkeypatch.delenv("MNEME_NO_PARSER")
    handed = services.fact_parser()
    assert handed is not None and handed is shared_parser()
