"""The watch store: one SQLite table of watched places."""
import sqlite3


class WatchStore:
    def __init__(self, path: str) -> None:
        self.connection = sqlite3.connect(path)

    def list_watches(self) -> list[tuple]:
        cursor = self.connection.execute("SELECT place, level FROM watches ORDER BY place")
        return cursor.fetchall()

    def find(self, place: str) -> list[tuple]:
        return self.connection.execute("SELECT place, level FROM watches WHERE place = ?", (place,)).fetchall()

    def add_watch(self, place: str, level: int) -> None:
        self.connection.execute("INSERT INTO watches (place, level) VALUES (?, ?)", (place, level))
        self.connection.commit()

    def delete_watch(self, place: str) -> None:
        self.connection.execute("DELETE FROM watches WHERE place = ?", (place,))
        self.connection.commit()

    def touch_status(self, checked_at: str) -> None:
        self._record_check(checked_at)

    def _record_check(self, checked_at: str) -> None:
        self.connection.execute("INSERT INTO checks (checked_at) VALUES (?)", (checked_at,))
        self.connection.execute("DELETE FROM checks WHERE checked_at < date('now', '-7 days')")

    def run_report(self, query: str) -> list[tuple]:
        return self.connection.execute(query).fetchall()

    def run_select(self, query: str) -> list[tuple]:
        if not query.strip().lower().startswith("select"):
            raise ValueError("only SELECT statements are allowed")
        return self.connection.execute(query).fetchall()
