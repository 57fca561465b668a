from .common.server import build_server
from . import tools

mcp = build_server("catalogue")
