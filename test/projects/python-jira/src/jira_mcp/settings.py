import os
from dataclasses import dataclass


@dataclass
class Settings:
    base_url: str
    token: str


def load_settings() -> Settings:
    return Settings(base_url=os.environ.get("JIRA_URL", "https://jira.example.com"), token=os.environ.get("JIRA_TOKEN", ""))
