/**
 * `mcpToolLint/previewAnnotations` `{uri, position?}` → what MCP clients receive for each tool
 * of the document (core/projection.ts), plus the index of the tool under `position`; on a
 * server's definition, every tool of that server across the project (server-preview.ts).
 */
import type { Connection, Position } from 'vscode-languageserver/node';
import { ResponseError, ErrorCodes } from 'vscode-languageserver/node';
import { FileProjection, projectFile } from '../../core/projection';
import type { ServerContext } from '../context';
import { serverPreview, ServerPreviewResult } from './server-preview';

export const PREVIEW_REQUEST = 'mcpToolLint/previewAnnotations';

export interface PreviewParams {
  uri: string;
  position?: Position;
}

export interface PreviewResult extends FileProjection {
  /** The tool whose declaration contains `position`, if any. */
  selected?: number;
  /** Why there are no tools, when the document was not analysed. */
  skipped?: string;
}

function contains(range: { start: Position; end: Position }, position: Position): boolean {
  const after = position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const before = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return after && before;
}

export function register(connection: Connection, context: ServerContext): void {
  connection.onRequest(PREVIEW_REQUEST, async (params: PreviewParams): Promise<PreviewResult | ServerPreviewResult> => {
    try {
      return await preview(params, context);
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      context.log.error('Previewing annotations', error);
      throw new ResponseError(ErrorCodes.InternalError, 'mcp-tool-lint could not preview this document; see the server log.');
    }
  });
}

async function preview(params: PreviewParams, context: ServerContext): Promise<PreviewResult | ServerPreviewResult> {
  if (!params || typeof params.uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'previewAnnotations needs {uri, position?}.');
  const analysis = await context.analyzer.analyze(params.uri);
  if (!analysis) throw new ResponseError(ErrorCodes.InvalidParams, `${params.uri} is not open in the server.`);
  if (!analysis.result) return { file: params.uri, tools: [], skipped: analysis.skipped };
  const projection: PreviewResult = projectFile(params.uri, analysis.result.declarations, analysis.result.findings, undefined, analysis.options.effects);
  const position = params.position;
  if (position && typeof position.line === 'number' && typeof position.character === 'number') {
    // On a server's definition: the whole server. (The workspace's project index goes here once the server keeps one.)
    const server = await serverPreview(undefined, params.uri, position, context);
    if (server) return server;
    const index = analysis.result.declarations.findIndex((declaration) => contains(declaration.range, position));
    if (index >= 0) projection.selected = index;
  }
  return projection;
}
