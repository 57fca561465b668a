"""Attachments, registered through the package's helper: nothing here names the SDK."""
from jira_mcp.registry import register
from typing import Annotated

def list_attachments(key: Annotated[str, "The issue key, e.g. PROJ-123."]) -> list[dict]:
    """List the files attached to an issue."""
    return []


def delete_attachment(attachment_id: Annotated[str, "The attachment's numeric ID."]) -> None:
    """Delete an attached file for good."""


register(list_attachments, annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True})
register(delete_attachment)
