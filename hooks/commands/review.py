"""`kguard review [BASE..HEAD]`: what a branch or pull request does to the knowledge files."""
from __future__ import annotations

import click

from guard.paths import find_places


@click.command()
@click.argument("commits", required=False, metavar="[BASE..HEAD]")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif", "github", "markdown"]),
              default="text", show_default=True)
def review(commits: str | None, fmt: str) -> int:
    """Review the knowledge files a range of commits changes (default: the merge base with the default
    branch .. HEAD): the lines added, removed or changed, with invisible characters shown; findings on added
    lines only; the managed block and the budget before and after; files that can switch a guard off.

    Exit 1 when an added line has an error, the managed block breaks its cap or loses a provenance trailer,
    or a guard-switching file changes without `[review] allow_guard_changes` in the base commit's config;
    2 for a bad range. All settings come from the base commit's config: a change cannot allow itself."""
    from hooks.pr_review.gitrange import open_range
    from hooks.pr_review.output import output
    from hooks.pr_review.review import review as run_review

    places = find_places()
    result = run_review(open_range(places.root, commits), places)
    click.echo(output(result, fmt), nl=False)
    return result.exit_code
