"""Untrusted text made safe for the reports: TeX escaping and a math allowlist (texsafe, texmath, mathparse, mathallow), MathML (mathml) and SVG (svgsafe)."""
