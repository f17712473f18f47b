"""A security control switched off by name (ACT008) and a foothold that outlives the session (ACT009), read by
the shape of the setting or the command, not by the prose around it: TLS verification off in any client or tool,
a scanner or linter silenced on a line, CSRF or auth middleware removed; shell start-up files, crontab, systemd
units, launch agents, `authorized_keys`, global git config that runs programs, editor and agent settings in the
home folder."""
from __future__ import annotations

from guard.scan.lazyre import lazy

import re

from guard.scan.actions import kept, leads
from guard.scan.actions.commands import Simple
from guard.scan.context import NEGATION_ANY, negated_in_clause, reported_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow, Walk
    from guard.scan.text import Document

TLS_OFF = (
    r"\bverify\s*=\s*False\b|\brejectUnauthorized\s*:\s*false\b|NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['\"]?0\b|"
    r"\bInsecureSkipVerify\s*:\s*true\b|insecure[-_]skip[-_]tls[-_]verify\b(?!\s*[:=]\s*false)|"
    r"GIT_SSL_NO_VERIFY\s*=\s*['\"]?(?:1|true)\b|\bsslVerify\s*[= ]\s*['\"]?false\b|"
    r"\bstrict-ssl\s*[= ]\s*['\"]?false\b|PYTHONHTTPSVERIFY\s*=\s*['\"]?0\b|(?:--|\bglobal\.)trusted-host\b|"
    r"\bssl\._create_unverified_context\b|\bCERT_NONE\b|\bcheck_hostname\s*=\s*False\b|--no-check-certificate\b|"
    r"-SkipCertificateCheck\b|ServerCertificateValidationCallback\s*=[^\n]{0,40}\btrue\b|"
    r"StrictHostKeyChecking[= ]+no\b|CURLOPT_SSL_VERIFY(?:PEER|HOST)\s*,\s*(?:0|false)\b|\bGOINSECURE=|"
    r"\bGOSUMDB=off\b|\b(?:is)?allowInsecureProtocol\s*(?:=|\()\s*true\b|\btls\.trust-all\s*=\s*true\b|"
    r"\bverify-host\s*=\s*false\b|\b(?:ssl_verify|verify_ssl|sslverify)\s*[:=]\s*['\"]?(?:false|0|no)\b|"
    r"\bcurl\b[^\n|;&`]*?\s(?:--insecure|-[a-zA-Z]*k[a-zA-Z]*)(?=[\s`]|$)")
SCANNER_OFF = (
    r"#\s*nosec\b|#\s*nosemgrep\b|//\s*NOSONAR\b|gitleaks:allow\b|pragma:\s*allowlist\s+secret\b|"
    r"eslint-disable(?:-next-line|-line)?\s+[^\n]*?(?:security/|no-eval\b|no-implied-eval\b|no-new-func\b|"
    r"react/no-danger\b)|#\s*noqa:\s*S\d{3}\b|@SuppressWarnings\(\"(?:security|findsecbugs)")
AUTH_OFF = (
    r"@csrf_exempt\b|\b(?:WTF_)?CSRF_ENABLED\s*=\s*False\b|\bcsrf\(\)\s*\.disable\(\)|"
    r"\bcsrf\s*(?:->|=>)\s*csrf\.disable\(\)|AbstractHttpConfigurer::disable|"
    r"skip_before_action\s*:(?:verify_authenticity_token|authenticate\w*)|"
    r"\b(?:AUTH_DISABLED|DISABLE_AUTH\w*|SKIP_AUTH\w*)\s*[:=]\s*['\"]?(?:true|1|yes)\b")
WEAK_CIPHER = (r"\bMODE_ECB\b|\bmodes\.ECB\(|[\"']AES/ECB/|\bAES\b[^\n`]{0,20}\bECB\b|"
               r"\b(?:md5|sha1)\b[^\n]{0,60}?\b(?:password|passwd)\b")  # (a fast hash of a password)
SETTING = lazy(rf"(?P<tls>{TLS_OFF})|(?P<scanner>{SCANNER_OFF})|(?P<auth>{AUTH_OFF})", re.I)
# Rarer shapes, tried only where one of RARE_MARKS stands (each alternative of SETTING costs at every character).
TLS_RARE = (r"\bGONOSUMDB=['\"]?\*|HostnameVerifier\s*\{\s*\w+\s*,\s*\w+\s*->\s*true\b|"
            r"ALLOW_ALL_HOSTNAME_VERIFIER\b|\bNoopHostnameVerifier\b|\bInsecureTrustManagerFactory\b|"
            r"\b(?:REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|SSL_CERT_FILE|HTTPX_SSL_VERIFY)\s*[=:]\s*(?:\"\"|''|/dev/null\b|"
            r"['\"]?(?:0|false)\b)")  # (an empty or null CA bundle trusts whatever a library falls back to, or nothing checked)
