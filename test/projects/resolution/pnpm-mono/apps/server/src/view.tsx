export function startView(): string {
  return 'view';
}
