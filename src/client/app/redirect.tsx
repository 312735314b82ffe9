import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

/** Set by the server render (entry-server.tsx): collects where the page sends the visitor. */
export const ServerRedirect = createContext<{ to: string | null } | null>(null);

/** Sends the visitor elsewhere: <Navigate replace> in the browser, an HTTP redirect on the server. */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirect);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
