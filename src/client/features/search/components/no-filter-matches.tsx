import { FilterX } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';

/** Shown when logos exist but the active filters hide every one of them. */
export function NoFilterMatches({
  onClearFilters,
  headingLevel = 2,
  className,
}: {
  onClearFilters: () => void;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  return (
    <EmptyState
      icon={<FilterX />}
      headingLevel={headingLevel}
      title="No logos match your filters"
      description="Try another file type, date or license, or clear the filters to see every logo."
      className={className}
    >
      <Button onClick={onClearFilters}>Clear Filters</Button>
    </EmptyState>
  );
}
