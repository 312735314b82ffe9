import { generatePassword, hashPassword } from './password.ts';
import type { UsersRepository } from './users.repository.ts';

export type AdministratorBootstrap =
  | { outcome: 'exists' }
  | { outcome: 'created'; username: string; generatedPassword: string | null }
  | { outcome: 'username-taken'; username: string };

export function createAccountsService({ usersRepo }: { usersRepo: UsersRepository }) {
  return {
    /**
     * A fresh install needs someone who can open /admin. Runs at every start and does nothing
     * once any administrator exists, so an operator's later password change is never undone.
     */
    async ensureAdministrator(
      username: string,
      password: string | undefined,
    ): Promise<AdministratorBootstrap> {
      if (await usersRepo.hasAdministrator()) return { outcome: 'exists' };
      const secret = password ?? generatePassword();
      const id = await usersRepo.insertIfAbsent({
        username,
        passwordHash: await hashPassword(secret),
        isAdmin: true,
      });
      if (id !== null) {
        return { outcome: 'created', username, generatedPassword: password ? null : secret };
      }
      // Another instance starting at the same moment may have just created it.
      if (await usersRepo.hasAdministrator()) return { outcome: 'exists' };
      return { outcome: 'username-taken', username };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
