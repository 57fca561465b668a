"""An Arcade MCP server for a notes service: one tool is declared well, the others are not."""
from typing import Annotated

from arcade_mcp_server import MCPApp
from arcade_mcp_server.metadata import (
    Behavior,
    Classification,
    Operation,
    ServiceDomain,
    ToolMetadata,
)

app = MCPApp(name="Notes", version="1.0.0")


@app.tool(
    metadata=ToolMetadata(
        classification=Classification(service_domains=[ServiceDomain.DOCUMENTS]),
        behavior=Behavior(
            operations=[Operation.CREATE],
            read_only=False,
            destructive=False,
            idempotent=False,
            open_world=True,
        ),
    ),
)
def create_note(title: Annotated[str, "The note's title"], body: Annotated[str, "The note's text"]) -> str:
    """Create a note and return its id."""
    return "note-1"


@app.tool(
    metadata=ToolMetadata(
        behavior=Behavior(
            operations=[Operation.DELETE],
            read_only=True,
            destructive=True,
            idempotent=True,
            open_world=True,
        ),
    ),
)
def delete_note(note_id: Annotated[str, "The note to delete"]) -> bool:
    """Delete a note for good."""
    return True


@app.tool(
    metadata=ToolMetadata(
        behavior=Behavior(
            operations=[Operation.READ],
            read_only=True,
        ),
    ),
)
def get_note(note_id: Annotated[str, "The note to read"]) -> str:
    """Return the text of a note."""
    return ""


@app.tool
def archive_note(note_id: Annotated[str, "The note to archive"]) -> bool:
    """Move a note to the archive."""
    return True
