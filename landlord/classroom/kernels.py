"""A kernel manager for the kit's servers (``landlord class`` and ``landlord serve``): a cap on
kernels (anonymous page loads cannot fill memory) and a warm pool sized for a class's arrival
that refills to a small one afterwards."""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Dict, Integer


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, refusing to start a kernel beyond ``max_kernels`` running
    (warm kernels count). Voilà wraps it with its pool of warm kernels
    (``VoilaConfiguration.multi_kernel_manager_class``).

    Voilà refills a notebook's pool to its ``pool_size`` every time a visitor takes a warm
    kernel. A class arrives at once: the pool is sized for the class (Voilà fills it when the
    server starts), and ``refill_pools`` then lowers the size Voilà refills to, so the arrival
    does not start a second class's worth of kernels (their CPU would slow every page, their
    memory double the class's)."""

    max_kernels = Integer(0, config=True, help="most kernels running at once (0: no cap)")
    refill_pools = Dict(config=True, help="{notebook: pool size} Voilà refills to once its first pools are "
                                          "started (default: refill to the starting size)")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel unless the cap is reached (HTTP 503 then: the page says the class
        server is full)."""
        self._lower_pools()
        if self.max_kernels and len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, f"this server already runs the {self.max_kernels} kernels it allows; "
                                     "close a tab of it you no longer use, or ask your teacher")
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id

    def _lower_pools(self) -> None:
        """Once: the pool sizes of ``refill_pools`` replace the starting ones. Voilà's manager
        queues every starting pool's kernels when it is made, before the first kernel start
        runs, so from here on its ``fill_if_needed`` refills to the lower sizes."""
        pools = getattr(self, "kernel_pools_config", None)
        if not self.refill_pools or not isinstance(pools, dict):
            return
        lowered = {**pools}
        for notebook, size in self.refill_pools.items():
            lowered[notebook] = {**pools.get(notebook, {}), "pool_size": int(size)}
        self.refill_pools = {}
        self.kernel_pools_config = lowered
