"""Intents as frames (issue 11): each intent is a few parts (an action, a target, an audience or a sink) that
must meet in one sentence or paragraph, with lexicons in en, de, fr, es, pt, it, ru, zh, ja, ko."""
