"""Combat against enemy tokens (rulebook §7, Kampf): the pure state machine, its arithmetic, abilities and its wiring into the turn."""
