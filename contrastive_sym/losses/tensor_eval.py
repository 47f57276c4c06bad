r"""Evaluate index-notation SymPy expressions on numpy arrays, one array axis per index.

The encodings of :mod:`contrastive_sym.model.encodings` keep their sizes symbolic and
write batches with ``IndexedBase`` families, ``Sum`` over index ranges and
``KroneckerDelta`` masks.  Expanding such an expression for a concrete batch
(``.doit()``) gives one SymPy term per array entry, which does not scale.  This
module evaluates the *symbolic-size* expression directly instead:

* every index symbol in scope (a ``Sum`` or ``MaxOver`` variable, or a free
  index the caller declares) is a named axis of length ``hi - lo + 1``;
* a node evaluates to a numpy array whose axes are the index symbols it depends
  on, broadcasting like numpy does on the union of its operands' axes;
* ``Sum(f_1 ⋯ f_r, (k, lo, hi))`` is one ``numpy.einsum`` over the factors, so
  ``Σ_m z[a, m] z[k, m]`` is a matrix product and never materialises ``(a, k, m)``;
* ``z[i, j]`` with index expressions (``Mod(a + N - 1, 2N) + 1``) is a gather.

A :class:`TensorProgram` is compiled once per expression structure: the SymPy
tree is walked a single time, equal subexpressions become one step, and each
step keeps its axes and einsum subscripts.  Running it on new arrays and sizes
only executes numpy calls.

Two evaluation rules go beyond plain float arithmetic:

* **Indicators are strongly zero.**  A factor built only from ``KroneckerDelta``
  and integers (``1 - δ_{k a}``) is an Iverson bracket.  Where it is 0 the
  product is 0 even if another factor overflowed to ``inf``: the excluded term
  is absent from the sum, and the overflow is an artefact of floats.
* A ``MaxOver`` whose entries are all ``-inf`` (an empty set) is 0; it only
  ever serves as a shift, and every finite shift is exact.

>>> import sympy as sp
>>> x, k = sp.IndexedBase('x'), sp.Symbol('k', integer=True)
>>> n = sp.Symbol('n', integer=True, positive=True)
>>> evaluate(sp.Sum(x[k] ** 2, (k, 1, n)), {x: np.array([1.0, 2.0, 3.0])}, {n: 3})
array(14.)
"""
from __future__ import annotations

import functools
import math
import string
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import numpy as np
import sympy as sp

from ..errors import TensorEvalError
from ..model.nodes import MaxOver, StopGrad

Axes = tuple[sp.Symbol, ...]
Ranges = Mapping[sp.Symbol, tuple[int, int]]




@functools.lru_cache(maxsize=4096)
def is_indicator(expr: sp.Expr) -> bool:
    """True for an expression built only from ``KroneckerDelta`` and integers.

    >>> a, b = sp.symbols('a b', integer=True)
    >>> is_indicator(1 - sp.KroneckerDelta(a, b)), is_indicator(a)
    (True, False)
    """
    if isinstance(expr, sp.KroneckerDelta) or expr.is_Integer:
        return True
    if isinstance(expr, (sp.Add, sp.Mul)):
        return all(is_indicator(arg) for arg in expr.args)
    if isinstance(expr, sp.Pow):
        return bool(expr.exp.is_Integer and expr.exp > 0 and is_indicator(expr.base))
    return False


def evaluate(
    expr: sp.Expr,
    arrays: Mapping[sp.IndexedBase, np.ndarray],
    values: Mapping[sp.Symbol, float],
    free: Sequence[tuple[sp.Symbol, int, int]] = (),
) -> np.ndarray:
    """Evaluate ``expr`` once; the result has one axis per ``free`` index ``(symbol, lo, hi)``."""
    program = TensorProgram([(expr, tuple(symbol for symbol, _, _ in free))])
    (result,) = program.run(arrays, values, {symbol: (lo, hi) for symbol, lo, hi in free})
    return result


class _Context:
    """What one run of a program sees: the arrays, the scalar values, the index ranges."""

    def __init__(self, arrays, values, ranges):
        self.arrays = {base: np.asarray(a) for base, a in arrays.items()}
        self.values = dict(values)
        self.ranges: dict[sp.Symbol, tuple[int, int]] = dict(ranges)

    def bind(self, symbol: sp.Symbol, lo: int, hi: int) -> None:
        known = self.ranges.get(symbol)
        if known is not None and known != (lo, hi):
            raise TensorEvalError(f"index {symbol} bound to {known} and to {(lo, hi)}")
        self.ranges[symbol] = (lo, hi)

    def length(self, symbol: sp.Symbol) -> int:
        lo, hi = self.ranges[symbol]
        return max(hi - lo + 1, 0)


