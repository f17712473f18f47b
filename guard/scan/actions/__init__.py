"""ACT: actions read without words. An attack has to name what the agent should act on (a command, a URL or
host, a file that holds secrets, a git remote, a hook or CI file, a package source) whatever language its prose
is in; this package reads those and the flows between them (see docs/scan.md, "Actions").

detectors.py is the only module the registry imports: its checks load the rest only when the text holds
something an action needs (a URL, a command, a code span)."""
