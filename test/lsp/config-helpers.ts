/** Shared by the config, workspace and status tests over LSP. */
import { Diagnostic } from 'vscode-languageserver/node';

/** A read-only tool that writes readOnlyHint only: what each profile asks for differs (rules.md "Profiles", MTL202). */
export const READ_ONLY_TOOL = `from fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("notes")


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
def list_notes() -> list:
    """List the notes of the current user, newest first."""
`;

export const TAIL = 'Add them.';
export const OPEN_WORLD = 'MTL202 The annotations omit openWorldHint, so clients will assume openWorldHint: true. Add it.';
/** The `annotations` keyword on line 7: where MTL202 is reported. */
export const AT = '6:10-6:21';
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** `line:col-line:col severity CODE message`, 0-based, as a user sees a diagnostic. */
export function lines(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const code = typeof d.data === 'object' && d.data && 'code' in d.data ? String(d.data.code) : String(d.code);
    return `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${SEVERITY[d.severity ?? 0]} ${code} ${d.message}`;
  });
}

