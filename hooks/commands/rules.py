"""`kguard rules recommend|approve|edit|remove|list`: promote durable rules into the managed block of AGENTS.md.

Only approve, edit and remove write, only when `[rules_promotion] enabled = true`, and always through the guard
(atomic, journaled: `kguard undo ID` takes them back). Nothing writes the block on its own.

The group lives here; the commands in rules_read (recommend, list) and rules_write (approve, edit, remove), the
shared loading in rules_state and the `kguard status` hint in rules_hint."""
from __future__ import annotations

import click

from hooks.commands.knowledge import budget as knowledge_budget
from hooks.promotion.hint import HINT_STATE, recommend_hint_line
from hooks.promotion.read import FORMAT, list_, promoted_rows, recommend
from hooks.promotion.state import AGENTS, RULES_DIR, Promotion, decode, load, load_rules, rule_sources, usage
from hooks.promotion.write import approve, edit, remove

__all__ = [
    "AGENTS", "FORMAT", "HINT_STATE", "RULES_DIR", "Promotion", "approve", "decode", "edit", "list_", "load",
    "load_rules", "promoted_rows", "recommend", "recommend_hint_line", "remove", "rule_sources", "rules", "usage",
]


@click.group("rules")
def rules() -> None:
    """Promote durable rules into the managed, capped block of AGENTS.md.

    \b
      kguard rules recommend          ranked candidates and why each qualified (read-only)
      kguard rules approve ID         add a rule to the block, with its provenance trailer
      kguard rules edit ID --text T   reword a rule (its rules file and, if promoted, the block)
      kguard rules remove ID          take a rule out of the block (its rules file stays)
      kguard rules list               what is promoted, with provenance and staleness
      kguard rules budget             the context budget (the same as `kguard budget`)
    """


for _command in (recommend, approve, edit, remove, list_):
    rules.add_command(_command)
rules.add_command(knowledge_budget, "budget")  # DESIGN.md names it `kguard rules budget`
