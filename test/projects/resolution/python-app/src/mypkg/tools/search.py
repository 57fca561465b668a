from ..server import mcp
from ..common import server as common_server
from ...outside import nothing


@mcp.tool(annotations={"readOnlyHint": True})
def search(query: str) -> str:
    return query
