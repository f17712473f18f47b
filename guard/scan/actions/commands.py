"""Shell commands where a knowledge file writes them (fenced blocks, inline code, prose that starts with a
command's name), parsed with the standard library's shlex into pipelines of simple commands. Command
substitutions ($(...), backticks, <(...)) are parsed as commands of their own whose output feeds the command
around them; heredoc bodies are kept as the command's input; `python -c` / `node -e` bodies and PowerShell's
-EncodedCommand are handed on decoded.

Why shlex and not a grammar: bashlex is GPL (this project is MIT); tree-sitter-bash needs compiled wheels
and a C runtime for fragments that are rarely whole scripts. What the flows need is words, quotes, pipes,
redirections and substitutions, which shlex with punctuation characters gives, on any fragment."""
from __future__ import annotations

from guard.scan.lazyre import lazy
from bisect import bisect_right
import re
from collections import namedtuple

from guard.scan.actions import aliases
from guard.scan.actions.words import decode_powershell as _decode_powershell, tokens as _tokens

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.text import Document

FENCE = lazy(r"^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^[ \t]{0,3}\1[ \t]*$", re.M | re.S)
INLINE = lazy(r"(?<!`)(`{1,2})(?!`)([^`\n]+?)(?<!`)\1(?!`)")
NAMES = ("curl wget git scp rsync sftp nc ncat netcat socat telnet ssh tar zip cat env printenv base64 gh npm npx pip "
         "pip3 uv uvx yarn pnpm gem cargo go python python3 node perl ruby bash sh zsh powershell pwsh iex iwr irm "
         "invoke-webrequest invoke-restmethod invoke-expression dig nslookup host ping mail sendmail mutt mailx "
         "rm chmod "
         "mv cp tee sed echo eval source kguard pre-commit aws gsutil rclone http https xh").split()
PROSE_COMMAND = lazy(r"(?<![\w./-])(?:" + "|".join(map(re.escape, NAMES)) +
                           r")\s+[-$\"'~./\w@][^\n]*?"
                           r"(?=[.;!?。]\s|[.。]?$|\s+(?:and|then|und|et|y|e|и)\s|[)\]]\s|$)",
                           re.I | re.M)
# Database clients and dumps: what they print or write is the project's data (model.exports).
DATABASE = frozenset("pg_dump pg_dumpall mysqldump mariadb-dump mongodump mongoexport sqlcmd bcp snowsql "
                     "clickhouse-client psql mysql mariadb sqlite3 bq cqlsh redis-cli".split())
NAME_SET = frozenset(NAMES) | {"python2", "deno", "bun", "php", "dash", "ksh", "fish", "truncate", "unlink",
                                "shred", "ln", "gci", "get-childitem", "chmod", "drill", "twine", "poetry", "pipx",
                                "crontab", "systemctl", "launchctl", "schtasks", "register-scheduledtask",
                                "new-itemproperty", "set-itemproperty", "logger", "cd", "find", "docker", "xargs", "terraform",
                                "dropdb", "gcloud", "az", "kubectl", "mongosh", "mongo", "rails", "podman", "helm", "oras", "skopeo",
                                "nerdctl", "buildah", "supabase", "tmate", "glab", "mc", "valkey-cli", "croc", "wormhole", "huggingface-cli", "ossutil", "tailscale", "add", "run"} | DATABASE
FIRST_WORD = lazy(r"^\s*(?:-\s+)?(?:(?:run|script):\s+)?(?:\$\s+)?(?:(?:sudo|env|nohup|setsid|time|exec|command)\s+)*"
                  r"(?:[A-Za-z_]\w*=\S*\s+)*([\w./~-]+)")  # (a CI step's `- run: cmd` too)
