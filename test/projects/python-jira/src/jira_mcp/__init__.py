"""Jira tools for MCP clients."""
from .server import mcp

__all__ = ["mcp"]
