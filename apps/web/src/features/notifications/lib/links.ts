/** A notification's link when it stays inside the app (a path), otherwise null. */
export function internalPath(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  return link;
}
