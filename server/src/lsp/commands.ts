/**
 * `workspace/executeCommand`: one handler for the connection, to which each feature adds its
 * commands; `executeCommandProvider` lists them all.
 */
import type { Connection, ExecuteCommandParams } from 'vscode-languageserver/node';
import type { Logger } from './log';

export type CommandHandler = (args: unknown[]) => unknown;

export class ServerCommands {
  private readonly handlers = new Map<string, CommandHandler>();

  add(command: string, handler: CommandHandler): void {
    this.handlers.set(command, handler);
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }

  listen(connection: Connection, log: Logger): void {
    connection.onExecuteCommand(log.guardRequest('Running a command', async (params: ExecuteCommandParams) => {
      const handler = this.handlers.get(params.command);
      return handler ? ((await handler(params.arguments ?? [])) ?? null) : null;
    }, null, false));
  }
}
