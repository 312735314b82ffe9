import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MailCheck, Send } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { SUPPORT_LIMITS, SupportRequestBodySchema } from '#shared/support/support.schemas.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';

/**
 * The /contact form: email (the account's when signed in, still editable), subject and message,
 * checked with the same contract as the server. After sending, a confirmation replaces it.
 */
export function ContactForm({ email }: { email: string }) {
  const form = useZodForm(SupportRequestBodySchema, { email, subject: '', message: '' });
  const send = useSendSupportRequest();
  const [sent, setSent] = useState<string | null>(null);
  const messageLength = form.watch('message').length;

  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: ({ message }) => {
        setSent(message);
        form.reset({ email: body.email, subject: '', message: '' });
      },
    }),
  );

  if (sent !== null) {
    return (
      <Card role="status" className="flex flex-col items-start gap-4 p-6">
        <span
          aria-hidden
          className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
        >
          <MailCheck className="size-6" />
        </span>
        <SentHeading />
        <p className="text-sm/6 text-muted-foreground">{sent}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => setSent(null)}>
            Send another message
          </Button>
          <Button asChild>
            <Link to="/">Back to Search</Link>
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={submit} aria-label="Contact support">
          <HydratedFieldset className="grid gap-5">
            <FormField
              label="Your email"
              type="email"
              autoComplete="email"
              hint="We reply to this address."
              maxLength={SUPPORT_LIMITS.emailMax}
              {...form.field('email')}
            />
            <FormField
              label="Subject"
              maxLength={SUPPORT_LIMITS.subjectMax}
              {...form.field('subject')}
            />
            <TextareaField
              label="Message"
              rows={8}
              hint={`${messageLength.toLocaleString('en-US')} / ${SUPPORT_LIMITS.messageMax.toLocaleString('en-US')} characters`}
              {...form.field('message')}
            />
            <Button type="submit" className="justify-self-start" disabled={send.isPending}>
              <Send aria-hidden />
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </HydratedFieldset>
        </form>
      </CardContent>
    </Card>
  );
}

/** Takes the focus (and the view) when the form makes way for the confirmation. */
function SentHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
      Message sent
    </h2>
  );
}
