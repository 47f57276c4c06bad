r"""Makes ``values.json``: the losses of :mod:`contrastive_sym.losses` as the libraries people
train with compute them, on fixed inputs, values and gradients in float64, so that the
tests compare against them without torch.

Run it in a virtual environment of its own, with exactly these versions (the file records
them and the test refuses a file made with others)::

    python3 -m venv /tmp/reference && /tmp/reference/bin/pip install \
        torch==2.13.0 numpy==2.4.6 pytorch-metric-learning==2.9.0 && \
        /tmp/reference/bin/pip install --no-deps lightly==1.6.0
    /tmp/reference/bin/python tests/reference_libraries/make_values.py

What computes each loss:

* ``nt_xent``: pytorch-metric-learning's ``NTXentLoss`` with the labels of two views
  (rows i and i + N share label i);
* ``supcon``: pytorch-metric-learning's ``SupConLoss``;
* ``dcl``, ``dclw``: lightly's ``DCLLoss``, ``DCLWLoss``, from ``lightly/loss/dcl_loss.py``
  loaded on its own (the package's ``__init__`` imports torchvision, which does not install
  beside the CPU build of torch; the module needs only torch and ``lightly.utils.dist``);
* ``clip``: open_clip's ``ClipLoss`` formula without a distributed gather,
  ``(CE(s·I Tᵀ, arange) + CE(s·T Iᵀ, arange)) / 2`` on normalised features with
  ``s = 1/τ``, written here in torch (open_clip's package needs its model code);
* ``alignment``, ``uniformity``: the two functions of Wang & Isola's reference code
  (github.com/SsnL/align_uniform, README), on ``F.normalize``d inputs;
* ``moco``: solo-learn's ``moco_loss_func`` formula (``solo/losses/moco.py``: the positive logit, then
  the queue's, over τ, and the cross entropy with target 0), written here in torch on normalised query,
  key and queue (solo-learn's package needs its training stack); the queue is a constant buffer.

The inputs are drawn from ``numpy.random.default_rng`` with fixed seeds and stored in the file.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import sys
import types
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

VERSIONS = {"torch": "2.13.0", "numpy": "2.4.6", "pytorch-metric-learning": "2.9.0", "lightly": "1.6.0"}
OUT = Path(__file__).with_name("values.json")


def _check_versions() -> dict:
    found = {name: importlib.metadata.version(name) for name in VERSIONS}
    for name, wanted in VERSIONS.items():
        if not found[name].startswith(wanted):
            sys.exit(f"make_values.py: needs {name}=={wanted}, found {found[name]}")
    return found


def _lightly_dcl():
    """lightly's dcl_loss module, loaded without the package's __init__."""
    spec = importlib.util.find_spec("lightly")
    root = Path(spec.submodule_search_locations[0])
    package = types.ModuleType("lightly")
    package.__path__ = [str(root)]
    sys.modules["lightly"] = package
    utils = types.ModuleType("lightly.utils")
    utils.__path__ = [str(root / "utils")]
    sys.modules["lightly.utils"] = utils
    for name, path in (("lightly.utils.dist", root / "utils" / "dist.py"), ("lightly.loss.dcl_loss", root / "loss" / "dcl_loss.py")):
        module_spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        module_spec.loader.exec_module(module)
    return sys.modules["lightly.loss.dcl_loss"]


def align_loss(x, y, alpha=2):          # Wang & Isola's reference code
    return (x - y).norm(p=2, dim=1).pow(alpha).mean()


def uniform_loss(x, t=2):               # Wang & Isola's reference code
    return torch.pdist(x, p=2).pow(2).mul(-t).exp().mean().log()


def moco_loss(query, key, queue, temperature):     # solo-learn's moco_loss_func, queue as (d, K)
    pos = torch.einsum("nc,nc->n", [query, key]).unsqueeze(-1)
    neg = torch.einsum("nc,ck->nk", [query, queue])
    logits = torch.cat([pos, neg], dim=1) / temperature
    targets = torch.zeros(query.size(0), dtype=torch.long)
    return F.cross_entropy(logits, targets)


def _value_and_grads(loss, *arrays):
    tensors = [torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in arrays]
    value = loss(*tensors)
    value.backward()
    return value.item(), [t.grad.numpy().tolist() for t in tensors]


def _cases():
    rng = np.random.default_rng(20261202)
    for n, d, tau in ((2, 3, 0.5), (3, 4, 0.07), (4, 2, 1.0), (5, 8, 0.2), (8, 16, 0.1), (6, 5, 2.0)):
        yield n, d, tau, rng.normal(size=(n, d)), rng.normal(size=(n, d))


def main() -> None:
    from pytorch_metric_learning.losses import NTXentLoss, SupConLoss
    found = _check_versions()
    dcl = _lightly_dcl()
    cases = []
    queue_rng = np.random.default_rng(7)       # the queues, drawn apart so the other inputs stay as they were
    for n, d, tau, a, b in _cases():
        labels2 = torch.arange(n).repeat(2)
        supcon_labels = [i % max(2, n // 2) for i in range(2 * n)]
        arange = torch.arange(n)

        def clip(image, text, tau=tau):
            image, text = F.normalize(image, dim=1), F.normalize(text, dim=1)
            logits = image @ text.T / tau
            return (F.cross_entropy(logits, arange) + F.cross_entropy(logits.T, arange)) / 2

        case = {"n": n, "d": d, "tau": tau, "a": a.tolist(), "b": b.tolist(), "supcon_labels": supcon_labels,
                "queue": queue_rng.normal(size=(n + 3, d)).tolist()}
        case["nt_xent"] = _value_and_grads(lambda x, y: NTXentLoss(temperature=tau)(torch.cat([x, y]), labels2), a, b)
        case["supcon"] = _value_and_grads(
            lambda z: SupConLoss(temperature=tau)(z, torch.tensor(supcon_labels)), np.concatenate([a, b]))
        case["dcl"] = _value_and_grads(dcl.DCLLoss(temperature=tau), a, b)
        case["dclw"] = _value_and_grads(dcl.DCLWLoss(temperature=tau, sigma=0.5), a, b)
        case["clip"] = _value_and_grads(clip, a, b)
        case["alignment"] = _value_and_grads(lambda x, y: align_loss(F.normalize(x, dim=1), F.normalize(y, dim=1)), a, b)
        case["uniformity"] = _value_and_grads(lambda x: uniform_loss(F.normalize(x, dim=1)), a)
        queue = F.normalize(torch.tensor(case["queue"], dtype=torch.float64), dim=1).T
        case["moco"] = _value_and_grads(
            lambda q, k: moco_loss(F.normalize(q, dim=1), F.normalize(k, dim=1), queue, tau), a, b)
        cases.append(case)
    OUT.write_text(json.dumps({"versions": found, "cases": cases}, indent=1) + "\n")
    print(f"wrote {OUT} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
