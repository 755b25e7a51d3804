"""Set-up (rulebook §2.3): armies, gold, the scroll deal, the quest deck and the first player."""
