export function wrap<T>(value: T): T {
  return value;
}
