/** This app's own presets, on top of the shared ones. */
export const cacheWrite = { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false };
