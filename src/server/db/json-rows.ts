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
