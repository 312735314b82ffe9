import { useId, useRef, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/**
 * The logo search box. Submits (Enter or the button) only when the trimmed text is non-empty;
 * the caller decides where the query goes (home navigates, the results page updates its URL).
 */
export function SearchForm({
  defaultValue = '',
  onSearch,
  size = 'lg',
  className,
}: {
  defaultValue?: string;
  onSearch: (query: string) => void;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const [value, setValue] = useState(defaultValue);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (!query) {
      inputRef.current?.focus();
      return;
    }
    onSearch(query);
  };

  const large = size === 'lg';
  return (
    <form role="search" aria-label="Logos" onSubmit={submit} className={cn('w-full', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search logos
      </label>
      <div
        className={cn(
          'group relative flex items-center rounded-2xl border border-input bg-background shadow-sm transition-shadow focus-within:border-ring focus-within:shadow-md focus-within:ring-4 focus-within:ring-ring/15',
          large ? 'h-14 sm:h-16' : 'h-12',
        )}
      >
        <Search
          aria-hidden
          className={cn(
            'pointer-events-none absolute left-4 text-muted-foreground',
            large ? 'size-5' : 'size-[1.125rem]',
          )}
        />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="Search company logos…"
          aria-describedby={hintId}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          className={cn(
            'h-full min-w-0 flex-1 bg-transparent pr-2 text-foreground outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden',
            large ? 'pl-11 text-base sm:pl-12 sm:text-lg' : 'pl-11 text-base sm:text-sm',
          )}
        />
        <Button
          type="submit"
          size={large ? 'lg' : 'md'}
          className={cn('mr-1.5 rounded-xl', large && 'px-4 sm:mr-2 sm:px-5')}
        >
          Search
        </Button>
      </div>
      <p id={hintId} className="sr-only">
        Separate several company names with commas to search for all of them at once.
      </p>
    </form>
  );
}
