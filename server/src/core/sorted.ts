/** Binary search over sorted lists. */

/** The first of `count` sorted items that is not before the place sought (`count` when all are), by binary search. */
export function firstNotBefore(count: number, isBefore: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (isBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
