"""What a git command does to where the repository goes and what it holds: a remote added, redirected or
rewritten to a host that is not the project's, a push there, a secret added or committed."""
from __future__ import annotations

import re

from guard.scan.lazyre import lazy
from guard.scan.actions import hosts, leads, model

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.commands import Simple
    from guard.scan.actions.flows import Tag, Walk

INSTEAD_OF = lazy(r"url\..+\.(?:push)?insteadof$", re.I)
# A remote's address set by its key (`git config remote.origin.pushurl URL`): the same as `git remote set-url`.
REMOTE_KEY = lazy(r"remote\.(.+)\.(?:push)?url$", re.I)
NOT_A_SET = frozenset(("--unset", "--unset-all", "--get", "--get-all", "--get-regexp", "-l", "--list"))


def git(walk: Walk, cmd: Simple, carried: set[Tag]) -> None:
    if model.name_of(cmd) != "git" or len(cmd.argv) < 2:
        return
    verb, args = cmd.argv[1], [a for a in cmd.argv[2:] if not a.startswith("-")]
    if verb == "remote" and len(args) >= 3 and args[0] in ("add", "set-url"):
        walk.remotes[args[1]] = args[2]
        if args[0] == "set-url" and not walk.trusted(args[2]):
            walk.found.append(("ACT002", f"the remote {args[1]} redirected to {args[2]}, a host that is not "
                                         "the project's", "error", args[2]))
    elif verb == "push" and args:
        target = walk.remotes.get(args[0], args[0])
        if ("://" in target or "@" in target) and not walk.trusted(target):
            walk.found.append(("ACT002", f"the repository pushed to {target}, a remote that is not the "
                                         "project's", "error", target))
    elif verb == "config" and any(INSTEAD_OF.match(a) for a in cmd.argv):
        key = next(a for a in cmd.argv if INSTEAD_OF.match(a))
        target = key[4:key.lower().rindex(".")]
        replaced = cmd.argv[cmd.argv.index(key) + 1:][:1]
        same = replaced and (a := walk.host(target)) is not None and (b := walk.host(replaced[0])) is not None \
            and hosts.domain(a.name) == hosts.domain(b.name)  # (the same forge over SSH)
        if not walk.trusted(target) and not same:
            walk.found.append(("ACT002", f"git's remotes rewritten to {target} ({key}), a host that is not "
                                         "the project's", "error", target))
    elif verb == "config" and not NOT_A_SET & set(cmd.argv) and (key := _remote_key(args)) is not None:
        name, target = key
        walk.remotes[name] = target
        if ("://" in target or "@" in target) and not walk.trusted(target):
            walk.found.append(("ACT002", f"the remote {name} redirected to {target}, a host that is not the "
                                         "project's", "error", target))
    elif verb == "add":
        secret = next((s for a in cmd.argv[2:] for s in [model.secret_of(a)] if s and "instructions" not in s),
                      None) or next((f"{w} (copied to {a})" for a in args for k, w in sorted(walk.copied(a))
                                     if k == "secret"), None) or _written_in_tree(walk, args)
        if secret:  # (a key pair made for the tests, committed as it is: a warning; one copied in is not that)
            fixture = " to " not in secret and all(leads.TEST_PATH.match(a) and not walk.copied(a)
                                                        for a in args if model.secret_of(a))
            walk.found.append(("ACT006", f"{secret} added to git", "warning" if fixture else "error", None))
    elif verb in ("commit", "notes", "tag", "hash-object") and any(kind == "secret" for kind, _ in carried):
        what = {"notes": "a note", "tag": "a tag", "hash-object": "an object"}.get(verb, "a commit")
        walk.found.append(("ACT006", f"a secret written into {what} of the repository", "error", None))  # (pushed too)


def _written_in_tree(walk: Walk, args: list[str]) -> str | None:
    """`git add -f`, `git add .`, `git add -A` after a step wrote a credential into a file of the working tree
    (`gh auth token > scripts/.token`): what it printed is added with everything else. A variable's value
    written into a config file (`echo "//host/:_authToken=${NPM_TOKEN}" > .npmrc`) is how CI logs in: not read."""
    if args not in ([], ["."], ["-A"], ["--all"]):
        return None
    return next((f"{w} (written to {file})" for file, tags in sorted(walk.files.items())
                 if not file.startswith(("/", "~", "$")) for k, w in sorted(tags)
                 if k in ("secret", "token") and "variable" not in w and "CI secret" not in w), None)


def _remote_key(args: list[str]) -> tuple[str, str] | None:
    """(remote, address) of `git config remote.<name>.url <address>` (or pushurl)."""
    for i, word in enumerate(args[:-1]):
        match = REMOTE_KEY.match(word)
        if match is not None:
            return match.group(1), args[i + 1]
    return None
