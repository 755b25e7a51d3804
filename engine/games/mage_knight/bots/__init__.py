"""Mage Knight's position knowledge for the bots: where to head, when to fight, which lines to skip."""
