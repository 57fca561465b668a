"""A read-only server mounting the issue tools under a prefix."""
from fastmcp import FastMCP

from jira_mcp.server import mcp
from jira_mcp.tools.issues import get_issue
from jira_mcp.tools.search import search_issues

readonly_mcp = FastMCP("jira-readonly")
readonly_mcp.add_tool(get_issue)
readonly_mcp.add_tool(search_issues)
mcp.mount(readonly_mcp, prefix="ro")
