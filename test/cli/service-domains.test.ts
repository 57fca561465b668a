// Arcade's string service domains (issue 25 item 13): under --profile arcade an unknown domain is an
// error, as Arcade 4.11 rejects it when the metadata is built; in recommended it stays a warning,
// since a newer Arcade may add domains.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeTree, runCli } from './run';

const TOOL = `from arcade_mcp_server import MCPApp
from arcade_mcp_server.metadata import Behavior, Classification, ServiceDomain, ToolMetadata

app = MCPApp(name="Weather")


@app.tool(
    metadata=ToolMetadata(
        classification=Classification(service_domains=["weather", ServiceDomain.WEATHER]),
        behavior=Behavior(read_only=True, destructive=False, idempotent=True, open_world=True),
    ),
)
def get_forecast(city: str) -> str:
    """Get the forecast for a city.

    Args:
        city: The city's name.
    """
    return city
`;

function findings(profile: string): { status: number | null; found: string[] } {
  const root = makeTree({ 'weather.py': TOOL });
  const run = runCli(['--format', 'json', '--profile', profile, 'weather.py'], { cwd: root });
  assert.equal(run.stderr, '');
  const found = (JSON.parse(run.stdout) as Array<{ line: number; column: number; code: string; severity: string }>).map((f) => `${f.line}:${f.column} ${f.code} ${f.severity}`);
  return { status: run.status, found };
}

test('--profile arcade: a string or member service domain Arcade does not know is an error (exit 1)', () => {
  assert.deepEqual(findings('arcade'), { status: 1, found: ['9:56 MTL204 error', '9:67 MTL204 error'] });
});

test('recommended: the same domains are warnings (exit 0)', () => {
  assert.deepEqual(findings('recommended'), { status: 0, found: ['9:56 MTL204 warning', '9:67 MTL204 warning'] });
});
