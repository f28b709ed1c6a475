// A backend profile's request deadline (issue 19): the setting is validated with the bounds the CLI
// has too, the app spells the same bounds, and the worker's model for the profile keeps to it against
// a real server that stays silent after its headers.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_TIMEOUT_S,
  MAX_REQUEST_TIMEOUT_S,
  MIN_REQUEST_TIMEOUT_S,
} from '../../src/driver/request-deadline.ts';
import * as app from '../../src/app/settings/request-deadline-bounds.ts';
import { openAIProfileSchema } from '../../src/backends/profile.ts';
import { createDeviceBackends } from '../../src/backends/device-backends.ts';
import { english } from '../../src/backends/wording.ts';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';
import { silent } from '../support/misbehaving-replies.ts';

const profile = (requestTimeoutSeconds?: unknown) => ({
  id: 'p1',
  kind: 'openai',
  baseURL: 'http://127.0.0.1:1/v1',
  model: 'test-model',
  ...(requestTimeoutSeconds === undefined ? {} : { requestTimeoutSeconds }),
});

describe('[MS2] the request deadline of a backend profile', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('[MS2] is whole seconds within the bounds; unset is the default', () => {
    expect(openAIProfileSchema.parse(profile()).requestTimeoutSeconds).toBeUndefined();
    expect(openAIProfileSchema.parse(profile(30)).requestTimeoutSeconds).toBe(30);
    for (const bad of [0, 1.5, MAX_REQUEST_TIMEOUT_S + 1, '30'])
      expect(openAIProfileSchema.safeParse(profile(bad)).success, String(bad)).toBe(false);
    expect([app.DEFAULT_REQUEST_TIMEOUT_S, app.MIN_REQUEST_TIMEOUT_S, app.MAX_REQUEST_TIMEOUT_S]).toEqual([
      DEFAULT_REQUEST_TIMEOUT_S,
      MIN_REQUEST_TIMEOUT_S,
      MAX_REQUEST_TIMEOUT_S,
    ]);
  });

  it("[MS2] the worker's model for the profile stops a silent answer at the profile's deadline, once", async () => {
    let asked = 0;
    server = await startOpenAIServer({ answer: () => (asked++, silent) });
    const backends = createDeviceBackends(() => {}, english);
    const model = backends.factory(openAIProfileSchema.parse({ ...profile(1), baseURL: server.baseURL }));
    const result = await model.complete({ messages: [{ role: 'user', content: 'Hi?' }] });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    expect(!result.ok && result.detail).toMatch(/took longer than 1 s to answer, so the request was stopped/);
    expect(!result.ok && result.detail).not.toMatch(/Gave up after/);
    expect(asked).toBe(1);
  });
});
