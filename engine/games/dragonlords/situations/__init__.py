"""DragonLords situation files: the [game] table's shape, its loading and value overrides."""
