"""The live table: an HTTP/WebSocket front end of the core (JSON API, seat tokens, live feed)."""
