"""Magic: teleportation, the DragonLord's fire and scroll cards."""
