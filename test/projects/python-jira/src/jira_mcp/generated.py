"""Tools generated from the API's operations at start-up."""
from .client import JiraClient


class GeneratedTools:
    def __init__(self, server, client: JiraClient) -> None:
        self.mcp = server
        self.client = client

    def register(self, functions) -> None:
        for func in functions:
            self.mcp.tool(description=func.__doc__, annotations={"readOnlyHint": True})(func)
