export function format(text: string): string {
  return text.trim();
}
