import { plain } from '@repo/plain';

void plain;
