import { lastEntry } from '../interpret';
import { fill, Rule, severities, shorten } from './rule';

const MESSAGES = {
  ignored: '{function} already has @tool, so Arcade ignores the metadata given to add_tool and clients never see it. Move it into @tool(...).',
} as const;

export const metadataIgnored: Rule = {
  code: 'MTL215',
  name: 'metadata-ignored',
  severity: severities('warning', { spec: 'off', arcade: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'app.add_tool(fn, metadata=...) on a function that already has @tool: Arcade ignores the new metadata.',
    whatItDoes: 'Reports `metadata=` on an Arcade `app.add_tool(fn, ...)` call whose function is defined in the same file with a `@tool` decorator.',
    why: 'Arcade keeps the metadata the decorator stored on the function, so the metadata given to `add_tool` never reaches clients: the annotations they see are not the ones written here.',
    example: '@tool\ndef get_weather(city: str) -> str: ...\n\napp.add_tool(get_weather, metadata=ToolMetadata(behavior=Behavior(read_only=True)))',
    useInstead: '@tool(metadata=ToolMetadata(behavior=Behavior(read_only=True)))\ndef get_weather(city: str) -> str: ...\n\napp.add_tool(get_weather)',
    fix: 'No automatic fix: move the metadata into the `@tool(...)` decorator.',
    mapping: 'The behavior that becomes the MCP annotations.',
  },
  check(declaration, context) {
    if (!declaration.metadataIgnored) return;
    const registration = declaration.registration;
    const entry = registration && (registration.kind === 'call' || registration.kind === 'mapping') ? lastEntry(registration.entries, 'metadata') : undefined;
    context.report({
      range: entry?.range ?? declaration.nameRange,
      message: fill(MESSAGES.ignored, { function: declaration.functionName ? shorten(declaration.functionName) : 'This function' }),
    });
  },
};
