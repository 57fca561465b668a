import { insertEntriesFix } from '../fixes/flag-fixes';
import { insertEdit } from '../fixes/edits';
import { Fix, ParameterDoc, ToolDeclaration } from '../model';
import { fill, Rule, RuleContext, severities } from './rule';
import { toolCalled } from './shared/tool-called';

const MESSAGES = {
  python: 'The parameter {parameter} of {name} has no description, so models guess what to pass. Add it to the docstring\'s Args.',
  script: 'The parameter {parameter} of {name} has no description, so models guess what to pass. Describe it in the input schema.',
  goStruct: 'The parameter {parameter} of {name} has no description, so models guess what to pass. Add a jsonschema tag to its field.',
  goOption: 'The parameter {parameter} of {name} has no description, so models guess what to pass. Add mcp.Description(...) to it.',
  csharp: 'The parameter {parameter} of {name} has no description, so models guess what to pass. Add [Description(...)] to it.',
} as const;

/** Where the description goes, in the words of the tool's SDK. */
function messageFor(declaration: ToolDeclaration): (typeof MESSAGES)[keyof typeof MESSAGES] {
  if (declaration.form === 'go-sdk-tool') return MESSAGES.goStruct;
  if (declaration.form === 'mcp-go-new-tool') return MESSAGES.goOption;
  if (declaration.language === 'csharp') return MESSAGES.csharp;
  return declaration.language === 'python' ? MESSAGES.python : MESSAGES.script;
}

export const undocumentedParameter: Rule = {
  code: 'MTL403',
  name: 'undocumented-parameter',
  severity: severities('info', { spec: 'off', arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool\'s input parameter has no description.',
    whatItDoes: 'Reports a parameter with no description. Python: no `Annotated[..., "text"]`, no `Annotated[..., Field(description=...)]` or `Field(description=...)` default, and no entry in the docstring\'s arguments section (Google `Args:`, NumPy `Parameters`, reST `:param name:`). TypeScript / JavaScript: a zod field without `.describe(...)`, or a JSON-schema property without `description`. Go: a field of a go-sdk tool\'s input struct without a `jsonschema:"..."` tag (the handler and the struct read where the file declares them), an mcp-go `mcp.WithString(...)` (or `WithNumber`, `WithInteger`, `WithBoolean`, `WithArray`, `WithObject`, `WithAny`) without `mcp.Description(...)`. C#: a parameter of an `[McpServerTool]` method without `[Description(...)]`. Not reported: parameters the SDK fills in (`Context`, `ToolContext`, FastMCP\'s `ctx`, the callback\'s `RequestHandlerExtra`; C#\'s `CancellationToken`, `IServiceProvider`, `McpServer`, `RequestContext<...>`, `IProgress<...>`, `ClaimsPrincipal`, `[FromKeyedServices]` / `[FromServices]` ones), a C# parameter whose type may be a service of the app\'s dependency injection (input is a built-in type, `DateTime`, `Guid`, `Uri` and the like, an enum or record of the tool\'s class, or an array, nullable or collection of those), and descriptions the linter cannot read (a computed schema, `WithInputSchema`, a struct of another file, a `partial` C# method described by its XML doc comment).',
    why: 'Clients send the model each tool\'s input schema, where a parameter\'s description is the only word on what to pass: a format, a unit, an identifier from another tool. Without it the model guesses, and calls fail or do the wrong thing.',
    example: '@mcp.tool(annotations={"readOnlyHint": True})\ndef get_forecast(city: str, days: int) -> dict:\n    """Return the weather forecast for a city."""',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": True})\ndef get_forecast(city: str, days: int) -> dict:\n    """Return the weather forecast for a city.\n\n    Args:\n        city: The city\'s name, e.g. "Lyon".\n        days: How many days ahead, 1 to 7.\n    """',
    fix: 'Quick-fix, only on request: adds the parameter to the docstring\'s arguments section in its style (a new `Args:` section when there is none), `.describe("")` to its zod field, `description: ""` to its JSON-schema property, `jsonschema:""` to its Go struct tag, `mcp.Description("")` to its mcp-go option, or `[Description("")]` to its C# parameter (`[System.ComponentModel.Description("")]` in a file without `using System.ComponentModel;`), and leaves the cursor where the description goes (in editors that take snippet edits).',
    mapping: 'The parameter\'s `description` in the tool\'s `inputSchema`.',
  },
  check(declaration, context) {
    if (declaration.documentedElsewhere) return;
    for (const parameter of declaration.parameterDocs ?? []) {
      if (parameter.injected || parameter.unknown || parameter.description !== undefined) continue;
      const fix = describeFix(parameter, context);
      context.report({
        range: parameter.range,
        message: fill(messageFor(declaration), { parameter: parameter.name, name: toolCalled(declaration) }),
        fixes: fix ? [fix] : [],
      });
    }
  },
};

function describeFix(parameter: ParameterDoc, context: RuleContext): Fix | undefined {
  const title = `Describe ${parameter.name}`;
  const at = parameter.describeAt;
  if (at) return { title, edits: [insertEdit(context.text, at.offset, at.text)], isPreferred: true, safe: false, cursor: { edit: 0, index: at.cursor } };
  if (!parameter.describeIn) return undefined;
  const fix = insertEntriesFix(context.text, parameter.describeIn, [['description', '""']], title, { preferred: true });
  // Between the quotes of the empty description the entry holds.
  const edit = fix?.edits.findIndex((candidate) => candidate.newText.includes('""')) ?? -1;
  if (fix && edit >= 0) fix.cursor = { edit, index: fix.edits[edit].newText.lastIndexOf('""') + 1 };
  return fix;
}
