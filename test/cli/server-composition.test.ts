// Server composition (design.md, "Server identity"): FastMCP `mount` / `import_server` and Arcade
// `add_tools_from_module` put a sub-server's tools on the host under prefixed names; what
// `preview --server` lists and what MTL216 compares on the host.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { makeTree, runCli } from './run';

const ANNOTATIONS = 'annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}';

/** Runs `check` in a temporary FastMCP project holding `files` (and `app/__init__.py`), removed afterwards. */
function inProject(files: Record<string, string>, check: (root: string) => void): void {
  const root = makeTree({ 'pyproject.toml': '[project]\nname = "x"\ndependencies = ["fastmcp>=2.3"]\n', 'app/__init__.py': '', ...files });
  try {
    check(root);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function toolNames(root: string, file: string, server: string): string[] {
  const run = runCli(['preview', file, '--server', server], { cwd: root });
  assert.equal(run.stderr, '');
  return JSON.parse(run.stdout).tools.map((tool: { name: string; file: string }) => `${tool.name} ${tool.file}`);
}

/** A forecast tool's docstring: the description and its parameter, so the tests see only what they are about. */
const FORECAST_DOC = '    """Return the weather forecast for a city.\n\n    Args:\n        city: The city\'s name.\n    """\n';

/** The imports of each test's app/main.py: FastMCP and the weather server of app/weather.py (SUB). */
const MAIN_IMPORTS = 'from fastmcp import FastMCP\nfrom app.weather import weather\n';

const SUB = `from fastmcp import FastMCP

weather = FastMCP("weather")


@weather.tool(${ANNOTATIONS})
def get_forecast(city: str) -> str:
${FORECAST_DOC}    return city
`;

test('mount and import_server, in the 2.x and the older argument order, list the sub-server\'s tools as prefix_name', () => {
  inProject({
    'app/weather.py': SUB,
    'app/main.py': `${MAIN_IMPORTS}
main = FastMCP("main")
legacy = FastMCP("legacy")
copied = FastMCP("copied")
plain = FastMCP("plain")
main.mount(weather, prefix="wx")
legacy.mount("old", weather)
copied.import_server(weather, prefix="imp")
plain.mount(weather)
`,
  }, (root) => {
    assert.deepEqual(toolNames(root, 'app/main.py', 'main'), ['wx_get_forecast app/weather.py']);
    assert.deepEqual(toolNames(root, 'app/main.py', 'legacy'), ['old_get_forecast app/weather.py']);
    assert.deepEqual(toolNames(root, 'app/main.py', 'copied'), ['imp_get_forecast app/weather.py']);
    assert.deepEqual(toolNames(root, 'app/main.py', 'plain'), ['get_forecast app/weather.py']);
  });
});

test('compositions nest (both prefixes) and a cycle stops', () => {
  inProject({
    'app/weather.py': SUB,
    'app/main.py': `${MAIN_IMPORTS}
middle = FastMCP("middle")
top = FastMCP("top")
middle.mount(weather, prefix="wx")
top.mount(middle, prefix="m")
weather.mount(top, prefix="loop")
`,
  }, (root) => {
    assert.deepEqual(toolNames(root, 'app/main.py', 'top'), ['m_wx_get_forecast app/weather.py']);
    assert.deepEqual(toolNames(root, 'app/weather.py', 'weather'), ['get_forecast app/weather.py']);
  });
});

test('MTL216 on the host: a tool named like a mounted tool\'s prefixed name is a duplicate on that server', () => {
  inProject({
    'app/weather.py': SUB,
    'app/main.py': `${MAIN_IMPORTS}
main = FastMCP("main")
main.mount(weather, prefix="wx")


@main.tool(${ANNOTATIONS})
def wx_get_forecast(city: str) -> str:
${FORECAST_DOC}    return city


@main.tool(${ANNOTATIONS})
def get_forecast(city: str) -> str:
${FORECAST_DOC}    return city
`,
  }, (root) => {
    const run = runCli(['--format', 'json', '.'], { cwd: root });
    const findings: Array<{ file: string; line: number; code: string; related?: Array<{ file: string; line: number }> }> = JSON.parse(run.stdout);
    assert.deepEqual(findings.map((finding) => `${finding.code} ${finding.file}:${finding.line} -> ${(finding.related ?? []).map((related) => `${related.file}:${related.line}`).join(', ')}`), [
      'MTL216 app/main.py:8 -> app/weather.py:6',
    ]);
    const preview = runCli(['preview', 'app/main.py', '--server', 'main'], { cwd: root });
    const tools: Array<{ name: string; findings: Array<{ code: string }> }> = JSON.parse(preview.stdout).tools;
    assert.deepEqual(tools.map((tool) => `${tool.name} ${tool.findings.map((finding) => finding.code).join(',')}`), ['wx_get_forecast MTL216', 'get_forecast ', 'wx_get_forecast ']);
  });
});

test('Arcade add_tools_from_module: the module\'s tools become the app\'s', () => {
  inProject({
    'pyproject.toml': '[project]\nname = "x"\ndependencies = ["arcade-mcp-server"]\n',
    'app/gmail.py': `from arcade_mcp_server import tool
from arcade_mcp_server.metadata import Behavior, ToolMetadata


@tool(metadata=ToolMetadata(behavior=Behavior(read_only=True, destructive=False, idempotent=True, open_world=True)))
def list_emails() -> list[str]:
    return []
`,
    'app/server.py': `from arcade_mcp_server import MCPApp
from app import gmail

app = MCPApp(name="Mail")
app.add_tools_from_module(gmail)
`,
  }, (root) => {
    assert.deepEqual(toolNames(root, 'app/server.py', 'Mail'), ['ListEmails app/gmail.py']);
  });
});

test('compositions made in a function on module-level servers count; a prefix from a module constant is read; one not known statically leaves the names unknown', () => {
  inProject({
    'app/weather.py': SUB,
    'app/settings.py': 'import os\n\nMOUNT_PREFIX = os.environ.get("MOUNT_PREFIX", "wx")\n',
    'app/main.py': `${MAIN_IMPORTS}from app import settings

PREFIX = "wx"
main = FastMCP("main")
constant = FastMCP("constant")
configured = FastMCP("configured")


def setup(debug: bool) -> None:
    """Called from main(): mounts the sub-servers."""
    if debug:
        main.mount(weather, prefix="wx")
    local = FastMCP("local")
    local.mount(weather, prefix="local")


def build_test_server(main: FastMCP) -> FastMCP:
    main.mount(weather, prefix="test")
    return main


def build_other() -> FastMCP:
    constant = FastMCP("other")
    constant.mount(weather, prefix="other")
    return constant


constant.mount(weather, prefix=PREFIX)
configured.mount(weather, prefix=settings.MOUNT_PREFIX)


@configured.tool(${ANNOTATIONS})
def get_forecast(city: str) -> str:
${FORECAST_DOC}    return city
`,
  }, (root) => {
    // Only setup()'s mount: a server given to a function or built in one is its own, even named like a module-level one.
    assert.deepEqual(toolNames(root, 'app/main.py', 'main'), ['wx_get_forecast app/weather.py']);
    assert.deepEqual(toolNames(root, 'app/main.py', 'constant'), ['wx_get_forecast app/weather.py']);
    const run = runCli(['preview', 'app/main.py', '--server', 'configured'], { cwd: root });
    const tools = JSON.parse(run.stdout).tools as Array<{ name: string; note?: string }>;
    assert.deepEqual(tools.map((tool) => tool.name), ['get_forecast', '<prefix>_get_forecast']);
    assert.equal(tools[1].note, 'The prefix it is mounted under is not known statically: clients see "<prefix>_get_forecast" with <prefix> filled in.');
    // Unknown names are no duplicates: get_forecast on configured itself is not reported against the mounted one.
    const lint = runCli(['--format', 'json', 'app'], { cwd: root });
    assert.deepEqual((JSON.parse(lint.stdout) as Array<{ code: string }>).map((finding) => finding.code), []);
  });
});
