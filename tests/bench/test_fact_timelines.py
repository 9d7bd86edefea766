"""Our own DEV/TEST fact-timeline set and the in-process path of ``bench_fact_checks``.

The set's shape is checked here (counts, split, dates), never its sentences against an extractor.
The in-process path must read exactly what the subprocess CLI path reads.
"""
from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from bench import bench_fact_checks as fact_checks
from bench.data import write_fact_timelines as generator

DATA = Path(generator.__file__).resolve().parent


def _load(name: str) -> list[dict]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))["timelines"]


def test_the_set_on_disk_is_what_the_generator_writes():
    assert _load("fact_timelines.json") == json.loads(json.dumps(generator.timelines()))
    everything = _load("fact_timelines.json")
    for split in ("dev", "test"):
        assert _load(f"fact_timelines_{split}.json") == [t for t in everything if t["split"] == split]
        assert fact_checks.load_timelines(split) == _load(f"fact_timelines_{split}.json")


def test_the_set_has_the_promised_shape_and_a_clean_split():
    timelines = _load("fact_timelines.json")
    types = Counter(t["type"] for t in timelines)
    assert len(timelines) >= 240 and len({t["id"] for t in timelines}) == len(timelines)
    assert types["no_change"] >= 0.25 * len(timelines) and types["unrelated"] >= 0.10 * len(timelines)
    kinds = {split: {t["kind"] for t in timelines if t["split"] == split} for split in ("dev", "test")}
    personas = {split: {t["persona"] for t in timelines if t["split"] == split} for split in ("dev", "test")}
    assert len(kinds["dev"] | kinds["test"]) >= 45 and not kinds["dev"] & kinds["test"]
    assert not personas["dev"] & personas["test"]
    assert 0.55 <= sum(t["split"] == "dev" for t in timelines) / len(timelines) <= 0.65
    statements, changes = defaultdict(set), defaultdict(set)
    for timeline in timelines:
        assert timeline["d1"] < timeline["as_of"] < timeline["d2"] and timeline["old"]
        assert timeline["check_as_of"] == (timeline["change_kind"] != "correction")
        statements[timeline["kind"]].add(timeline["statement"])
        if timeline["type"] == "change":
            changes[timeline["kind"]].add(timeline["later"])
            assert timeline["new"][0] in timeline["later"] if timeline["new"] else \
                timeline["change_kind"] == "cancellation"
    assert min(len(s) for s in statements.values()) >= 4 and min(len(c) for c in changes.values()) >= 4


def test_the_in_process_path_puts_back_what_it_changed():
    import models.embedder as embedder_module
    from memory_core.storage import keys

    before = (embedder_module.SentenceEmbedder, keys.SCRYPT_N, os.environ.get("MNEME_PASSPHRASE"))
    with fact_checks.InProcessCLI() as cli:
        assert embedder_module.SentenceEmbedder is not before[0]
        done = cli(Path("/nonexistent-mneme-dir"), "memory", "facts", "--definitely-not-an-option")
        assert done.returncode != 0
    assert (embedder_module.SentenceEmbedder, keys.SCRYPT_N, os.environ.get("MNEME_PASSPHRASE")) == before


@pytest.mark.slow
@pytest.mark.embedder
def test_in_process_and_cli_paths_read_the_same_facts():
    """A change, a no-change and an unrelated timeline, both ways: the same reads, the same checks."""
    wanted = ("doctor-change-0", "band-no_change-0", "phone-unrelated-0")
    timelines = [t for t in fact_checks.load_timelines("dev") if t["id"] in wanted]
    assert len(timelines) == len(wanted)
    with fact_checks.InProcessCLI() as cli:
        in_process = [fact_checks.run_mneme(t, cli)[0] for t in timelines]
    through_cli = [reads for reads, _ in fact_checks.run_all(timelines, in_process=False)]
    for timeline, here, there in zip(timelines, in_process, through_cli):
        assert here.error is None and there.error is None, (here.error, there.error)
        assert here.after_d1, "the D1 statement produced no fact at all: the comparison would be empty"
        assert (sorted(here.after_d1), sorted(here.after_d2), sorted(here.as_of)) == \
            (sorted(there.after_d1), sorted(there.after_d2), sorted(there.as_of))
        assert fact_checks.score(timeline, here) == fact_checks.score(timeline, there)


