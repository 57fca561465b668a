/**
 * The server bundle (dist/server-main.js), which dist/server.js loads: the language server, or, on
 * the project index's second thread (index-helper.ts), that thread's reading.
 */
import { isIndexHelper, runIndexHelper } from './index-helper';

if (isIndexHelper()) void runIndexHelper();
// eslint-disable-next-line @typescript-eslint/no-require-imports
else require('./main');
