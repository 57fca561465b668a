/** A unified diff of two versions of a file, for `--fix-dry-run`, made by jsdiff (`diff`). */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { isAbsolute } from 'node:path';

/** `--- a/file` / `+++ b/file` and hunks with three lines of context; empty when nothing changed. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const [from, to] = isAbsolute(file) ? [file, file] : [`a/${file}`, `b/${file}`];
  // CRLF files are shown with LF lines, as git does with its default whitespace settings.
  return createTwoFilesPatch(from, to, before, after, undefined, undefined, { context, stripTrailingCr: true, headerOptions: FILE_HEADERS_ONLY });
}
