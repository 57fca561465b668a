"""Each test builds its own server and registers the same functions."""
from fastmcp import FastMCP

from jira_mcp.tools.issues import delete_issue, get_issue


def make_server() -> FastMCP:
    mcp = FastMCP("test")
    mcp.add_tool(get_issue)
    mcp.add_tool(delete_issue)
    return mcp


def test_lists_both_tools() -> None:
    server = FastMCP("other-test")
    server.add_tool(get_issue)
    server.add_tool(delete_issue)
    assert server
