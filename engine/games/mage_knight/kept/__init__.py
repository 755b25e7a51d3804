"""Listings kept across decisions: facts a bot's decision lists at every state, kept by what
they read, so the next decision's new state finds them again where nothing they read changed."""