# Access opened to every origin or client: pg_hba's `trust` for remote addresses, CORS reflecting any origin
# with credentials, a framework's default permission set to anyone.
OPEN_ACCESS = (r"(?:^|(?<=`))\s*host(?:ssl)?\s+\S+\s+\S+\s+(?:0\.0\.0\.0/0|::/0|all|samenet)\s+trust\b|"
               r"\borigin\s*:\s*true\s*,\s*credentials\s*:\s*true\b|allow_origin_regex\s*=\s*[\"']\.\*[\"'][^\n]{0,80}"
               r"allow_credentials\s*=\s*True\b|"
               r"DEFAULT_PERMISSION_CLASSES[\"']?\s*[:=]\s*[\[(]\s*[\"']?(?:rest_framework\.permissions\.)?AllowAny\b")
TOKEN_OFF = (r"\bValidateIssuerSigningKey\s*=\s*false\b|\bRequireHttpsMetadata\s*=\s*false\b|"
             r"\bValidateLifetime\s*=\s*false\b|\bignoreExpiration\s*:\s*true\b|[\"']?verify_signature[\"']?\s*:\s*"
             r"False\b|\balgorithms\s*[:=]\s*\[[^\]\n]{0,40}[\"']none[\"']")  # (a token accepted unsigned or expired)
RARE = lazy(rf"(?P<tls>{TLS_RARE}|\bTrustAllStrategy\b)|(?P<cipher>{WEAK_CIPHER})|(?P<auth>{TOKEN_OFF}|{OPEN_ACCESS})", re.I | re.M)
RARE_MARKS = (b"gonosumdb", b"hostnameverifier", b"hostname_verifier", b"trustmanager", b"ecb", b"md5", b"sha1",
              b"trustallstrategy",
              b"validateissuersigningkey", b"requirehttpsmetadata", b"validatelifetime", b"ignoreexpiration",
              b"verify_signature", b"algorithms", b"ca_bundle", b"ssl_cert_file", b"ssl_verify", b"trust",
              b"credentials: true", b"allow_origin_regex", b"allowany")
WHAT = {"tls": "TLS verification switched off", "scanner": "a security scanner or linter silenced",
        "auth": "CSRF or authentication switched off", "cipher": "a cipher mode that leaks patterns (ECB) or a fast hash of passwords"}
# A control named in prose, switched off by the verb just before it (prose.SWITCH_OFF, ten languages).
CONTROL_NAMED = lazy(
    r"(?<![\w-])(?:CsrfViewMiddleware|AuthenticationMiddleware|csrf|xsrf|(?:tls|ssl|certificate|cert)\s+"
    r"(?:verification|validation|checks?)|(?:verificación|vérification|verifica|Überprüfung|проверк\w*)\s+"
    r"(?:de\s+|des\s+|del\s+|der\s+)?(?:certificados?|certificats?|certificati|Zertifikate?|сертификат\w*|tls|ssl)|"
    r"mfa|2fa|codeql|semgrep|bandit|gitleaks|trufflehog|secret\s+scanning|dependabot|signature\s+verification)"
    r"(?![\w-])", re.I)
OFF = lazy(r"\b(?:turn\w*\s+off|switch\w*\s+off|skip\w*|ignor\w*|ausschalt\w*|überspring\w*|omit\w*|salt[ae]\w*|"
           r"pul[ae]\w*|пропуст\w*|игнорир\w*)\b|跳过|忽略|关掉|スキップ|無視|オフ|건너뛰|무시|끄", re.I)
PRIVATE_HOST = lazy(r"\b(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|"
                    r"172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|[\w.-]+\.(?:local|internal|lan|corp|test|localhost))\b", re.I)
CONDITION = lazy(r"(?:^|(?<=[.!?:]\s))\s*(?:if|when|unless|wenn|falls|si|se|als|om|jeśli|jeżeli|gdy|eğer|если|якщо|"
                 r"如果|若|もし|만약)\b[^,;:，、\n]{1,80}[,，、]", re.I)
AGAINST = lazy(r"\b(?:avoid|anti-?patterns?|don'?ts?|forbidden|prohibited|never|bad|wrong|insecure|pitfalls?|"
               r"vermeiden|verboten|à\s+éviter|interdit|evitar|prohibido|evitare|vietato|избега\w*|запрещен\w*)\b|"
               r"禁止|避免|不要|しない|避ける|금지|피하", re.I)


