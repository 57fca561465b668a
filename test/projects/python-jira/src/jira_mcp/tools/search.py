"""Search tools. The server comes in through the package's re-export."""
from .. import mcp


@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": True, "idempotentHint": True, "destructiveHint": False})
def search_issues(jql: str) -> list[dict]:
    """Search issues with JQL."""
    return []


@mcp.tool(name="get_issue", annotations={"readOnlyHint": True, "openWorldHint": True, "idempotentHint": True, "destructiveHint": False})
def get_issue_by_url(url: str) -> dict:
    """Fetch an issue from its browser URL."""
    return {}
