import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MailX } from 'lucide-react';
import { MESSAGE_KIND_LABELS } from '../../../domain/messages-catalog';
import { PublicLayout } from '../../components/layout/public-layout';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { InlineAlert } from '../../components/ui/inline-alert';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { useUnsubscribe, useUnsubscribeInfo } from './unsubscribe';

const BAD_LINK =
  'This unsubscribe link is not valid. Please use the link from your most recent e-mail.';

export interface UnsubscribePageProps {
  /** `?token=` from the link in the e-mail. */
  token?: string;
}

/**
 * Issue 18 point 4: the post-stay mail's unsubscribe link, without signing in. Shows which
 * e-mails to which address stop, and stops them with one button.
 */
export function UnsubscribePage({ token }: UnsubscribePageProps) {
  const settings = usePublicSettings();
  useDocumentTitle('Unsubscribe', settings.resort_name);
  return (
    <PublicLayout mainClassName="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-6">
        <PageHeader
          title="Unsubscribe"
          description={`Stop e-mails from ${settings.resort_name}.`}
        />
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            {token ? (
              <UnsubscribeContent token={token} resortName={settings.resort_name} />
            ) : (
              <InlineAlert tone="error">{BAD_LINK}</InlineAlert>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}

function UnsubscribeContent({ token, resortName }: { token: string; resortName: string }) {
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  const queryClient = useQueryClient();

  if (info.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span role="status" className="sr-only">
          Checking the link...
        </span>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  }
  if (info.isError) {
    const badLink = isApiError(info.error) && [400, 403, 404].includes(info.error.status);
    return (
      <InlineAlert tone="error">
        {badLink ? BAD_LINK : `We could not check the link: ${info.error.message}`}
      </InlineAlert>
    );
  }
  const what = MESSAGE_KIND_LABELS[info.data.kind];
  if (info.data.unsubscribed || unsubscribe.isSuccess) {
    return (
      <p role="status" className="flex items-start gap-3 text-sm">
        <CheckCircle2
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-success-foreground"
        />
        <span>
          {info.data.email_masked} is unsubscribed from the “{what}” e-mails of {resortName}.
          E-mails about a booking you make still come.
        </span>
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Stop the “{what}” e-mails of {resortName} to <strong>{info.data.email_masked}</strong>?
        E-mails about your bookings (confirmations, payments) still come.
      </p>
      {unsubscribe.isError ? (
        <InlineAlert tone="error">{unsubscribe.error.message}</InlineAlert>
      ) : null}
      <Button
        className="w-full sm:w-auto sm:justify-self-start"
        loading={unsubscribe.isPending}
        loadingText="Unsubscribing..."
        onClick={() =>
          unsubscribe.mutate(undefined, {
            onSuccess: () =>
              queryClient.setQueryData(['unsubscribe', token], {
                ...info.data,
                unsubscribed: true,
              }),
          })
        }
      >
        <MailX aria-hidden="true" />
        Unsubscribe
      </Button>
    </div>
  );
}
