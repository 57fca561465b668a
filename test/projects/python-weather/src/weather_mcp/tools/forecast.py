"""Forecast tools: the ACME forecast API (first-party) and a public geocoder."""
import os

import httpx
from mcp.types import ToolAnnotations

from ..generated.forecast_client import ForecastApi
from ..server import mcp

api = ForecastApi(os.environ.get("ACME_TOKEN", ""))
GEOCODER = "https://nominatim.openstreetmap.org"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def get_forecast(place: str) -> dict:
    """The forecast for a place."""
    return api.get_forecast(place)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def search_forecasts(query: str) -> dict:
    """Search the forecasts (a POST to the search endpoint)."""
    return api.search_forecasts(query)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def find_place(name: str) -> list:
    """Geocode a place name."""
    response = httpx.post(f"{GEOCODER}/search", data={"q": name, "format": "json"})
    return response.json()


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def raise_alert(place: str, level: int) -> dict:
    """Raise an alert for a place."""
    return api.create_alert(place, level)


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def close_client() -> str:
    """Close the API client."""
    api.close()
    return "closed"


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
def station_report(station: str) -> str:
    """The raw report of a weather station, from a URL the operator configures."""
    base = os.environ["STATION_URL"]
    return httpx.put(f"{base}/stations/{station}/report").text
