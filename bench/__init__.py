"""Benchmarks: each ``bench_<name>.py`` has ``main()`` and writes its tables to ``bench/results/``."""
