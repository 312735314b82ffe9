import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#client/components/ui/accordion.tsx';
import {
  FREE_DOWNLOADS_PER_MONTH,
  GUEST_DOWNLOADS_PER_SESSION,
  PREMIUM_PRICE,
} from '#shared/billing/plans.ts';

const ANNUAL_PRICE = `$${PREMIUM_PRICE.annual.perMonth}/month billed annually ($${PREMIUM_PRICE.annual.perYear}/year)`;
const MONTHLY_PRICE = `$${PREMIUM_PRICE.monthly.perMonth}/month billed monthly`;

const FAQ = [
  {
    id: 'free',
    question: 'How does the free plan work?',
    answer: (
      <>
        <p>
          Create a free account and download up to {FREE_DOWNLOADS_PER_MONTH} logos a month — no
          card needed. You can search all of Wikimedia Commons, preview every logo with its license,
          and download single files in their original format.
        </p>
        <p>
          Without an account you can still download {GUEST_DOWNLOADS_PER_SESSION} logos per browser
          session. Batch download, merging SVGs into one sheet, direct SVG copy and the download
          history are part of Premium.
        </p>
      </>
    ),
  },
  {
    id: 'why-upgrade',
    question: 'Why upgrade to Premium?',
    answer: (
      <p>
        Premium removes the monthly limit and adds the tools for bigger jobs: select many logos and
        download them as one zip (with an attribution file), combine SVG logos into a single sheet,
        copy a logo's SVG code straight to your clipboard, and find past downloads in your history.
        It costs {ANNUAL_PRICE} or {MONTHLY_PRICE}, with priority support and no ads, ever.
      </p>
    ),
  },
  {
    id: 'counting',
    question: 'How are downloads counted?',
    answer: (
      <>
        <p>
          Each logo counts once per period. On the free plan your period starts with your first
          download and lasts one month; after that your count goes back to zero. Downloading a logo
          again in the same period doesn't count a second time. Your dashboard shows how many you
          have left and when the count resets.
        </p>
        <p>
          Guests get {GUEST_DOWNLOADS_PER_SESSION} downloads per browser session, counted on our
          server. Premium downloads are unlimited and never counted against a limit.
        </p>
      </>
    ),
  },
  {
    id: 'cancel',
    question: 'Can I cancel anytime?',
    answer: (
      <p>
        Yes. Cancel from the Subscription tab of your dashboard with one click. You keep Premium
        until the end of the period you've already paid for and aren't charged again; then your
        account returns to the free plan.
      </p>
    ),
  },
  {
    id: 'security',
    question: 'Is my payment secure?',
    answer: (
      <>
        <p>
          Payments are handled by Stripe on its own secure checkout page. Your card details go
          straight to Stripe and never reach WikiLogos; we only keep whether your subscription is
          active and when it ends.
        </p>
        <p>
          Got a premium access code instead? Redeem it in the Subscription tab of your dashboard —
          no card needed.
        </p>
      </>
    ),
  },
] as const;

/** The pricing page's five questions, opened one at a time. */
export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto w-full max-w-3xl">
      <h2 id="pricing-faq" className="text-center text-2xl font-semibold tracking-tight">
        Frequently Asked Questions
      </h2>
      <Accordion type="single" collapsible className="mt-6 rounded-2xl border bg-card px-5 sm:px-6">
        {FAQ.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent className="grid gap-3">{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
