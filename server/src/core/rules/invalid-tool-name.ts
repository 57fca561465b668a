import * as path from 'node:path';
import { Range, RelatedInfo, ToolDeclaration } from '../model';
import { fill, Rule, RuleContext, severities, shorten } from './rule';
import { placeValue } from './shared/place';

const VALID = /^[A-Za-z0-9_.-]{1,128}$/;

const MESSAGES = {
  empty: 'The tool name is empty, so clients may reject the tool. Use 1–128 characters of [A-Za-z0-9_.-].',
  tooLong: 'The tool name is {length} characters long, so clients may reject or rewrite it. Use at most 128 characters of [A-Za-z0-9_.-].',
  characters: 'The tool name {name} has characters other than letters, digits, _, - and ., so clients may reject or rewrite it. Rename it.',
  duplicate: 'The tool name {name} is already registered {where}, so clients will see only one of them. Give each tool a unique name.',
  elsewhere: 'The tool name {name} is also registered on this server in {files}, so clients will see only one of them. Give each a unique name.',
} as const;

/** A tool name as a message quotes it. */
function quoted(name: string): string {
  return JSON.stringify(shorten(name, 30));
}

export const invalidToolName: Rule = {
  code: 'MTL216',
  name: 'invalid-tool-name',
  severity: severities('warning', { arcade: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'A tool name outside 1–128 characters of [A-Za-z0-9_.-], or the same name registered twice on one server.',
    whatItDoes: 'Checks tool names the linter can read (a string literal or constant, or the function name): they should be 1 to 128 characters of letters, digits, `_`, `-` and `.`, and unique on their server. With the project index, tools registered on one server object by different modules are compared too: the duplicate is reported in each file, pointing at the other. Servers made in different functions (each test building its own) and names not known statically (a loop variable) are never duplicates.',
    why: 'The MCP spec (2025-11-25) says tool names SHOULD be 1–128 characters of [A-Za-z0-9_.-] and unique within a server: clients and gateways reject or rewrite other names, and a server keeps one tool per name, so a second tool with the same name replaces or hides the first.',
    example: 'server.registerTool("get weather", { description: "Weather for a city" }, handler);',
    useInstead: 'server.registerTool("get_weather", { description: "Weather for a city" }, handler);',
    fix: 'No automatic fix: choose a name.',
    mapping: 'The tool\'s `name` in tools/list.',
    exampleLanguage: 'typescript',
  },
  check(declaration, context) {
    const name = declaration.name;
    if (name === undefined || VALID.test(name)) return;
    const place = placeOf(declaration);
    const message = name.length === 0 ? MESSAGES.empty
      : name.length > 128 ? fill(MESSAGES.tooLong, { length: name.length })
        : fill(MESSAGES.characters, { name: quoted(name) });
    context.report({ range: place.range, related: place.related, message });
  },
  checkFile(declarations, context) {
    const first = new Map<string, (typeof declarations)[number]>();
    for (const declaration of declarations) {
      const name = declaration.name;
      if (name === undefined) continue;
      const key = `${declaration.server ?? ''}\0${name}`;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, declaration);
        reportElsewhere(declaration, name, context);
        continue;
      }
      if (sameFunction(earlier, declaration)) continue;
      const place = placeOf(declaration);
      const where = declaration.server ? 'on this server' : 'in this file';
      context.report({
        range: place.range,
        message: fill(MESSAGES.duplicate, { name: quoted(name), where }),
        related: [...place.related, { range: earlier.nameValue?.via ?? earlier.nameValue?.range ?? earlier.nameRange, message: `${JSON.stringify(name)} is first registered here.` }],
      });
    }
  },
};

function placeOf(declaration: ToolDeclaration): { range: Range; related: RelatedInfo[] } {
  return declaration.nameValue ? placeValue(declaration.nameValue, 'The name') : { range: declaration.nameRange, related: [] };
}

/** The same name registered on the same server by another module of the project: reported here, pointing there. */
function reportElsewhere(declaration: ToolDeclaration, name: string, context: RuleContext): void {
  const project = context.project;
  if (!project || !declaration.server) return;
  const others = project.toolsOnServerNamed(declaration.server, name);
  if (!others.length) return;
  const place = placeOf(declaration);
  const shown = others.map((tool) => path.relative(path.dirname(project.file), tool.file));
  const files = shown.length > 1 ? `${shorten(shown[0], 30)} and ${shown.length - 1} more` : shorten(shown[0], 40);
  context.report({
    range: place.range,
    message: fill(MESSAGES.elsewhere, { name: quoted(name), files }),
    related: [...place.related, ...others.map((tool) => ({ range: tool.range, file: tool.file, message: `${JSON.stringify(name)} is registered here too.` }))],
  });
}

/** `@tool` (which only marks a function) and `app.add_tool(fn)` (which registers it) name one tool. */
function sameFunction(a: ToolDeclaration, b: ToolDeclaration): boolean {
  if (!a.functionName || a.functionName !== b.functionName) return false;
  return a.form === 'arcade-tool' || b.form === 'arcade-tool';
}
