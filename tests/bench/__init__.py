"""Benchmarks run by ``make bench`` (not by ``make test``): engine, queries, load, bytes."""
