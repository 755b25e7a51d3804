"""Bots that play any ruleset through the public API: random, greedy and MCTS, with per-seat players."""
