"""The trio message bus: rule subscriptions (the cascade) and listeners (committed events)."""
from bus.listeners import ListenerHub
from bus.rules import RuleBus

__all__ = ["RuleBus", "ListenerHub"]
