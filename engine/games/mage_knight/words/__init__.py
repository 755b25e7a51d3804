"""Mage Knight in a player's words: print names of cards, units, skills, tactics, enemies,
sites and terrain (names.py), an effect's atoms (effects.py), a payment (payment.py) and each
decision as the sentence of its `cmd.<kind>` event (commands.py), which the log narrates and
the choice tree turns into its labels (engine.narration.command_label)."""
