export const queue: string[] = [];
