"""The server object every tool module registers on."""
from fastmcp import FastMCP

from .settings import load_settings

settings = load_settings()
mcp = FastMCP("jira", instructions="Read and change Jira issues.")
