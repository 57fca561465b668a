"""Admin tools: reports in SQL, shell commands, expressions."""
import subprocess

from mcp.types import ToolAnnotations

from ..db import store
from ..server import mcp


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False))
def run_report(query: str) -> list:
    """Run a SQL report."""
    return store.run_report(query)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def run_select(query: str) -> list:
    """Run a SELECT statement."""
    return store.run_select(query)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def find_watch(place: str) -> list:
    """Find a watch by place."""
    return store.find(place)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def shell(command: str) -> str:
    """Run a diagnostic shell command."""
    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def repo_status() -> str:
    """The deployment repository's status."""
    return subprocess.run(["git", "status", "--short"], capture_output=True, text=True).stdout


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def use_cluster(name: str) -> str:
    """Point kubectl at another cluster."""
    subprocess.run(["kubectl", "config", "use-context", name], check=True)
    return name


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False))
def publish_config(branch: str) -> str:
    """Push the configuration repository."""
    subprocess.run(["git", "push", "origin", branch], check=True)
    return branch


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def calculate(expression: str) -> str:
    """Evaluate an arithmetic expression."""
    return str(eval(expression))
