"""Benchmarks for `make bench`: reported on the machine they ran on, never asserted in tests."""
