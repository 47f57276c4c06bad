"""The reporting stage: results → plain data (:mod:`.data`) → renderers (text, JSON)."""
