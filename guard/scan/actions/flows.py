"""Flows through the commands of one file, in order: what each stage reads, what a pipe, a substitution, a
variable or a file carries to the next, and where it ends (an untrusted sink, an executor, a safeguard, the
repository's history or a pull request)."""
from __future__ import annotations

import re
from collections import namedtuple

from guard.scan.lazyre import lazy
from guard.scan.actions import commands, controls, destroys, grants, hosts, installers, leads, logins, model, nested, owned, \
    packages, payloads, remotes, trust
from guard.scan.actions.commands import Simple


class Flow(namedtuple("Flow", "start end id message severity target", defaults=(None,))):
    __slots__ = ()  # (target: the URL, address or host a flow ends at, when it ends at one)


Tag = tuple[str, str]  # (kind, what): secret, token (what a login returned), data, repo, download, text
PUBLIC_INDEXES = frozenset(("pypi.org", "pypi.python.org", "files.pythonhosted.org", "registry.npmjs.org",
                            "registry.yarnpkg.com", "rubygems.org", "index.crates.io", "crates.io",
                            "proxy.golang.org", "repo.maven.apache.org", "repo1.maven.org", "api.nuget.org"))
VARIABLE = lazy(r"\$\{?(\w+)\}?")
REPO_WORDS = lazy(r"^(?:\.|\./|\.git/?|--all|--mirror|\*)$")


