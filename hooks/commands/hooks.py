"""`kguard hooks install|uninstall` (git hooks, Claude Code settings) and `kguard hook git|claude-code|github`
(what the installed hooks and the GitHub Action call)."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from guard.paths import Places
from hooks.agent.cli import HARNESSES, agent_command, harness_options, install_harnesses
from hooks.agent.install import SPECS
from hooks.claude_code import settings as claude_settings
from hooks.git import scripts as git_hooks
from rules_engine.errors import KguardError

if TYPE_CHECKING:  # the guard loads only where a command needs it: git hooks must start fast
    from hooks.session import Session


def _claude_hint(root: Path) -> str | None:
    """What tells us the project uses Claude Code, or None."""
    for name in (".claude", "CLAUDE.md"):
        if (root / name).exists():
            return name
    return None


def _targets(session: Session, git: bool, claude: bool) -> tuple[bool, bool, str | None]:
    """No flag: git when this is a git repository; Claude Code only when the user says yes at a terminal
    (never silently because a CLAUDE.md exists). Also returns why Claude Code was left alone, if it was."""
    if git or claude:
        return git, claude, None
    hint = _claude_hint(session.places.root)
    if hint is None:
        return session.places.git_dir is not None, False, None
    shown = _settings_path(session.places).relative_to(session.places.root)
    if sys.stdin is not None and sys.stdin.isatty() and sys.stderr.isatty():
        if click.confirm(f"This project uses Claude Code ({hint}). Merge kguard's hooks into {shown}?",
                         default=False, err=True):
            return session.places.git_dir is not None, True, None
    return session.places.git_dir is not None, False, \
        f"Claude Code: left alone ({shown} not written; `kguard hooks install --claude-code` adds kguard's hooks)"


def _settings_path(places: Places) -> Path:
    return places.root / ".claude" / "settings.json"


def _accept(session: Session, paths: list[Path], command: str) -> None:
    """What we just wrote becomes the baseline (hook scripts and settings are guarded files), recorded in
    the journal; nothing else is accepted on the way, except in a root the guard has never recorded (this
    repository, when another one under the same home was set up first): its files are its first baseline."""
    wanted = {str(p) for p in paths}
    guard = session.guard
    with guard.transaction():
        changes = guard.changes()
        mine = [c for c in changes if c.root.scope == "project" and str(c.root.path(c.rel)) in wanted]
        guard.snapshot(changes=[c for c in changes if c.root.fresh and c not in mine])
        for root in guard.roots:
            if root.fresh:
                root.fresh, root.dirty = False, True
        if mine:
            guard.snapshot("install" if "uninstall" not in command else "uninstall", command=command, changes=mine)


def _hook_paths(folder: Path, outcomes: list[git_hooks.Outcome]) -> list[Path]:
    return [p for o in outcomes for p in (folder / o.hook, folder / (o.hook + git_hooks.LEGACY))]


@click.group("hooks")
def hooks_group() -> None:
    """Install kguard into git, Claude Code, Cursor, Codex, Gemini CLI and Copilot, or take it out again."""


@hooks_group.command()
@click.option("--git", "git", is_flag=True, help="git hooks: pre-commit and pre-merge-commit run `kguard check "
              "--staged`; post-merge, post-checkout and post-rewrite show what the operation changed")
@click.option("--claude-code", "claude", is_flag=True, help="merge kguard's hooks into .claude/settings.json")
@click.option("--share-notes", is_flag=True, help="also have `git fetch` and `git push` carry the notes of who "
              "wrote each line (refs/notes/kguard) with every remote (see docs/provenance.md)")
@harness_options("merge kguard's entries into")
def install(git: bool, claude: bool, share_notes: bool = False, **harnesses: bool) -> int:
    """Install the hooks. With no flag: git hooks in a git repository; when the project has a .claude folder
    or a CLAUDE.md, the Claude Code hooks too if you say yes at a terminal (never without asking).

    A hook kguard did not write is kept as <hook>.legacy and called first; running install again only
    updates kguard's own hooks; `kguard hooks uninstall` puts back what was there.

    \b
    Examples:
      kguard hooks install --git            # into core.hooksPath when set, else .git/hooks
      kguard hooks install --claude-code    # merge entries into .claude/settings.json
      kguard hooks install --cursor --codex # .cursor/hooks.json, .codex/hooks.json
      kguard hooks uninstall --git"""
    from hooks.session import open_session

    session = open_session()
    if share_notes:
        shared_notes(session.places)
        if not (git or claude or any(harnesses.values())):
            return 0
    written: list[Path] = install_harnesses(session, "install", harnesses)
    if written and not (git or claude):
        _accept(session, written, "kguard hooks install")
        return 0
    git, claude, left_alone = _targets(session, git, claude)
    if not (git or claude):
        raise KguardError("nothing to install here: not a git repository (use --git in one, or --claude-code "
                          "for Claude Code's hooks)")
    if git:
        folder = git_hooks.hooks_dir(session.places)
        outcomes = git_hooks.install(folder)
        for outcome in outcomes:
            extra = f" (the hook that was there is kept as {outcome.hook}.legacy and runs first)" \
                if outcome.action == "chained" else ""
            click.echo(f"git hook {outcome.hook}: {outcome.action}{extra}")
        click.echo(f"git hooks folder: {folder}")
        if not _inside(folder, session.places.root):
            click.echo("note: core.hooksPath points outside this repository: these hooks serve every repository "
                       "that uses that folder, and the guard cannot watch them from here")
        written += _hook_paths(folder, outcomes)
    if claude:
        path = _settings_path(session.places)
        changed = claude_settings.install(path, session.places.root)
        click.echo(f"Claude Code: {'merged kguard hooks into' if changed else 'kguard hooks already in'} "
                   f"{path.relative_to(session.places.root)}")
        written.append(path)
    if left_alone:
        click.echo(left_alone)
    _accept(session, written, "kguard hooks install")
    return 0


def shared_notes(places: Places) -> None:
    from guard.provenance.sharing import share_notes

    if places.git_dir is None:
        raise KguardError("--share-notes needs a git repository", places.root)
    for line in share_notes(places.root):
        click.echo(line)


def _inside(folder: Path, root: Path) -> bool:
    try:
        folder.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


@hooks_group.command()
@click.option("--git", "git", is_flag=True, help="only the git hooks")
@click.option("--claude-code", "claude", is_flag=True, help="only the Claude Code entries")
@harness_options("only kguard's entries in")
def uninstall(git: bool, claude: bool, **harnesses: bool) -> int:
    """Remove kguard's hooks (all, or those named) and put back the hooks that were there before."""
    from hooks.session import open_session

    from hooks.consent import require_user

    session = open_session()
    require_user("hooks uninstall", session.places.project_state)
    named = any(harnesses.values())
    if not (git or claude or named):
        git, claude = session.places.git_dir is not None, True
        harnesses = {h: (session.places.root / SPECS[h].path).exists() for h in HARNESSES}
    written: list[Path] = install_harnesses(session, "uninstall", harnesses)
    if git:
        folder = git_hooks.hooks_dir(session.places)
        outcomes = git_hooks.uninstall(folder)
        for outcome in outcomes:
            note = {"restored": "removed; the earlier hook is back", "not-ours": "not written by kguard; left "
                    "alone", "absent": "not installed"}.get(outcome.action, outcome.action)
            click.echo(f"git hook {outcome.hook}: {note}")
        written += _hook_paths(folder, outcomes)
    if claude:
        path = _settings_path(session.places)
        removed = claude_settings.uninstall(path, session.places.root)
        shown = path.relative_to(session.places.root)
        if removed:
            click.echo(f"Claude Code: removed {removed} kguard hook entr{'y' if removed == 1 else 'ies'} from {shown}")
        else:
            click.echo(f"Claude Code: no kguard hook entries in {shown}")
        written.append(path)
    _accept(session, written, "kguard hooks uninstall")
    return 0