JUSTIFIED = lazy(r"[ \t]*[:(]?[ \t]*[A-Z]{0,3}[\d#]{2,4}(?![\w#])[^\n]{0,6}?(?:--|:|—|\breason\b)", re.I)


def persistence(cmd: Simple) -> str | None:
    """The foothold a command plants: a start-up file, a scheduled job, a service, a login key."""
    from guard.scan.actions.model import output_files

    name, argv = cmd.name, cmd.argv
    lowered = [a.lower() for a in argv]
    written = list(output_files(cmd))
    if name in ("cp", "mv", "ln", "install") and len([a for a in argv[1:] if not a.startswith("-")]) >= 2:
        written.append([a for a in argv[1:] if not a.startswith("-")][-1])
    if name in ("sed", "perl") and any(a.startswith("-i") for a in argv[1:]):
        written += [a for a in argv[1:] if not a.startswith("-")][1:]
    for path in written:
        if FOOTHOLD.search(path):
            return f"writes {path}"
    sources = [a for a in argv[1:-1] if not a.startswith("-")] if name in ("cp", "ln", "install", "mv") else []
    if any(a.endswith(".pth") or a.endswith(("sitecustomize.py", "usercustomize.py")) for a in sources) \
            and kept.SITE_FOLDER.search(" ".join([argv[-1], *kept.substituted(cmd)])):  # (`cp x.pth "$(python3 -m site --user-site)/"`)
        return f"puts {next(a for a in sources if a.endswith(('.pth', '.py')))} into Python's site folder, run by " \
               "every interpreter"
    if name in ("docker", "podman") and "run" in lowered[1:3] and (container := kept.restarted(lowered)):
        return container
    if name == "crontab" and (cmd.inputs or any(a not in ("-l", "-e", "-r", "-u") for a in lowered[1:]) or
                              len(argv) == 1):
        return "installs a crontab"
    if name == "systemctl" and "enable" in lowered or name == "launchctl" and ({"load", "bootstrap"} & set(lowered)):
        return f"enables a service ({' '.join(argv[:4])})"
    if name in ("schtasks", "register-scheduledtask") and (name != "schtasks" or "/create" in lowered):
        return "registers a scheduled task"
    if name in ("reg", "new-itemproperty", "set-itemproperty") and any("currentversion\\run" in a for a in lowered):
        return "adds a program run at log-on"
    if name == "git" and "config" in lowered and ("--global" in lowered or "--system" in lowered) and any(
            a.startswith(("includeif.", "core.fsmonitor", "core.sshcommand", "core.pager", "alias.", "init.templatedir"))
            for a in lowered):
        return f"sets {next(a for a in argv if a.lower().startswith(('includeif', 'core.', 'alias.', 'init.')))} in the " \
               "global git config"
    return None


# Where a foothold goes, one table for both readings: a path a command writes ("^" the path's start, "$" its
# end) and, searched in the text with the same shapes, a path a command's lead-in names (footholds.py).
STARTUP_PATHS = (
    r"(?:^|/|~)\.(?:bashrc|bash_aliases|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|cshrc|tcshrc|kshrc)$",
    r"\.config/fish/config\.fish$", r"^/etc/(?:profile|bash\.bashrc|zsh/?zshrc|environment|rc\.local|ld\.so\.preload|"
    r"sudoers)", r"^/etc/(?:profile\.d|cron[\w.]*|systemd|sudoers\.d|init\.d)/", r"/var/spool/cron",
    r"\.config/systemd/", r"Library/Launch(?:Agents|Daemons)/", r"\.ssh/(?:config|rc)$",
    r"\.config/autostart/", r"^(?:~|\$HOME|\$\{HOME\})/\.(?:gitconfig|vscode|cursor|continue|aider[\w.]*)(?:/|$)",
    r"\.config/git/config$", r"site-packages/[\w.-]+\.pth$", r"site-packages/(?:site|user)customize\.py$",
    r"\.ipython/profile_[\w-]+/startup/", r"\.vscode/tasks\.json$", r"\.config/Code/User/", r"\$PROFILE$", r"PowerShell_profile\.ps1$")
ACCESS_PATHS = (r"\.ssh/authorized_keys2?$",)  # (a login, not a program run at start: no lead-in reads it)
FOOTHOLD = lazy("|".join(STARTUP_PATHS + ACCESS_PATHS), re.I)
STARTUP_NAMED = lazy("|".join(re.sub(r"(?<!\\)\$", r"(?![\\w-]|\\.\\w)", re.sub(r"(?<![\\\[])\^", r"(?<![\\w.-])", p))
                              for p in STARTUP_PATHS), re.I)  # (the same paths, named in prose)
