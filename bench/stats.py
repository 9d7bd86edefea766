"""Small statistics shared by the benchmarks."""
from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); no interpolation, so it is always a measured value."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]
