/**
 * `{ name, description, inputSchema, annotations }`: a tool object literal, alone, in an
 * array or table, or returned from a `tools/list` handler (form `ts-object-literal`). A table's
 * entries without a `name` of their own, named by their keys, are tool-table.ts's.
 */
import { HINTS, VENDOR_HINTS } from '../../../data/fields';
import { lastEntry } from '../../../interpret';
import { ToolDeclaration, Value } from '../../../model';
import { FileContext } from '../context';
import { buildDeclaration, ToolParts } from '../declaration';
import { ObjectSyntax } from '../objects';
import { declaredType, inSchemaPosition, inToolsListHandler } from '../placement';
import { opaqueSpreadsOf, toolFieldDepth, ValueReader } from '../values';

/** An annotations object holding at least one hint key (a typo such as `readonlyHint` included). */
export function holdsHintKeys(value: Value): boolean {
  if (value.kind !== 'mapping') return false;
  return value.entries.some((entry) => HINTS.includes(entry.key as never) || VENDOR_HINTS.includes(entry.key) || /hint$/i.test(entry.key));
}

/** A tool's name is a string (or an expression giving one), never a schema such as `z.string()`. */
function namesATool(name: Value, reader: ValueReader): boolean {
  if (name.kind === 'string') return true;
  if (name.kind !== 'unknown') return false;
  const source = reader.sourceNodeOf(name);
  return !source || ['identifier', 'member_expression', 'template_string', 'subscript_expression', 'binary_expression'].includes(source.type);
}

export function objectLiteralTool(object: ObjectSyntax, context: FileContext): ToolDeclaration | undefined {
  if (!object.rebuilt && inSchemaPosition(object.node)) return undefined;
  const mapping = context.reader.readObject(object, toolFieldDepth);
  if (mapping.kind !== 'mapping') return undefined;
  const nameEntry = lastEntry(mapping.entries, 'name');
  if (!nameEntry || !namesATool(nameEntry.value, context.reader)) return undefined;
  const annotations = lastEntry(mapping.entries, 'annotations');
  const hasSchema = !!(lastEntry(mapping.entries, 'inputSchema') ?? lastEntry(mapping.entries, 'parameters'));
  const type = object.rebuilt ? undefined : declaredType(object.node);
  const serverContext = context.imports.server || inToolsListHandler(object.node);
  const counts = (annotations && holdsHintKeys(annotations.value))
    || type === 'Tool'
    || ((!!annotations || hasSchema) && serverContext);
  if (!counts) return undefined;
  return toolObjectDeclaration(mapping, { range: object.range, nameRange: nameEntry.viaSpread ?? nameEntry.keyRange }, context);
}

/**
 * A tool object's fields read into a declaration of form `ts-object-literal`: the object literal
 * itself, or a tool table's entry (`nameValue`: its key). MTL203's fix inserts into the object when
 * it is written where the tool is (not reached through a `const`) and no unknown spread may hold annotations.
 */
export function toolObjectDeclaration(mapping: Extract<Value, { kind: 'mapping' }>, where: Pick<ToolParts, 'range' | 'nameRange' | 'nameValue'>, context: FileContext): ToolDeclaration {
  return buildDeclaration({
    form: 'ts-object-literal',
    ...where,
    fields: mapping,
    insertInto: mapping.via || opaqueSpreadsOf(mapping).length ? undefined : mapping.container,
    vendorHints: false,
  }, context.language, context.reader);
}
