/**
 * What GET /api/files may fetch: exact allowed origins, checked on the parsed URL before any
 * request and on every redirect: never our internal network, never an anonymous proxy.
 */

/** Where Commons serves original files and thumbnails. */
const WIKIMEDIA_FILE_ORIGINS = [
  'https://upload.wikimedia.org',
  'https://thumb.wikimedia.org',
] as const;

const MAX_URL_LENGTH = 2048;
/** Our own bundled icons: served from memory, never fetched. */
const ICON_PATH = /^\/api\/icons\/([a-z0-9_-]{1,100})\.svg$/;

export type FileUrlDecision =
  | { kind: 'remote'; url: URL }
  | { kind: 'icon'; slug: string }
  | { kind: 'refused'; message: string };

type FileUrlPolicyOptions = {
  /** Exact origins (scheme://host[:port]) that may be fetched; Wikimedia's by default. */
  allowedOrigins?: readonly string[];
  /** Our own public origin, so an absolute /api/icons/… address is recognised too. */
  selfOrigin?: string;
};

function describeHosts(origins: readonly string[]): string {
  return origins.map((o) => new URL(o).host).join(' and ');
}

export function checkFileUrl(raw: string, options: FileUrlPolicyOptions = {}): FileUrlDecision {
  const allowed: readonly string[] = options.allowedOrigins ?? WIKIMEDIA_FILE_ORIGINS;
  const hosts = describeHosts(allowed);
  const onlyAllowed = `Only files on ${hosts} can be fetched.`;
  const text = raw.trim();

  if (text === '') return { kind: 'refused', message: 'Give the address of the file to fetch.' };
  if (text.length > MAX_URL_LENGTH) {
    return { kind: 'refused', message: 'The file address is too long.' };
  }

  const iconPath = ICON_PATH.exec(text);
  if (iconPath?.[1]) return { kind: 'icon', slug: iconPath[1] };

  const url = URL.parse(text);
  if (!url)
    return { kind: 'refused', message: `The file address is not a full URL. ${onlyAllowed}` };

  if (options.selfOrigin && url.origin === options.selfOrigin && !url.search && !url.hash) {
    const selfIcon = ICON_PATH.exec(url.pathname);
    if (selfIcon?.[1]) return { kind: 'icon', slug: selfIcon[1] };
  }

  if (url.username !== '' || url.password !== '') {
    return {
      kind: 'refused',
      message: 'File addresses with a user name or password are not allowed.',
    };
  }
  const allowedUrls = allowed.map((o) => new URL(o));
  if (!allowedUrls.some((a) => a.protocol === url.protocol)) {
    return {
      kind: 'refused',
      message: `Only ${allowedUrls[0]?.protocol ?? 'https:'}// addresses can be fetched. ${onlyAllowed}`,
    };
  }
  // Exact host names: 'upload.wikimedia.org.evil.example' or a trailing dot do not match.
  if (!allowedUrls.some((a) => a.hostname === url.hostname)) {
    return { kind: 'refused', message: onlyAllowed };
  }
  // The origin includes the port; an explicit default port (:443) is normalised away by URL.
  if (!allowed.includes(url.origin)) {
    return { kind: 'refused', message: `Only the standard port can be used. ${onlyAllowed}` };
  }
  return { kind: 'remote', url };
}
