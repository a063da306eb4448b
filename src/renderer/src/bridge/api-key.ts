// The HTTP bridge's credential: `?key=` for scripted use (then removed from the address bar), otherwise the key the
// user typed once, kept in localStorage.

const STORAGE_KEY = 'local-transcribe.api-key';

export function storedApiKey(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeApiKey(key: string | null): void {
  try {
    if (key) localStorage.setItem(STORAGE_KEY, key);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be disabled (private mode): the key then lasts for this page only.
  }
}

/** Takes `?key=` out of the URL (so it is not bookmarked or shared) and stores it. */
export function takeKeyFromUrl(): string | null {
  const url = new URL(window.location.href);
  const key = url.searchParams.get('key');
  if (!key) return null;
  url.searchParams.delete('key');
  window.history.replaceState(window.history.state, '', url.toString());
  storeApiKey(key);
  return key;
}
