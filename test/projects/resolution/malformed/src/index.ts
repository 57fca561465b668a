import { x } from './x.js';
import { y } from '@alias/y';

void [x, y];
