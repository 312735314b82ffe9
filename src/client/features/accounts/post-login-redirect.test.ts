import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './post-login-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/dashboard?tab=subscription')).toBe('/dashboard?tab=subscription');
  });

  it('refuses anything that could leave the site', () => {
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
