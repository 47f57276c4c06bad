"""Shared fixtures.  The bundled derivations are checked once per session."""
from __future__ import annotations

import pytest

# The script that makes the reference libraries' values needs torch, which the tests never import
# (they read the values it wrote); --doctest-modules would otherwise import it.
collect_ignore = ["reference_libraries/make_values.py"]


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite the golden files of tests/golden/ from the current output")

import contrastive_sym as cv
from contrastive_sym.check.config import CheckConfig


@pytest.fixture(scope="session")
def bundled_results():
    """Every bundled document, checked with the default settings."""
    return {doc.document.id: doc for doc in cv.verify().documents}


@pytest.fixture(scope="session")
def family_results():
    """The derivations of the loss families beyond the seeds (derivations/families/), checked with the
    default settings; not part of the default run, which checks the seed documents."""
    from pathlib import Path
    families = Path(__file__).resolve().parents[1] / "derivations" / "families"
    return {doc.document.id: doc for doc in cv.verify([str(families)]).documents}


@pytest.fixture(scope="session")
def quick_config():
    return CheckConfig(points_per_instance=24, random_points=6, max_instances=4)
