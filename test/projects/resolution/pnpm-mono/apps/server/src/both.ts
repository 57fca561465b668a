export const both = 'ts';
