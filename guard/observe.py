"""What the knowledge files hold right now, for one root. Uses the stat cache: folders whose stamp did not
move are not listed again, files whose stat did not change are not read again."""
from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from guard import gitconfig
from guard.blobhash import blob_id, entry_id
from guard.discovery import Rules, WalkResult, walk
from guard.folders import ABSENT, stamp
from guard.statcache import RACY_NS, RootCache, racy, stat_key
from rules_engine.errors import KguardError


@dataclass
class Observed:
    rel: str
    oid: str
    mode: int
    stat: list[int]
    data: bytes | None = None  # the content, when this pass had to read it
    mapped: bool = False  # changed since a guarded command touched it without a change (see REREAD)


def signature(rules: Rules, dir_specs: list[tuple[str, bool]]) -> str:
    text = repr((rules.locations, rules.include, rules.exclude, rules.extra_files, dir_specs))
    return hashlib.sha1(text.encode()).hexdigest()


def _list_again(base: Path, rules: Rules, old: RootCache, racy_after: int,
                specs: set[str]) -> tuple[dict[str, list[int]], set[str]]:
    """Update the folder records; return them and the set of knowledge file paths now present."""
    dirs = dict(old.dirs)
    files = set(old.files)
    for rel_dir in sorted(old.dirs):
        if rel_dir not in dirs:
            continue  # dropped with a vanished parent
        was, recursive = dirs[rel_dir]
        folder = base / rel_dir if rel_dir else base
        try:
            now = os.stat(folder, follow_symlinks=False)
            now_stamp = stamp(now) if stat.S_ISDIR(now.st_mode) else ABSENT
        except OSError:
            now_stamp = ABSENT
        if now_stamp == was and (was == ABSENT or was < racy_after):
            continue
        files = {f for f in files if _parent(f) != rel_dir}
        if now_stamp == ABSENT:  # the folder is gone: so is everything below it
            for sub in [d for d in dirs if d != rel_dir and _below(d, rel_dir)]:
                if sub in specs:
                    dirs[sub] = [ABSENT, dirs[sub][1]]
                else:
                    del dirs[sub]
            files = {f for f in files if not _below(f, rel_dir)}
            dirs[rel_dir] = [ABSENT, recursive]
            continue
        fresh = walk(base, rules, rel_dir, WalkResult(), recursive=False)
        dirs[rel_dir] = [fresh.dirs.get(rel_dir, ABSENT), recursive]
        files |= {kf.rel for kf in fresh.files.values()}
        if not recursive:
            continue
        present = _subdirs(folder, rel_dir, rules)
        for sub in [d for d in dirs if d != rel_dir and _parent(d) == rel_dir and d not in present]:
            for gone in [d for d in dirs if d == sub or _below(d, sub)]:
                del dirs[gone]
            files = {f for f in files if not _below(f, sub)}
        for sub in sorted(present - set(dirs)):
            deep = walk(base, rules, sub, WalkResult(), recursive=True)
            dirs.update({d: [m, True] for d, m in deep.dirs.items()})
            files |= {kf.rel for kf in deep.files.values()}
    return dirs, files


def _subdirs(folder: Path, rel_dir: str, rules: Rules) -> set[str]:
    found = set()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return found
    for entry in entries:
        rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
        try:
            if entry.is_dir(follow_symlinks=False) and not rules.skip_dir(rel, entry.name):
                found.add(rel)
        except OSError:
            continue
    return found


def _parent(rel: str) -> str:
    return rel.rpartition("/")[0]


def _below(rel: str, folder: str) -> bool:
    return folder == "" or rel.startswith(folder + "/")


# A file a guarded command touched without changing it may be mapped (mmap, MAP_SHARED) by a process the
# command left behind: once its page is dirty, later writes through the mapping change the bytes and never
# the file's mtime or ctime, so the stat cache would vouch for the old content. Such a file is read again
# by every look (its record holds a size of REREAD, which no stat matches) for REREAD_NS after its ctime;
# once its content changed so, its record says MAPPED and the change is held, not adopted (hooks.outside).
REREAD = -1
MAPPED = -2
REREAD_NS = 3600 * 1_000_000_000


def unreadable(exc: OSError, display: str) -> KguardError:
    """A knowledge file that is there but cannot be read (its rights, an unreadable folder): an error, never
    taken for a deleted file (which `reset` would write back over it, and `keep` would drop)."""
    return KguardError(f"cannot read: {exc.strerror or exc}; kguard cannot guard a file it cannot read, so "
                       "it changed nothing: make it readable", display)


