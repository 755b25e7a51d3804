"""Mage Knight's ambiguities a judge may read otherwise (catalog.toml `[readings.A*]`), by concept."""
