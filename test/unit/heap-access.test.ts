/** The 32-bit fast path web-tree-sitter's node marshalling goes through: same values as emscripten's own accessors. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EmscriptenModule, useInt32HeapAccess } from '../../server/src/core/parse/heap-access';

function fakeModule(): EmscriptenModule & { calls: string[] } {
  const calls: string[] = [];
  const memory = new ArrayBuffer(64);
  const view = new DataView(memory);
  return {
    calls,
    HEAP32: new Int32Array(memory),
    getValue: (pointer, type = 'i8') => {
      calls.push(`get ${type}`);
      return type === 'i32' ? view.getInt32(pointer, true) : view.getInt8(pointer);
    },
    setValue: (pointer, value, type = 'i8') => {
      calls.push(`set ${type}`);
      if (type === 'i32') view.setInt32(pointer, value, true);
      else view.setInt8(pointer, value);
    },
  };
}

test('i32 reads and writes go to the heap directly, and read back what the generic accessors wrote', () => {
  const module = fakeModule();
  const generic = { get: module.getValue!, set: module.setValue! };
  useInt32HeapAccess(module);
  module.setValue!(8, -123456789, 'i32');
  assert.equal(generic.get(8, 'i32'), -123456789);
  generic.set(12, 987654321, 'i32');
  assert.equal(module.getValue!(12, 'i32'), 987654321);
  assert.deepEqual(module.calls, ['get i32', 'set i32']);
});

test('other types still go through the generic accessors', () => {
  const module = fakeModule();
  useInt32HeapAccess(module);
  module.setValue!(3, -5, 'i8');
  assert.equal(module.getValue!(3, 'i8'), -5);
  assert.equal(module.getValue!(3), -5);
  assert.deepEqual(module.calls, ['set i8', 'get i8', 'get i8']);
});

test('the heap view is read on every call, so a view replaced when wasm memory grows is used', () => {
  const module = fakeModule();
  useInt32HeapAccess(module);
  const grown = new Int32Array(32);
  grown[20] = 42;
  module.HEAP32 = grown;
  assert.equal(module.getValue!(80, 'i32'), 42);
  module.setValue!(84, 7, 'i32');
  assert.equal(grown[21], 7);
});

test('a module without the heap view keeps its accessors', () => {
  const module = fakeModule();
  delete module.HEAP32;
  const { getValue, setValue } = module;
  useInt32HeapAccess(module);
  assert.equal(module.getValue, getValue);
  assert.equal(module.setValue, setValue);
});
