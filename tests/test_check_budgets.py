"""The time budgets of one item (check/config.py), as the README states them."""
from __future__ import annotations

import pytest

from contrastive_sym.check.config import CheckConfig


@pytest.mark.parametrize("settings, seconds", [
    ({}, 6.0),                                              # the CLI's default: twice the 3 s of a SymPy call
    ({"item_seconds": 60.0}, 30.0),                         # a longer --timeout gives half of itself
    ({"item_seconds": 10.0, "symbolic_seconds": 15.0}, 30.0),
    ({"item_seconds": 1.0}, 6.0),
])
def test_settling_open_and_undefined_points_has_the_larger_of_two_budgets(settings, seconds):
    assert CheckConfig(**settings).settling_seconds == seconds
