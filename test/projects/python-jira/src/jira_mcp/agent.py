"""A Pydantic AI agent that triages issues: its tools are the agent's, not MCP tools."""
from pydantic_ai import Agent, RunContext

triage = Agent("openai:gpt-4o", system_prompt="Triage Jira issues.")


@triage.tool
def lookup_issue(ctx: RunContext[None], key: str) -> str:
    return key
