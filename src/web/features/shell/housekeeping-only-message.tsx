import { Link } from '@tanstack/react-router';
import { BrushCleaning } from 'lucide-react';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';
import { buttonVariants } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Issue 22: what a housekeeping account sees on any back-office page but the board. */
export function HousekeepingOnlyMessage() {
  useDocumentTitle('Not Allowed');
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Not allowed" />
      <InlineAlert tone="error" title={PERMISSION_MESSAGES.housekeepingOnly} />
      <div>
        <Link to={paths.housekeeping} className={buttonVariants()}>
          <BrushCleaning aria-hidden="true" />
          Housekeeping board
        </Link>
      </div>
    </div>
  );
}
