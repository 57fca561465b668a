"""The store the tools share."""
from .storage import WatchStore

store = WatchStore("watches.db")
