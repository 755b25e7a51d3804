"""The scenario book: each scenario's set-up, special rules, rounds and scoring, and the rulebook's variants."""