def test_the_dev2_set_is_what_its_generator_writes_and_has_the_promised_shape():
    from bench.data import write_fact_timelines_dev2 as dev2

    timelines = _load("fact_timelines_dev2.json")
    assert timelines == json.loads(json.dumps(dev2.build()))
    assert fact_checks.load_timelines("dev2") == timelines
    assert len(timelines) >= 240 and len({t["id"] for t in timelines}) == len(timelines)
    assert {t["split"] for t in timelines} == {"dev2"}
    kinds = {t["kind"] for t in timelines}
    first = _load("fact_timelines.json")
    assert len(kinds) == 35 and not kinds & {t["kind"] for t in first}
    assert not {t["persona"] for t in timelines} & {t["persona"] for t in first}
    assert Counter(t["type"] for t in timelines) == {"change": 140, "no_change": 70, "unrelated": 35}
    assert min(Counter(t["change_kind"] for t in timelines if t["change_kind"]).values()) >= 8
    for timeline in timelines:
        assert timeline["d1"] < timeline["as_of"] < timeline["d2"] and timeline["old"]
        assert timeline["d1"][:4] in ("2024", "2025")
        assert timeline["check_as_of"] == (timeline["change_kind"] != "correction")
        assert timeline["old"][0] in timeline["statement"]
        if timeline["new"]:
            assert timeline["type"] == "change" and timeline["new"][0] in timeline["later"]


def test_the_change_pool_is_what_its_generator_writes_and_splits_cleanly():
    """The change pool (issue 12): both halves load through ``--set``, no kind or persona in both."""
    from bench.data import write_fact_timelines_changes as changes

    timelines = _load("fact_timelines_changes.json")
    assert timelines == json.loads(json.dumps(changes.build()))
    dev, test = fact_checks.load_timelines("changes_dev"), fact_checks.load_timelines("changes_test")
    assert dev + test == timelines and len(timelines) >= 160 and len({t["id"] for t in timelines}) == len(timelines)
    assert 0.4 <= len(dev) / len(timelines) <= 0.6
    assert not {t["kind"] for t in dev} & {t["kind"] for t in test}
    assert not {t["persona"] for t in dev} & {t["persona"] for t in test}
    kinds = {t["kind"] for t in timelines}
    earlier = _load("fact_timelines.json") + _load("fact_timelines_dev2.json")
    assert len(kinds) >= 20 and not kinds & {t["kind"] for t in earlier}
    assert fact_checks.SETS["changes_dev"][2] == "fact_timelines_changes_dev"
    assert fact_checks.SETS["changes_test"][2] == "fact_timelines_changes_test"
    for half in (dev, test):
        assert Counter(t["type"] for t in half) == {"change": 4 * len({t["kind"] for t in half}),
                                                   "no_change": 2 * len({t["kind"] for t in half}),
                                                   "unrelated": len({t["kind"] for t in half})}
        assert set(Counter(t["change_kind"] for t in half if t["change_kind"])) == set(changes.SHAPES)
    for timeline in timelines:
        assert timeline["d1"] < timeline["as_of"] < timeline["d2"] and timeline["old"][0] in timeline["statement"]
        assert timeline["check_as_of"] == (timeline["change_kind"] != "correction")
        if timeline["new"]:
            assert timeline["type"] == "change" and timeline["new"][0] in timeline["later"]
        elif timeline["type"] == "change":
            assert timeline["change_kind"] == "ended_no_successor"
