/** The text after inserting `insert` over the selection, and where the caret goes. */
export interface Insertion {
  value: string;
  caret: number;
}

/**
 * Puts `insert` where the caret is (replacing a selection). Without a known caret (the field
 * never had focus) it goes at the end, on its own word.
 */
export function insertAtCursor(
  value: string,
  insert: string,
  selectionStart: number | null,
  selectionEnd: number | null = selectionStart,
): Insertion {
  if (selectionStart === null) {
    const spacer = value === '' || /\s$/.test(value) ? '' : ' ';
    const next = `${value}${spacer}${insert}`;
    return { value: next, caret: next.length };
  }
  const start = clamp(selectionStart, 0, value.length);
  const end = clamp(selectionEnd ?? start, start, value.length);
  return { value: value.slice(0, start) + insert + value.slice(end), caret: start + insert.length };
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}

/** A placeholder as written in a template. */
export function placeholderToken(name: string): string {
  return `{{${name}}}`;
}
