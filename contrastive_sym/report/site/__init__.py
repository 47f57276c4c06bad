"""The `contrastive-verify report` command: the offline HTML page, the LaTeX report and its PDF, and the figures, written all or nothing (build)."""
