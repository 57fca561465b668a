from fastmcp import FastMCP

mcp = FastMCP("catalogue")
