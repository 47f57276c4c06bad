"""Time the default run (`contrastive-verify` on the bundled derivations).

A benchmark, not a test: it prints figures and asserts nothing.

    python3 benchmarks/bench_default_run.py            # 3 runs, each in a fresh process
    python3 benchmarks/bench_default_run.py --runs 5
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times = []
    for n in range(args.runs):
        started = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "contrastive_sym", "--format", "json",
                               "--output", os.devnull], capture_output=True, text=True)
        elapsed = time.perf_counter() - started
        if proc.returncode not in (0, 1):
            sys.exit(f"run {n + 1} failed with exit code {proc.returncode}: {proc.stderr.strip()}")
        times.append(elapsed)
        print(f"run {n + 1}: {elapsed:6.2f} s wall (exit {proc.returncode})")
    print(f"default run over the bundled derivations: min {min(times):.2f} s, "
          f"median {statistics.median(times):.2f} s, max {max(times):.2f} s "
          f"({os.cpu_count()} CPUs, Python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
