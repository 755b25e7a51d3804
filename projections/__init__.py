"""The read side: state at any event, seat views, timelines, audits, analytics."""
