"""An army's turn: the phases' order, the moves of each phase, ships' range and mid-step decisions."""
