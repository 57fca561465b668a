/**
 * The name the official C# SDK gives a `[McpServerTool]` method whose attribute sets no `Name`
 * (AIFunctionMcpServerTool.DeriveName): the method name without the `Async` suffix of an async
 * method, runs of characters other than ASCII letters and digits made `_` and trimmed, then
 * `JsonNamingPolicy.SnakeCaseLower`. `GetWeatherAsync` → `get_weather`, `XMLReader` → `xml_reader`.
 */
import { Node } from 'web-tree-sitter';

const ASYNC_RETURN_TYPES = new Set(['Task', 'ValueTask', 'IAsyncEnumerable']);
const ASYNC_SUFFIX = 'Async';

export function sdkToolName(method: Node): string | undefined {
  const methodName = method.childForFieldName('name')?.text;
  if (!methodName) return undefined;
  let name = methodName;
  if (returnsAsync(method) && name.endsWith(ASYNC_SUFFIX) && name.length > ASYNC_SUFFIX.length) name = name.slice(0, -ASYNC_SUFFIX.length);
  name = name.replace(/[^0-9A-Za-z]+/g, '_').replace(/^_+|_+$/g, '');
  return snakeCaseLower(name || methodName);
}

function returnsAsync(method: Node): boolean {
  let type = method.childForFieldName('returns');
  if (type?.type === 'qualified_name') type = type.childForFieldName('name');
  const simple = type?.type === 'generic_name' ? type.namedChildren.find((child) => child?.type === 'identifier') : type;
  return simple?.type === 'identifier' && ASYNC_RETURN_TYPES.has(simple.text);
}

type State = 'start' | 'upper' | 'lowerOrDigit';

/** .NET's snake_case_lower naming policy over ASCII letters, digits and `_` (what DeriveName leaves). */
export function snakeCaseLower(name: string): string {
  let out = '';
  let state: State = 'start';
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    if (char >= 'A' && char <= 'Z') {
      const nextIsLower = i + 1 < name.length && name[i + 1] >= 'a' && name[i + 1] <= 'z';
      if (state === 'lowerOrDigit' || (state === 'upper' && nextIsLower)) out += '_';
      out += char.toLowerCase();
      state = 'upper';
    } else if ((char >= 'a' && char <= 'z') || (char >= '0' && char <= '9')) {
      out += char;
      state = 'lowerOrDigit';
    } else {
      out += char;
      state = 'start';
    }
  }
  return out;
}
