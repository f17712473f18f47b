"""Protecting knowledge files: discovery, snapshot store, compare, Keep/Reset, journal, covert-signal scanner."""
