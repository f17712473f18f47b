"""placeholder"""
from __future__ import annotations


def answer_stdin(harness: str, event: str = "") -> int:
    from hooks.agent.protocol import answer_stdin as full

    return full(harness, event)
