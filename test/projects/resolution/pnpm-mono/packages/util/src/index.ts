export { createServer as makeServer } from '@repo/common';
