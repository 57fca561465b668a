"""Annotation presets shared by the tool modules, so every read tool says the same thing."""
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(
    readOnlyHint=True,
    destructiveHint=False,
    idempotentHint=True,
    openWorldHint=True,
)

# Archiving keeps the issue, so it was meant to be non-destructive, but the flag was copied from the read preset.
ARCHIVE = ToolAnnotations(
    readOnlyHint=True,
    destructiveHint=True,
    idempotentHint=True,
    openWorldHint=True,
)

WRITE = {
    "readOnlyHint": False,
    "destructiveHint": False,
}
