import { FileSpreadsheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '../../components/ui/button';
import { EmptyNote } from '../../components/ui/empty-note';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';

/** A row's first cell names the row: read as a header, styled as text (not as a column's). */
function RowHead({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="px-4 py-3 text-left align-middle text-sm font-medium">
      {children}
    </th>
  );
}

export interface ReportColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

export interface ReportTableProps<T> {
  /** The table's heading (an h3) and its accessible name. */
  title: string;
  rows: readonly T[];
  columns: readonly ReportColumn<T>[];
  rowKey: (row: T) => string;
  /** The CSV download of the same table. */
  csvUrl: string;
  empty?: string;
  /** A totals row, one cell per column. */
  footer?: readonly ReactNode[];
}

/** One of the report's tables with its heading and its CSV download. */
export function ReportTable<T>({
  title,
  rows,
  columns,
  rowKey,
  csvUrl,
  empty = 'Nothing in this period.',
  footer,
}: ReportTableProps<T>) {
  return (
    <div className="grid min-w-0 gap-2 break-inside-avoid">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{title}</h3>
        <a
          href={csvUrl}
          download
          className={`${buttonVariants({ variant: 'outline', size: 'sm' })} print:hidden`}
        >
          <FileSpreadsheet aria-hidden="true" />
          CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <Table label={title} className="whitespace-nowrap">
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.header} className={column.numeric ? 'text-right' : ''}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column, i) =>
                  i === 0 ? (
                    <RowHead key={column.header}>{column.cell(row)}</RowHead>
                  ) : (
                    <TableCell
                      key={column.header}
                      className={column.numeric ? 'text-right tabular-nums' : ''}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
          {footer ? (
            <TableFooter>
              <TableRow>
                {footer.map((cell, i) =>
                  i === 0 ? (
                    <RowHead key={i}>{cell}</RowHead>
                  ) : (
                    <TableCell
                      key={i}
                      className={columns[i]?.numeric ? 'text-right font-semibold tabular-nums' : ''}
                    >
                      {cell}
                    </TableCell>
                  ),
                )}
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      )}
    </div>
  );
}
