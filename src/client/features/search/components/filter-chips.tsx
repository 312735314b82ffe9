import { X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { FILTER_KEYS, NO_FILTERS, filterLabel, type FilterControlProps } from '../logo-filters.ts';

/** The 'Filters:' line: each active filter value as a chip that removes it. */
export function FilterChips({ filters, page, onChange }: FilterControlProps) {
  const chips = FILTER_KEYS.flatMap((key) =>
    filters[key].map((value) => ({
      key: `${key}-${value}`,
      label: filterLabel(key, value, page),
      remove: () => onChange({ ...filters, [key]: filters[key].filter((v) => v !== value) }),
    })),
  );
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-muted-foreground">Filters:</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={chip.remove}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-full border border-transparent bg-accent pr-1.5 pl-3 text-xs font-medium text-accent-foreground transition-colors hover:border-ring"
            >
              {chip.label}
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Button
          variant="link"
          size="sm"
          className="ml-1 text-xs"
          onClick={() => onChange(NO_FILTERS)}
        >
          Clear all
        </Button>
      )}
    </div>
  );
}