class Walk:
    def __init__(self, project: trust.Project | None = None) -> None:
        self._project = project
        self.vars: dict[str, set[Tag]] = {}
        self.files: dict[str, set[Tag]] = {}
        self.remotes: dict[str, str] = {}
        self.values: dict[str, str] = {}  # (variables that hold a URL)
        self.cwd = "."  # (where a later command runs: `cd ~ && git clean ...`)
        self.merged = False
        self.loads = False  # (the file loads data into a database somewhere: set by the reader's first pass)
        self.found: list[tuple[str, str, str, str | None]] = []  # (id, message, severity, target) of the candidate

    @property
    def project(self) -> trust.Project:
        """Found on first need: most files never ask whose a host is."""
        if self._project is None:
            self._project = trust.current()
        return self._project

    def candidate(self, pipelines: list[list[Simple]]) -> list[tuple[str, str, str, str | None]]:
        self.found = []
        for pipeline in pipelines:
            self.pipeline(pipeline)
        if self.loads or destroys.loads(pipelines):  # (dropped, created anew and loaded: a restore)
            self.found = [f for f in self.found if not f[1].endswith("and created empty")]
        return self.found

    def pipeline(self, pipeline: list[Simple]) -> set[Tag]:
        flowing: set[Tag] = set()
        self.merged = any("--merged" in c.argv for c in pipeline)  # (a list of merged branches: housekeeping)
        for cmd in pipeline:
            flowing = self.stage(cmd, flowing)
        ci = sorted(w for k, w in flowing if k == "secret" and "CI secret" in w)
        last = pipeline[-1] if pipeline else None
        if ci and last is not None and not last.outputs and any(c.name in payloads.ENCODERS for c in pipeline[1:]):
            self.found.append(("ACT001", f"{ci[0]} printed encoded into the log, past its masking", "error", None))
        return flowing

    def stage(self, cmd: Simple, stdin: set[Tag]) -> set[Tag]:
        if cmd.argv[:1] == ["export"] and len(cmd.argv) == 2:
            cmd = cmd._replace(argv=cmd.argv[1:])
        if self.values and "$" in " ".join(cmd.argv):  # (a URL kept in a variable: DIAG_URL=https://...)
            cmd = cmd._replace(argv=[VARIABLE.sub(lambda m: self.values.get(m.group(1), m.group()), w)
                                     for w in cmd.argv])
        carried = set(stdin)
        for sub in cmd.subs:
            for inner in sub:
                carried |= self.pipeline(inner)
        for i, word in enumerate(cmd.argv):
            auth = i > 0 and cmd.argv[i - 1].lower() in ("-h", "--header", "-u", "--user", "--oauth2-bearer")
            for name in re.findall(r"\$\{?(\w+)", word):  # (a fetched token used to log in is its use)
                carried |= {t for t in self.vars.get(name, set()) if not (auth and t[0] == "token")}
            carried |= self.files.get(word.lstrip("@"), set())
            carried |= self.files.get(word.split("=@", 1)[-1], set()) if "=@" in word else set()
        carried |= {("secret", s) for s in model.reads(cmd)}
        if cmd.body and model.name_of(cmd) in ("bash", "sh", "zsh", "pwsh", "powershell"):
            for inner in commands.parse(cmd.body):  # (a -c or -EncodedCommand program: its own flows)
                self.pipeline(inner)
        for program, fed in nested.programs(cmd):  # (ssh's remote command, a credential helper's function)
            for inner in commands.parse(program):
                flowing = set(fed)
                for step in inner:
                    flowing = self.stage(step, flowing)
        if len(cmd.argv) == 1 and re.fullmatch(r"[A-Za-z_]\w*=.*", cmd.argv[0]):
            variable, value = cmd.argv[0].split("=", 1)
            self.vars[variable] = carried
            if "://" in value and "SUB" not in value:
                self.values[variable] = value
            return set()
        name = model.name_of(cmd)
        if name in ("tar", "zip", "7z") or name == "git" and cmd.argv[1:2] in (["bundle"], ["archive"]):
            if any(REPO_WORDS.match(a) for a in cmd.argv[2:]) or name == "git":
                carried.add(("repo", "the repository"))
        if name in ("echo", "printf"):  # (text piped on: a crontab line, a unit file, a secret's value)
            carried |= {("text", u) for _, _, u, _ in hosts.urls(" ".join(cmd.argv[1:]))}
            carried |= {("secret", v) for a in cmd.argv[1:] for v in [model.variable_secret(a)] if v}
        data = payloads.exports(cmd)
        if data:
            carried.add(("data", data))
        downloaded = model.downloads(cmd)
        if downloaded:
            carried.add(("download", downloaded))
        remotes.git(self, cmd, carried)
        self.sink(cmd, carried)
        self.credential(cmd, carried)
        logged_in = [variable for variable, _, _ in model.credentials(cmd, any_url=True)]
        if logged_in:  # (what a request that logs in with a secret returns is itself a credential or private data)
            carried.add(("token", f"the response fetched with {logged_in[0]}"))
        self.cwd = (cmd.argv[1] if len(cmd.argv) > 1 else "~") if name == "cd" else self.cwd
        wiped = destroys.destroyed(cmd, self.cwd, self.merged)
        if wiped:
            self.found.append(("ACT010", *wiped, None))
        if model.executes(cmd) or cmd.argv and cmd.argv[0].startswith(("/", "./", "~/")) and cmd.argv[0] in self.files:
            fetched = sorted(what for kind, what in carried if kind == "download")
            if fetched:
                self.download_run(cmd, fetched[0], carried)
            carried = set()
        foothold = controls.persistence(cmd)
        if foothold:
            self.persist(cmd, foothold, carried)
        access = grants.granted(cmd, carried)
        if access:
            self.found.append(("ACT009", f"access granted beyond the session: {access[0]}", access[1], None))
        change = destroys.impersonated(cmd) or model.safeguard(cmd) or destroys.identity(cmd) or nested.included(cmd, self.copied, self.trusted) \
            or nested.cloned_safeguard(cmd, self.trusted)
        if change:
            filled = sorted(w for a in cmd.argv[2:] if "/" in a for k, w in self.copied(a) if k == "download"
                            and not self.trusted(w)) \
                + sorted(w for k, w in carried if k == "download" and not self.trusted(w))  # (curl -o .githooks/x)
            change += f", filled from {filled[0]}: its hooks run at every commit" if filled else ""
            self.found.append(("ACT004", f"a change to a safeguard: {change}", "warning" if change.startswith(
                "regenerates") else "error", filled[0] if filled else None))
        if model.name_of(cmd) == "tar" and "-C" in cmd.argv[:-1]:  # (what is extracted into a folder)
            self.files[cmd.argv[cmd.argv.index("-C") + 1].rstrip("/")] = carried
        source = model.dependency(cmd)
        if source:
            self.package(source)
        squat = packages.look_alike(cmd)
        if squat:
            self.found.append(("ACT005", f"the package {squat[0]} installed, one slip away from {squat[1]}",
                               "error", None))
        if model.pr_body(cmd) and any(kind == "secret" for kind, _ in carried):
            what = next(w for k, w in sorted(carried) if k == "secret")
            self.found.append(("ACT006", f"{what} written into a pull request or issue", "error", None))
        for file in model.output_files(cmd):
            self.files[file] = carried
        if (copy := model.copies(cmd)) is not None:
            self.files[copy[0]] = {("secret", s) for s in copy[1]}
            if copy[2] and not copy[0].startswith(("~", "$", "/")):  # (a commit or an image build takes it)
                self.found.append(("ACT006", f"{copy[2][0]} copied into the working tree ({copy[0]})", "warning", None))
        return carried

    def copied(self, path: str) -> set[Tag]:
        """What a file or folder a copy wrote into holds (`cp ~/.kube/config ci/` then `git add ci/config`)."""
        path = path.rstrip("/")
        return set().union(*(tags for file, tags in self.files.items() if path == file or path.startswith(file + "/")
                             or file.startswith(path + "/")))

    def sink(self, cmd: Simple, carried: set[Tag]) -> None:
        out = model.sink(cmd)
        if out is None:
            return
        target, how = out
        if self.trusted(target):
            return
        secrets = sorted(what for kind, what in carried if kind in ("secret", "token"))
        host = self.host(target)
        variables = sorted((v for a in cmd.argv for v in [model.variable_secret(a)] if v
                            and not (host is not None and owned.issued_by(v.rsplit(" ", 1)[-1], host))),
                           key=lambda v: "every" not in v)  # (token use; every secret at once is no login)
        data = sorted(what for kind, what in carried if kind == "data")
        foreign = [v for a in cmd.argv for v in [model.variable_secret(a)] if v and host is not None
                   and owned.foreign_credential(v.rsplit(" ", 1)[-1], host)] if how != "puts data into" else []
        if secrets or data or foreign:
            what = (secrets or data or foreign)[0]
            # A database copied to a bucket or another machine is how backups go, and whose the bucket is cannot
            # be read from the file: a warning; posted to a web service or a gist, an error.
            stored = not secrets and not foreign and how in ("copies to", "copies to the bucket")
            self.found.append(("ACT001", f"{what} {how} {target}, which is not the project's",
                               "warning" if stored else "error", target))
        elif variables and (self.suspect(target) or how.startswith("puts data") or "every CI secret" in variables[0]):
            self.found.append(("ACT001", f"{variables[0]} {how} {target}, which is not the project's", "error", target))
        elif any(kind == "repo" for kind, _ in carried) or (how.startswith("copies to") and any(
                REPO_WORDS.match(a.rsplit("=", 1)[-1]) for a in cmd.argv[1:])):  # (as a tarball of it is)
            self.found.append(("ACT002", f"the repository {how} {target}, which is not the project's", "error", target))
        elif not how.startswith(("sends from", "puts data")) and (sent := payloads.uploaded(cmd)) \
                and not payloads.authenticates(cmd):  # (an account there: its own)
            what = "what is piped in" if sent[0] == "-" else f"the local file {sent[0]}"
            sample = all(leads.TEST_PATH.match(f) for f in sent)  # (a reproducer from the test suite, not the code)
            self.found.append(("ACT001", f"{what} {how} {target}, which is not the project's",
                               "warning" if sample else "error", target))
        elif how == "puts data into the DNS name":  # (a lookup's name carries whatever it was built from)
            self.found.append(("ACT001", f"a value built at run time {how} {target}, which is not the project's",
                               "warning", target))
        elif how == "uploads to" and (field := payloads.credential_field(cmd)):  # (a password the user typed in)
            self.found.append(("ACT001", f"a credential (the form field {field}) {how} {target}, which is not the "
                                         "project's", "error", target))
        elif how == "uploads to" and any("$" in a for a in cmd.argv[1:]) and not payloads.authenticates(cmd):
            self.found.append(("ACT001", f"data from variables {how} {target}, which is not the project's",
                               "warning", target))  # (what they hold is said in words: the model's to read)

    def persist(self, cmd: Simple, foothold: str, carried: set[Tag]) -> None:
        """A foothold is an error when what it plants fetches, sends or reads secrets, or is a login key."""
        planted = " ".join([*cmd.argv[1:], cmd.body])
        outside = [u for _, _, u, _ in hosts.urls(planted) if not self.trusted(u)]
        outside += sorted(u for kind, u in carried if kind == "text" and not self.trusted(u))
        fetched = [f for f, tags in self.files.items() if any(k == "download" for k, _ in tags) and "/" in f
                   and f.rsplit("/", 1)[1] in planted]  # (a unit or line that runs a file a download wrote)
        worst = any(kind in ("download", "secret") for kind, _ in carried) or outside or fetched \
            or re.search(r"authorized_keys|sudoers|ld\.so\.preload|with the (?:home|root) folder", foothold) or controls.SETTING.search(planted)
        reach = f", reaching {outside[0]}" if outside else ""
        self.found.append(("ACT009", f"a foothold that outlives the session: {model.name_of(cmd)} {foothold}{reach}",
                           "error" if worst else "warning", outside[0] if outside else None))

    def credential(self, cmd: Simple, carried: set[Tag]) -> None:
        """A known service's credential sent as authentication to a host of another organisation."""
        logins_sent = [(variable, target, "") for variable, target in logins.registry_login(cmd, carried)]
        for variable, target, header in model.credentials(cmd) + logins_sent:
            host = self.host(target)
            if host is None or self.trusted(target) or owned.issued_by(variable, host):
                continue
            if owned.foreign_credential(variable, host):
                self.found.append(("ACT001", f"the credential {variable} sent to {target}, which is neither its "
                                             "issuer's nor the project's", "error", target))
                return
            if header and not payloads.AUTH_HEADER.search(header):  # (a debug or trace header: a leak, not a login)
                self.found.append(("ACT001", f"the secret variable {variable} put into the header {header} sent "
                                             f"to {target}, which is not the project's", "error", target))
                return

    def download_run(self, cmd: Simple, url: str, carried: set[Tag]) -> None:
        # An error where the host is disguised, the payload decoded on the way, or a program execs what it fetched
        # itself (`exec(urlopen(...).read())`): no installer's documented line has that shape.
        inline = bool(cmd.body) and model.PROGRAM_FETCH_EXEC.search(cmd.body) is not None
        plain = url.lower().startswith(("http://", "ftp://"))  # (whoever is on the path chooses what runs)
        posing = installers.poses_as(url)  # (sh.rustup-dist.dev: a toolchain's name on another's host)
        severity = "error" if self.suspect(url) or any("base64" in w for _, w in carried) or inline or plain or posing \
            else "warning"
        if self.trusted(url):
            return
        how = "the inline program's exec of" if inline else "a download from"
        plain = " (over plain HTTP)" if plain else f" (a host posing as {posing}'s installer)" if posing else ""
        self.found.append(("ACT003", f"{how} {url} run by {model.name_of(cmd)}{plain}", severity, url))

    def package(self, source: str) -> None:
        flow = self.package_flow(source)
        if flow is not None:
            self.found.append(("ACT005", *flow))

    def package_flow(self, source: str) -> tuple[str, str, str] | None:
        """(message, severity, target) for packages installed from a source that is not the project's."""
        if self.trusted(source) or source.startswith(("./", "../", "/", "file:")) or "://" not in source \
                and "@" not in source and not source.startswith("git+"):
            return None
        host = self.host(source)
        if host is not None and not host.disguise and host.name in PUBLIC_INDEXES:
            return None  # (the default index named outright)
        return (f"packages installed from {source}, a source that is not the project's",
                "error" if self.suspect(source) or hosts.poses_as_index(host) else "warning", source)

    def host(self, target: str) -> hosts.Host | None:
        return host_of(target)

    def trusted(self, target: str) -> bool:
        host = self.host(target)
        return host is not None and hosts.trusted(host, self.project)

    def suspect(self, target: str) -> bool:
        """A host written to mislead, a bare public IP, a look-alike of the project's own domain."""
        host = self.host(target)
        if host is None:
            return False
        return bool(host.disguise) or (host.ip is not None and not hosts.private(host)) \
            or hosts.look_alike(host, self.project) is not None


def host_of(target: str) -> hosts.Host | None:
    if re.match(r"^[\w.-]+@[\w.-]+$", target):  # a mail address
        return hosts.parse("mailto://" + target.split("@", 1)[1])
    return hosts.parse(target if "://" in target or "@" in target else f"x://{target}")
