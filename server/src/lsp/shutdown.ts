/**
 * The end of the LSP lifecycle. After `shutdown` the spec has every request fail with
 * InvalidRequest and every notification but `exit` go unheeded; vscode-languageserver 9 answers
 * `shutdown` and ends the process on `exit` (code 0 after shutdown, 1 without), but still
 * dispatches anything that arrives in between. This message strategy sits in front of the
 * dispatcher: a request after shutdown is handed on under one method whose handler refuses it
 * (the library then replies with the request's own id), a notification other than `exit` is dropped.
 */
import {
  Connection, ErrorCodes, ExitNotification, Message, MessageStrategy, NotificationMessage, RequestMessage, ResponseError, ShutdownRequest,
} from 'vscode-languageserver/node';

const REFUSED = '$/mcpToolLint/refusedAfterShutdown';

export class ShutdownGate implements MessageStrategy {
  private shutDown = false;

  /** Whether `shutdown` has come. */
  get received(): boolean {
    return this.shutDown;
  }

  handleMessage(message: Message, next: (message: Message) => void): void {
    if (this.shutDown && Message.isRequest(message)) {
      const refused: RequestMessage = { jsonrpc: message.jsonrpc, id: message.id, method: REFUSED, params: { method: message.method } };
      return next(refused);
    }
    if (this.shutDown && Message.isNotification(message) && (message as NotificationMessage).method !== ExitNotification.method) return;
    if (Message.isRequest(message) && message.method === ShutdownRequest.method) this.shutDown = true;
    next(message);
  }

  /** Registers the handler that refuses the requests that came after shutdown. */
  listen(connection: Connection): void {
    connection.onRequest(REFUSED, (params: { method?: unknown }) => new ResponseError(ErrorCodes.InvalidRequest,
      `${String(params.method)} after shutdown: the server is shutting down and answers no more requests; send exit.`));
  }
}
