export const plain = true;