INDENTED = lazy(r"^[ \t]*\n((?:(?: {4,}|\t)\S[^\n]*(?:\n|$))+)", re.M)
ASSIGNED_URL = lazy(r"\s*(?:export\s+)?[A-Za-z_]\w*=[\"']?[a-z][\w+.-]*://")
SUBSTITUTION = lazy(r"[$<>]\(|`")
HEREDOC = lazy(r"<<-?\s*(['\"]?)(\w+)\1")
ENCODED = lazy(r"(?:^|\s)-(?:e|ec|enc|encodedcommand)\s+([A-Za-z0-9+/=]{8,})", re.I)
INLINE_PROGRAM = {"python": "-c", "python3": "-c", "node": "-e", "perl": "-e", "ruby": "-e", "bash": "-c", "sh": "-c",
                  "zsh": "-c", "pwsh": "-command", "powershell": "-command"}


class Simple(namedtuple("Simple", "argv outputs inputs subs body name env", defaults=((),))):
    """One simple command: its words (substitutions replaced by SUB<n>), the files its output goes to (>,
    >>, tee is left to the model), the files it reads on stdin (<), its substitutions' pipelines, and the text
    fed to it (a heredoc body or the program of `-c`), the command's name (lower case, no folder, no .exe), and the
    variables set for it alone (`RAILS_ENV=production bin/rails ...`)."""

    __slots__ = ()


class Candidate(namedtuple("Candidate", "start end text pipelines")):
    __slots__ = ()


def candidates(doc: Document) -> list[Candidate]:
    """Every command-like fragment of the document, in order of position (found once per document)."""
    cached = doc.cache.get("act-candidates")
    if cached is None:
        cached = doc.cache["act-candidates"] = _candidates(doc)
    return cached  # type: ignore[no-any-return]


def _candidates(doc: Document) -> list[Candidate]:
    text = doc.text
    spans: list[tuple[int, int]] = []
    for fence in FENCE.finditer(text) if "```" in text or "~~~" in text else ():
        at = fence.start(2)
        for line in _logical_lines(fence.group(2)):
            spans.append((at + line[0], at + line[1]))
    fences = [(f.start(), f.end()) for f in FENCE.finditer(text)] if "```" in text or "~~~" in text else []
    taken = []
    for code in INLINE.finditer(text) if "`" in text else ():
        at = bisect_right(fences, (code.start(), len(text))) - 1
        if at < 0 or not fences[at][0] <= code.start() < fences[at][1]:
            spans.append((code.start(2), code.end(2)))
            taken.append((code.start(), code.end()))
    for block in INDENTED.finditer(text) if "\n    " in text or "\n\t" in text else ():
        at = bisect_right(fences, (block.start(1), len(text))) - 1
        if at < 0 or not fences[at][0] <= block.start(1) < fences[at][1]:  # (an indented code block)
            spans += [(block.start(1) + a, block.start(1) + b) for a, b in _logical_lines(block.group(1))]
            taken.append((block.start(1), block.end(1)))
    taken = sorted(taken + fences)
    for prose in _prose_commands(doc):
        at = bisect_right(taken, (prose.start(), len(text))) - 1
        if at < 0 or not taken[at][0] <= prose.start() < taken[at][1]:
            spans.append((prose.start(), prose.end()))
    found, names = [], aliases.defined(text)
    for start, end in sorted(spans):
        fragment = text[start:end]
        if not _may_act(fragment):
            continue
        pipelines = aliases.resolved(parse(fragment), names)  # (`rsync ./ mirror:x`, `Host mirror` shown above)
        if pipelines:
            found.append(Candidate(start, end, fragment, pipelines))
    return found


def _prose_commands(doc: Document) -> list[re.Match[str]]:
    """PROSE_COMMAND tried only where a command's name stands as a word (found with str.find)."""
    words = doc.words
    present = [name for name in NAMES if name.isalpha() and name.encode() in words]
    if not present:
        return []
    text = doc.text
    lowered = text.lower() if len(text.lower()) == len(text) else text
    starts: set[int] = set()
    for name in present:
        at = lowered.find(name)
        while at >= 0:
            starts.add(at)
            at = lowered.find(name, at + 1)
    found = []
    end = -1
    for at in sorted(starts):
        if at < end or not (text[at].islower() or text.startswith(("Invoke-", "Get-"), at)):
            continue  # (a command is typed in lower case: "SSH keys" is no command)
        match = PROSE_COMMAND.match(text, at)
        if match is not None:
            found.append(match)
            end = match.end()
    return found


