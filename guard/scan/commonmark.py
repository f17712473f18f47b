"""What a CommonMark parse (markdown-it-py, imported only here and only when asked) says about the lines of
a Markdown text, for guard.scan.regions: which lines are code blocks, which fences carry an info string, and
which lines belong to some block (a reference definition belongs to none). Line numbers are 0-based."""
from __future__ import annotations

CONTAINERS = ("blockquote_open", "bullet_list_open", "ordered_list_open", "list_item_open")


class Parsed:
    def __init__(self, text: str, skip_to: int = 0) -> None:
        """Parse `text`; its first `skip_to` characters (frontmatter, which the parser would read as a rule
        and a heading) count as blank lines, so that line numbers stay those of the text."""
        from markdown_it import MarkdownIt

        if skip_to:
            text = "\n" * text.count("\n", 0, skip_to) + text[skip_to:]
        self.code: set[int] = set()  # lines of code blocks: indented, or fenced without the opening line
        self.block: set[int] = set()  # lines some leaf block or its opening token covers
        self.fences: list[tuple[int, str]] = []  # (opening line, info string) of each fenced block
        for token in MarkdownIt("commonmark").parse(text):
            if token.map is None:
                continue
            first, last = token.map
            if token.type == "fence":
                self.code.update(range(first + 1, last))
                self.fences.append((first, token.info))
            elif token.type == "code_block":
                self.code.update(range(first, last))
            if token.nesting >= 0 and token.type not in CONTAINERS:
                self.block.update(range(first, last))
