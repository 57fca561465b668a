import { ToolDeclaration } from '../model';
import { fill, Rule, severities } from './rule';
import { toolCalled } from './shared/tool-called';

const MESSAGES = {
  missing: '{name} has no description, and models choose tools by their descriptions. Add {where} saying what it does.',
} as const;

/** What the author adds, in the words of the tool's SDK. */
function where(declaration: ToolDeclaration): string {
  if (declaration.form === 'go-sdk-tool') return 'a Description';
  if (declaration.form === 'mcp-go-new-tool') return 'mcp.WithDescription(...)';
  if (declaration.language === 'csharp') return 'a [Description] attribute';
  return declaration.language === 'python' ? 'a docstring' : 'a description';
}

export const missingDescription: Rule = {
  code: 'MTL401',
  name: 'missing-description',
  severity: severities('warning', { spec: 'off', arcade: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'A tool has no description.',
    whatItDoes: 'Reports a tool with no description where its SDK takes one: no docstring, `desc=` or `description=` (Python); no `description` in its config or tool object, and no description argument to `server.tool(...)` (TypeScript / JavaScript); no `Description` field of a go-sdk `mcp.Tool`, no `mcp.WithDescription(...)` option of mcp-go\'s `NewTool` (Go); no `[Description(...)]` on an `[McpServerTool]` method (C#). A description the linter cannot read is not reported: a variable read at run time, a spread or an option it cannot follow, a function defined in another module, a project wrapper that may describe the tool itself, a `partial` C# method whose XML doc comment the SDK\'s source generator turns into its description, an Azure command class (its description is required by the attribute or comes from a base class).',
    why: 'An MCP client hands the model each tool\'s name, description and input schema, and the model picks a tool from them. Without a description the model guesses from the name, and picks the wrong tool or none.',
    example: '@mcp.tool(annotations={"readOnlyHint": True})\ndef lookup(code: str) -> dict:\n    return {}',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": True})\ndef lookup(code: str) -> dict:\n    """Look up an airport by its IATA code and return its name, city and time zone."""\n    return {}',
    fix: 'No quick-fix: only the author knows what to write.',
    mapping: 'The tool\'s `description` in `tools/list`.',
  },
  check(declaration, context) {
    if (declaration.descriptionState !== 'missing' || declaration.documentedElsewhere) return;
    const called = toolCalled(declaration);
    context.report({
      range: declaration.nameRange,
      message: fill(MESSAGES.missing, { name: called === 'this tool' ? 'This tool' : `The tool ${called}`, where: where(declaration) }),
    });
  },
};
