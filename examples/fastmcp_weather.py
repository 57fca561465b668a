"""A FastMCP server (MCP Python SDK) with annotations in three states: complete, contradictory, missing."""
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("weather")


@mcp.tool(
    title="Current weather",
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True),
)
def current_weather(city: str) -> str:
    """Return the current weather for a city."""
    return "sunny"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=True, openWorldHint=True))
def clear_forecast_cache(region: str) -> int:
    """Delete the cached forecasts of a region and return how many were removed."""
    return 0


@mcp.tool()
def subscribe_alerts(city: str, email: str) -> str:
    """Subscribe an email address to severe-weather alerts for a city."""
    return "subscribed"
