const base64Url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An access token as the API signs them (the signature is not checked by the web app), valid for an hour. */
export function accessToken(claims: { sub: string; name?: string; email: string; role?: string }): string {
  const payload = { role: 'user', exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify(payload)),
    'signature',
  ].join('.');
}
