"""How the benchmarks print: the machine and its load, then one line per figure with its budget.

``BENCH_QUICK=1`` shortens every load step to prove the harness runs; every header says so, as
its figures rest on too few samples to compare with a full run's.
"""

from __future__ import annotations

import os
import platform
import subprocess
from dataclasses import dataclass

QUICK = os.environ.get("BENCH_QUICK") == "1"


@dataclass(frozen=True)
class Figure:
    name: str
    value: str
    budget: str
    passed: bool | None  # None: informative, no budget

    def line(self) -> str:
        verdict = "" if self.passed is None else ("PASS" if self.passed else "FAIL")
        return f"  {verdict:4}  {self.name:58} {self.value:>22}   budget {self.budget}"


def postgres_version() -> str:
    try:
        out = subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-Atc", "show server_version"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (
        f"{os.cpu_count()} CPUs ({cpu}), Python {platform.python_version()}, "
        f"PostgreSQL {postgres_version()}, {platform.system()} {platform.release()}"
    )


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1 / 5 / 15 min) on {os.cpu_count()} CPUs"


def header(title: str) -> None:
    quick = (
        "   BENCH_QUICK=1: load steps shortened, figures not comparable with a full run\n" if QUICK else ""
    )
    print(f"\n== {title} ==\n{quick}   {load()}")
