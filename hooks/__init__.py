"""How kguard meets the world: the CLI, the command wrapper, git hooks and agent-harness hooks."""
