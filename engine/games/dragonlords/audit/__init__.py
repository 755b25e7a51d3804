"""DragonLords' log in words and the audit's why-chain of a battle round."""
