import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { ContactForm } from '#client/features/support/components/contact-form.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /contact: anyone can write to support; a signed-in user's email is filled in. */
export function ContactRoute() {
  useDocumentTitle('Contact Support');
  const { user } = useCurrentUser();
  return (
    <PageContainer className="grid max-w-3xl gap-8 py-12 sm:py-16">
      <PageHeader
        title="Contact Support"
        description="Questions about a logo, your account, your downloads or your data? Write to us and we will reply by email."
      />
      {user?.isSubscribed ? (
        <Notice variant="accent" icon={<Sparkles aria-hidden />}>
          <p className="font-semibold">Priority support</p>
          <p className="mt-1">As a Premium member, your messages go to the front of the queue.</p>
        </Notice>
      ) : (
        <Notice icon={<Sparkles aria-hidden />}>
          <p>
            Premium members get priority support.{' '}
            <Link to="/premium" className="font-medium text-link underline underline-offset-4">
              See Premium
            </Link>
          </p>
        </Notice>
      )}
      {/* A new form when the session is known, so a signed-in user's email is filled in. */}
      <ContactForm key={user?.id ?? 'guest'} email={user?.email ?? ''} />
    </PageContainer>
  );
}
