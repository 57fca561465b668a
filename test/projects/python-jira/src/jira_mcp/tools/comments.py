"""Comment tools, registered through the package's helpers."""
from jira_mcp.registry import jira_tool, register


@jira_tool(annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True})
def list_comments(key: str) -> list[dict]:
    """List an issue's comments."""
    return []


@jira_tool()
def add_comment(key: str, body: str) -> dict:
    """Add a comment to an issue."""
    return {}


def delete_comment(comment_id: str) -> None:
    """Delete a comment."""


register(delete_comment, annotations={"readOnlyHint": True, "destructiveHint": True})
