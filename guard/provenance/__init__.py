"""Who wrote each line of a knowledge file: a person, an agent (which harness, session and command), a git
operation or promotion, and whether a person or a policy accepted it. Recorded as the guard decides
(recorder), kept beside the state (store) and, once committed, in git notes (notes); read back by `kguard
blame`, `kguard review` and the `agent_lines` policy of `kguard check` (blame)."""
