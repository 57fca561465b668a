import { makeServer } from '@repo/util';
import { queue } from '#lib/queue';
import { jobs } from 'jobs';

void [makeServer, queue, jobs];
