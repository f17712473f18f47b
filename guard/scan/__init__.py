"""The covert-signal scanner."""
