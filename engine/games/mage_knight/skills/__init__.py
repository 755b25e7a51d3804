"""Skills that are not a plain card effect: interactive skills in the centre, passive and rotating skills."""
