import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  canonicalPath,
  DEFAULT_DESCRIPTION,
  headElements,
  PAGE_HEAD_ATTRIBUTE,
  SITE_NAME,
  type PageHead,
} from '#shared/lib/page-head.ts';

/** Set by the server render (entry-server.tsx): collects the head of the page being rendered. */
export const ServerPageHead = createContext<((head: PageHead) => void) | null>(null);

type HeadOptions = {
  /** Use the title as it is instead of adding ' - WikiLogos'. */
  full?: boolean;
  /** The page's meta description; the site's own by default. */
  description?: string;
  /** An absolute address for the link preview's picture; the product's card by default. */
  image?: string | null;
};

/**
 * The origin the server wrote the page's addresses on (PUBLIC_URL), read back from the head it
 * sent, so pages the browser renders later link to the same site.
 */
function pageOrigin(): string {
  const written = document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content;
  try {
    if (written) return new URL(written, location.href).origin;
  } catch {
    // An unreadable address: fall back to the page's own origin.
  }
  return location.origin;
}

let origin: string | null = null;

function applyHead(head: PageHead): void {
  origin ??= pageOrigin();
  document.title = head.title;
  for (const element of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) {
    element.remove();
  }
  // The page's own description replaces index.html's (sent when the server did not render).
  document.head.querySelector('meta[name="description"]')?.remove();
  for (const { tag, attributes } of headElements(head, origin)) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, '');
    document.head.append(element);
  }
}

/**
 * Sets the page's title and head (description, canonical address, link-preview card) while it is
 * shown, and on the server for the HTML it sends. Pass the page's own name ('About') to get
 * 'About - WikiLogos', or `{ full: true }` to use the text as it is.
 */
export function useDocumentTitle(title: string, options: HeadOptions = {}): void {
  const { pathname, search } = useLocation();
  const text = options.full ? title : `${title} - ${SITE_NAME}`;
  const description = options.description ?? DEFAULT_DESCRIPTION;
  const canonical = canonicalPath(pathname, new URLSearchParams(search));
  const image = options.image ?? null;

  const recordOnServer = useContext(ServerPageHead);
  recordOnServer?.({ title: text, description, canonical, image });

  useEffect(() => {
    applyHead({ title: text, description, canonical, image });
  }, [text, description, canonical, image]);
}
