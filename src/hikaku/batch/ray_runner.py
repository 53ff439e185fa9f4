"""Running a batch's pairs as Ray tasks (``--ray``; the extra ``hikaku[ray]``, Ray 2.x).

``auto`` or an address (``HOST:PORT``, ``ray://HOST:10001``) joins an existing cluster;
``local`` starts a Ray instance on this machine for the duration of the batch: its node
address is 127.0.0.1 (nothing is contacted beyond loopback), no dashboard, usage
statistics off unless ``RAY_USAGE_STATS_ENABLED`` says otherwise. (Ray's own servers
still listen on every interface, as Ray binds them; its token authentication, on by
default in Ray 2.60, guards them.)

Each pair is one task of one CPU; the task returns the rendered outputs and this
process writes them, so the output directory need not be shared with the workers (the
inputs must be readable by them at the same paths). A task whose worker dies is retried
once by Ray, then recorded as failed.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from functools import cache
from typing import Any

from .._exceptions import ConfigurationError, MissingDependencyError
from .local import OnDone
from .worker import PairOutcome, PairTask, PairWorker, one_line

__all__ = ["RayRunner"]

log = logging.getLogger(__name__)

LOCAL_OBJECT_STORE_BYTES = 200 * 1024 * 1024


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise MissingDependencyError("ray", "ray", "Running a batch on Ray (--ray)") from None
    return ray


@cache
def _process_worker() -> PairWorker:
    """The worker of this Ray worker process: models stay loaded from one task to the next."""
    return PairWorker()


def _ray_compare(task: PairTask) -> PairOutcome:  # runs in a Ray worker
    return _process_worker().run(task)


class RayRunner:
    """Pairs as Ray tasks on a cluster (*address* ``auto`` or an address) or on a local
    Ray started here (*address* ``local``, with *cpus* CPUs)."""

    name = "ray"

    def __init__(self, address: str, cpus: int = 2) -> None:
        if not address:
            raise ConfigurationError("--ray needs an address, 'auto' or 'local'")
        self.address = address
        self.cpus = max(1, cpus)
        self._ray = import_ray()  # before anything runs: a missing extra is said at once

    def _connect(self, ray: Any) -> bool:
        """Start or join Ray; True when this runner did (and must shut it down)."""
        if ray.is_initialized():
            return False
        try:
            if self.address == "local":
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
                ray.init(num_cpus=self.cpus, include_dashboard=False, _node_ip_address="127.0.0.1",
                         object_store_memory=LOCAL_OBJECT_STORE_BYTES, logging_level=logging.WARNING,
                         namespace="hikaku")
            else:
                ray.init(address=self.address, logging_level=logging.WARNING, namespace="hikaku")
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise ConfigurationError(f"--ray {self.address}: cannot start or join Ray: {one_line(e)}") from None
        return True

    def run(self, tasks: Sequence[PairTask], on_done: OnDone) -> None:
        ray = self._ray
        started = self._connect(ray)
        try:
            remote = ray.remote(num_cpus=1, max_retries=1)(_ray_compare)
            refs = {remote.remote(task): task for task in tasks}
            while refs:
                done, _ = ray.wait(list(refs), num_returns=1)
                for ref in done:
                    task = refs.pop(ref)
                    try:
                        outcome = ray.get(ref)
                    except Exception as e:  # the task's worker or node died, the object was lost …
                        outcome = PairOutcome(task.name, False, error=f"Ray: {one_line(e)}")
                    on_done(outcome)
        finally:
            if started:
                ray.shutdown()
