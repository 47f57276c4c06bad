"""SymPy as a proposer: proof attempts (prove), each in a forked child with a hard time limit (sandbox), queued ahead of the numeric work (scheduler, jobs)."""
