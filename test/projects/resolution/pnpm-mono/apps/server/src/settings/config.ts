export const settings = { name: 'catalogue' };