CRON_LINE = lazy(r"^[ \t]*(?:[-*+][ \t]+)?`?(?:@reboot|@hourly|@daily|@weekly|(?:[\d*/,-]+[ \t]+){4}[\d*/,-]+)[ \t]+"
                 r"(\S[^\n`]*)", re.M)


def settings_off(doc: Document, walk: Walk, in_commands: list[tuple[int, int]], flows: list[Flow]) -> list[Flow]:
    """ACT008 for every setting that switches a control off and every control named with a verb that does."""
    from guard.scan.actions.flows import Flow
    from guard.scan.actions.prose import SWITCH_OFF

    text = doc.text
    secret_flow = any(f.id == "ACT001" and f.severity == "error" for f in flows)
    found = []
    rare = on_lines(doc, RARE, RARE_MARKS) if any(m in doc.ascii_lower for m in RARE_MARKS) else []
    for match in [*on_lines(doc, SETTING, SETTING_MARKS), *rare]:
        kind = next(k for k, v in match.groupdict().items() if v)
        if kind == "scanner" and JUSTIFIED.match(text, match.end()):
            continue  # (a suppression that names its rule and says why: the tools' own documented form)
        why = WHAT[kind]
        found += judged_control(doc, match.start(), match.end(), f"{why}: {match.group().strip()}", secret_flow, True)
    for named in on_lines(doc, CONTROL_NAMED, CONTROL_MARKS):
        lo = max(text.rfind("\n", 0, named.start()) + 1, named.start() - 24)
        verb = SWITCH_OFF.search(text, lo, named.start()) or OFF.search(text, lo, named.start())
        if verb is None or doc.line_of(named.start()) in doc.fenced_lines or any(
                a <= named.start() < b for a, b in in_commands):
            continue
        found += judged_control(doc, named.start(), named.end(), f"a security control switched off: {named.group()} "
                                                          f"({verb.group()})", secret_flow, False)
    return [Flow(a, b, "ACT008", message, severity) for a, b, message, severity in found]


# Every alternative of SETTING holds one of these (lower case): SETTING is tried only on the lines that hold one,
# found with str.find, where trying its alternatives at every character of a large file took most of its scan.
SETTING_MARKS = ("verify", "reject_unauthorized", "rejectunauthorized", "insecure", "ssl", "trusted-host",
                 "cert_none", "check_hostname", "no-check-certificate", "skipcertificatecheck",
                 "certificatevalidationcallback", "stricthostkeychecking", "gosumdb", "curl", "nosec", "nosemgrep",
                 "nosonar", "gitleaks:allow", "allowlist", "eslint-disable", "noqa", "suppresswarnings", "csrf",
                 "abstracthttpconfigurer", "skip_before_action", "auth_disabled", "disable_auth", "skip_auth",
                 "trust-all")


CONTROL_MARKS = ("middleware", "csrf", "xsrf", "tls", "ssl", "cert", "verifica", "vérification", "überprüfung",
                 "провер", "mfa", "2fa", "codeql", "semgrep", "bandit", "gitleaks", "trufflehog", "secret",
                 "dependabot", "signature")


def on_lines(doc: Document, pattern: re.Pattern[str], marks: tuple) -> list[re.Match[str]]:
    """pattern's matches on the lines that hold one of marks (each of its alternatives holds one)."""
    text = doc.text
    lower: str | bytes | None = None
    lines: set[int] = set()
    for mark in marks:
        if (isinstance(mark, bytes) or mark.isascii()) and len(doc.ascii_lower) == len(text):
            # (one byte a character, positions as the text's: a byte search, far cheaper than a str one)
            haystack, needle = doc.ascii_lower, mark if isinstance(mark, bytes) else mark.encode()
        else:
            if lower is None:
                lower = doc.cache.get("act-lower")
                if lower is None:
                    lower = doc.cache["act-lower"] = text.lower()
            if len(lower) != len(text):  # (a character whose lower case is longer: positions would drift)
                return list(pattern.finditer(text))
            haystack, needle = lower, mark.decode() if isinstance(mark, bytes) else mark
        at = haystack.find(needle)  # type: ignore[arg-type]
        while at >= 0:
            line = doc.line_of(at)
            lines.add(line)
            after = doc.line_starts[line] if line < len(doc.line_starts) else len(text)
            at = haystack.find(needle, after)  # type: ignore[arg-type]
    found: list[re.Match[str]] = []
    for line in sorted(lines):
        lo = doc.line_starts[line - 1]
        hi = doc.line_starts[line] if line < len(doc.line_starts) else len(text)
        found += pattern.finditer(text, lo, hi)
    return found


