import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

/** Set by the server render (entry-server.tsx): collects where the page sends the visitor. */
export const ServerRedirect = createContext<{ to: string | null } | null>(null);

/**
 * Sends the visitor elsewhere (replacing this history entry). In the browser that is the router's
 * <Navigate>; on the server the page answers with an HTTP redirect instead, so nobody sees a page
 * flash before it moves.
 */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirect);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
