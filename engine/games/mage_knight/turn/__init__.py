"""A Mage Knight turn and round: actions, tactics, rests, levels, rewards and the end of turn."""
