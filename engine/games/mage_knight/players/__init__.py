"""Players beside the active hero: the dummy player, player against player combat and the joint city assault."""
