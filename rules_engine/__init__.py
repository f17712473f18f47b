"""What the knowledge files mean: rules, skills, memory, budget, hints, precedence, the managed block."""
