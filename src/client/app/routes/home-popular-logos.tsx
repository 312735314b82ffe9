import { useMemo } from 'react';
import { ImageOff, RotateCcw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { useSamples } from '#client/features/search/api/get-samples.ts';
import { filterLogos, type LogoFilters } from '#client/features/search/logo-filters.ts';
import { LogoBrowser } from '#client/app/logo-browser.tsx';

/** 'Popular Logo Examples': nine catalogue logos, shown even when Wikimedia is unreachable. */
export function PopularLogos({
  filters,
  onFiltersChange,
}: {
  filters: LogoFilters;
  onFiltersChange: (filters: LogoFilters) => void;
}) {
  const samples = useSamples();
  const filtered = useMemo(
    () => filterLogos(samples.data?.logos ?? [], filters),
    [samples.data, filters],
  );

  return (
    <LogoBrowser
      page="home"
      className="mt-8"
      label="Popular logo examples"
      headingLevel={3}
      logos={filtered}
      filterLogos={samples.data?.logos}
      pending={samples.isPending}
      skeletonCount={9}
      filters={filters}
      onFiltersChange={onFiltersChange}
      fallback={
        samples.isError && (
          <EmptyState
            className="mt-4"
            headingLevel={3}
            icon={<ImageOff />}
            title="The examples could not be loaded"
            description={samples.error.message}
          >
            <Button variant="outline" onClick={() => void samples.refetch()}>
              <RotateCcw aria-hidden />
              Try again
            </Button>
          </EmptyState>
        )
      }
    />
  );
}
