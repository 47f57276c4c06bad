"""The JSON report: the report data as it is."""
from __future__ import annotations

import json

from .controls import visible
from .records import ReportData


def render(data: ReportData) -> str:
    # json.dumps escapes C0 controls but leaves DEL and C1 raw: \uXXXX reads back the same.
    return visible(json.dumps(data.to_json(), indent=2, ensure_ascii=False), keep="\n", json=True) + "\n"
