export const legacy = true;
