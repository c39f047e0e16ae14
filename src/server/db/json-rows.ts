import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row as PostgreSQL's `to_jsonb` wrote it (a SQL function's answer), in the table's TypeScript
 * shape: keys by the schema's property names, timestamps as Dates.
 */
export function fromJsonRow<T>(table: Table, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] =
      column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T;
}

/**
 * The JSON value in `column` of the first row of an `execute` result (a SQL function's answer),
 * parsed: node-postgres and PGlite hand jsonb back already parsed, a driver may hand it as text.
 */
export function firstJsonValue<T>(result: unknown, column: string): T {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  const value = (rows[0] as Record<string, unknown>)[column];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
