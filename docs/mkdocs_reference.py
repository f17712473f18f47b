"""MkDocs hook: the reference pages are generated from the code, never copied by hand.

- detectors/index.md and detectors/<ID>.md from `kguard explain`'s data (hooks.commands.scan.explain_records),
  one page per ID, which is what SARIF's helpUri points at;
- commands.md from the click commands' own help (hooks.cli);
- configuration.md from the settings models (hooks.config.Settings): every key, its default and meaning.
"""
from __future__ import annotations

import json
import re
from typing import Any

import click
from pydantic import BaseModel

from hooks.cli import COMMANDS, cli
from hooks.commands.scan import explain_records
from hooks.config import Settings

SEVERITY_ICON = {"error": "🛑 error", "warning": "⚠️ warning", "info": "ℹ️ info", "retired": "🪦 retired"}


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File  # only under mkdocs: the tests import pages() without it

    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files


def pages() -> dict[str, str]:
    records = explain_records()
    out = {"detectors/index.md": detector_index(records), "commands.md": commands(),
           "configuration.md": configuration()}
    out.update({f"detectors/{r['id']}.md": detector_page(r) for r in records})
    return out


def detector_index(records: list[dict[str, str]]) -> str:
    lines = ["# Detector reference", "",
             "Every ID `kguard scan` and `kguard check` report, generated from the detectors themselves "
             "(`kguard explain --format json`). An ID never changes meaning and is never reused.", ""]
    family = None
    for r in records:
        if r["family"] != family:
            family = r["family"]
            lines += ["", f"## {family}: {r['family_title']}", "", "| ID | name | default severity | finds |",
                      "| --- | --- | --- | --- |"]
        lines.append(f"| [`{r['id']}`]({r['id']}.md) | {r['name']} | {r['severity']} | {_cell(r['summary'])} |")
    return "\n".join(lines) + "\n"


def detector_page(r: dict[str, str]) -> str:
    body = re.sub(r"(?m)^(What it finds|Why it matters|Example|Instead):", r"**\1:**", r["doc"])
    command = "kguard scan" if r["command"] == "scan" else "kguard check"
    return (f"# {r['id']} {r['name']}\n\n"
            f"{SEVERITY_ICON[r['severity']]}{'' if r['severity'] == 'retired' else ' by default'} · family {r['family']} ({r['family_title']}) · "
            f"reported by `{command}`\n\n{body.strip()}\n\n"
            f"Silence it for a file or a project with `[scan] ignore` or `per_path_ignores` "
            f"(see [configuration](../configuration.md)); `kguard explain {r['id']}` prints this page.\n")


def commands() -> str:
    lines = ["# Commands", "", "Every `kguard` command with its own `--help`, generated from the code. "
             "Exit codes are listed on [Exit codes](exit-codes.md).", ""]
    root = click.Context(cli, info_name="kguard", terminal_width=100, max_content_width=100)
    lines += ["## kguard", "", "```text", cli.get_help(root), "```", ""]
    for name in COMMANDS:
        command = cli.get_command(root, name)
        if command is None:
            continue
        lines += _command(command, f"kguard {name}", root)
    return "\n".join(lines) + "\n"


def _command(command: click.Command, path: str, parent: click.Context) -> list[str]:
    ctx = click.Context(command, info_name=path.rsplit(" ", 1)[-1], parent=parent, terminal_width=100,
                        max_content_width=100)
    lines = [f"## {path}", "", "```text", command.get_help(ctx), "```", ""]
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                lines += _command(sub, f"{path} {name}", ctx)
    return lines


def configuration() -> str:
    lines = ["# Configuration keys", "",
             "`.kguard.toml` at the repository root, `[tool.kguard]` in `pyproject.toml`, or any file named by "
             "`--config PATH` (or `KGUARD_CONFIG`). Every key has a default; an unknown key or a bad value is a "
             "one-line error naming the file, the key and what is allowed (exit 2). Generated from the settings "
             "models.", ""]
    for section, field in Settings.model_fields.items():
        model = field.annotation
        lines += [f"## `[{section}]`", ""]
        if model.__doc__ and not model.__doc__.startswith(model.__name__ + "("):
            lines += [" ".join(model.__doc__.split()), ""]
        lines += ["| key | default | meaning |", "| --- | --- | --- |"]
        for key, sub in model.model_fields.items():
            default = sub.get_default(call_default_factory=True)
            if isinstance(default, BaseModel):
                default = default.model_dump(mode="json")
            shown = json.dumps(default, ensure_ascii=False, default=str)
            lines.append(f"| `{section}.{key}` | `{_cell(shown)}` | {_cell(sub.description or '')} |")
        lines.append("")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