def _may_act(fragment: str) -> bool:
    """Worth parsing: it starts with a command the model knows, or pipes, redirects or substitutes (shlex is
    pure Python; most code spans are names of files, functions and options)."""
    first = FIRST_WORD.match(fragment)
    if first is not None and (first.group(1).lower().rsplit("/", 1)[-1] in NAME_SET or " " in fragment.strip()
                              and first.group(1).startswith(("/", "./", "~/"))):  # (a program run by its path)
        return True
    return any(mark in fragment for mark in ("|", ">", "$(", "<(", "`", "=$", "stratum+", "TRUNCATE", "&& ")) or ASSIGNED_URL.match(fragment) is not None


def _logical_lines(block: str) -> list[tuple[int, int]]:
    """(start, end) of each command of a code block: backslash continuations joined, heredoc bodies kept with
    the line that opens them, a prompt (`$ `) skipped."""
    lines: list[tuple[int, int]] = []
    pos = 0
    open_from = -1
    ending = None
    for raw in block.splitlines(keepends=True):
        stripped = raw.strip()
        if ending is not None:
            pos += len(raw)
            if stripped == ending:  # (the body stays with the line that opened it)
                ending = None
                lines.append((open_from, pos))
                open_from = -1
            continue
        start = pos + (len(raw) - len(raw.lstrip(" \t$>")) if raw.lstrip().startswith(("$ ", "> ")) else 0)
        if open_from < 0:
            open_from = start
        pos += len(raw)
        heredoc = HEREDOC.search(raw)
        if heredoc:
            ending = heredoc.group(2)
            continue
        if stripped.endswith("\\") or stripped.endswith("|") or stripped.endswith("&&"):
            continue
        if not stripped.startswith("#") and stripped:
            lines.append((open_from, pos))
        open_from = -1
    if open_from >= 0:
        lines.append((open_from, pos))
    return lines


PUNCT = lazy(r"[;&|<>(){}]{2,}")  # (shlex joins a run of operator characters: "&)", ">&" are split again)
OPERATORS = lazy(r"\|&|&&|\|\||>>|>\||&>|>&|[;&|<>(){}]")


def parse(fragment: str) -> list[list[Simple]]:
    """Pipelines of simple commands; never raises (unbalanced quotes are closed at the end)."""
    body = ""
    heredoc = HEREDOC.search(fragment)
    if heredoc:
        tail = fragment[heredoc.end():]
        first_line_end = tail.find("\n")
        if first_line_end >= 0:
            rest = tail[first_line_end + 1:]
            stop = re.search(rf"^\s*{heredoc.group(2)}\s*$", rest, re.M)
            body = rest[:stop.start()] if stop else rest
            fragment = fragment[:heredoc.start()] + tail[:first_line_end]
    fragment = fragment.replace("\\\n", " ")
    if "${{" in fragment:  # (a CI expression is one word, its braces no group: `${{ github.repository }}`)
        fragment = re.sub(r"\$\{\{[^}\n]*\}\}", lambda m: m.group().replace(" ", ""), fragment)
    subs: list[list[list[Simple]]] = []
    flat = _lift_substitutions(fragment, subs)
    tokens = [t for token in _tokens(flat) for t in (OPERATORS.findall(token) if PUNCT.fullmatch(token) else [token])]
    pipelines: list[list[Simple]] = []
    current: list[Simple] = []
    words: list[str] = []
    outputs: list[str] = []
    inputs: list[str] = []
    expect = None
    groups: list[int] = []
    tokens.append(";")
    for i, token in enumerate(tokens):
        if expect is not None:
            (outputs if expect == "out" else inputs if expect == "in" else []).append(token)
            expect = None
        elif token == ">&":  # (2>&1: one descriptor copied to another, no file)
            expect = "dup"
            if words[-1:] in (["1"], ["2"]):
                words.pop()
        elif token in (">", ">>", ">|", "&>", "2>", "1>"):
            expect = "out"
            if words[-1:] in (["1"], ["2"]):  # (2>/dev/null: the descriptor, split from its ">" by shlex)
                words.pop()
        elif token == "<":
            expect = "in"
        elif token in ("|", "|&", ";", "&&", "||", "&", "\n", "(", ")", "{", "}"):
            if words:
                current.append(_simple(words, outputs, inputs, subs, body))
                body = ""
            words, outputs, inputs = [], [], []
            if token not in ("|", "|&") and current:
                pipelines.append(current)
                current = []
            if token in ("(", "{"):
                groups.append(len(pipelines))
            elif token in (")", "}") and groups:
                opened = groups.pop()
                if i + 1 < len(tokens) and tokens[i + 1] in ("|", "|&"):  # (a group's output piped on)
                    current = [cmd for inner in pipelines[opened:] for cmd in inner]
                    del pipelines[opened:]
        else:
            words.append(token)
    return pipelines


