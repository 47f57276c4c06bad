"""The JSON report: the report data as it is."""
from __future__ import annotations

import json


def render(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
