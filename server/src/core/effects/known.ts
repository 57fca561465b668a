/**
 * What a language's summariser knows of an expression's value, the same in every language: its
 * library type or project class (receiver typing), the literal text it carries, the function's
 * parameters that flow into it, and the marks that change what a call on it does.
 */
import type { LibraryType } from '../data/effects/types';
import type { ClassRef, Truth } from './summary';
import { withFields } from '../with-fields';

export interface Known {
  /** A value of a library type (tables' `constructors`, `annotations`, `returns`). */
  lib?: LibraryType;
  /** An instance of a class of the project. */
  cls?: ClassRef;
  /** An object bound at the top level of another module (its class or library type is read there), and the attributes read from it. */
  singleton?: { module: string; name: string; members?: string[] };
  /** `sdk`: the module the client comes from (`boto3`, `@octokit/rest`). */
  module?: string;
  /** A URL's host, or an HTTP client's base URL host. */
  host?: string;
  /** The literal text, where each part not known statically is `\u0000`. */
  text?: string;
  /** A list or array literal's elements (a command's argument list). */
  items?: Known[];
  /** An object literal's properties by name (an options object: `{ method: "DELETE" }`). */
  fields?: Record<string, Known>;
  /** The parameters of the function whose values reach this value. */
  params?: ReadonlySet<string>;
  /** A temporary path (tempfile, os.tmpdir): writes under it never count. */
  tmp?: boolean;
  /** A SQL connection opened read-only. */
  readOnly?: boolean;
  /** A read of the environment or config: testing it is a switch. */
  switch?: { text: string; config: boolean };
  /** Built from the environment or config: a URL of it is unknown. */
  fromConfig?: boolean;
  /** A SQL statement builder (`delete(User)`): its effect is recorded where it is built. */
  builder?: boolean;
  /** The value as a condition reads it, when it is a literal. */
  truth?: Truth;
  /**
   * A flag the client sets, with the value it has when the client leaves it out (Go: a bool field of
   * the tool's arguments, false; `request.GetBool("apply", false)`): testing it is a switch of the tool.
   */
  flagDefault?: boolean;
  /**
   * Go and C#: an object reached through fields of an instance of a project class whose fields are
   * declared in another file (`s.store` in a method of a struct declared elsewhere): read at propagation.
   */
  member?: { class: ClassRef; members: string[] };
}

export const NOTHING: Known = {};
export const UNKNOWN_PART = '\u0000';

/**
 * What a call passes that its callee may read as a literal (`_request("PUT", path)`,
 * `run(["config", "use-context", name])`): the texts and list elements, nothing else; undefined
 * when no part of it is literal.
 */
export function literalOf(value: Known | undefined): Known | undefined {
  if (!value) return undefined;
  const items = value.items?.map((item) => literalOf(item) ?? {});
  const fields = Object.entries(value.fields ?? {}).flatMap(([name, field]) => {
    const literal = literalOf(field);
    return literal ? [[name, literal] as const] : [];
  });
  const literal: Known = {};
  if (value.text !== undefined && value.text !== UNKNOWN_PART) literal.text = value.text;
  if (items?.some((item) => item.text !== undefined || item.items || item.fields)) literal.items = items;
  if (fields.length) literal.fields = Object.fromEntries(fields);
  return literal.text !== undefined || literal.items || literal.fields ? literal : undefined;
}

/** A parameter's value with what a caller passes it literally (its texts), its parameter kept: what flows from it still counts. */
export function withLiteral(parameter: Known, literal: Known | undefined): Known {
  return literal ? withFields(parameter, literal) : parameter;
}

/** The parameters of several values together. */
export function paramsOf(...values: Array<Known | undefined>): ReadonlySet<string> | undefined {
  let merged: Set<string> | undefined;
  for (const value of values) {
    if (!value?.params?.size) continue;
    merged ??= new Set();
    for (const parameter of value.params) merged.add(parameter);
  }
  return merged;
}

/** What flows from several values into one made of them (a concatenation, an f-string, a call's result). */
export function derived(values: ReadonlyArray<Known | undefined>, text?: string): Known {
  const params = paramsOf(...values);
  const result: Known = {};
  if (params) result.params = params;
  if (text !== undefined) result.text = text;
  if (values.some((value) => value?.tmp)) result.tmp = true;
  if (values.some((value) => value?.fromConfig || value?.switch)) result.fromConfig = true;
  const host = values.find((value) => value?.host)?.host;
  if (host && text === undefined) result.host = host;
  return result;
}

/** A string's text: its parts one after another, unknown parts as UNKNOWN_PART. */
export function joinTexts(parts: ReadonlyArray<Known | undefined>): string {
  return parts.map((part) => part?.text ?? UNKNOWN_PART).join('');
}

/** A binary expression's value: with `+` joining a text, the concatenation's text; otherwise what flows in. */
export function binaryValue(left: Known, right: Known, operator: string | undefined): Known {
  return derived([left, right], operator === '+' && (left.text !== undefined || right.text !== undefined) ? joinTexts([left, right]) : undefined);
}
