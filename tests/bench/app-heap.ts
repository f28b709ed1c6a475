// The app bench's heap after open: a full GC (HeapProfiler.collectGarbage), then the JS heap used
// (Runtime.getHeapUsage usedSize) of the page and of the driver's dedicated worker, over the DevTools
// protocol; three times a second apart, the smallest of each kept. What works in this Chromium (Debian 156) under playwright-core's persistent context (which
// has no Browser, so no browser CDP session): a page session (`context.newCDPSession(page)`), on it
// Target.setAutoAttach with flatten: false, which reports the page's dedicated worker (and the service
// worker) as attached sessions, then Target.sendMessageToTarget to that session with the replies in
// Target.receivedMessageFromTarget. (flatten: true attaches too, but playwright-core's CDPSession
// cannot address a child session.)
import type { BrowserContext, Page } from 'playwright-core';

export interface Heap {
  pageMB: number;
  workerMB: number;
  totalMB: number;
}

interface Attached {
  sessionId: string;
  targetInfo: { type: string; url: string };
}

const MB = 2 ** 20;
const ATTACH_TIMEOUT_MS = 10_000;
const SAMPLES = 3;
const SAMPLE_GAP_MS = 1000;
const round1 = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export async function heapAfterOpen(context: BrowserContext, page: Page): Promise<Heap> {
  const cdp = await context.newCDPSession(page);
  try {
    const attachedWorker = new Promise<Attached>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the driver worker never attached')),
        ATTACH_TIMEOUT_MS,
      );
      cdp.on('Target.attachedToTarget', (event) => {
        const attached = event as Attached;
        if (attached.targetInfo.type !== 'worker' || !attached.targetInfo.url.includes('driver.worker'))
          return;
        clearTimeout(timer);
        resolve(attached);
      });
    });
    const replies = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
      if (message.id !== undefined) replies.get(message.id)?.(message);
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    const { sessionId } = await attachedWorker;
    let next = 1;
    const inWorker = async (method: string): Promise<unknown> => {
      const id = next++;
      const reply = new Promise<{ result?: unknown; error?: unknown }>((resolve) => replies.set(id, resolve));
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      const message = await reply;
      if (message.error) throw new Error(`${method} in the worker: ${JSON.stringify(message.error)}`);
      return message.result;
    };
    const used = async () => {
      await inWorker('HeapProfiler.collectGarbage');
      const worker = ((await inWorker('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
      await cdp.send('HeapProfiler.collectGarbage');
      return { page: (await cdp.send('Runtime.getHeapUsage')).usedSize, worker };
    };
    // A command still running in the worker (the story's problems, a checkpoint) holds what it is
    // reading through a GC: the smallest of a few samples apart is the story held open, idle.
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, SAMPLE_GAP_MS));
      samples.push(await used());
    }
    const page = Math.min(...samples.map((s) => s.page));
    const worker = Math.min(...samples.map((s) => s.worker));
    return { pageMB: round1(page), workerMB: round1(worker), totalMB: round1(page + worker) };
  } finally {
    await cdp.detach();
  }
}
