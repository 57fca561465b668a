/**
 * `{ ...base, ...fields }`, built so that Node 20's V8 keeps one hidden class for its objects. V8 11
 * gives every object of a literal that spreads first and adds keys after (`{ ...base, key }`) a hidden
 * class of its own: 300,000 such objects took 0.9 s and made 300,000 classes, against 0.2 s and one
 * class with `Object.assign`, and each place that reads them then meets a new shape at every object
 * (bench/NOTES.md, "Hidden classes, and values that held their syntax"). Where no key of `fields` can be in
 * `base`, spreading last does as well: `{ kind, ...base }`.
 */
export function withFields<T extends object, U extends object | undefined>(base: T | undefined, fields: U): T & U {
  // Object.assign would set the prototype from a `__proto__` key (one JSON.parse made, in a user's config) that a spread copies as data.
  if ((base && Object.hasOwn(base, '__proto__')) || (fields && Object.hasOwn(fields, '__proto__'))) {
    return Object.fromEntries([...Object.entries(base ?? {}), ...Object.entries(fields ?? {})]) as T & U;
  }
  return Object.assign({}, base, fields);
}
