"""Issue tools, registered on the shared server."""
from jira_mcp.server import mcp, settings
from jira_mcp.client import JiraClient
from typing import Annotated
client = JiraClient(settings)


@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True})
def get_issue(key: Annotated[str, "The issue key, e.g. PROJ-123."]) -> dict:
    """Fetch one issue by its key."""
    return client.issue(key)


@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": True})
def delete_issue(key: Annotated[str, "The issue key, e.g. PROJ-123."]) -> str:
    """Delete an issue for good."""
    client.delete(key)
    return "deleted"


@mcp.tool()
def transition_issue(key: Annotated[str, "The issue key, e.g. PROJ-123."], status: Annotated[str, "The target status, e.g. Done."]) -> str:
    """Move an issue to another status."""
    return status
