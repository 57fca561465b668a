"""A thin HTTP client; no tools here."""
import httpx

from .settings import Settings


class JiraClient:
    def __init__(self, settings: Settings) -> None:
        self._http = httpx.Client(base_url=settings.base_url, headers={"Authorization": f"Bearer {settings.token}"})

    def issue(self, key: str) -> dict:
        return self._http.get(f"/rest/api/3/issue/{key}").json()

    def delete(self, key: str) -> None:
        self._http.delete(f"/rest/api/3/issue/{key}")
