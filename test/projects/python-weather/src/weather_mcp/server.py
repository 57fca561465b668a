"""The server object every tool module registers on."""
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("weather")
