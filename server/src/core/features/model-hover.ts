/**
 * Hovers on the objects a tool's metadata is built from (`ToolMetadata`, `Behavior`,
 * `Classification`, `ToolAnnotations`): what the object becomes in what clients receive, and
 * this tool's values, in a few lines.
 */
import { Node } from 'web-tree-sitter';
import { HINTS } from '../data/fields';
import { rangeOf } from '../frontends/syntax';
import { Entry, Position, Range, ToolDeclaration, Value } from '../model';
import { projectTool, ToolProjection } from '../projection';
import { contains, declarationsReaching, findEntryAt, rootValues } from './locate';

type ModelObject = 'ToolMetadata' | 'Behavior' | 'Classification' | 'ToolAnnotations';

const BECOMES: Record<ModelObject, string> = {
  ToolMetadata: 'Arcade tool metadata: its `behavior` becomes the tool\'s MCP annotations, and `classification`, `behavior` and `extras` are sent as written in `_meta.arcade.metadata` (also the webhook metadata). `strict` is never sent.',
  Behavior: 'Arcade flags → MCP annotations: `read_only` → `readOnlyHint`, `destructive` → `destructiveHint`, `idempotent` → `idempotentHint`, `open_world` → `openWorldHint`. An unset or `None` flag is left out, so clients assume its default. `operations` go only to `_meta.arcade.metadata`.',
  Classification: 'Not an MCP annotation: `service_domains` go only to `_meta.arcade.metadata` (also the webhook metadata), for tool discovery. A service domain means an external service, so `open_world` must not be False.',
  ToolAnnotations: 'MCP tool annotations, sent as written in the tool\'s `tools/list` entry. An omitted hint takes the spec default: `readOnlyHint: false`, `destructiveHint: true`, `idempotentHint: false`, `openWorldHint: true`.',
};

function isModelObject(name: string): name is ModelObject {
  return name in BECOMES;
}

export interface ModelHover {
  markdown: string;
  range: Range;
}

/** The hover on a model object's name under `position`: a callee (Python) or a `ToolAnnotations` type (TS). */
export function modelObjectHover(declarations: readonly ToolDeclaration[], node: Node | null, position: Position): ModelHover | undefined {
  const found = calleeAt(declarations, position) ?? typeNameAt(declarations, node);
  if (!found) return undefined;
  return { markdown: modelMarkdown(found.object, projectTool(found.declaration)), range: found.range };
}

function modelMarkdown(object: ModelObject, projection: ToolProjection): string {
  const thisTool = object === 'Classification' ? classificationLine(projection) : annotationsLine(projection);
  return [`**\`${object}\`** — what it becomes for clients`, '', BECOMES[object], '', `**This tool:** ${thisTool}`].join('\n');
}

/** `readOnlyHint: true` · ... with `*` on spec defaults and `?` on values computed at run time. */
export function annotationsLine(projection: ToolProjection): string {
  const marks = { defaulted: false, unknown: false };
  const hints = HINTS.map((hint) => {
    const unknown = projection.unknown.includes(hint);
    const defaulted = !unknown && projection.defaulted.includes(hint);
    marks.defaulted ||= defaulted;
    marks.unknown ||= unknown;
    return `\`${hint}: ${projection.effective[hint]}\`${defaulted ? '*' : unknown ? '?' : ''}`;
  });
  const legend = [marks.defaulted ? '`*` spec default' : '', marks.unknown ? '`?` computed at run time' : ''].filter(Boolean).join(', ');
  return `${hints.join(' · ')}${legend ? ` (${legend})` : ''}.`;
}

function classificationLine(projection: ToolProjection): string {
  const classification = (projection.arcadeMeta as { classification?: unknown } | undefined)?.classification;
  return classification === undefined ? 'no classification is sent.' : `\`"classification": ${JSON.stringify(classification)}\` in \`_meta.arcade.metadata\`.`;
}

type Found = { declaration: ToolDeclaration; object: ModelObject; range: Range };

function modelCallAt(value: Value, position: Position): { object: ModelObject; range: Range } | undefined {
  if (value.kind !== 'call' || !isModelObject(value.callee) || !contains(value.calleeRange, position)) return undefined;
  return { object: value.callee, range: value.calleeRange };
}

/** `ToolMetadata(`, `Behavior(`, `Classification(`, `ToolAnnotations(` under the cursor, in the tools' values (presets included). */
function calleeAt(declarations: readonly ToolDeclaration[], position: Position): Found | undefined {
  const reaching = declarationsReaching(declarations, position);
  const holds = (declaration: ToolDeclaration) => contains(declaration.range, position);
  for (const declaration of [...reaching.filter(holds), ...reaching.filter((declaration) => !holds(declaration))]) {
    for (const root of rootValues(declaration)) {
      const direct = modelCallAt(root, position);
      if (direct) return { declaration, ...direct };
      const entry: Entry | undefined = findEntryAt(root, position, (candidate) => modelCallAt(candidate.value, position) !== undefined);
      const call = entry && modelCallAt(entry.value, position);
      if (call) return { declaration, ...call };
    }
  }
  return undefined;
}

/** A `ToolAnnotations` type (`annotations: ToolAnnotations = {...}`, `satisfies ToolAnnotations`): the tool whose annotations it types. */
function typeNameAt(declarations: readonly ToolDeclaration[], node: Node | null): Found | undefined {
  if (node?.type !== 'type_identifier' || node.text !== 'ToolAnnotations') return undefined;
  const range = rangeOf(node);
  for (let ancestor = node.parent, depth = 0; ancestor && depth < 4; ancestor = ancestor.parent, depth++) {
    const holder = rangeOf(ancestor);
    const declaration = declarations.find((candidate) => candidate.annotations && within(candidate.annotations.value.range, holder));
    if (declaration) return { declaration, object: 'ToolAnnotations', range };
  }
  return undefined;
}

function within(inner: Range, outer: Range): boolean {
  return contains(outer, inner.start) && contains(outer, inner.end);
}