@click.group("hook")
def hook_group() -> None:
    """Entry points that installed hooks call (not for typing by hand)."""


@hook_group.command("git", context_settings={"ignore_unknown_options": True})
@click.argument("name")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def git_hook(name: str, args: tuple[str, ...]) -> int:
    """What the installed git hook NAME runs. `auto` reads the pre-commit framework's variables."""
    from hooks.git import ops as git_ops

    pre_commit_framework = name == "auto"
    if pre_commit_framework:
        try:
            name, arg_list = git_ops.from_pre_commit_env()
        except KguardError:
            if not os.environ.get("PRE_COMMIT"):
                raise
            # `pre-commit run --hook-stage post-checkout` typed by hand: no operation to compare
            click.echo("kguard: nothing to compare: no checkout, merge or rewrite is in progress (the stage "
                       "was run by hand?); `kguard status` shows what changed", err=True)
            return 0
        args = tuple(arg_list)
    if name in git_hooks.GATES:
        from hooks.git.gate import gate

        return gate(name)
    if name in git_hooks.RECORDERS:
        from hooks.git.committed import committed

        return committed()
    stdin = ""
    if name == "post-rewrite" and sys.stdin is not None and not sys.stdin.isatty():
        stdin = sys.stdin.read()
    if git_ops.nothing_to_compare(name, list(args)):
        return 0
    from hooks.git import after as git_after

    held = git_after.after(name, list(args), stdin)
    # Git takes a post-checkout hook's status as the checkout's own: a native hook never fails it. Under
    # the pre-commit framework a failure is the only way the card gets shown.
    return 1 if pre_commit_framework and held else 0


for _harness in HARNESSES:
    hook_group.add_command(agent_command(_harness))


@hook_group.command("claude-code")
def claude_code() -> int:
    """Claude Code's hook protocol: the hook JSON on stdin, the answer as JSON on stdout and an exit code."""
    from hooks.claude_code.protocol import answer_stdin

    return answer_stdin()


@hook_group.command("github")
def github_action() -> int:
    """The GitHub Action's check step: inputs from KGUARD_PATHS, KGUARD_CONFIG, KGUARD_SARIF_FILE and
    KGUARD_FAIL_ON; annotations on stdout, a summary in $GITHUB_STEP_SUMMARY, outputs in $GITHUB_OUTPUT.
    Exit 1 when a finding at or above fail-on was found."""
    from hooks import github

    out, code = github.run()
    click.echo(out, nl=False)
    return code
