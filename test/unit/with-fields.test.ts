// core/with-fields.ts: the object `{ ...base, ...fields }` makes, without a hidden class per object.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { withFields } from '../../server/src/core/with-fields';

test('the keys of base then of fields, a key of both taking the value of fields, in the order a spread gives', () => {
  const base = { kind: 'string', value: 'a', range: 1 };
  const made = withFields(base, { value: 'b', via: 2 });
  assert.deepEqual(Object.entries(made), Object.entries({ ...base, value: 'b', via: 2 }));
  assert.deepEqual(base, { kind: 'string', value: 'a', range: 1 });
  assert.deepEqual(withFields(undefined, { a: 1 }), { a: 1 });
});

test('a "__proto__" key parsed from JSON is copied as data, as a spread copies it, not made the prototype', () => {
  const parsed = JSON.parse('{ "__proto__": { "polluted": true }, "compilerOptions": {} }') as Record<string, unknown>;
  for (const made of [withFields(parsed, { extra: 1 }), withFields({ extra: 1 }, parsed)]) {
    assert.equal(Object.getPrototypeOf(made), Object.prototype);
    assert.equal((made as { polluted?: boolean }).polluted, undefined);
    assert.ok(Object.hasOwn(made, '__proto__'));
    assert.deepEqual(Object.keys(made).sort(), ['__proto__', 'compilerOptions', 'extra']);
  }
});
