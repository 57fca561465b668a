export const jobs: string[] = [];
