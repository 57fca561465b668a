from .server import mcp
from .common.server import build_server

__all__ = ["mcp", "build_server"]