def _simple(words: list[str], outputs: list[str], inputs: list[str], subs: list, body: str) -> Simple:
    used = [subs[int(n)] for word in words for n in re.findall(r"SUB(\d+)X", word) if int(n) < len(subs)]
    argv, env = list(words), []
    if argv and re.match(r"\$\w+=.", argv[0]):  # PowerShell: $x=command ...
        argv[0] = argv[0].split("=", 1)[1]
    argv = ["curl", argv[1], "-o", argv[2]] if len(argv) == 3 and argv[0] == "ADD" and "://" in argv[1] else argv
    while argv and (argv[0] in ("sudo", "nohup", "setsid", "RUN", "time", "exec", "command", "xargs", "doas", "-",
                                "run:", "script:", "do", "then", "else")
                    or re.fullmatch(r"[A-Za-z_]\w*=.*", argv[0]) and len(argv) > 1):
        popped = argv.pop(0)
        env += [popped] if "=" in popped else []
        while popped in ("sudo", "doas") and argv and argv[0].startswith("-") and len(argv) > 1:  # (sudo -E bash)
            argv = argv[2:] if argv[0] in ("-u", "-g", "-C", "-D", "-p", "-r", "-t", "-U", "-h") else argv[1:]
        if popped == "xargs":  # (its flags dropped; the lines piped in are arguments computed at run time)
            while argv and argv[0].startswith("-"):
                argv = argv[2:] if argv[0] in ("-n", "-I", "-L", "-P", "-d") else argv[1:]
            argv += ["SUBX"] if argv else []
    if len(argv) > 2 and argv[0] in ("uv", "poetry", "pipenv", "pdm", "hatch", "rye") and argv[1] == "run":
        argv = argv[2:]  # (a project runner: the command it runs)
    name = argv[0].rsplit("/", 1)[-1].lower() if argv else ""
    if name.endswith(".exe"):
        name = name[:-4]
    flag = INLINE_PROGRAM.get(name)
    if flag and not body:
        lowered = [a.lower() for a in argv]
        for i, arg in enumerate(lowered[1:-1], 1):
            if arg == flag or (flag == "-command" and arg in ("-c", "-command")):
                body = argv[i + 1]
            elif flag == "-command" and ENCODED.match(" " + arg + " " + argv[i + 1]):
                body = _decode_powershell(argv[i + 1])
    return Simple(argv, outputs, inputs, used, body, name, tuple(env))


def _lift_substitutions(text: str, subs: list) -> str:
    """Replace $(...), <(...), >(...) and `...` (outermost, balanced) by SUB<n>X words, parsing each."""
    out: list[str] = []
    pos = 0
    while True:
        match = SUBSTITUTION.search(text, pos)
        if match is None:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:match.start()])
        if match.group() == "`":
            close = text.find("`", match.end())
            inner_end = close if close >= 0 else len(text)
            after = inner_end + 1
        else:
            depth, i = 1, match.end()
            while i < len(text) and depth:
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
            inner_end, after = (i - 1, i) if depth == 0 else (len(text), len(text))
        subs.append(parse(text[match.end():inner_end]))
        out.append(f"SUB{len(subs) - 1}X")
        pos = after