def judged_control(doc: Document, start: int, end: int, message: str, secret_flow: bool, shaped: bool
            ) -> list[tuple[int, int, str, str]]:
    """The level of one switched-off control: quiet where the file warns against it or aims it at a local
    host; info shown in a code block; a warning asked in prose; an error beside a secret flow or hidden."""
    text = doc.text
    line = doc.line_of(start)
    line_text = text[doc.line_starts[line - 1]:text.find("\n", start) if "\n" in text[start:] else len(text)]
    if PRIVATE_HOST.search(line_text.replace("0.0.0.0/0", "")) or negated_in_clause(doc, start) or reported_request(doc, start, end) \
            or warned_against(doc, start) or leads.negated_other_language(doc, start):
        return []
    if doc.is_hidden(start) is not None or secret_flow:
        return [(start, end, message + ("; beside a secret flow" if secret_flow else ""), "error")]
    if shaped and line in doc.fenced_lines:
        return [(start, end, message, "info")]
    return [(start, end, message, "warning")]


def warned_against(doc: Document, start: int) -> bool:
    """The construct sits in a list or section that warns against it: a negation earlier on its own line, or
    the lead-in of its list (the line ending with a colon above it) or its heading says avoid / don't / never."""
    text = doc.text
    line = doc.line_of(start)
    own = text[doc.line_starts[line - 1]:start]
    own = CONDITION.sub(" ", own)  # ("if `type x` does not work, add to ~/.bashrc": the condition's own negation)
    if NEGATION_ANY.search(own) or AGAINST.search(own):
        return True
    if own.lstrip().startswith("|"):  # a table row: the head of its column
        return _column_head_against(doc, line, own.count("|"))
    for above in range(line - 1, max(0, line - 12), -1):
        lo = doc.line_starts[above - 1]
        row = text[lo:doc.line_starts[above] - 1 if above < len(doc.line_starts) else len(text)].strip()
        if row.startswith("#") or row.endswith(":"):
            row = re.sub(r"\([^()]*\)", " ", row)  # (an aside in parentheses is not what the list is about)
            if not row.startswith("#"):  # (the lead-in's last clause says what the items are; "to avoid outages,
                row = re.split(r"[,;，；、]", row)[-1]  # every client must:" names a purpose, not a rule against them)
                last = re.split(r"[.!?。！？]\s", row)[-1]  # ("... should never block work. So:": a bare connective
                row = last if len(last.split()) <= 2 else row  # orders what follows; the sentence before is its reason)
            return AGAINST.search(row) is not None or NEGATION_ANY.search(row) is not None
        if not row:
            break
    heading = text.rfind("\n#", 0, start) + 1
    if (heading or text.startswith("#")) and start - heading < 3000:
        title = text[heading:text.find("\n", heading)]
        return AGAINST.search(title) is not None
    return False


def _column_head_against(doc: Document, line: int, column: int) -> bool:
    text = doc.text
    head = None
    for above in range(line - 1, max(0, line - 60), -1):
        row = text[doc.line_starts[above - 1]:doc.line_starts[above] - 1].strip()
        if not row.startswith("|"):
            break
        if not re.fullmatch(r"[|:\- ]+", row):
            head = row
    cells = head.split("|") if head else []
    return column < len(cells) and AGAINST.search(cells[column]) is not None


def cron_lines(doc: Document, walk: Walk) -> list[Flow]:
    """A crontab line (a schedule and a command) that fetches or sends: ACT009 as an error."""
    from guard.scan.actions.flows import Flow
    from guard.scan.actions.hosts import urls

    found = []
    for match in CRON_LINE.finditer(doc.text) if "*" in doc.text or "@" in doc.text else ():
        command = match.group(1)
        outside = [u for _, _, u, _ in urls(command) if not walk.trusted(u)]
        if outside and not negated_in_clause(doc, match.start(1)):
            from guard.scan.actions.owned import Named

            own = all(Named(doc, []).names(u) for u in outside) and not re.search(  # (the file's own API, by
                r"\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\bpython3?\s+-\s", command)  # its name: a warning; run code: not)
            found.append(Flow(match.start(1), match.end(1), "ACT009", f"a scheduled job that reaches {outside[0]}",
                              "warning" if own else "error", outside[0]))
    return found
