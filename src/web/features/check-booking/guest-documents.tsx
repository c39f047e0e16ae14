import { Download } from 'lucide-react';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { GuestDocumentDto } from '../../../domain/schemas/document.schema';
import { Badge } from '../../components/ui/badge';

/**
 * Issue 20: the guest's receipts and invoices, each with its PDF (a signed link the lookup
 * answered with). Shown once there is one.
 */
export function GuestDocuments({ documents }: { documents: readonly GuestDocumentDto[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="guest-documents-title" className="grid gap-2">
      <h3 id="guest-documents-title" className="text-base font-semibold">
        Receipts
      </h3>
      <ul className="grid divide-y divide-border rounded-lg border border-border">
        {documents.map((document) => (
          <li
            key={document.display_number}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
            data-testid="guest-document"
          >
            <span className="grid gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                <span className={document.status === 'void' ? 'line-through' : undefined}>
                  {document.display_number}
                </span>
                {document.status === 'void' ? <Badge variant="destructive">VOID</Badge> : null}
              </span>
              <span className="text-muted-foreground">
                {formatDate(document.issue_date, 'MMM dd, yyyy')} ·{' '}
                <span className="tabular-nums">{formatCurrency(document.total)}</span>
              </span>
            </span>
            <a
              href={document.pdf_url}
              download
              className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Download aria-hidden="true" className="size-4" />
              Download PDF<span className="sr-only"> of {document.display_number}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
