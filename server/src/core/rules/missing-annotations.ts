import { SourceText } from '../source-text';
import { containerOfValue, formatEntries } from '../fixes/flag-fixes';
import { insertEdit, insertEntriesEdits, replaceEdit } from '../fixes/edits';
import { lastEntry } from '../interpret';
import { Fix, TextEdit, ToolDeclaration, Value } from '../model';
import { Rule, severities } from './rule';

const PYTHON_BEHAVIOR = 'Behavior(read_only=False, destructive=True, idempotent=False, open_world=True)';
const PYTHON_ANNOTATIONS = 'ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=True)';
const TS_ANNOTATIONS = '{ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }';

const MESSAGES = {
  arcade: 'No behavior metadata, so clients treat the tool as read-write, destructive and open-world. Add ToolMetadata(behavior=Behavior(...)).',
  annotations: 'No annotations, so clients treat this tool as read-write, destructive and open-world. Add annotations with all four hints.',
} as const;

export const missingAnnotations: Rule = {
  code: 'MTL203',
  name: 'missing-annotations',
  severity: severities('warning', { strict: 'error', spec: 'info', arcade: 'off', 'openai-apps': 'error' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool is declared with no annotations (or, for Arcade, no behavior) at all.',
    whatItDoes: 'Reports a tool registration that gives no `annotations` (MCP SDKs, FastMCP, tool object literals) or, for Arcade tools, no `metadata=ToolMetadata(behavior=...)`. The finding sits on the registration: the decorator callee, the `registerTool` callee, the object literal\'s `name` key or the class name. Annotations or metadata the linter cannot read (a helper call, an imported preset) are not reported.',
    why: 'Without annotations (for Arcade: without a `behavior`, so the MCP annotations carry no hints), clients assume the spec defaults `readOnlyHint: false`, `destructiveHint: true` and `openWorldHint: true`: they treat the tool as read-write, destructive and open-world, every call asks for confirmation, read-only tools cannot be auto-approved, and directory reviews reject the tool. Give all four flags or hints.',
    example: '@mcp.tool()\ndef get_forecast(city: str) -> str: ...',
    useInstead: '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=True))\ndef get_forecast(city: str) -> str: ...',
    fix: 'Quick-fix only (never on save): inserts a complete annotations object, or `metadata=ToolMetadata(behavior=Behavior(...))` for Arcade, with the spec\'s pessimistic values (not read-only, destructive, not idempotent, open-world) for the author to adjust. It does not add the import of `ToolAnnotations` / `ToolMetadata` / `Behavior`: add it if the file lacks it.',
    mapping: 'All four hints: `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`.',
  },
  check(declaration, context) {
    if (!isMissing(declaration)) return;
    const arcade = isArcade(declaration);
    const fix = arcade ? arcadeFix(context.text, declaration) : annotationsFix(context.text, declaration);
    context.report({
      range: declaration.nameRange,
      message: arcade ? MESSAGES.arcade : MESSAGES.annotations,
      fixes: fix ? [fix] : [],
    });
  },
};

function isArcade(declaration: ToolDeclaration): boolean {
  return declaration.form === 'arcade-app-tool' || declaration.form === 'arcade-tool' || declaration.form === 'arcade-add-tool';
}

function entriesOfValue(value: Value | undefined) {
  return value && (value.kind === 'call' || value.kind === 'mapping') ? value.entries : undefined;
}

/** Whether the registration passes unknown keyword arguments (`**options`): then nothing is known to be missing. */
function opaque(value: Value | undefined): boolean {
  return !!value && (value.kind === 'call' || value.kind === 'mapping') && !!value.opaqueSpread;
}

function isMissing(declaration: ToolDeclaration): boolean {
  if (opaque(declaration.registration)) return false;
  if (!isArcade(declaration)) return !declaration.annotations;
  const written = declaration.metadataValue;
  if (!written || written.kind === 'null') return true;
  const metadata = declaration.metadata?.value;
  const entries = entriesOfValue(metadata);
  if (!entries || opaque(metadata)) return false;
  return !lastEntry(entries, 'behavior');
}

function arcadeFix(text: SourceText, declaration: ToolDeclaration): Fix | undefined {
  const title = 'Add behavior metadata with pessimistic flags (adjust them)';
  const metadata = declaration.metadataValue;
  if (metadata && metadata.kind !== 'null') {
    const container = containerOfValue(metadata);
    if (!container) return undefined;
    const edits = insertEntriesEdits(text, container, formatEntries(text, container, [['behavior', PYTHON_BEHAVIOR]]));
    return edits && { title, edits, safe: false };
  }
  return insertInRegistration(text, declaration, 'metadata', `ToolMetadata(behavior=${PYTHON_BEHAVIOR})`, title);
}

function annotationsFix(text: SourceText, declaration: ToolDeclaration): Fix | undefined {
  const title = 'Add annotations with pessimistic hints (adjust them)';
  const insertion = declaration.insertion;
  // A compiled SDK's front end writes the entries in its own spelling (Go: a struct field, mcp-go's options).
  if (insertion?.kind === 'container' && insertion.entries) {
    const edits = insertEntriesEdits(text, insertion.container, insertion.entries);
    return edits && { title, edits, safe: false };
  }
  if (insertion?.kind === 'bare-decorator' && insertion.entries) return { title, edits: [insertEdit(text, insertion.offset, `(${insertion.entries.join(', ')})`)], safe: false };
  const value = declaration.language === 'python' ? PYTHON_ANNOTATIONS : TS_ANNOTATIONS;
  return insertInRegistration(text, declaration, 'annotations', value, title);
}

function insertInRegistration(text: SourceText, declaration: ToolDeclaration, key: string, value: string, title: string): Fix | undefined {
  const written = lastEntry(entriesOfValue(declaration.registration) ?? [], key);
  if (written) {
    // `annotations=None` / `metadata=None`: replace the None rather than repeat the keyword.
    if (written.value.kind !== 'null' || written.value.via || written.viaSpread) return undefined;
    return { title, edits: [replaceEdit(written.value.range, value)], safe: false };
  }
  const insertion = declaration.insertion;
  if (!insertion) return undefined;
  let edits: TextEdit[] | undefined;
  if (insertion.kind === 'bare-decorator') {
    edits = [insertEdit(text, insertion.offset, `(${key}=${value})`)];
  } else {
    edits = insertEntriesEdits(text, insertion.container, formatEntries(text, insertion.container, [[key, value]]));
  }
  return edits && { title, edits, safe: false };
}
