/**
 * Logging to the client's output channel, and the guard that keeps every handler's
 * exceptions inside the server: they are logged and the server keeps serving.
 */
import type { Connection, ResponseError } from 'vscode-languageserver/node';
import { answerUnlessCancelled, tokenAmong } from './cancellation';

export class Logger {
  constructor(private readonly connection: Connection) {}

  info(message: string): void {
    this.connection.console.info(message);
  }

  /** Details a user rarely needs (LSP's Debug level: VS Code marks the line `[Debug]`). */
  debug(message: string): void {
    this.connection.console.debug(message);
  }

  warn(message: string): void {
    this.connection.console.warn(message);
  }

  error(what: string, error: unknown): void {
    const detail = error instanceof Error ? error.stack ?? error.message : String(error);
    this.connection.console.error(`${what} failed: ${detail}`);
  }

  /** Wraps a notification or event handler: a thrown exception or rejected promise is logged, never raised. */
  guard<P extends unknown[]>(what: string, handler: (...params: P) => void | Promise<void>): (...params: P) => void {
    return (...params: P) => {
      try {
        const result = handler(...params);
        if (result instanceof Promise) result.catch((error: unknown) => this.error(what, error));
      } catch (error) {
        this.error(what, error);
      }
    };
  }

  /**
   * Wraps a request handler: on an exception it logs and answers `fallback`. A request cancelled
   * while it ran is answered with RequestCancelled (lsp/cancellation.ts), unless `cancellable` is
   * false (a command whose work is done once it returns).
   */
  guardRequest<P extends unknown[], R>(what: string, handler: (...params: P) => R | Promise<R>, fallback: R, cancellable = true): (...params: P) => Promise<R | ResponseError<void>> {
    return async (...params: P) => {
      let result: R;
      try {
        result = await handler(...params);
      } catch (error) {
        this.error(what, error);
        return fallback;
      }
      return cancellable ? answerUnlessCancelled(what, result, tokenAmong(params)) : result;
    };
  }
}
