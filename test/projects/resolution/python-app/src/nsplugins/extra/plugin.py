from mypkg.server import mcp


@mcp.tool()
def plugin() -> str:
    return "plugin"
