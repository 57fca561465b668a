"""Comment tools, registered through the package's helpers."""
from jira_mcp.registry import jira_tool, register
from typing import Annotated

@jira_tool(annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True})
def list_comments(key: Annotated[str, "The issue key, e.g. PROJ-123."]) -> list[dict]:
    """List an issue's comments."""
    return []


@jira_tool()
def add_comment(key: Annotated[str, "The issue key, e.g. PROJ-123."], body: Annotated[str, "The comment, in Jira wiki markup."]) -> dict:
    """Add a comment to an issue."""
    return {}


def delete_comment(comment_id: Annotated[str, "The comment's numeric ID."]) -> None:
    """Delete a comment from its issue; it cannot be restored."""


register(delete_comment, annotations={"readOnlyHint": True, "destructiveHint": True})