@dataclass(frozen=True)
class _Step:
    """One node of the program: ``run(results, context)`` computes its array from earlier steps."""

    axes: Axes
    deps: tuple[int, ...]
    run: Callable[[list, _Context], np.ndarray]


class TensorProgram:
    """Expressions compiled for repeated evaluation; ``outputs`` are ``(expr, free indices)`` pairs.

    >>> x, k = sp.IndexedBase('x'), sp.Symbol('k', integer=True)
    >>> n, p = sp.Symbol('n', integer=True, positive=True), sp.Symbol('p', integer=True)
    >>> program = TensorProgram([(sp.Sum(x[k], (k, 1, n)), ()), (2 * x[p], (p,))])
    >>> program.run({x: np.array([1.0, 2.0])}, {n: 2}, {p: (1, 2)})
    [array(3.), array([2., 4.])]
    """

    def __init__(self, outputs: Sequence[tuple[sp.Expr, Axes]]):
        self._steps: list[_Step] = []
        self._memo: dict[sp.Basic, int] = {}
        self._binders: dict[sp.Symbol, int] = {}
        self._free = {symbol for _, free in outputs for symbol in free}
        self._outputs: list[tuple[int, Axes]] = []
        for expr, free in outputs:
            index = self._compile(sp.sympify(expr))
            undeclared = set(self._steps[index].axes) - set(free)
            if undeclared:
                raise TensorEvalError(f"indices {sorted(map(str, undeclared))} are free but were not declared")
            self._outputs.append((index, tuple(free)))
        self._needed = [self._ancestors(index) for index, _ in self._outputs]

    def run(self, arrays: Mapping[sp.IndexedBase, np.ndarray], values: Mapping[sp.Symbol, float],
            ranges: Ranges | None = None, which: Sequence[int] | None = None) -> list[np.ndarray]:
        """The outputs numbered ``which`` (all by default), each with axes in its declared order.

        ``ranges`` gives ``(lo, hi)`` for every free index the outputs declared.
        """
        which = range(len(self._outputs)) if which is None else which
        context = _Context(arrays, values, ranges or {})
        results: list = [None] * len(self._steps)
        needed = sorted(set().union(*(self._needed[w] for w in which)))
        with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
            for i in needed:
                results[i] = self._steps[i].run(results, context)
        answers = []
        for w in which:
            index, free = self._outputs[w]
            data = _align(results[index], self._steps[index].axes, free)
            shape = tuple(context.length(symbol) for symbol in free)
            answers.append(np.array(np.broadcast_to(data, shape), dtype=float))
        return answers

    # --- compilation ----------------------------------------------------------------

    def _ancestors(self, index: int) -> set[int]:
        seen, stack = set(), [index]
        while stack:
            i = stack.pop()
            if i not in seen:
                seen.add(i)
                stack.extend(self._steps[i].deps)
        return seen

    def _add(self, axes: Axes, deps: Sequence[int], run) -> int:
        self._steps.append(_Step(tuple(axes), tuple(deps), run))
        return len(self._steps) - 1

    def _compile(self, expr: sp.Basic) -> int:
        index = self._memo.get(expr)
        if index is None:
            index = self._memo[expr] = self._compile_node(expr)
        return index

    def _compile_node(self, expr: sp.Basic) -> int:
        if expr.is_Integer or expr.is_Number or expr.is_NumberSymbol:
            constant = np.array(int(expr)) if expr.is_Integer else np.array(float(expr))
            return self._add((), (), lambda results, context: constant)
        if isinstance(expr, sp.Symbol):
            return self._symbol(expr)
        if isinstance(expr, sp.Indexed):
            return self._indexed(expr)
        if isinstance(expr, sp.Add):
            return self._elementwise(_sum_all, expr.args)
        if isinstance(expr, sp.Mul):
            return self._product(list(expr.args), summed=())
        if isinstance(expr, sp.Pow):
            return self._pow(expr)
        if isinstance(expr, sp.Sum):
            return self._sum(expr)
        if isinstance(expr, MaxOver):
            return self._max_over(expr)
        if isinstance(expr, StopGrad):
            return self._compile(expr.args[0])  # value semantics: sg[x] = x
        if isinstance(expr, sp.KroneckerDelta):
            return self._elementwise(lambda i, j: (i == j).astype(float), expr.args[:2])
        if isinstance(expr, sp.Mod):
            return self._elementwise(np.mod, expr.args)
        if isinstance(expr, sp.exp):
            return self._elementwise(lambda x: np.exp(x.astype(float)), expr.args)
        if isinstance(expr, sp.log):
            return self._elementwise(lambda x: np.log(x.astype(float)), expr.args)
        raise TensorEvalError(f"cannot evaluate {type(expr).__name__}: {expr}")

    def _elementwise(self, op, args: Sequence[sp.Basic]) -> int:
        """``op(*operands)`` with numpy broadcasting on the union of the operands' axes."""
        deps = [self._compile(arg) for arg in args]
        axes = _union(self._steps[i].axes for i in deps)
        aligners = [_aligner(self._steps[i].axes, axes) for i in deps]

        def run(results, context):
            return np.asarray(op(*(align(results[i]) for i, align in zip(deps, aligners))))

        return self._add(axes, deps, run)

    def _symbol(self, symbol: sp.Symbol) -> int:
        if symbol in self._binders or symbol in self._free:
            deps = [self._binders[symbol]] if symbol in self._binders else []

            def run(results, context):
                lo, hi = context.ranges[symbol]
                return np.arange(lo, hi + 1)

            return self._add((symbol,), deps, run)

        def scalar(results, context):
            if symbol not in context.values:
                raise TensorEvalError(f"symbol {symbol} has no value and no index range")
            return np.array(context.values[symbol])

        return self._add((), (), scalar)

    def _bind(self, symbol: sp.Symbol, lo: sp.Expr, hi: sp.Expr) -> int:
        """A step that fixes the range of a bound index; the index's own step depends on it."""
        bounds = [self._compile(sp.sympify(lo)), self._compile(sp.sympify(hi))]
        if any(self._steps[i].axes for i in bounds):
            raise TensorEvalError(f"the range {lo}..{hi} of {symbol} depends on other indices")

        def run(results, context):
            context.bind(symbol, int(results[bounds[0]]), int(results[bounds[1]]))

        step = self._add((), bounds, run)
        self._binders.setdefault(symbol, step)
        return step

    def _indexed(self, expr: sp.Indexed) -> int:
        base, rank = expr.base, len(expr.indices)
        deps = [self._compile(i) for i in expr.indices]
        axes = _union(self._steps[i].axes for i in deps)
        aligners = [_aligner(self._steps[i].axes, axes) for i in deps]
        # z[a, m] with distinct plain indices is the array itself when the ranges span it.
        plain = axes if len(axes) == rank and all(i.is_Symbol for i in expr.indices) else None

        def run(results, context):
            array = context.arrays.get(base)
            if array is None or array.ndim != rank:
                raise TensorEvalError(f"{expr}: no array of rank {rank} given for {base}")
            if plain and all(context.ranges[s] == (1, n) for s, n in zip(plain, array.shape)):
                return array
            positions = []
            for i, align, n in zip(deps, aligners, array.shape):
                position = align(results[i]) - 1
                if position.size and (position.min() < 0 or position.max() >= n):
                    raise TensorEvalError(f"{expr}: an index falls outside 1..{n}")
                positions.append(position)
            return array[tuple(positions)]

        return self._add(axes, deps, run)

    def _pow(self, expr: sp.Pow) -> int:
        exponent = expr.exp
        if exponent.is_Rational and exponent.q == 2:
            # sqrt is correctly rounded; x**0.5 need not be.
            p = int(exponent.p)
            return self._elementwise(lambda x: np.sqrt(x.astype(float)) ** p, [expr.base])
        return self._elementwise(lambda x, y: np.power(x.astype(float), y), [expr.base, exponent])

    def _sum(self, expr: sp.Sum) -> int:
        binders = [self._bind(k, lo, hi) for k, lo, hi in expr.limits]
        summed = tuple(k for k, _, _ in expr.limits)
        return self._product(list(sp.Mul.make_args(expr.function)), summed, binders)

    def _max_over(self, expr: MaxOver) -> int:
        body, k, lo, hi = expr.args
        binder = self._bind(k, lo, hi)
        inner = self._compile(body)
        inner_axes = self._steps[inner].axes
        if k not in inner_axes:
            return inner
        position = inner_axes.index(k)

        def run(results, context):
            result = np.max(results[inner].astype(float), axis=position)
            return np.where(np.isneginf(result), 0.0, result)

        return self._add(tuple(a for a in inner_axes if a != k), [inner, binder], run)

    def _product(self, factors: list[sp.Expr], summed: Axes, binders: Sequence[int] = ()) -> int:
        """``Σ_{summed} Π factors`` in one einsum, with indicator factors strongly zero."""
        deps = [self._compile(f) for f in factors]
        flags = [is_indicator(f) for f in factors]
        factor_axes = [self._steps[i].axes for i in deps]
        axes = _union(factor_axes)
        kept = tuple(a for a in axes if a not in summed)
        absent = tuple(k for k in summed if k not in axes)  # each multiplies by its range length
        contract = _contraction(factor_axes, kept)

        def run(results, context):
            operands = [(results[i], a, flag) for i, a, flag in zip(deps, factor_axes, flags)]
            merged = _zero_masked_overflow(operands)
            if merged is operands:
                result = contract([data for data, _, _ in operands])
            else:  # rare: the grouping changed, so the subscripts are built afresh
                result = _contraction([a for _, a, _ in merged], kept)([data for data, _, _ in merged])
            for k in absent:
                result = result * context.length(k)
            return result

        return self._add(kept, list(deps) + list(binders), run)


