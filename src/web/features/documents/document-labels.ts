import type { DocumentKind } from '../../../domain/documents';

/** How the pages name a document's kind. */
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  acknowledgement_receipt: 'Acknowledgement receipt',
  invoice: 'Invoice',
};
