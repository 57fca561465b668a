/**
 * Hovers (markdown), a few lines each: a flag or hint key (MCP mapping, meaning and default, what
 * clients do, this tool's effective value), `ToolMetadata` / `Behavior` / `Classification` /
 * `ToolAnnotations` (what they become for clients, model-hover.ts), `ServiceDomain.X` /
 * `Operation.X` (description and wire value), the tool card on the tool's name and registration
 * (tool-card.ts), and a rule code in a suppression comment (the rule's docs). Below, for each
 * finding under the cursor, why its rule matters: the longer story its short message leaves out.
 */
import { Node, Tree } from 'web-tree-sitter';
import { AnalysisResult } from '../analyze';
import type { EffectSource } from '../effects/tool-effects';
import { HINTS, HintSpelling, MCP_GO_OPTIONS, SPEC_DEFAULTS } from '../data/fields';
import { EnumName, enumMembers } from '../data/service-domains';
import { offsetAt, rangeAt } from '../fixes/positions';
import { rangeOf } from '../frontends/syntax';
import { Entry, EnumItem, Finding, HintName, Position, Range, ToolDeclaration } from '../model';
import { projectTool, ToolProjection } from '../projection';
import { findRule } from '../rules';
import { docsUrl, Rule } from '../rules/rule';
import { findSuppressions } from '../suppressions';
import { FIELD_DOCS, HINT_DOCS, hintOfKey } from './field-docs';
import { contains, declarationsReaching, entryKeyAt } from './locate';
import { modelObjectHover } from './model-hover';
import { toolCardAt } from './tool-card';

export interface CoreHover {
  markdown: string;
  range: Range;
}

/** The hover at `position`; the tool card lists the tools' effects from `effects` (the server's second pass). */
export function hoverAt(tree: Tree, text: string, position: Position, result: AnalysisResult | undefined, effects?: EffectSource): CoreHover | undefined {
  const main = mainHover(tree, text, position, result, effects);
  const notes = findingNotes(result?.findings ?? [], position);
  if (notes.length === 0) return main;
  const markdown = [...(main ? [main.markdown] : []), ...notes.map((note) => note.markdown)].join('\n\n---\n\n');
  return { markdown, range: main?.range ?? notes[0].range };
}

function mainHover(tree: Tree, text: string, position: Position, result: AnalysisResult | undefined, effects: EffectSource | undefined): CoreHover | undefined {
  const offset = offsetAt(text, position);
  const node = tree.rootNode.descendantForIndex(offset, offset);
  if (node?.type === 'comment') return suppressionHover(tree, text, offset);
  const declarations = result?.declarations ?? [];
  // A tool's names first: none of them is a key, a member or a constructor with a hover of its own.
  const card = toolCardAt(declarations, position, effects);
  if (card) return card;
  const key = entryKeyAt(declarations, position);
  const keyDocs = key && keyHover(key.declaration, key.entry);
  if (keyDocs) return keyDocs;
  const member = enumMemberAt(node, offset) ?? enumStringAt(declarations, position);
  if (member) return member;
  return modelObjectHover(declarations, node, position);
}