def observe(base: Path, rules: Rules, dir_specs: list[tuple[str, bool]], old: RootCache | None,
            written_ns: int, git_settings: bool = False, shown: Callable[[str], str] = str,
            touched: bool = False) -> tuple[dict[str, Observed], RootCache]:
    """What the root's knowledge files hold now, and the cache records for the next look. With
    `git_settings`, also the git settings that switch hooks off (guard.gitconfig), read every time (git's
    config files are watched by the fast paths instead). `shown` names a file in an error. With `touched`
    (the look after a guarded command), a file touched but not changed is read again by later looks."""
    observed, cache = _observe_files(base, rules, dir_specs, old, written_ns, shown, touched)
    if git_settings:
        data = gitconfig.view(base)
        if data is not None:
            observed[gitconfig.REL] = Observed(gitconfig.REL, blob_id(data), 0o100644, [0, 0, 0, 0, 0], data)
    return observed, cache


def _observe_files(base: Path, rules: Rules, dir_specs: list[tuple[str, bool]], old: RootCache | None,
                   written_ns: int, shown: Callable[[str], str],
                   touched: bool) -> tuple[dict[str, Observed], RootCache]:
    sig = signature(rules, dir_specs)
    racy_after = written_ns - RACY_NS
    linked: dict[str, str] = {}
    rels: set[str] = set()
    incremental = old is not None and old.signature == sig and old.base == str(base) and not old.linked
    if incremental and old is not None:
        dirs, rels = _list_again(base, rules, old, racy_after, {d for d, _ in dir_specs})
        # a symlinked knowledge folder appeared: only a walk goes through it (and records it for next time)
        incremental = not any(rules.knowledge_folder(rel) and os.path.isdir(base / rel) for rel in rels)
    if not incremental:
        result = WalkResult()
        dirs = {}
        for rel_dir, recursive in dir_specs:
            part = walk(base, rules, rel_dir, WalkResult(), recursive)
            dirs.update({d: [m, recursive] for d, m in part.dirs.items()})
            result.files.update(part.files)
            linked.update(part.linked)
        rels = {kf.rel for kf in result.files.values()}
        for rel in rules.extra_files:
            if os.path.lexists(base / rel):
                rels.add(rel)
            parent = _parent(rel)
            if parent not in dirs:
                try:
                    dirs[parent] = [stamp(os.stat(base / parent)), False]
                except OSError:
                    dirs[parent] = [ABSENT, False]
    rels = {rel for rel in rels if rules.classify(rel) is not None}
    rels |= link_targets(base, rels)
    observed: dict[str, Observed] = {}
    top = os.path.realpath(base)
    old_files = old.files if old is not None and old.signature == sig else {}
    for rel in sorted(rels):
        path = base / rel
        try:
            st = os.lstat(path)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise unreadable(exc, shown(rel)) from None
        source = str(path)
        if stat.S_ISLNK(st.st_mode):
            source, st = loaded_through(top, source, st)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
            continue
        key = stat_key(st)
        record = old_files.get(rel)
        if record is not None and record[:5] == key and not racy(st, racy_after):
            observed[rel] = Observed(rel, str(record[5]), st.st_mode, key)
            continue
        try:
            oid, data = entry_id(source, st)
        except (FileNotFoundError, NotADirectoryError):
            continue  # gone since the lstat: deleted
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                continue  # swapped for a symlink since the lstat: the next look sees the link
            raise unreadable(exc, shown(rel)) from None
        mapped = False
        if record is not None and st.st_ctime_ns > written_ns - REREAD_NS:
            poisoned, same = record[0] in (REREAD, MAPPED), str(record[5]) == oid
            mapped = poisoned and (record[0] == MAPPED or not same)
            if mapped or (same and (poisoned or touched and list(record[:5]) != key)):  # (see REREAD)
                key = [MAPPED if mapped else REREAD, *key[1:]]
        observed[rel] = Observed(rel, oid, st.st_mode, key, data, mapped)
    cache = RootCache(str(base), sig, dirs, {o.rel: [*o.stat, o.oid] for o in observed.values()}, linked=linked)
    return observed, cache


def loaded_through(top: str, link: str, st: os.stat_result) -> tuple[str, os.stat_result]:
    """What is guarded for a symlinked knowledge file: the file it points to outside the root, as a file of
    its own (its content is what the agent loads, and nothing else guards it; `reset` then puts a file with
    the old content in the link's place and writes nothing outside); otherwise the link itself (a target
    inside the root is guarded there, see link_targets; a dangling link is a link)."""
    real = os.path.realpath(link)
    if real.startswith(top + os.sep):
        return link, st
    try:
        target = os.stat(real)
    except OSError:
        return link, st
    return (real, target) if stat.S_ISREG(target.st_mode) else (link, st)


def link_targets(base: Path, rels: set[str]) -> set[str]:
    """The files that symlinked knowledge files point to, inside the root: their content is what an agent
    reads, so it is guarded too (the link itself is guarded as a link)."""
    top = os.path.realpath(base)
    found = set()
    for rel in rels:
        path = base / rel
        if not os.path.islink(path):
            continue
        real = os.path.realpath(path)
        if real.startswith(top + os.sep) and os.path.isfile(real):
            found.add(Path(real[len(top) + 1:]).as_posix())
    return found
