export { createServer } from './server.js';
export { registerSearch } from './tools.js';
