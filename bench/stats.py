"""Small statistics shared by the benchmarks."""
from __future__ import annotations

import statistics


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); no interpolation, so it is always a measured value."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def latency(values: list[float], quantiles: tuple[int, ...] = (95, 99)) -> dict:
    """The figures a latency table reports: sample count, mean beside the median, the given tail
    percentiles and the maximum (all in ms)."""
    if not values:
        return {"samples": 0}
    figures = {"samples": len(values), "mean_ms": statistics.mean(values), "p50_ms": statistics.median(values)}
    figures.update({f"p{q}_ms": percentile(values, q) for q in quantiles})
    figures["max_ms"] = max(values)
    return figures


LATENCY_HEADER = ["| {what} | runs | mean ms | p50 ms | p90 ms | p95 ms | max ms |", "|---|---|---|---|---|---|---|"]


def latency_row(label: str, figures: dict) -> str:
    """One markdown row of ``latency(values, (90, 95))``: mean beside the median, p90, p95 and the maximum."""
    return (f"| {label} | {figures['samples']} | {figures['mean_ms']:.2f} | {figures['p50_ms']:.2f} | "
            f"{figures['p90_ms']:.2f} | {figures['p95_ms']:.2f} | {figures['max_ms']:.2f} |")
