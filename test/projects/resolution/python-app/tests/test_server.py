import mypkg.server
from nsplugins.extra import plugin
import json


def test_server() -> None:
    assert mypkg.server.mcp and plugin and json
