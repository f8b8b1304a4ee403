import type { Config } from '../config.js';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

export type SiteOrigins = {
  /** Where absolute links point: payment callbacks, e-mails, link previews. */
  primary(): string;
  /** The origins a payment may send the browser back to. */
  callbackOrigins(): string[];
};

/**
 * Sokoni's own origins, from configuration alone: PUBLIC_URL, else where the server listens
 * (HOST:PORT, the port read from the listening socket when PORT=0). Never from a request's Host
 * header, which the caller writes. A server on a loopback address answers to each of its loopback
 * names, so a developer on http://localhost:3000 can pay as well as one on 127.0.0.1.
 */
export function createSiteOrigins(
  config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'callbackOrigins'>,
  listeningPort: () => number | undefined,
): SiteOrigins {
  const host = bracketed(config.host);
  const listening = () => listeningPort() ?? config.port;
  const primary = () =>
    config.publicUrl
      ? new URL(config.publicUrl).origin
      : `http://${ALL_INTERFACES.has(host) ? '127.0.0.1' : host}:${listening()}`;
  return {
    primary,
    callbackOrigins() {
      const own =
        !config.publicUrl && (LOOPBACK_HOSTS.includes(host) || ALL_INTERFACES.has(host))
          ? LOOPBACK_HOSTS.map((name) => `http://${name}:${listening()}`)
          : [primary()];
      return [...own, ...config.callbackOrigins];
    },
  };
}
