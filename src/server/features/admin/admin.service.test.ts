import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import { openTestPglite } from '#tests/support/test-app.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { createUsersRepository } from '../accounts/users.repository.ts';
import { createAdminUsersRepository } from './admin-users.repository.ts';
import { createAdminService } from './admin.service.ts';
import { createAuditLogRepository } from './audit-log.repository.ts';

/** The Stripe hook: the admin area cancels a subscription before it ends or deletes an account. */
describe('admin service and Stripe', () => {
  let database: DatabaseHandle;
  const cancelled: number[] = [];
  let failNext = false;
  const billing = {
    async cancelStripeSubscriptionNow(userId: number) {
      if (failNext) {
        failNext = false;
        throw new Error('Stripe is unreachable');
      }
      cancelled.push(userId);
    },
  };
  let accounts: ReturnType<typeof createAccountsService>;
  let admin: ReturnType<typeof createAdminService>;
  let actor: User;

  beforeAll(async () => {
    database = await openTestPglite();
    accounts = createAccountsService({ usersRepo: createUsersRepository(database.db) });
    admin = createAdminService({
      usersRepo: createAdminUsersRepository(database.db),
      auditRepo: createAuditLogRepository(database.db),
      billing,
      allowTestAccounts: false,
    });
    const boot = await accounts.ensureAdministrator('root', 'root-password');
    expect(boot.outcome).toBe('created');
    actor = (await admin.listUsers({ search: 'root', page: 1, pageSize: 1 })).users[0]!;
  });
  afterAll(() => database.close());

  const newPremiumUser = async (name: string) => {
    const user = await accounts.register({
      username: name,
      email: `${name}@example.com`,
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    await admin.grantSubscription(actor, user.id, 1);
    return user;
  };

  it('cancels at Stripe before ending Premium, and keeps Premium when Stripe fails', async () => {
    const user = await newPremiumUser('payer');
    failNext = true;
    await expect(admin.downgradeSubscription(actor, user.id)).rejects.toThrow(/unreachable/);
    expect((await accounts.getUser(user.id))?.isSubscribed).toBe(true);

    await admin.downgradeSubscription(actor, user.id);
    expect(cancelled).toEqual([user.id]);
    expect((await accounts.getUser(user.id))?.isSubscribed).toBe(false);
  });

  it('cancels at Stripe before deleting an account, and never for an administrator', async () => {
    const user = await newPremiumUser('leaver');
    await admin.deleteUser(actor, user.id);
    expect(cancelled.at(-1)).toBe(user.id);
    expect(await accounts.getUser(user.id)).toBeNull();

    const before = cancelled.length;
    await expect(admin.deleteUser(actor, actor.id)).rejects.toMatchObject({ statusCode: 403 });
    expect(cancelled.length).toBe(before);
  });
});
