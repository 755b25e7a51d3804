"""Mage Knight's choice tree (engine.choices): what a seat may do as questions in words, built
one question at a time from the state instead of from the full list of complete commands."""
