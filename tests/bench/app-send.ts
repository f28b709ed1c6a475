// The app bench's ready to send (the "ready to send (command accepted) ≤ 1 s"), in Chromium:
// a reload on the story's URL (warm: the service worker controls it), and as soon as the composer's
// Send is enabled (checked every animation frame) a user turn is put into "Your turn" and sent.
//   sendEnabledMs  navigation start → Send in the page and not aria-disabled
//   readyToSendMs  navigation start → the sent turn's row in the transcript: the worker opened the
//                  story, accepted the command and stored the turn, and the page showed it
// The turn is sent twice over: by a sender in the page (an input event on "Your turn" and a click on
// Send in the frame Send is enabled: the headline figure), and through Playwright's fill and click,
// which first wait for the elements to be stable over animation frames and cross to Node and back
// (the click came 230–300 ms after Send was enabled on 10,000-turn reloads), kept beside it as `playwright`.
// The backend is a model server on 127.0.0.1 that lists its model and never answers a completion (the
// generation after the turn is left running; the next reload ends it), so no reply changes the story
// or loads the machine during the figure. A stand-in for the e2e OpenAI stub, which has no types for
// TypeScript: the same CORS headers, nothing else.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { assertControlled, settle } from './app-render.ts';
import { median, progress, round } from './stats.ts';

export const SILENT_MODEL = 'bench-silent-model';
const READY_TIMEOUT_MS = 60_000;

export interface SilentServer {
  baseURL: string;
  close(): Promise<void>;
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
}

/** An OpenAI-protocol server that never answers a chat completion. */
export async function startSilentServer(): Promise<SilentServer> {
  const server: Server = createServer((req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ object: 'list', data: [{ id: SILENT_MODEL, object: 'model' }] }));
    }
    // A completion: the request is read and never answered.
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** In Settings, the server added as an OpenAI-compatible backend (the device's default). */
export async function connectBackend(page: Page, baseURL: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Add OpenAI-compatible server' }).click();
  await settings.getByLabel('Base URL', { exact: true }).fill(baseURL);
  await settings.getByLabel('Model', { exact: true }).fill(SILENT_MODEL);
  await settings.getByRole('button', { name: 'Done' }).click();
  await settings.waitFor({ state: 'hidden' });
}

/** Runs of one way of sending. */
interface SendRuns {
  medianMs: number | null;
  runsMs: number[];
  sendEnabledMs: number[];
}

export interface ReadyToSend extends SendRuns {
  /** The same, sent through Playwright's fill and click. */
  playwright: SendRuns;
  note?: string;
}

/** The sessionStorage entry holding the text the in-page sender sends on the next document. */
const SEND_KEY = 'rashomon-bench-send';

interface PageSender {
  benchSend?: { enabledMs?: number; rowMs?: number };
  benchSendFrame?: () => void;
}

/**
 * Installs on the page a sender that starts with every document it loads, when sessionStorage holds a
 * text (taken, so only that document sends it): each animation frame it looks whether Send is enabled,
 * then puts the text into "Your turn" with an input event and clicks Send, and notes when the turn's
 * row is in the transcript.
 */
export async function sendOnLoad(page: Page): Promise<void> {
  await page.addInitScript(
    ({ key, timeout }) => {
      const text = sessionStorage.getItem(key);
      if (text === null) return;
      sessionStorage.removeItem(key);
      const w = window as unknown as PageSender;
      const seen: NonNullable<PageSender['benchSend']> = {};
      w.benchSend = seen;
      w.benchSendFrame = () => {
        if (seen.enabledMs === undefined) {
          const send = document.querySelector('form.composer button[type="submit"]');
          const box = document.querySelector('form.composer textarea');
          if (
            send instanceof HTMLButtonElement &&
            box instanceof HTMLTextAreaElement &&
            send.getAttribute('aria-disabled') !== 'true'
          ) {
            seen.enabledMs = performance.now();
            box.value = text;
            box.dispatchEvent(new Event('input', { bubbles: true }));
            send.click();
          }
        } else if (
          [...document.querySelectorAll('li[data-turn-id]')].some((row) => row.textContent?.includes(text))
        )
          seen.rowMs = performance.now();
        if (seen.rowMs === undefined && performance.now() < timeout && w.benchSendFrame)
          requestAnimationFrame(w.benchSendFrame);
      };
      requestAnimationFrame(w.benchSendFrame);
    },
    { key: SEND_KEY, timeout: READY_TIMEOUT_MS },
  );
}

/**
 * `runs` reloads on the page's story URL, each timed until a turn sent at once is in the transcript:
 * sent in the page (sendOnLoad must be installed), then `runs` more through Playwright.
 */
export async function readyToSend(page: Page, runs: number): Promise<ReadyToSend> {
  const runsMs: number[] = [];
  const sendEnabledMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const text = `The page sends turn ${run + 1} the moment it can.`;
    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SEND_KEY, text] as const);
    await page.reload({ waitUntil: 'commit' });
    const sent = await page
      .waitForFunction(() => (window as unknown as PageSender).benchSend?.rowMs !== undefined, undefined, {
        timeout: READY_TIMEOUT_MS,
      })
      .then(() => page.evaluate(() => (window as unknown as PageSender).benchSend))
      .catch(() => undefined);
    await assertControlled(page);
    if (sent?.rowMs === undefined || sent.enabledMs === undefined)
      return {
        medianMs: null,
        runsMs,
        sendEnabledMs,
        playwright: { medianMs: null, runsMs: [], sendEnabledMs: [] },
        note: `ready to send: the turn sent in the page was not in the transcript within ${READY_TIMEOUT_MS / 1000} s`,
      };
    runsMs.push(round(sent.rowMs));
    sendEnabledMs.push(round(sent.enabledMs));
    progress(
      `app: ready to send ${run + 1}/${runs}: ${runsMs.at(-1)} ms (Send enabled at ${sendEnabledMs.at(-1)} ms)`,
    );
    await settle(page, 300);
  }
  const { note, ...playwright } = await readyThroughPlaywright(page, runs);
  return {
    medianMs: round(median(runsMs)),
    runsMs,
    sendEnabledMs,
    playwright,
    ...(note ? { note } : {}),
  };
}

