export const app = 'no sdk';
