"""Benchmarks for the table shell: see bench/README.md."""
