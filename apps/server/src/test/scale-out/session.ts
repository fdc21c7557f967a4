import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@site/contract';

/** A signed-in user of a server process: the cookies to send and the CSRF header's value. */
export interface Session {
  cookie: string;
  csrf: string;
  userId: number;
}

/** The session a sign-up or login answer set in its cookies. */
export function sessionFrom(res: Response, body: { user_id: number }): Session {
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
  return {
    cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`,
    csrf: cookies[CSRF_COOKIE] ?? '',
    userId: body.user_id,
  };
}

/** `init` with the session's cookies and CSRF header. */
export const asUser = (session: Session, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie: session.cookie, [CSRF_HEADER]: session.csrf },
});
