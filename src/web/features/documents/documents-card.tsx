import { Ban, Download, FilePlus2, FileText, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { BookingDetailDto } from '../../../domain/schemas/booking.schema';
import type { DocumentDto } from '../../../domain/schemas/document.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { useCurrentUser } from '../auth/get-session';
import { DOCUMENT_KIND_LABELS } from './document-labels';
import { useBillingMode } from './get-billing-mode';
import { documentPdfUrl, useBookingDocuments } from './get-booking-documents';
import { IssueDocumentDialog, issueLabel } from './issue-document-dialog';
import { VoidDocumentDialog } from './void-document-dialog';

const linkClass =
  'inline-flex items-center gap-1 rounded-sm text-sm text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4';

/**
 * Issue 20: the booking's receipts and invoices, next to its folio. Staff issue them and
 * download their PDFs; managers void one with a reason and issue the corrected one. Every figure
 * is the server's.
 */
export function DocumentsCard({ booking }: { booking: BookingDetailDto }) {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const query = useBookingDocuments(booking.booking_id);
  const mode = useBillingMode();
  const [issuing, setIssuing] = useState<{ replaces: DocumentDto | null } | null>(null);
  const [voiding, setVoiding] = useState<DocumentDto | null>(null);
  const titleId = useId();
  const documents = query.data ?? [];

  return (
    <section aria-labelledby={titleId} className="grid min-w-0">
      <Card>
        <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={titleId}>Receipts &amp; invoices</CardTitle>
            <CardDescription>
              Numbered when issued, never edited: a mistake is voided with its reason and a
              corrected document names it.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button
              variant="outline"
              disabled={!query.isSuccess}
              onClick={() => setIssuing({ replaces: null })}
            >
              <FilePlus2 aria-hidden="true" />
              {issueLabel(mode)}
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              <span role="status" className="sr-only">
                Loading receipts and invoices...
              </span>
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : query.isError ? (
            <LoadFailedAlert
              title="We couldn't load the receipts and invoices."
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : documents.length === 0 ? (
            <p className="text-sm text-muted-foreground">No receipts issued yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Documents of this booking">
              {documents.map((document) => (
                <DocumentItem
                  key={document.document_id}
                  document={document}
                  isManager={isManager}
                  onVoid={() => setVoiding(document)}
                  onReissue={() => setIssuing({ replaces: document })}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {issuing ? (
        <IssueDocumentDialog
          booking={booking}
          documents={documents}
          mode={mode}
          replaces={issuing.replaces}
          open
          onOpenChange={(open) => {
            if (!open) setIssuing(null);
          }}
        />
      ) : null}
      {voiding ? (
        <VoidDocumentDialog
          document={voiding}
          open
          onOpenChange={(open) => {
            if (!open) setVoiding(null);
          }}
        />
      ) : null}
    </section>
  );
}

function DocumentItem({
  document,
  isManager,
  onVoid,
  onReissue,
}: {
  document: DocumentDto;
  isManager: boolean;
  onVoid: () => void;
  onReissue: () => void;
}) {
  const isVoid = document.status === 'void';
  return (
    <li
      className="grid gap-2 rounded-lg border border-border p-3 text-sm"
      data-testid="document-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className={isVoid ? 'line-through' : undefined}>{document.display_number}</span>
            {isVoid ? <Badge variant="destructive">VOID</Badge> : null}
          </p>
          <p className="text-muted-foreground">
            {DOCUMENT_KIND_LABELS[document.kind]} · {formatDate(document.issue_date)} ·{' '}
            {document.scope === 'payment' ? 'one payment' : 'whole stay'} ·{' '}
            <span className="break-words">{document.buyer_name}</span>
          </p>
          {document.replaces_display_number ? (
            <p>Replaces {document.replaces_display_number}</p>
          ) : null}
          {isVoid && document.void_reason ? (
            <p className="break-words">Void: {document.void_reason}</p>
          ) : null}
          {document.replaced_by_display_number ? (
            <p>Corrected by {document.replaced_by_display_number}</p>
          ) : null}
          {document.booklet_serial ? <p>Booklet serial {document.booklet_serial}</p> : null}
        </div>
        <p className="font-semibold tabular-nums">{formatCurrency(document.total)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden">
        <a href={documentPdfUrl(document.document_id, 'a4')} className={linkClass} download>
          <Download aria-hidden="true" />
          Download PDF (A4)
          <span className="sr-only"> of {document.display_number}</span>
        </a>
        <a href={documentPdfUrl(document.document_id, 'roll')} className={linkClass} download>
          <Download aria-hidden="true" />
          Roll (80 mm)
          <span className="sr-only"> of {document.display_number}</span>
        </a>
        {isManager && !isVoid ? (
          <Button variant="outline" size="sm" onClick={onVoid}>
            <Ban aria-hidden="true" />
            Void<span className="sr-only"> {document.display_number}</span>
          </Button>
        ) : null}
        {isVoid && !document.replaced_by_display_number ? (
          <Button variant="outline" size="sm" onClick={onReissue}>
            <RotateCcw aria-hidden="true" />
            Issue corrected document
            <span className="sr-only"> for {document.display_number}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
