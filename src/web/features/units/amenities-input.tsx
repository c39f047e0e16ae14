import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** Mirrors the unit schema: each amenity up to 50 characters, at most 50 of them. */
export const AMENITY_MAX_LENGTH = 50;
export const AMENITIES_MAX = 50;

export interface AmenitiesInputProps {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * SPEC §3 amenities as a list of tags: type one and press Enter (or a comma, or Add); each chip has
 * its own Remove button, so the list works with a keyboard and a screen reader.
 */
export function AmenitiesInput({ id, value, onChange, disabled, ...aria }: AmenitiesInputProps) {
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState('');
  const listId = useId();

  const add = () => {
    const amenity = draft.trim().replace(/\s+/g, ' ').slice(0, AMENITY_MAX_LENGTH);
    if (!amenity) return;
    if (value.some((item) => item.toLowerCase() === amenity.toLowerCase())) {
      setNote(`${amenity} is already listed`);
      setDraft('');
      return;
    }
    if (value.length >= AMENITIES_MAX) {
      setNote(`At most ${AMENITIES_MAX} amenities`);
      return;
    }
    onChange([...value, amenity]);
    setNote(`${amenity} added`);
    setDraft('');
  };

  const remove = (amenity: string) => {
    onChange(value.filter((item) => item !== amenity));
    setNote(`${amenity} removed`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={AMENITY_MAX_LENGTH}
          placeholder="e.g. Air conditioning"
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-controls={listId}
          {...aria}
        />
        <Button type="button" variant="outline" onClick={add} disabled={disabled || !draft.trim()}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <ul id={listId} aria-label="Amenities" className="flex flex-wrap gap-2">
        {value.length === 0 ? (
          <li className="text-sm text-muted-foreground">No amenities yet.</li>
        ) : (
          value.map((amenity) => (
            <li
              key={amenity}
              className="inline-flex items-center gap-1 rounded-full border border-sea-200 bg-accent py-0.5 pr-1 pl-3 text-sm text-accent-foreground"
            >
              <span>{amenity}</span>
              <button
                type="button"
                onClick={() => remove(amenity)}
                disabled={disabled}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-sea-100 disabled:opacity-60"
                aria-label={`Remove ${amenity}`}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))
        )}
      </ul>
      <p role="status" className="sr-only">
        {note}
      </p>
    </div>
  );
}

/** Amenities chips for read-only views. */
export function AmenityList({ amenities, limit }: { amenities: string[] | null; limit?: number }) {
  const items = amenities ?? [];
  if (items.length === 0) return <span className="text-muted-foreground">None listed</span>;
  const shown = limit ? items.slice(0, limit) : items;
  const more = items.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
      {shown.map((amenity) => (
        <li
          key={amenity}
          className="rounded-full border border-sea-200 bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground"
        >
          {amenity}
        </li>
      ))}
      {more > 0 ? (
        <li className="px-1 py-0.5 text-xs text-muted-foreground">+{more} more</li>
      ) : null}
    </ul>
  );
}
