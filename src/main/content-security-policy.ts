/**
 * The app's Content-Security-Policy, one definition for the desktop window and for the UI a browser gets from the
 * server: only the app's own scripts, styles, fonts and workers, nothing inline, no frames, no plugins. `media` and
 * `connect` name where audio and connections may come from besides the app's own origin.
 */
export function appContentSecurityPolicy(sources: {
  media: string[];
  connect: string[];
  formAction: "'self'" | "'none'";
}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["media-src 'self' blob:", ...sources.media].join(' '),
    ["connect-src 'self'", ...sources.connect].join(' '),
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${sources.formAction}`,
    "frame-ancestors 'none'",
  ].join('; ');
}
