"""The light half of the post-merge, post-checkout and post-rewrite hooks: what the hook's arguments say
happened, and whether the operation's tree diff touched a knowledge path at all. Imports neither the guard
nor pydantic, so a checkout that leaves the knowledge files alone costs little (hooks.git.after does the
comparison)."""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from guard import where
from guard.where import has_config
from guard.discovery import project_rules
from guard.paths import Places
from rules_engine.errors import KguardError

NULL_OID = "0" * 40


@dataclass(frozen=True)
class Operation:
    what: str  # how the card names it: "git merge", "git checkout", "git rebase"
    old: str  # revision before
    new: str  # revision after, or "INDEX" (a squash merge changes the index, not HEAD)
    files_only: bool = False  # `git checkout -- PATH`: HEAD did not move


def operation(name: str, args: Sequence[str], stdin: str = "") -> Operation | None:
    """What a hook's name and arguments say happened; None when there is nothing to compare."""
    if name == "post-checkout":
        old, new, flag = (list(args) + ["", "", "1"])[:3]
        if old in ("", NULL_OID):
            return None  # a clone or a new worktree: there was nothing before to compare with
        files_only = flag == "0"
        return Operation("git checkout" + (" -- <paths>" if files_only else ""), old, new or "HEAD", files_only)
    if name == "post-merge":
        squash = (args[:1] or ["0"])[0] == "1"
        return Operation("git merge --squash" if squash else "git merge (or pull)", "ORIG_HEAD", "INDEX")
    if name == "post-rewrite":
        if (args[:1] or [""])[0] == "amend":
            return None  # an amend rewrites the commit, not the work tree
        return Operation("git rebase", "ORIG_HEAD", "HEAD")
    raise KguardError(f"unknown git hook '{name}' (kguard handles pre-commit, pre-merge-commit, post-merge, "
                      "post-checkout and post-rewrite)")


def from_pre_commit_env(env: Mapping[str, str] = os.environ) -> tuple[str, list[str]]:
    """The pre-commit framework passes a post-* stage's arguments as environment variables."""
    if env.get("PRE_COMMIT_REWRITE_COMMAND"):
        return "post-rewrite", [env["PRE_COMMIT_REWRITE_COMMAND"]]
    if env.get("PRE_COMMIT_CHECKOUT_TYPE"):
        return "post-checkout", [env.get("PRE_COMMIT_FROM_REF", ""), env.get("PRE_COMMIT_TO_REF", ""),
                                 env["PRE_COMMIT_CHECKOUT_TYPE"]]
    if env.get("PRE_COMMIT_IS_SQUASH_MERGE"):
        return "post-merge", [env["PRE_COMMIT_IS_SQUASH_MERGE"]]
    raise KguardError("`kguard hook git auto` runs in the pre-commit framework's post-checkout, post-merge "
                      "and post-rewrite stages only (none of their variables is set)")


def touches_knowledge(places: Places, op: Operation, include: Iterable[str] = (),
                      exclude: Iterable[str] = ()) -> bool:
    """Does the operation's tree diff hold a knowledge path? True when it cannot tell."""
    if places.git_dir is None:
        return True
    import pygit2

    try:
        repo = pygit2.Repository(str(places.git_dir))
        old = repo.revparse_single(op.old).peel(pygit2.Tree)
        if op.new == "INDEX":
            diff = repo.index.diff_to_tree(old)
        else:
            diff = repo.diff(old, repo.revparse_single(op.new).peel(pygit2.Tree))
        paths = {p for delta in diff.deltas for p in (delta.old_file.path, delta.new_file.path)}
    except (KeyError, ValueError, pygit2.GitError):
        return True
    rules = project_rules(places, include, exclude)
    return any(rules.classify(path) is not None for path in paths)


def nothing_to_compare(name: str, args: Sequence[str]) -> bool:
    """True when the operation certainly changed no knowledge file, judged without loading the guard: with
    a config file (whose include/exclude could widen the set) or a checkout of paths, the answer is no."""
    op = operation(name, args)
    if op is None:
        return True
    if op.files_only:
        return False
    root, git_dir, common = where.find_root(os.getcwd())
    if git_dir is None or has_config(root):
        return False
    if op.old == op.new:
        return True  # `git checkout -b`: HEAD did not move
    home = where.home_dir()
    places = Places(Path(root), Path(git_dir), Path(common) if common else None, Path(home),
                    Path(where.state_dir(home)))
    return not touches_knowledge(places, op)
