/** Snippet bodies as an editor inserts them when the author accepts every default. */
import * as assert from 'node:assert/strict';

/**
 * A snippet body as inserted when the author accepts every default: `${1:x}` → x, `${1|a,b|}` → a,
 * `$1` / `${1}` → nothing, `\}` → `}`, tabs → four spaces.
 */
export function expandSnippet(body: string): string {
  let index = 0;
  const read = (insidePlaceholder: boolean): string => {
    let out = '';
    while (index < body.length) {
      const char = body[index];
      if (char === '\\' && '$}\\,|'.includes(body[index + 1] ?? '')) {
        out += body[index + 1];
        index += 2;
      } else if (insidePlaceholder && char === '}') {
        index++;
        return out;
      } else if (char === '$') {
        const tabStop = /^\$(\d+)/.exec(body.slice(index));
        const placeholder = /^\$\{(\d+)([:|}])/.exec(body.slice(index));
        if (tabStop) index += tabStop[0].length;
        else if (placeholder) {
          index += placeholder[0].length;
          if (placeholder[2] === ':') out += read(true);
          else if (placeholder[2] === '|') {
            const end = body.indexOf('|}', index);
            assert.ok(end > 0, 'unclosed choice');
            out += body.slice(index, end).split(',')[0];
            index = end + 2;
          }
        } else throw new Error(`unsupported snippet syntax at ${JSON.stringify(body.slice(index, index + 20))}`);
      } else {
        out += char;
        index++;
      }
    }
    assert.ok(!insidePlaceholder, 'unclosed placeholder');
    return out;
  };
  return read(false).replace(/\t/g, '    ');
}