/** As readyToSend, the turn typed and sent through Playwright's fill and click. */
async function readyThroughPlaywright(page: Page, runs: number): Promise<SendRuns & { note?: string }> {
  const runsMs: number[] = [];
  const sendEnabledMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const text = `Playwright sends turn ${run + 1} the moment it can.`;
    await page.reload({ waitUntil: 'commit' });
    const enabled = await page.waitForFunction(
      () => {
        const send = [...document.querySelectorAll('form.composer button[type="submit"]')][0];
        return send && send.getAttribute('aria-disabled') !== 'true' ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: READY_TIMEOUT_MS },
    );
    sendEnabledMs.push(round((await enabled.jsonValue()) as number));
    await assertControlled(page);
    await page.getByRole('textbox', { name: 'Your turn' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    const shown = await page
      .waitForFunction(
        (sent) =>
          [...document.querySelectorAll('li[data-turn-id]')].some((row) => row.textContent?.includes(sent))
            ? performance.now()
            : false,
        text,
        { polling: 'raf', timeout: READY_TIMEOUT_MS },
      )
      .catch(() => null);
    if (!shown)
      return {
        medianMs: null,
        runsMs,
        sendEnabledMs,
        note: `ready to send: the turn sent through Playwright was not in the transcript within ${READY_TIMEOUT_MS / 1000} s`,
      };
    runsMs.push(round((await shown.jsonValue()) as number));
    progress(
      `app: ready to send through Playwright ${run + 1}/${runs}: ${runsMs.at(-1)} ms (Send enabled at ${sendEnabledMs.at(-1)} ms)`,
    );
    await settle(page, 300);
  }
  return { medianMs: round(median(runsMs)), runsMs, sendEnabledMs };
}
