import { Link } from '../../lib/public-router';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../components/layout/public-layout';
import { PageHeader } from '../../components/ui/page-header';

export interface LegalSection {
  /** Anchor id, e.g. "information-we-collect". */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalPageLayoutProps {
  title: string;
  description: ReactNode;
  /** The route's path, for the in-page contents links. */
  path: '/terms-and-conditions' | '/privacy-policy';
  intro?: ReactNode;
  sections: readonly LegalSection[];
}

/** A long policy document: one h1, a contents list, and numbered h2 sections. */
export function LegalPageLayout({
  title,
  description,
  path,
  intro,
  sections,
}: LegalPageLayoutProps) {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <PageHeader eyebrow="Policies" title={title} description={description} />

        <nav aria-label="Contents" className="mt-8 rounded-xl border border-border bg-surface p-5">
          <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Contents
          </p>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2 sm:gap-x-6">
            {sections.map((section, index) => (
              <li key={section.id}>
                <Link
                  to={path}
                  hash={section.id}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {index + 1}. {section.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        <article className="prose-legal mt-4">
          {intro}
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} tabIndex={-1}>
                {index + 1}. {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </article>
      </div>
    </PublicLayout>
  );
}
