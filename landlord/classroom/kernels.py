"""A kernel manager with a cap, for class servers: anonymous page loads cannot fill memory."""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, refusing to start a kernel beyond ``max_kernels`` running
    (warm kernels count). Voilà wraps it with its pool of warm kernels
    (``VoilaConfiguration.multi_kernel_manager_class``)."""

    max_kernels = Integer(0, config=True, help="most kernels running at once (0: no cap)")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel unless the cap is reached (HTTP 503 then: the page says the class
        server is full)."""
        if self.max_kernels and len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, f"the class server already runs its {self.max_kernels} kernels; "
                                     "ask your teacher")
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id
