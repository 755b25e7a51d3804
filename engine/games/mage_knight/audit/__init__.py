"""Mage Knight's log in words and the audit's why-chains."""
