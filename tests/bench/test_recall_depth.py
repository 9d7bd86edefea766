"""bench/recall_depth.py's table: any/all of the evidence within each cutoff, per kind."""
from bench.recall_depth import table


def test_a_question_counts_as_all_only_when_every_evidence_turn_is_within_the_cutoff():
    ranks = [("multi-hop", [3, 15]), ("multi-hop", [None, 41]), ("single-hop", [25])]
    rows = {line.split(" | ")[0].strip("| "): line.split(" | ")[1:] for line in table(ranks)[2:]}
    # any@10 all@10 any@20 all@20 any@40 all@40
    assert [cell.strip(" |") for cell in rows["multi-hop"][1:]] == ["0.500", "0.000", "0.500", "0.500", "0.500",
                                                                     "0.500"]
    assert [cell.strip(" |") for cell in rows["single-hop"][1:]] == ["0.000", "0.000", "0.000", "0.000", "1.000",
                                                                      "1.000"]
