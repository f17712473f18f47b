"""The guard: one object per project that knows its roots (the project folder and the home), their stores,
baselines and journals. Every operation runs inside `transaction()`, which holds the locks, loads the state,
and saves it (one atomic ref update per root) together with a fresh stat cache."""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from guard import atomic, gitconfig, recovery, runs, statcache
from guard.discovery import home_dirs, home_rules, project_rules
from guard.ignores import GitIgnores
from guard.observe import observe
from guard.paths import Places
from guard.roots import Change, Root, hooks_dirs, inside, keep_guarding_config, new_id
from guard.settings import GuardSettings, KnowledgeSettings
from guard.state import Entry, FileChange, JournalEntry, Pending, State, Todo, change_kind
from guard.store import Loaded, Store
from rules_engine.errors import KguardError

__all__ = ["Change", "Guard", "Root"]

RUN_WAIT_S = 60.0  # how long a decision waits for the guarded commands still running in its root


class Guard:
    def __init__(self, places: Places, knowledge: KnowledgeSettings | None = None,
                 settings: GuardSettings | None = None, warn: Callable[[str], None] | None = None) -> None:
        self.places = places
        self.knowledge = knowledge or KnowledgeSettings()
        self.settings = settings or GuardSettings()
        self.cache_path = places.project_state / "cache.json"
        self.roots: list[Root] = []
        self.warn = warn or (lambda message: None)  # damage found in the state and what was done about it
        self.own_markers: set[str] = set()  # run markers of this process (not waited for)
        self.finished_markers: list[str] = []  # run markers to remove once the decision is saved
        self.started = 0
        self.rules_ns = 0
        self.after_command = False  # the looks after a guarded command (observe's `touched`)

    # -- setup ------------------------------------------------------------------------------------------

    def _build_roots(self) -> list[Root]:
        places = self.places
        hooks = hooks_dirs(places)
        # Started in the home folder itself (outside git): only its top-level files count as the project's;
        # the folders below belong to the home root, and walking all of a home would be slow.
        at_home = places.git_dir is None and places.root == places.home.resolve()
        # The hooks folders are watched even while empty: a hook written there (by anyone) is a change.
        specs = [("", not at_home), *((rel, False) for rel in inside(places.root, hooks))]
        roots = [Root("project", places.root, Store.for_project(places),
                      project_rules(places, self.knowledge.include, self.knowledge.exclude, hooks),
                      specs, places.project_state)]
        if self.knowledge.home and places.home.is_dir():
            roots.append(Root("home", places.home, Store.for_home(places), home_rules(places),
                              list(home_dirs(places)), places.home_state))
        return roots

    @contextmanager
    def transaction(self, wait_for_runs: bool = False, sealed: list[int] | None | bool = True) -> Iterator[Guard]:
        """Locked, loaded, and saved at the end: first the state with the writes it owes (write-ahead),
        then the writes, then the state without them. With `wait_for_runs`, a decision waits until no
        guarded command in this root is running (it may replace files such a command still has open).
        `sealed`: the stat cache's seal (statcache.seal) taken before a guarded command; a cache written
        since (by the command) is not trusted and every file is read again. True: trust the cache."""
        deadline = time.monotonic() + RUN_WAIT_S
        while True:
            with ExitStack() as stack:
                self._open(stack, sealed)
                busy = self.running() if wait_for_runs else []
                if not busy:
                    yield self
                    self._commit()
                    return
            if time.monotonic() > deadline:
                names = ", ".join(f"`{m.command}` (pid {m.pid})" for m in busy)
                raise KguardError(f"a guarded command is still running: {names}; decide when it has ended",
                                  self.places.project_state)
            time.sleep(0.05)

    def running(self) -> list[runs.RunMarker]:
        return [m for m in runs.markers(self.places.project_state)
                if m.alive and m.path not in self.own_markers]

    def _open(self, stack: ExitStack, sealed: list[int] | None | bool = True) -> None:
        from guard.lock import locked

        self.roots = self._build_roots()
        self.finished_markers = []
        for root in self.roots:
            stack.enter_context(locked(root.lock_dir))
        trusted = sealed is True or (sealed is not False and statcache.seal(self.cache_path) == sealed)
        cache = statcache.load(self.cache_path) if trusted else None
        written = cache.written_ns if cache else 0
        self.started = statcache.now_ns()
        self.rules_ns = 0  # 0: git's ignore rules as they are now are trusted from `started` on
        for root in self.roots:
            state_dir = root.store.backup.parent  # a kguard killed while writing the state's backup left a temp
            atomic.remove_leftovers(state_dir, state_dir)
            loaded = root.store.load()
            if loaded is None and cache is not None and root.scope in cache.roots:
                # kguard's own cache says it kept a state here: the ref and its backup were removed
                loaded = Loaded(State(), [f"{root.store.ref} and its backup are missing"], lost=True)
            root.fresh = root.found_fresh = loaded is None
            root.state = loaded.state if loaded else State()
            keep_guarding_config(root)
            old = cache.roots.get(root.scope) if cache else None
            ignores = root.rules.git_ignores
            if isinstance(ignores, GitIgnores):  # judged by the ignore rules the user last accepted
                ignores.since_ns = (cache.rules_ns if cache else 0) or (sealed[1] if isinstance(sealed, list) else 0)
                ignores.known = set(old.dirs) if old else set()
            self._look(root, old, written)
            if isinstance(ignores, GitIgnores) and not ignores.rules_unchanged(root.cache.dirs):
                self.rules_ns = ignores.since_ns  # changed and not yet accepted: stays until `kguard keep`
            self._newly_ignored(root)
            if loaded is not None:
                self._recover(root, loaded)

    def _newly_ignored(self, root: Root) -> None:
        ignores = root.rules.git_ignores
        for folder in sorted(ignores.hidden if isinstance(ignores, GitIgnores) else ()):
            held = [rel for rel in root.observed if rel.startswith(folder + "/")]
            if held:
                self.warn(f"git's ignore rules changed since you last accepted them and now hide {folder}/, which "
                          f"holds {len(held)} knowledge file(s): still guarded until you accept: kguard keep")

    def _recover(self, root: Root, loaded: Loaded) -> None:
        for problem in loaded.problems:
            self.warn(f"{root.scope} state: {problem}")
        if root.state.todo:
            for done in recovery.complete(root):
                self.warn(done)
            self.checkpoint(root)
            self._look(root, root.cache, self.started)
        untrusted = set(root.observed) if loaded.lost else loaded.untrusted & set(root.observed)
        if loaded.problems:
            root.dirty = True
        if untrusted:
            why = "kguard's record of these files was damaged or lost: " + "; ".join(loaded.problems)[:500]
            entry = recovery.distrust(root, untrusted, why, new_id(), time.time())
            if entry is not None:
                self.warn(f"{root.scope}: {len(entry.changes)} file(s) without a trusted baseline are "
                                     f"held back (entry {entry.id}); they stay on disk; accept: kguard keep")
            self.checkpoint(root)

    def _commit(self) -> None:
        for root in self.roots:
            self.checkpoint(root)
            self._flush(root)
        for marker in self.finished_markers:
            runs.unregister(marker)
        self._write_cache(self.started)

    def _flush(self, root: Root) -> None:
        """Carry out the writes the saved state owes, then save it without them."""
        if not root.state.todo:
            return
        for item in root.state.todo:
            try:
                recovery.write(root, item)
            except OSError as exc:
                raise KguardError(f"cannot write the file ({exc.strerror}); the decision is saved and is "
                                  "completed by the next kguard command", root.path(item.rel)) from None
        root.state.todo = []
        root.dirty = True
        self.checkpoint(root)

    def _write_cache(self, started: int) -> None:
        cache = statcache.Cache(written_ns=started, rules_ns=self.rules_ns)
        consistent = True
        for root in self.roots:
            # Re-observe what decisions rewrote, so the cache matches the disk.
            self._look(root, root.cache, started)
            cache.roots[root.scope] = root.cache
            if self._changes(root):
                consistent = False
        cache.consistent = consistent and not self._unfinished_runs()
        for path in self._watched():
            cache.watch[str(path)] = statcache.watch_entry(str(path))
        for root in self.roots:  # a file added behind a symlinked knowledge folder moves only the real folder
            for real in (root.cache.linked.values() if root.cache else ()):
                cache.watch[real] = statcache.watch_entry(real)
        try:
            cache.dump(self.cache_path)
        except OSError as exc:  # a full disk: the cache is only a shortcut, so go without it
            self.warn(f"cannot write the stat cache ({exc.strerror}); the next command reads every file")
            try:
                os.unlink(self.cache_path)
            except OSError:
                pass

    def refresh(self) -> None:
        """Carry out the writes decided so far (write-ahead: saved first), then look at the disk again,
        through the stat cache."""
        now = statcache.now_ns()
        for root in self.roots:
            self.checkpoint(root)
            self._flush(root)
            self._look(root, root.cache, now)

    def _look(self, root: Root, old: statcache.RootCache | None, written_ns: int) -> None:
        root.observed, root.cache = observe(root.base, root.rules, root.dir_specs, old, written_ns,
                                            self._git_settings(root), root.display, self.after_command)

    def _git_settings(self, root: Root) -> bool:
        return root.scope == "project" and self.places.git_dir is not None

    def _watched(self) -> list[Path]:
        watched = [self.places.root / "pyproject.toml"]
        if self.places.git_dir is not None:
            watched.append((self.places.common_dir or self.places.git_dir) / "config")
            if self.places.git_dir != self.places.common_dir:
                watched.append(self.places.git_dir / "config.worktree")
            watched += gitconfig.watched_files(self.places.root)
        return watched

    def _unfinished_runs(self) -> bool:
        return any(not marker.alive for marker in runs.markers(self.places.project_state))

    # -- reading ----------------------------------------------------------------------------------------

    @staticmethod
    def _changes(root: Root) -> list[Change]:
        found = []
        baseline = root.state.baseline
        for rel in sorted(set(baseline) | set(root.observed)):
            before = baseline.get(rel)
            now = root.observed.get(rel)
            after = None if now is None else Entry(oid=now.oid, mode=now.mode)
            kind = change_kind(before, after)
            if kind is not None:
                found.append(Change(root, rel, kind, before, now))
        return found

    def changes(self, paths: Iterable[str] | None = None) -> list[Change]:
        wanted = self.resolve_paths(paths, known_only=False)
        found = [c for root in self.roots for c in self._changes(root)]
        return [c for c in found if wanted is None or c.key in wanted]

    def pending(self) -> list[tuple[Root, Pending]]:
        return [(root, p) for root in self.roots for p in root.state.pending]

    def journal(self) -> list[tuple[Root, JournalEntry]]:
        entries = [(root, e) for root in self.roots for e in root.state.journal]
        return sorted(entries, key=lambda pair: pair[1].time, reverse=True)

    def has_baseline(self) -> bool:
        return any(not root.fresh for root in self.roots)

    def resolve_paths(self, paths: Iterable[str] | None, known_only: bool = True) -> set[str] | None:
        """The keys the user's paths name; with `known_only`, a path kguard does not guard is an error."""
        if not paths:
            return None
        known = {f"{root.scope}:{rel}" for root in self.roots
                 for rel in (*root.state.baseline, *root.observed, *(p.rel for p in root.state.pending))}
        keys = set()
        for raw in paths:
            key = self.key_for(raw)
            if known_only and key not in known:
                raise KguardError("not a knowledge file kguard guards (`kguard status` shows what changed)", raw)
            keys.add(key)
        return keys

    def key_for(self, raw: str) -> str:
        if raw.startswith("~/"):
            return f"home:{raw[2:]}"
        path = Path(os.path.abspath(raw))
        for root in sorted(self.roots, key=lambda r: len(str(r.base)), reverse=True):
            try:
                return f"{root.scope}:{path.relative_to(root.base).as_posix()}"
            except ValueError:
                continue
        raise KguardError("not under the project root or the home", raw)

    # -- writing ----------------------------------------------------------------------------------------

    def store_content(self, change: Change) -> Entry | None:
        data = change.after_bytes()
        if data is None or change.after is None:
            return None
        oid = change.root.store.write_blob(data)
        return Entry(oid=oid, mode=change.after.mode)

    def checkpoint(self, root: Root) -> None:
        """Save the state now: before any file is overwritten, what it held must already be recorded."""
        if root.dirty or root.fresh:
            root.state.journal = root.state.journal[: self.settings.journal_size]
            root.store.save(root.state)
            root.dirty = root.fresh = False

    def restore(self, root: Root, rel: str, entry: Entry | None) -> None:
        """Owe the write of `entry` (None: remove the file): it is done once the state that records it is
        saved, at the end of the transaction (write-ahead)."""
        if entry is not None:
            root.store.read_blob(entry.oid)  # a lost blob is reported now, before anything is decided
        owed = [t for t in root.state.todo if t.rel != rel]
        root.state.todo = [*owed, Todo(rel=rel, before=recovery.on_disk(root, rel), after=entry)]
        root.dirty = True

    def record(self, root: Root, action: str, changes: list[FileChange], left: str,
                command: str = "", note: str = "") -> JournalEntry:
        entry = JournalEntry(id=new_id(), time=time.time(), action=action, command=command, note=note,
                             changes=changes, left=left)  # type: ignore[arg-type]
        root.state.journal.insert(0, entry)
        root.dirty = True
        return entry

    def snapshot(self, action: str = "snapshot", command: str = "", note: str = "",
                 changes: list[Change] | None = None) -> list[JournalEntry]:
        """Take what is on disk now as the baseline (all of it, or the given changes)."""
        entries = []
        todo = self.changes() if changes is None else changes
        for root in self.roots:
            mine = [c for c in todo if c.root is root]
            records = []
            for change in mine:
                after = self.store_content(change)
                if after is None:
                    root.state.baseline.pop(change.rel, None)
                else:
                    root.state.baseline[change.rel] = after
                records.append(FileChange(rel=change.rel, kind=change.kind, before=change.before,
                                          after=after))  # type: ignore[arg-type]
            if records and not root.fresh:
                entries.append(self.record(root, action, records, "after", command, note))
            root.dirty = root.dirty or bool(records)
        return entries

    def roll_back(self, changes: list[Change], action: str, command: str = "",
                  hold: bool = False) -> list[JournalEntry]:
        """Reset (or hold back) changes: the baseline's bytes and mode go back on disk, the rejected
        content is kept in the journal (and, for hold, as pending for `kguard keep`)."""
        entries = []
        for root in self.roots:
            mine = [c for c in changes if c.root is root]
            if not mine:
                continue
            records = []
            for change in mine:
                rejected = self.store_content(change)
                records.append(FileChange(rel=change.rel, kind=change.kind, before=change.before,
                                          after=rejected))  # type: ignore[arg-type]
            entry = self.record(root, action, records, "before", command)
            if hold:
                for record in records:
                    root.state.pending.append(Pending(rel=record.rel, entry=entry.id, content=record.after))
            for change in mine:
                if change.before is None and root.found_fresh:
                    continue  # no baseline says the file is new (a repository swapped in, say): never removed
                self.restore(root, change.rel, change.before)
            entries.append(entry)
        return entries

    def write_file(self, path: Path, data: bytes, action: str, note: str = "") -> str:
        """Write a knowledge file on the user's explicit command (approve, edit, remove …): atomically,
        recorded in the journal so `kguard undo` can take it back, and taken as the new baseline."""
        scope, _, rel = self.key_for(str(path)).partition(":")
        root = next(r for r in self.roots if r.scope == scope)
        now = root.observed.get(rel)
        before = None
        if now is not None:
            current = Change(root, rel, "modified", None, now)
            before = self.store_content(current)
        oid = root.store.write_blob(data)
        mode = now.mode if now is not None and not os.path.islink(root.path(rel)) else 0o100644
        after = Entry(oid=oid, mode=mode)
        root.state.baseline[rel] = after
        kind = "added" if before is None else "modified"
        entry = self.record(root, action, [FileChange(rel=rel, kind=kind, before=before, after=after)],
                            "after", note=note)
        self.restore(root, rel, after)
        return entry.id
