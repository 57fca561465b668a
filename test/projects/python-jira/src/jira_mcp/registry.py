"""Registration helpers the tool modules use instead of the server object."""
from jira_mcp.server import mcp


def jira_tool(**kwargs):
    """A decorator: `@jira_tool(annotations=...)` registers on the Jira server."""
    return mcp.tool(**kwargs)


def register(fn, **kwargs):
    """Registers a function written elsewhere."""
    return mcp.add_tool(fn, **kwargs)
