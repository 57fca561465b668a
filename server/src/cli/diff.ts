/** A unified diff of two versions of a file (Myers' algorithm over lines), for `--fix-dry-run`. */
import { isAbsolute } from 'node:path';

type Operation = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  const finalNewline = text.endsWith('\n');
  const lines = text.split('\n');
  if (finalNewline) lines.pop();
  return { lines: lines.map((line) => line.replace(/\r$/, '')), finalNewline };
}

/** The shortest edit script between two line arrays. */
function diffLines(a: readonly string[], b: readonly string[]): Operation[] {
  const max = a.length + b.length;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let done = false;
  for (let d = 0; d <= max && !done; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) {
        done = true;
        break;
      }
    }
  }
  const operations: Operation[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const previous = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && previous[offset + k - 1] < previous[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : previous[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      operations.push({ kind: ' ', line: a[--x] });
      y--;
    }
    if (d === 0) break;
    if (x === prevX) operations.push({ kind: '+', line: b[--y] });
    else operations.push({ kind: '-', line: a[--x] });
  }
  while (x > 0 && y > 0) {
    operations.push({ kind: ' ', line: a[--x] });
    y--;
  }
  return operations.reverse();
}

/** `--- a/file` / `+++ b/file` and hunks with three lines of context; empty when nothing changed. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const operations = diffLines(a.lines, b.lines);
  const [from, to] = isAbsolute(file) ? [file, file] : [`a/${file}`, `b/${file}`];
  const out = [`--- ${from}`, `+++ ${to}`];
  let index = 0;
  while (index < operations.length) {
    while (index < operations.length && operations[index].kind === ' ') index++;
    if (index >= operations.length) break;
    let start = Math.max(0, index - context);
    let end = index;
    // Extend the hunk while the next change is within 2 * context unchanged lines.
    for (;;) {
      while (end < operations.length && operations[end].kind !== ' ') end++;
      let next = end;
      while (next < operations.length && operations[next].kind === ' ') next++;
      if (next < operations.length && next - end <= 2 * context) end = next;
      else {
        end = Math.min(operations.length, end + context);
        break;
      }
    }
    let oldLine = 1;
    let newLine = 1;
    for (let i = 0; i < start; i++) {
      if (operations[i].kind !== '+') oldLine++;
      if (operations[i].kind !== '-') newLine++;
    }
    const hunk = operations.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`);
    let oldSeen = oldLine - 1;
    let newSeen = newLine - 1;
    for (const op of hunk) {
      out.push(`${op.kind}${op.line}`);
      if (op.kind !== '+') oldSeen++;
      if (op.kind !== '-') newSeen++;
      if (op.kind !== '+' && oldSeen === a.lines.length && !a.finalNewline && op.kind === '-') out.push('\\ No newline at end of file');
      else if (op.kind !== '-' && newSeen === b.lines.length && !b.finalNewline && op.kind === '+') out.push('\\ No newline at end of file');
      else if (op.kind === ' ' && oldSeen === a.lines.length && !a.finalNewline) out.push('\\ No newline at end of file');
    }
    index = end;
    start = end;
  }
  return `${out.join('\n')}\n`;
}

function range(line: number, count: number): string {
  if (count === 0) return `${line - 1},0`;
  return count === 1 ? `${line}` : `${line},${count}`;
}
