/**
 * What a Go file offers the other files of its package and the packages importing it, read from
 * its syntax alone: its package-level presets (`var ReadAnnotations = &mcp.ToolAnnotations{...}`),
 * pointer helpers (`func BoolPtr(b bool) *bool`), tool wrappers (forwarding `...mcp.ToolOption`)
 * and its other names. Kept per file in the project index instead of its tree.
 */
import { Tree } from 'web-tree-sitter';
import { namedChildren } from '../frontends/syntax';
import { wholeFileContext } from '../frontends/go';
import { bindingsOf, GoWrapper, isPointerHelper, wrapperOf } from '../frontends/go/package';
import { importsOf, qualifiedName, unwrapParens } from '../frontends/go/syntax';
import { Value } from '../model';
import { writtenIn } from './presets';

export interface GoFacts {
  kind: 'go';
  /** The package clause's name. */
  packageName?: string;
  /** Presets: package-level values that are an MCP SDK's annotations struct, as written here. */
  presets: Map<string, Value>;
  helpers: Set<string>;
  wrappers: Map<string, GoWrapper>;
  /** Every other package-level name. */
  others: Set<string>;
}

const ANNOTATION_TYPES = new Set(['ToolAnnotations', 'ToolAnnotation']);

export function goFacts(tree: Tree, file: string): GoFacts {
  const topLevel = namedChildren(tree.rootNode);
  const facts: GoFacts = { kind: 'go', presets: new Map(), helpers: new Set(), wrappers: new Map(), others: new Set() };
  const packageClause = topLevel.find((node) => node.type === 'package_clause');
  facts.packageName = packageClause ? namedChildren(packageClause)[0]?.text : undefined;
  const context = wholeFileContext(topLevel, undefined);
  const imports = importsOf(topLevel);
  for (const declaration of topLevel) {
    for (const [name, binding] of bindingsOf(declaration)) {
      if (binding.kind === 'function' && isPointerHelper(binding.declaration)) facts.helpers.add(name);
      else if (binding.kind === 'function' && wrapperOf(binding.declaration, context.mcpGo)) facts.wrappers.set(name, wrapperOf(binding.declaration, context.mcpGo)!);
      else if (binding.kind === 'value' && isAnnotationsStruct(binding.value, imports)) facts.presets.set(name, writtenIn(context.reader.read(binding.value), file));
      else facts.others.add(name);
    }
  }
  return facts;
}

/** `&mcp.ToolAnnotations{...}` (or without `&`) of an SDK the file imports. */
function isAnnotationsStruct(value: Parameters<typeof unwrapParens>[0], imports: ReadonlyMap<string, string>): boolean {
  let expression = unwrapParens(value);
  if (expression.type === 'unary_expression') expression = expression.childForFieldName('operand') ?? expression;
  if (expression.type !== 'composite_literal') return false;
  const type = qualifiedName(expression.childForFieldName('type'));
  return !!type && ANNOTATION_TYPES.has(type.name) && imports.has(type.qualifier);
}
