// What `rashomon serve` (and `npm start`) prints once it listens. Playing alone on this computer needs
// only the URL: a pairing link is offered only when other devices can reach the server, and it carries
// the owner token, so it goes to a terminal, never into a service's log.
import { pairingUrl, reachableHosts } from '../../sync-server/pairing.ts';

export interface BannerInput {
  host: string;
  port: number;
  url: string;
  ownerToken: string;
  dataDir: string;
  /** Standard output is a terminal (a person reads it, not a log). */
  terminal: boolean;
}

export interface Banner {
  lines: string[];
  /** The pairing link to show as a QR code, when one was printed. */
  pairing?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function startBanner(input: BannerInput): Banner {
  const [first, ...others] = reachableHosts(input.host).map(
    (host) => `http://${host.includes(':') ? `[${host}]` : host}:${input.port}/`,
  );
  const url = first ?? input.url;
  const lines = [`Rashomon is running at ${url}`, ...others.map((other) => `  also at ${other}`)];
  let pairing: string | undefined;
  if (LOOPBACK.has(input.host)) {
    lines.push(
      'Open it in your browser to play: nothing else is needed on this computer.',
      'To play from a phone or another computer on your network too, start with --host 0.0.0.0.',
    );
  } else if (input.terminal) {
    pairing = pairingUrl(url, input.ownerToken);
    lines.push(`To sync another device, open this link on it (it carries the owner token): ${pairing}`);
  } else {
    lines.push(
      'To sync another device, pair it with the owner token: `rashomon token` prints it (not written here, so logs do not keep it).',
    );
  }
  lines.push(`Data folder: ${input.dataDir}`);
  return pairing === undefined ? { lines } : { lines, pairing };
}
