// Security settings of the desktop window, kept apart from src/main/index.ts so they can be read (and tested)
// without Electron.

import { appContentSecurityPolicy } from './content-security-policy';

/**
 * The window's Content-Security-Policy: the app's own files, plus the local server for the job audio the player
 * streams and for live sessions captured in the window (the /v2/live WebSocket).
 */
export function desktopContentSecurityPolicy(serverUrl: string): string {
  const { host } = new URL(serverUrl);
  return appContentSecurityPolicy({
    media: [`http://${host}`],
    connect: [`http://${host}`, `ws://${host}`],
    formAction: "'none'",
  });
}

/** Only the app's own page may call the bridge: its file:// URL, or the dev server's origin while developing. */
export function isTrustedRendererUrl(
  url: string,
  devServerUrl: string | undefined,
  rendererFile: string,
): boolean {
  if (devServerUrl) {
    try {
      return new URL(url).origin === new URL(devServerUrl).origin;
    } catch {
      return false;
    }
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'file:' && decodeURIComponent(parsed.pathname).endsWith(rendererFile);
  } catch {
    return false;
  }
}
