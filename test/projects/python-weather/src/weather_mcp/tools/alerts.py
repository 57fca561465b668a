"""Alert tools: they read and write the watch store and the state file."""
from datetime import datetime, timezone

from mcp.types import ToolAnnotations

from .. import state
from ..db import store
from ..server import mcp
from ..state import export_to, load_watches, save_watches


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def check_alerts() -> str:
    """Compare the current alert levels with the last ones seen."""
    watches = load_watches()
    changed = {place: level for place, level in watches.items() if level > 2}
    save_watches(watches)
    return f"{len(changed)} places changed"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def list_watches() -> list[tuple]:
    """List the watched places."""
    return store.list_watches()


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False))
def add_watch(place: str, level: int = 2) -> str:
    """Watch a place."""
    store.add_watch(place, level)
    return place


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False))
def remove_watch(place: str) -> str:
    """Stop watching a place."""
    store.delete_watch(place)
    return place


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def status() -> str:
    """Report when the alerts were last checked."""
    store.touch_status(datetime.now(timezone.utc).isoformat())
    return "ok"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def export_watches(target: str, dry_run: bool = True) -> str:
    """Export the watches to a file (a dry run unless dry_run is false)."""
    return export_to(target, load_watches(), dry_run=dry_run)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def sync_watches(dry_run: bool = False) -> str:
    """Write the watch list back to the state file."""
    watches = load_watches()
    if dry_run:
        return "would sync"
    save_watches(watches)
    return "synced"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def prune_cache() -> int:
    """Prune the forecast cache when WEATHER_PRUNE_CACHE is set."""
    return state.prune_cache()


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def snapshot_watches() -> str:
    """Write the watches to a temporary file and return its path."""
    return state.snapshot(load_watches())


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def forget_cached(name: str) -> str:
    """Forget one cached forecast."""
    state.clear_cache_entry(name)
    state._log_usage("forget_cached")
    return name
