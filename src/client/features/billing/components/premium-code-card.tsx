import { Button } from '#client/components/ui/button.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { useRedeemPremiumCode } from '../api/redeem-premium-code.ts';
import { formatLongDate } from '#client/lib/format-date.ts';
import { RedeemCodeBodySchema } from '#shared/premium-codes/premium-codes.schemas.ts';

/** The 'Premium Access Code' card; the server's refusal shows under the field and in a toast. */
export function PremiumCodeCard() {
  const form = useZodForm(RedeemCodeBodySchema, { code: '' });
  const redeem = useRedeemPremiumCode();
  const empty = form.watch('code').trim() === '';

  const submit = form.handleSubmit(({ code }) =>
    redeem.mutate(code, {
      onSuccess: ({ expiryDate }) => {
        form.reset();
        const until = formatLongDate(expiryDate);
        toast({
          title: 'Premium Code Redeemed!',
          description: until ? `Premium until ${until}.` : 'Premium is now active on your account.',
        });
      },
      onError: (error) => form.setError('code', { message: error.message }),
    }),
  );

  return (
    <SectionCard
      region
      title="Premium Access Code"
      description="Got a code from WikiLogos? Redeem it for Premium."
    >
      <form noValidate onSubmit={submit}>
        <HydratedFieldset>
          <FormField
            label="Access code"
            placeholder="XYZ12AB"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            inputClassName="font-mono tracking-wider uppercase placeholder:normal-case"
            alert
            {...form.field('code')}
            hint="Each code can be used once. Redeeming a code while you're on Premium adds its days after your current end date."
            action={
              <Button type="submit" disabled={empty || redeem.isPending} className="sm:w-32">
                {redeem.isPending ? 'Redeeming...' : 'Redeem'}
              </Button>
            }
          />
        </HydratedFieldset>
      </form>
    </SectionCard>
  );
}
