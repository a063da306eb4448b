import { describe, expect, it } from 'vitest';
import { desktopContentSecurityPolicy, isTrustedRendererUrl } from './desktop-security';

describe('desktop window security', () => {
  it('allows only the app itself and the local server, nothing inline', () => {
    const csp = desktopContentSecurityPolicy('http://127.0.0.1:8765');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("media-src 'self' blob: http://127.0.0.1:8765");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8765 ws://127.0.0.1:8765");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)|\*/);
  });

  it('trusts only the packaged page, or the dev server while developing', () => {
    const file = '/renderer/index.html';
    expect(
      isTrustedRendererUrl('file:///opt/app/resources/app.asar/out/renderer/index.html', undefined, file),
    ).toBe(true);
    expect(isTrustedRendererUrl('file:///tmp/evil/index.html', undefined, file)).toBe(false);
    expect(isTrustedRendererUrl('https://example.com/renderer/index.html', undefined, file)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/#/jobs', 'http://localhost:5173', file)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173', file)).toBe(false);
    expect(isTrustedRendererUrl('not a url', undefined, file)).toBe(false);
  });
});
