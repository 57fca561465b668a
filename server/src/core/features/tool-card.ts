/**
 * The tool card: what a client receives for a tool (its name, title, description, parameters and
 * annotations, each hint with where its value comes from), shown on hover over the tool's name,
 * its registration and the function, method or class that declares it. Built from the preview's
 * projection (projection.ts), so the card and the preview never disagree. Plain Markdown, no
 * HTML: VS Code renders it, Neovim shows it as text. With the tools' effects (the server's second
 * pass has read them), the card lists what the body does, each effect with its path.
 */
import * as path from 'node:path';
import { HINTS } from '../data/fields';
import { DeclarationForm, HintName, Position, Range, ToolDeclaration } from '../model';
import type { EffectSource } from '../effects/tool-effects';
import { EffectJson, HintSource, ParameterProjection, projectTool, ToolProjection, withEffects } from '../projection';
import { contains } from './locate';

export interface ToolCardHover {
  markdown: string;
  range: Range;
}

/** The card of the tool whose name, registration or declaring function, method or class is at `position`; its effects from `effects`. */
export function toolCardAt(declarations: readonly ToolDeclaration[], position: Position, effects?: EffectSource): ToolCardHover | undefined {
  for (const declaration of declarations) {
    const range = namedRangeAt(declaration, position);
    if (range) return { markdown: toolCard(withEffects(projectTool(declaration), effects?.of(declaration))), range };
  }
  return undefined;
}

/** Where the tool is named at `position`: its registration (`nameRange`), its name as written (or the constant holding it), `namedAt`. */
function namedRangeAt(declaration: ToolDeclaration, position: Position): Range | undefined {
  if (contains(declaration.nameRange, position)) return declaration.nameRange;
  const name = declaration.nameValue;
  const written = name?.via ?? (name && name.file === undefined ? name.range : undefined);
  if (written && contains(written, position)) return written;
  for (const range of declaration.namedAt ?? []) if (contains(range, position)) return range;
  return undefined;
}

export function toolCard(projection: ToolProjection): string {
  const sections = [
    `**${code(projection.toolsList.name)}** · ${titleOf(projection)}`,
    descriptionSection(projection),
    parametersSection(projection.parameters),
    annotationsTable(projection),
    ...effectsSection(projection.effects),
    ...(projection.note ? [projection.note] : []),
  ];
  return sections.join('\n\n');
}

/** The tool's name and its annotations table (the inlay hint's tooltip). */
export function toolTable(projection: ToolProjection): string {
  return [`**${code(projection.toolsList.name)}** — annotations clients will see`, annotationsTable(projection)].join('\n\n');
}

/** Each hint's value as clients see it, and where it comes from. */
export function annotationsTable(projection: ToolProjection): string {
  const rows = HINTS.map((hint) => {
    const source = projection.hintSources[hint];
    const value = source.from === 'unknown' ? '?' : code(String(projection.effective[hint]));
    return `| ${code(hint)} | ${value} | ${sourceText(source, projection.form, hint)} |`;
  });
  return ['| hint | value | from |', '|---|---|---|', ...rows].join('\n');
}

/** The SDK call that sends the hints left unset with their defaults, by form. */
const SENDS_DEFAULTS: Partial<Record<DeclarationForm, string>> = {
  'mcp-go-new-tool': "mcp-go's `NewTool`",
  'go-sdk-tool': 'go-sdk (v1.7.0 and later)',
};

function sourceText(source: HintSource, form: DeclarationForm, hint: HintName): string {
  switch (source.from) {
    case 'declared':
      return source.file !== undefined ? `preset ${code(source.constant ?? hint)} in ${path.basename(source.file)}` : `declared here${inConstant(source)}`;
    case 'unknown': {
      const where = source.file !== undefined ? ` (preset ${code(source.constant ?? hint)} in ${path.basename(source.file)})` : inConstant(source);
      return `${source.invalid ? 'not a boolean' : 'not known statically'}${where}`;
    }
    case 'sdk-default':
      return `not declared: ${SENDS_DEFAULTS[form] ?? 'the SDK'} sends the default`;
    case 'spec-default':
      return 'not declared: spec default';
  }
}

/** `, in \`READ_ONLY\``: the constant of this file the value is read through. */
function inConstant(source: { constant?: string }): string {
  return source.constant !== undefined ? `, in ${code(source.constant)}` : '';
}

/** Precedence in clients: `Tool.title`, then `annotations.title`, then the name. */
function titleOf(projection: ToolProjection): string {
  const { title, annotations } = projection.toolsList;
  if (title !== undefined) return `title ${code(title)}`;
  if (typeof annotations.title === 'string') return `title ${code(annotations.title)} (\`annotations.title\`)`;
  return 'no title: clients show the name';
}

/** The description as clients receive it: one line as text, a longer one verbatim, its lines as they are. */
function descriptionSection(projection: ToolProjection): string {
  const description = projection.description;
  if (description === undefined) return projection.descriptionState === 'missing' ? '*No description.*' : '*Description not known statically.*';
  if (description.trim() === '') return '*Empty description.*';
  // Escaped at the start too, so it stays a paragraph: not a heading (`#`), a list (`- `, `1. `).
  if (!description.includes('\n')) return inline(description).replace(/^[#+-]/, '\\$&').replace(/^(\d+)([.)])/, '$1\\$2');
  let fence = '```';
  while (description.includes(fence)) fence += '`';
  return `${fence}text\n${description}\n${fence}`;
}

function parametersSection(parameters: readonly ParameterProjection[] | undefined): string {
  if (!parameters) return '**Parameters:** not known statically';
  if (parameters.length === 0) return '**Parameters:** none';
  const lines = parameters.map((parameter) => {
    const description = parameter.description !== undefined && parameter.description.trim() !== '' ? inline(parameter.description)
      : parameter.unknown ? '*description not known statically*' : '*no description*';
    return `- ${code(parameter.name)}: ${description}`;
  });
  return ['**Parameters:**', ...lines].join('\n');
}

/**
 * What the body does, each effect with its path from the tool's entry down to the call (file and
 * line, as the finding's related information); nothing when no effect was found (or none read yet).
 */
function effectsSection(effects: readonly EffectJson[] | undefined): string[] {
  if (!effects?.length) return [];
  const items = effects.map((effect) => {
    const gate = effect.conditional ? ' *(only behind a flag that is off by default)*' : '';
    const steps = effect.path.map((step, index) => `  ${index + 1}. ${code(`${path.basename(step.file)}:${step.line}`)} ${inline(step.message)}`);
    return [`- ${inline(effect.what)}${gate}`, ...steps].join('\n');
  });
  return [['**What its body does:**', ...items].join('\n')];
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/** Text on one line, with the characters Markdown would read as markup (or HTML) escaped; `_` inside words stays as is. */
function inline(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/[\\`*[\]<>|]/g, '\\$&').replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_');
}
