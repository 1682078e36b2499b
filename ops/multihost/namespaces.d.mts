export const NS_PREFIX: string;
export function namespaceBlocker(): string | null;
