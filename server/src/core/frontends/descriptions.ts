/** A tool's description as every front end records it (MTL401, MTL402, the preview). */
import { ToolDeclaration, Value } from '../model';

export type DescriptionFields = Pick<ToolDeclaration, 'description' | 'descriptionValue' | 'descriptionState'>;

/**
 * The description written as `value`: its text when it is a string, unknown when it is computed.
 * With no value, `absent` says whether the tool has none (`missing`) or may get one elsewhere (`unknown`).
 */
export function describedBy(value: Value | undefined, absent: 'missing' | 'unknown'): DescriptionFields {
  if (!value) return { descriptionState: absent };
  if (value.kind === 'string') return { description: value.value, descriptionValue: value };
  return { descriptionValue: value, descriptionState: 'unknown' };
}
