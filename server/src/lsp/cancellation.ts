/**
 * `$/cancelRequest`. A request the client cancels before the server has started it is answered at
 * once with RequestCancelled and never run (`CANCEL_QUEUED`, the connection's strategy). A request
 * already running when its cancellation is read, typically one that waited for the analysis of a
 * large file (which holds the event loop, so the cancellation is read only afterwards), gets
 * RequestCancelled instead of its result (`Logger.guardRequest`, through `answerUnlessCancelled`).
 */
import { CancellationToken, ConnectionStrategy, LSPErrorCodes, Message, ResponseError, ResponseMessage } from 'vscode-languageserver/node';
import { nextTurn } from './turns';

export const CANCEL_QUEUED: ConnectionStrategy = {
  cancelUndispatched: (message: Message): ResponseMessage | undefined => {
    if (!Message.isRequest(message)) return undefined;
    return { jsonrpc: message.jsonrpc, id: message.id, error: { code: LSPErrorCodes.RequestCancelled, message: `${message.method} was cancelled before the server started it.` } };
  },
};

/**
 * `result`, or RequestCancelled when the request was cancelled meanwhile. A cancellation that
 * arrived while the event loop was held (a large file's analysis) is read in the next turn: this
 * waits for that turn before answering.
 */
export async function answerUnlessCancelled<R>(what: string, result: R, token: CancellationToken | undefined): Promise<R | ResponseError<void>> {
  if (!token) return result;
  if (!token.isCancellationRequested) await nextTurn();
  return token.isCancellationRequested ? new ResponseError(LSPErrorCodes.RequestCancelled, `${what} was cancelled.`) : result;
}

/** The cancellation token among a request handler's arguments (vscode-languageserver passes it after the params). */
export function tokenAmong(args: readonly unknown[]): CancellationToken | undefined {
  return args.find((arg): arg is CancellationToken => CancellationToken.is(arg));
}
