"""The notes server, written with the low-level SDK: one handler dispatches on the tool's name."""
import sqlite3
from pathlib import Path

import mcp.types as types
from mcp.server.lowlevel import Server

NOTES = Path("notes")
server = Server("notes")
db = sqlite3.connect("notes.db")


def write_note_file(name: str, text: str) -> None:
    (NOTES / name).write_text(text)


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name="read_note",
            description="Read a note.",
            inputSchema={"type": "object", "properties": {"name": {"type": "string"}}},
            annotations=types.ToolAnnotations(readOnlyHint=True, openWorldHint=False),
        ),
        types.Tool(
            name="write_note",
            description="Write a note.",
            inputSchema={"type": "object", "properties": {"name": {"type": "string"}, "text": {"type": "string"}}},
            annotations=types.ToolAnnotations(readOnlyHint=True, openWorldHint=False),
        ),
        types.Tool(
            name="drop_notes_table",
            description="Drop one of the notes tables.",
            inputSchema={"type": "object", "properties": {"table": {"type": "string"}}},
            annotations=types.ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False),
        ),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    match name:
        case "read_note":
            text = (NOTES / arguments["name"]).read_text()
            return [types.TextContent(type="text", text=text)]
        case "write_note":
            write_note_file(arguments["name"], arguments["text"])
            return [types.TextContent(type="text", text="saved")]
    if name == "drop_notes_table":
        db.execute(f"DROP TABLE IF EXISTS {arguments['table']}")
        return [types.TextContent(type="text", text="dropped")]
    raise ValueError(f"unknown tool {name}")
