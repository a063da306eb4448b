const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL under which an uploaded file is referred to (Gladia's form is `<origin>/file/<id>`). */
export function fileUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}/file/${fileId}`;
}

/**
 * The upload id when `audioUrl` points at one of this server's uploads: same origin as the public URL, or any
 * loopback origin (a local client may spell the host differently from the configured public URL).
 */
export function ownFileId(audioUrl: string, publicUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(audioUrl);
  } catch {
    return null;
  }
  const match = /^\/file\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || !UUID.test(match[1]!)) return null;
  const ours = url.origin === new URL(publicUrl).origin || LOOPBACK.has(url.hostname);
  return ours ? match[1]!.toLowerCase() : null;
}