# --- array helpers --------------------------------------------------------------------

def _sum_all(*operands):
    total = operands[0]
    for operand in operands[1:]:
        total = total + operand
    return total


def _union(axes_lists) -> Axes:
    axes: list[sp.Symbol] = []
    for each in axes_lists:
        axes.extend(a for a in each if a not in axes)
    return tuple(axes)


def _aligner(source: Axes, target: Axes) -> Callable[[np.ndarray], np.ndarray]:
    """A function putting an array with axes ``source`` into the order of ``target``, length 1 where absent."""
    order = [source.index(a) for a in target if a in source]
    missing = [position for position, a in enumerate(target) if a not in source]
    if order == list(range(len(source))) and not missing:
        return lambda data: data
    return lambda data: np.expand_dims(np.transpose(data, order), missing) if missing else np.transpose(data, order)


def _align(data: np.ndarray, source: Axes, target: Axes) -> np.ndarray:
    return _aligner(source, target)(data)


def _zero_masked_overflow(operands: list) -> list:
    """Merge the indicator factors and the overflowed factors into one, 0 wherever an indicator is 0."""
    masks = [i for i, (_, _, flag) in enumerate(operands) if flag]
    overflowed = [
        i for i, (data, _, flag) in enumerate(operands)
        if not flag and data.dtype.kind == "f" and not np.isfinite(data).all()
    ]
    if not masks or not overflowed:
        return operands
    group = masks + overflowed
    axes = _union(operands[i][1] for i in group)
    aligned = {i: _align(operands[i][0], operands[i][1], axes) for i in group}
    product = functools.reduce(np.multiply, (aligned[i] for i in group))
    mask = functools.reduce(np.multiply, (aligned[i] for i in masks))
    merged = (np.where(mask == 0, 0.0, product), axes, False)
    return [merged] + [operand for i, operand in enumerate(operands) if i not in group]


def _contraction(operand_axes: Sequence[Axes], kept: Axes) -> Callable[[list], np.ndarray]:
    """A function summing the product of arrays with axes ``operand_axes`` over every axis not in ``kept``."""
    if len(operand_axes) == 1:
        (axes,) = operand_axes
        summed = tuple(i for i, a in enumerate(axes) if a not in kept)
        align = _aligner(tuple(a for a in axes if a in kept), kept)
        return lambda data: align(data[0].sum(axis=summed) if summed else data[0])
    letters = {a: string.ascii_letters[i] for i, a in enumerate(_union(operand_axes))}
    spec = ",".join("".join(letters[a] for a in axes) for axes in operand_axes)
    spec += "->" + "".join(letters[a] for a in kept)

    def contract(data: list) -> np.ndarray:
        # Searching for a contraction order costs about a millisecond; it only pays
        # when the naive loop over every index combination would be large.
        if len(data) > 2:
            lengths = {a: n for axes, d in zip(operand_axes, data) for a, n in zip(axes, d.shape)}
            optimize = len(data) * math.prod(lengths.values()) > 1e5
        else:
            optimize = False
        return np.einsum(spec, *data, optimize=optimize)

    return contract
