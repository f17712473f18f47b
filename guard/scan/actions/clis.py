"""Command-line clients of credential stores and remote storage, read as objects: what they print when asked
is a secret source like the file they keep (`git credential fill`, `gcloud auth print-access-token`), and where
they copy is a sink (`gcloud storage cp`, `mc mirror`, `ssh host 'cat > file'` fed on its input)."""
from __future__ import annotations

import re

# A command's name -> (the subcommands that print a credential, what that credential is).
PRINTED_TOKEN = {"git": (("credential fill", "credential-store get", "credential get"), "git's stored credentials"),
                 "gcloud": (("auth print-access-token", "auth print-identity-token", "auth application-default "
                             "print-access-token"), "the Google Cloud token"),
                 "aws": (("configure export-credentials", "configure get aws_secret_access_key", "sts get-session-token"),
                         "the AWS credentials"),
                 "az": (("account get-access-token",), "the Azure token"), "heroku": (("auth:token",), "the Heroku token"),
                 "glab": (("auth token",), "the GitLab token"),
                 "gh": (("auth status --show-token", "auth status -t"), "the GitHub token"), "doctl": (("auth token",), "the DigitalOcean token")}


def sink(name: str, argv: list[str], lowered: list[str]) -> tuple[str, str] | None:
    """(target, how) for a storage client's copy out, or a remote shell that writes what it is fed."""
    if name == "gcloud" and lowered[1:3] in (["storage", "cp"], ["storage", "rsync"]) \
            and any(a.startswith("gs://") for a in lowered[3:]):
        return next(a for a in argv if a.lower().startswith("gs://")), "copies to the bucket"
    if name == "mc" and lowered[1:2] in (["cp"], ["mirror"]) and len(plain := [a for a in argv[2:] if a[:1] != "-"]) > 1:
        return f"s3://{plain[-1]}", "copies to the bucket"  # (an alias/bucket of the MinIO client)
    if name == "ssh" and (written := _ssh_write(argv)):
        return written, "copies to"
    if name == "gh" and lowered[1:3] == ["repo", "create"] and "--push" in lowered and len(argv) > 3 \
            and "/" in argv[3]:  # (the working tree pushed to a new repository of the account named)
        return f"https://github.com/{argv[3]}", "copies to"
    if (relayed := _relay(name, argv, lowered)) is not None:
        return relayed
    repo = next((argv[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("-r", "--repo")), None)
    if name == "gh" and repo and lowered[1:2] in (["issue"], ["pr"]) and "--body-file" in lowered:
        return f"https://github.com/{repo}", "uploads to"  # (a file posted into another repository's tracker)
    return None


def _ssh_write(argv: list[str]) -> str | None:
    """The host of `ssh host 'cat > file'`: a remote command that writes what comes in on its input."""
    plain = [a for a in argv[1:] if a[:1] != "-"]
    if len(plain) < 2 or not re.search(r"^(?:cat|tee|dd)\b.*(?:>|\bof=|tee\s)|^tee\b", " ".join(plain[1:])):
        return None
    return f"ssh://{plain[0]}" if "." in plain[0] else None


# File-transfer tools whose default relay or hub is a public service: what they send leaves through it.
RELAYS = {"croc": "https://croc.schollz.com/", "wormhole": "https://relay.magic-wormhole.io/"}


def _relay(name: str, argv: list[str], lowered: list[str]) -> tuple[str, str] | None:
    """`croc send FILE`, `wormhole send FILE` (to whoever holds the code), `huggingface-cli upload REPO FILE`,
    `ossutil cp FILE oss://bucket`, `rclone copy FILE remote:path` (a configured remote, a name without a dot)."""
    plain = [a for a in argv[1:] if a[:1] != "-"]
    if name in RELAYS and "send" in lowered[1:3]:
        relay = next((argv[i + 1] for i, a in enumerate(lowered[:-1]) if a in ("--relay", "--relay-url")), None)
        return relay or RELAYS[name], "copies to"
    if name in ("huggingface-cli", "hf") and lowered[1:2] == ["upload"] and len(plain) > 2:
        return f"https://huggingface.co/{plain[1]}", "copies to"  # (`.`: the repository, as rsync's)
    if name == "ossutil" and lowered[1:2] in (["cp"], ["sync"]) and plain[-1:] and plain[-1].lower().startswith("oss://"):
        return plain[-1], "copies to the bucket"
    if name == "rclone" and lowered[1:2] in (["copy"], ["sync"], ["copyto"], ["move"]) and len(plain) > 2 \
            and re.match(r"^[A-Za-z][\w-]*:(?!//)", plain[-1]) and not re.match(r"^[A-Za-z][\w-]*:", plain[-2]):
        return f"rclone://{plain[-1].split(':', 1)[0]}", "copies to"  # (whose the remote is: the user's config)
    return None
