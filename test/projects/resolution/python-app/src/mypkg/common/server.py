from mcp.server.fastmcp import FastMCP


def build_server(name: str) -> FastMCP:
    return FastMCP(name)
