export function isStale(): boolean;
export function ensureBuilt(): Promise<void>;
