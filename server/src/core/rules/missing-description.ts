import { LanguageId } from '../model';
import { fill, Rule, severities } from './rule';
import { toolCalled } from './shared/tool-called';

const MESSAGES = {
  missing: '{name} has no description, and models choose tools by their descriptions. Add {where} saying what it does.',
} as const;

/** What the author adds, in each language's words. */
const WHERE: Partial<Record<LanguageId, string>> = { python: 'a docstring', csharp: 'a [Description] attribute' };

export const missingDescription: Rule = {
  code: 'MTL401',
  name: 'missing-description',
  severity: severities('warning', { spec: 'off', arcade: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'A tool has no description.',
    whatItDoes: 'Reports a tool with no docstring, `desc=` or `description=` (Python), no `description` in its config or tool object, and no description argument to `server.tool(...)` (TypeScript / JavaScript). A description the linter cannot read (a variable, a spread, a function defined in another module) is not reported.',
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
      message: fill(MESSAGES.missing, { name: called === 'this tool' ? 'This tool' : `The tool ${called}`, where: WHERE[declaration.language] ?? 'a description' }),
    });
  },
};
