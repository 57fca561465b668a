"""Search tools. The server comes in through the package's re-export."""
from .. import mcp
from typing import Annotated

@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": True, "idempotentHint": True, "destructiveHint": False})
def search_issues(jql: Annotated[str, "A JQL query, e.g. project = PROJ AND status = Open."]) -> list[dict]:
    """Search issues with JQL."""
    return []


@mcp.tool(name="get_issue", annotations={"readOnlyHint": True, "openWorldHint": True, "idempotentHint": True, "destructiveHint": False})
def get_issue_by_url(url: Annotated[str, "The issue's browser URL."]) -> dict:
    """Fetch an issue from its browser URL."""
    return {}
