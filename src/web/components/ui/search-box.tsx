import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from './input';

export interface SearchBoxProps {
  id?: string;
  'aria-describedby'?: string;
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  placeholder?: string;
  label: string;
}

/** A search input that commits 400 ms after typing stops (and at once on Enter). */
export function SearchBox({ id, value, onSearch, placeholder, label, ...aria }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const committed = useRef(value ?? '');

  // A new value from the URL (Back, Clear filters) replaces what is typed.
  useEffect(() => {
    if ((value ?? '') !== committed.current) {
      committed.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = text;
      onSearch(text.trim() || undefined);
    }, 400);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        {...aria}
        type="search"
        aria-label={label}
        className="pl-9"
        maxLength={100}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            committed.current = text;
            onSearch(text.trim() || undefined);
          }
        }}
      />
    </div>
  );
}
