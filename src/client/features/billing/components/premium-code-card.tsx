import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/cn.ts';
import { useRedeemPremiumCode } from '../api/redeem-premium-code.ts';
import { formatLongDate } from '../subscription-text.ts';
import { RedeemCodeBodySchema } from '#shared/billing/billing.schemas.ts';

const REDEEM_FAILED_MESSAGE = 'Failed to redeem premium code';

/**
 * The 'Premium Access Code' card (spec 001 §2, §5, §8): the code is trimmed and upper-cased with
 * the contract's schema before it is sent; the server's refusal (unknown, used, expired,
 * invalidated, too many attempts) shows under the field and in a toast.
 */
export function PremiumCodeCard() {
  const id = useId();
  const titleId = `${id}-title`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const redeem = useRedeemPremiumCode();
  const empty = value.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RedeemCodeBodySchema.safeParse({ code: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    redeem.mutate(parsed.data.code, {
      onSuccess: ({ expiryDate, extended }) => {
        setValue('');
        const until = formatLongDate(expiryDate);
        toast({
          title: 'Premium Code Redeemed!',
          description: until
            ? extended
              ? `You have Premium until ${until}.`
              : `Your Premium already runs until ${until}, longer than this code adds.`
            : 'Premium is now active on your account.',
        });
      },
      onError: (err) => {
        const message = err.message || REDEEM_FAILED_MESSAGE;
        setError(message);
        toast({ title: 'Code Redemption Failed', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle level={2} id={titleId}>
          Premium Access Code
        </CardTitle>
        <CardDescription>Got a code from WikiLogos? Redeem it for Premium.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit}>
          <HydratedFieldset className="grid gap-3">
            <label htmlFor={id} className="text-sm font-medium">
              Access code
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={id}
                name="code"
                placeholder="XYZ12AB"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  if (error) setError(undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-note${error ? ` ${id}-error` : ''}`}
                className={cn(
                  'font-mono tracking-wider uppercase placeholder:normal-case',
                  error && 'border-destructive',
                )}
              />
              <Button type="submit" disabled={empty || redeem.isPending} className="sm:w-32">
                {redeem.isPending ? 'Redeeming...' : 'Redeem'}
              </Button>
            </div>
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
                {error}
              </p>
            )}
            <p id={`${id}-note`} className="text-xs/5 text-muted-foreground">
              Each code can be used once. Redeeming a code while you're on Premium extends your
              subscription if the code's duration takes it further.
            </p>
          </HydratedFieldset>
        </form>
      </CardContent>
    </Card>
  );
}
