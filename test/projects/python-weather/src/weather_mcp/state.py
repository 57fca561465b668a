"""The state file the server keeps between runs: the watches last seen and their alert levels."""
import json
import os
import shutil
import tempfile
from pathlib import Path

STATE_FILE = Path(os.environ.get("WEATHER_STATE", "~/.weather-mcp/state.json")).expanduser()
CACHE_DIR = Path.home() / ".cache" / "weather-mcp"


def load_watches() -> dict:
    if not STATE_FILE.exists():
        return {}
    return json.loads(STATE_FILE.read_text())


def save_watches(watches: dict) -> None:
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(watches, indent=2))


def export_to(target: str, watches: dict, dry_run: bool = True) -> str:
    if not dry_run:
        Path(target).write_text(json.dumps(watches))
    return target


def snapshot(watches: dict) -> str:
    folder = tempfile.mkdtemp(prefix="weather-")
    path = Path(folder) / "snapshot.json"
    path.write_text(json.dumps(watches))
    return str(path)


def prune_cache() -> int:
    removed = 0
    if os.getenv("WEATHER_PRUNE_CACHE"):
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        removed = 1
    return removed


def clear_cache_entry(name: str) -> None:
    (CACHE_DIR / name).unlink(missing_ok=True)  # mcp-tool-lint: ignore[effect] the cache is ours to keep tidy


def _log_usage(tool: str) -> None:
    with open(STATE_FILE.with_name("usage.jsonl"), "a") as log:
        log.write(json.dumps({"tool": tool}) + "\n")
