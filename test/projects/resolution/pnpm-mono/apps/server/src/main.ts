import { createServer } from '@repo/common';
import { registerSearch } from '@repo/common/tools';
import { wrap } from '@repo/common/helpers/wrap';
import { format } from '@shared/format';
import { settings } from '~/config';
import { registerAll } from './tools';
import { startView } from './view.js';
import { esm } from './esm.mjs';
import { legacy } from './legacy.cjs';
import { widgets } from './widgets';
import { z } from 'zod';

const server = wrap(createServer(settings.name));
registerSearch(server);
registerAll(server);
void [format, startView, esm, legacy, widgets, z];
