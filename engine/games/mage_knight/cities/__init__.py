"""Cities: their levels and garrisons, revealing them, and interacting with conquered and friendly cities."""
