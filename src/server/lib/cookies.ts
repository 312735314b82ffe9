import type { FastifyReply, FastifyRequest } from 'fastify';

/** Every cookie we set: signed, httpOnly, SameSite=Lax, and Secure when the public origin is https. */
export const cookieOptions = (secure: boolean, path = '/') =>
  ({ httpOnly: true, sameSite: 'lax', path, secure, signed: true }) as const;

/** A signed cookie's value, or null when it is absent or its signature does not hold. */
export function readSignedCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies[name];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  return unsigned?.valid && unsigned.value ? unsigned.value : null;
}

/** `answer`, marked so that no cache keeps it: it depends on who is asking (their cookies). */
export function noStore<T>(reply: FastifyReply, answer: T): T {
  reply.header('Cache-Control', 'no-store');
  return answer;
}
