"""The `kguard` click group. Commands live in their own modules and load lazily, so `kguard run` and
`kguard --help` pay only for what they use. `main(argv) -> int` is the one place that turns errors into
exit codes: 0 clean, 1 findings or a held-back change, 2 usage or config error, 3 held-back change after a
successful wrapped command, 130 interrupted, 70 internal error."""
from __future__ import annotations

import importlib
import os
import sys
import traceback
from collections.abc import Callable, Sequence

import click

from hooks.style import one_line
from rules_engine.errors import KguardError

INTERNAL_ERROR = 70

# name -> (module, attribute). An explicit registry: no discovery by reflection or entry points.
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("hooks.commands.run", "run"),
    "snapshot": ("hooks.commands.guard", "snapshot"),
    "status": ("hooks.commands.guard", "status"),
    "diff": ("hooks.commands.guard", "diff"),
    "keep": ("hooks.commands.guard", "keep"),
    "reset": ("hooks.commands.guard", "reset"),
    "log": ("hooks.commands.journal", "log"),
    "undo": ("hooks.commands.journal", "undo"),
    "scan": ("hooks.commands.scan", "scan"),
    "explain": ("hooks.commands.scan", "explain"),
    "check": ("hooks.commands.check", "check"),
    "knowledge": ("hooks.commands.knowledge", "knowledge"),
    "budget": ("hooks.commands.knowledge", "budget"),
    "hints": ("hooks.commands.knowledge", "hints"),
    "conflicts": ("hooks.commands.knowledge", "conflicts"),
    "rules": ("hooks.commands.rules", "rules"),
    "hooks": ("hooks.commands.hooks", "hooks_group"),
    "hook": ("hooks.commands.hooks", "hook_group"),
    "review": ("hooks.commands.review", "review"),
    "blame": ("hooks.commands.blame", "blame"),
}


# Commands that read no settings: they get no --config option.
NO_CONFIG = {"explain", "hook"}


def _use_config(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:  # open_session reads it; so do kguard commands this one starts
        os.environ["KGUARD_CONFIG"] = os.path.abspath(value)


def _config_option() -> click.Option:
    return click.Option(["--config"], metavar="PATH", type=click.Path(dir_okay=False), expose_value=False,
                        is_eager=True, callback=_use_config,
                        help="settings from PATH, not the project's .kguard.toml (also: KGUARD_CONFIG=PATH)")


def _add_config_option(command: click.Command) -> None:
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _add_config_option(sub)
    elif not any(param.name == "config" for param in command.params):
        command.params.append(_config_option())


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._load(name) is not None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, list(COMMANDS), n=3, cutoff=0.6)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            ctx.fail(f"No such command {name!r}.{hint} (`kguard --help` lists them)")
        return super().resolve_command(ctx, args)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module_name, attr = COMMANDS[name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:  # not built yet; anything else is a real bug
                return None
            raise
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        if name not in NO_CONFIG:
            _add_config_option(command)
        return command


CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(cls=LazyGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(None, "-V", "--version", package_name="knowledge-guard", prog_name="kguard")
def cli() -> None:
    """Guard the files AI coding agents load into every prompt.

    Every change to AGENTS.md, CLAUDE.md, memory, rules files and skills becomes visible and reversible;
    covert instructions hidden in them are found; the managed block of AGENTS.md stays small.

    \b
    Typical use:
      kguard run -- npm test        wrap an agent's command; changes to knowledge files get a card
      kguard status                 what changed since the snapshot, what is held back
      kguard scan                   look for covert signals in the knowledge files
      kguard check                  the gate for pre-commit and CI
      kguard blame AGENTS.md        who wrote each line (a person, an agent, git, promotion)

    Exit codes: 0 clean, 1 findings or a held-back change, 2 usage or config error,
    3 held-back change after a successful wrapped command (run), 130 interrupted.
    """


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    return guarded(lambda: cli.main(args=args, prog_name="kguard", standalone_mode=False))


def guarded(call: Callable[[], object]) -> int:
    """Run `call` and turn what it raises into one line on stderr and an exit code."""
    try:
        result = call()
    except KguardError as exc:
        click.echo(one_line(f"kguard: error: {exc}"), err=True)  # one line, whatever a file name holds
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("kguard: interrupted", err=True)
        return 130
    except KeyboardInterrupt:
        click.echo("kguard: interrupted", err=True)
        return 130
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except Exception:
        if os.environ.get("KGUARD_DEBUG"):
            click.echo(traceback.format_exc(), err=True)
        exc_type, exc_value = sys.exc_info()[:2]
        click.echo(
            f"kguard: internal error: {exc_type.__name__ if exc_type else 'Exception'}: {exc_value}"
            " (a bug: please report it, with the trace from KGUARD_DEBUG=1)",
            err=True,
        )
        return INTERNAL_ERROR
    if isinstance(result, int):
        return result
    return 0
