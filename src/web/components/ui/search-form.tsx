import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Input } from './input';

export interface SearchFormProps {
  /** The visible label: "Search bookings". */
  label: string;
  /** The search in force (from the URL). */
  value: string | undefined;
  /** The trimmed text (undefined when empty), 350 ms after typing stops and at once on Enter. */
  onSearch: (value: string | undefined) => void;
  placeholder?: string;
  maxLength: number;
  /** A magnifier inside the box (default). */
  icon?: boolean;
  className?: string;
}

/**
 * The search box of the list pages (bookings, guests, payments, the audit trail's e-mail): a
 * labelled search form that searches as the user pauses, and follows the URL when it changes
 * (a reload, Clear filters, the back button).
 */
export function SearchForm({
  label,
  value,
  onSearch,
  placeholder,
  maxLength,
  icon = true,
  className,
}: SearchFormProps) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const debounced = useDebouncedValue(text, 350);

  useEffect(() => {
    setText(value ?? '');
  }, [value]);

  // Only a new debounced value starts a search; the latest URL value and callback are read
  // through a ref, so a URL change (Clear filters) never replays the text typed before it.
  const latest = useRef({ value, onSearch });
  useEffect(() => {
    latest.current = { value, onSearch };
  });
  useEffect(() => {
    const { value: current, onSearch: search } = latest.current;
    if (debounced.trim() !== (current ?? '').trim()) {
      search(debounced.trim() || undefined);
    }
  }, [debounced]);

  const input = (
    <Input
      id={id}
      type="search"
      value={text}
      maxLength={maxLength}
      placeholder={placeholder}
      className={icon ? 'pl-9' : undefined}
      onChange={(event) => setText(event.target.value)}
    />
  );

  return (
    <form
      role="search"
      className={cn('grid gap-1.5', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {icon ? (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          {input}
        </div>
      ) : (
        input
      )}
    </form>
  );
}
