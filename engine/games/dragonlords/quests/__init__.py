"""Quests in the wastelands (rulebook §3.3): parties, their moves and encounters, and the quest cards."""
