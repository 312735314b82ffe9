import { useEffect } from 'react';

const SITE_NAME = 'WikiLogos';

/**
 * Sets the tab title while the page is shown. Pass the page's own name ('About') to get
 * 'About - WikiLogos', or `{ full: true }` to use the text as it is.
 */
export function useDocumentTitle(title: string, options: { full?: boolean } = {}): void {
  const text = options.full ? title : `${title} - ${SITE_NAME}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
}