/** Why each rule reporting at `position` matters (its docs' "why"), once per rule, with its docs page. */
function findingNotes(findings: readonly Finding[], position: Position): CoreHover[] {
  const notes: CoreHover[] = [];
  const seen = new Set<string>();
  for (const finding of findings) {
    if (!contains(finding.range, position)) continue;
    const rule = findRule(finding.code);
    if (!rule || seen.has(rule.code)) continue;
    seen.add(rule.code);
    notes.push({ markdown: `**${rule.code} ${rule.name}:** ${rule.docs.why} [Documentation](${docsUrl(rule.name)})`, range: finding.range });
  }
  return notes;
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/** How a hint's value reads for this tool: declared, defaulted, or computed at run time. */
function effectiveLine(projection: ToolProjection, hint: HintName): string {
  const value = projection.effective[hint];
  if (projection.unknown.includes(hint)) return `computed at run time (the linter cannot read it); if it is left out, clients assume ${code(`${hint}: ${SPEC_DEFAULTS[hint]}`)}`;
  const moot = (hint === 'destructiveHint' || hint === 'idempotentHint') && projection.effective.readOnlyHint ? ' — no effect, since the tool is read-only' : '';
  if (projection.defaulted.includes(hint)) return `${code(`${hint}: ${value}`)} (not declared: the spec default)${moot}`;
  return `${code(`${hint}: ${value}`)} (declared)${moot}`;
}

function keyHover(declaration: ToolDeclaration, entry: Entry): CoreHover | undefined {
  const named = hintOfKey(entry.key);
  const isArcade = declaration.form.startsWith('arcade-');
  if (!named || (named.arcadeFlag && !isArcade)) {
    const doc = FIELD_DOCS[entry.key];
    return doc ? { markdown: `**${code(entry.key)}**\n\n${doc}`, range: entry.keyRange } : undefined;
  }
  const { hint, arcadeFlag } = named;
  const doc = HINT_DOCS[hint];
  const compiled = declaration.annotations?.spelling;
  const spelling = arcadeFlag ? '' : compiled ? ` (${SPELLING_NAMES[compiled](hint)})` : entry.key === hint ? '' : ` (snake_case spelling of ${code(hint)}, accepted by the Python SDK v2)`;
  const lines = [
    arcadeFlag ? `**${code(entry.key)}** — Arcade \`Behavior\` flag → MCP annotation **${code(hint)}**` : `**${code(entry.key)}** — MCP tool annotation${spelling}`,
    '',
    declaration.sentDefaults?.includes(hint)
      ? `${doc.meaning} Omitted: the SDK sends ${code(`${hint}: ${SPEC_DEFAULTS[hint]}`)} itself (${declaration.form === 'go-sdk-tool' ? 'go-sdk v1.7.0 and later always send `readOnlyHint` and `idempotentHint`' : "mcp-go's `NewTool` fills every hint left unset"}).`
      : `${doc.meaning} ${arcadeFlag ? 'Unset or `None`' : 'Omitted'}: clients assume ${code(`${hint}: ${SPEC_DEFAULTS[hint]}`)}.`,
    '',
    `In clients: ${doc.inClients}`,
    '',
    `**This tool:** ${effectiveLine(projectTool(declaration), hint)}.`,
  ];
  return { markdown: lines.join('\n'), range: entry.keyRange };
}

/** How a compiled SDK's key names a hint, for hovers. */
const SPELLING_NAMES: Record<HintSpelling, (hint: HintName) => string> = {
  'go-struct': (hint) => `the Go SDK's field for ${code(hint)}`,
  'mcp-go-options': (hint) => `mcp-go's option ${code(MCP_GO_OPTIONS[hint])}`,
  'csharp-attribute': (hint) => `the C# SDK's attribute property for ${code(hint)}`,
};

const MEMBER_PARENTS = new Set(['attribute', 'member_expression']);

/** `ServiceDomain.EMAIL` / `Operation.READ` under the cursor, read from the syntax tree. */
function enumMemberAt(node: Node | null, offset: number): CoreHover | undefined {
  if (!node || (node.type !== 'identifier' && node.type !== 'property_identifier')) return undefined;
  const parent = node.parent;
  if (!parent || !MEMBER_PARENTS.has(parent.type)) return undefined;
  const object = parent.childForFieldName('object');
  const property = parent.childForFieldName(parent.type === 'attribute' ? 'attribute' : 'property');
  if (!object || !property || property.id !== node.id || offset < node.startIndex) return undefined;
  const owner = object.type === 'identifier' ? object.text : object.childForFieldName(object.type === 'attribute' ? 'attribute' : 'property')?.text;
  if (owner !== 'ServiceDomain' && owner !== 'Operation') return undefined;
  return memberHover(owner, node.text, rangeOf(parent));
}

/** A lowercase string in `service_domains=[...]` / `operations=[...]`. */
function enumStringAt(declarations: readonly ToolDeclaration[], position: Position): CoreHover | undefined {
  for (const declaration of declarationsReaching(declarations, position)) {
    const lists: Array<[EnumName, readonly EnumItem[] | undefined]> = [
      ['ServiceDomain', declaration.metadata?.classification?.serviceDomains?.items],
      ['Operation', declaration.metadata?.behavior?.operations?.items],
    ];
    for (const [enumName, items] of lists) {
      for (const { value } of items ?? []) {
        if (value.kind !== 'string' || !contains(value.range, position)) continue;
        const found = enumMembers(enumName).find((member) => member.value === value.value);
        if (found) return memberHover(enumName, found.member, value.range);
      }
    }
  }
  return undefined;
}

function memberHover(enumName: EnumName, member: string, range: Range): CoreHover | undefined {
  const info = enumMembers(enumName).find((candidate) => candidate.member === member);
  if (!info) return undefined;
  const label = enumName === 'Operation' ? 'When to use' : 'Service domain';
  return {
    markdown: `**${code(`${enumName}.${info.member}`)}** — wire value ${code(`"${info.value}"`)}\n\n**${label}:** ${info.description}`,
    range,
  };
}

function suppressionHover(tree: Tree, text: string, offset: number): CoreHover | undefined {
  for (const directive of findSuppressions(tree.rootNode, text)) {
    if (offset < directive.commentStart || offset > directive.commentEnd) continue;
    const suppressed = directive.codes.find((item) => offset >= item.start && offset <= item.end);
    if (!suppressed) return undefined;
    if (!suppressed.rule) {
      return { markdown: `${code(suppressed.text)} is not an mcp-tool-lint rule code or name.`, range: rangeAt(text, suppressed.start, suppressed.end) };
    }
    return { markdown: ruleDocs(suppressed.rule), range: rangeAt(text, suppressed.start, suppressed.end) };
  }
  return undefined;
}

/** A rule's documentation as markdown, from its `docs`. */
export function ruleDocs(rule: Rule): string {
  const docs = rule.docs;
  const language = docs.exampleLanguage ?? 'python';
  const lines = [
    `**${rule.code} ${rule.name}** (${rule.severity.recommended} in \`recommended\`)`,
    '',
    docs.summary,
    '',
    docs.whatItDoes,
    '',
    `**Why:** ${docs.why}`,
    '',
    '**Example:**',
    '```' + language,
    docs.example,
    '```',
    '**Use instead:**',
    '```' + language,
    docs.useInstead,
    '```',
    `**Fix:** ${docs.fix}`,
  ];
  if (docs.mapping) lines.push('', `**Mapping:** ${docs.mapping}`);
  lines.push('', `[Documentation](${docsUrl(rule.name)})`);
  return lines.join('\n');
}
