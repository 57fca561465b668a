"""Project tools: annotations come from the shared presets."""
from jira_mcp import annotations
from jira_mcp.annotations import ARCHIVE, READ_ONLY, WRITE
from typing import Annotated
from .. import mcp


@mcp.tool(annotations=READ_ONLY)
def list_projects() -> list[dict]:
    """List the projects the user can see."""
    return []


@mcp.tool(annotations=annotations.READ_ONLY)
def get_project(key: Annotated[str, "The project key, e.g. PROJ."]) -> dict:
    """Fetch one project."""
    return {}


@mcp.tool(annotations=ARCHIVE)
def archive_project(key: Annotated[str, "The project key, e.g. PROJ."]) -> None:
    """Archive a project; it can be restored later."""


@mcp.tool(annotations=WRITE)
def rename_project(key: Annotated[str, "The project key, e.g. PROJ."], name: Annotated[str, "The new display name."]) -> dict:
    """Give a project a new display name; its key stays."""
    return {}
