import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLogoFile } from './get-logo-file.ts';

/**
 * A single-colour SVG logo's generated inverse (docs/product.md#light-and-dark-versions): the file
 * read through our proxy, as a download reads it, recoloured by `inverse-svg.ts` (loaded with the
 * first one, with SVGO). Null when the logo has more than one colour.
 */
export function inverseLogoQueryOptions(url: string) {
  return queryOptions({
    queryKey: ['downloads', 'inverse', url] as const,
    queryFn: async ({ signal }) => {
      const [file, { inverseSvg }, { svgDataUri }] = await Promise.all([
        getLogoFile(url, { signal }),
        import('../copy/inverse-svg.ts'),
        import('../copy/svg-code.ts'),
      ]);
      const inverse = inverseSvg(await file.text());
      return inverse && { ...inverse, src: svgDataUri(inverse.svg) };
    },
    // A file's colours do not change; one that cannot be read just has no inverse.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useInverseLogo(url: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...inverseLogoQueryOptions(url), enabled });
}
