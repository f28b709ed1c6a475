// "Test connection" and the local-server probe against a real HTTP server on 127.0.0.1: models
// listed, a refused key, a missing model, an empty server, a wrong base URL and a closed port.
import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointPreset } from '../../src/workers/api.ts';
import { probeLocalServers, testConnection } from '../../src/backends/openai/endpoints.ts';
import { english } from '../../src/backends/wording.ts';
import { startOpenAIServer, type OpenAIServer, type OpenAIServerOptions } from '../support/openai-server.ts';
import { closedPort } from '../support/closed-port.ts';

describe('testConnection against a local OpenAI-compatible server', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const start = async (options: Partial<OpenAIServerOptions>) =>
    (server = await startOpenAIServer({ answer: () => 'unused', ...options }));
  const node = { isBrowser: false, wording: english };

  it('reports ok with the models the server lists', async () => {
    const { baseURL } = await start({ models: ['llama3.2', 'qwen3:1.7b'] });
    expect(await testConnection({ baseURL }, node)).toEqual({
      ok: true,
      detail: `Connected to ${baseURL}: 2 models available.`,
      models: ['llama3.2', 'qwen3:1.7b'],
    });
    expect(await testConnection({ baseURL, model: 'qwen3:1.7b' }, node)).toMatchObject({
      ok: true,
      detail: expect.stringContaining('"qwen3:1.7b" is available'),
    });
  });

  it('reports unauthorized when the server refuses the key (401), and ok with the right key', async () => {
    const { baseURL } = await start({ apiKey: 'sk-right' });
    const refused = await testConnection({ baseURL, apiKey: 'sk-wrong' }, node);
    expect(refused).toMatchObject({ ok: false, code: 'unauthorized', models: [] });
    expect(refused.detail).toMatch(/API key/);
    expect(await testConnection({ baseURL }, node)).toMatchObject({
      code: 'unauthorized',
      detail: expect.stringContaining('none was given'),
    });
    expect(await testConnection({ baseURL, apiKey: 'sk-right' }, node)).toMatchObject({ ok: true });
    expect(server!.requests).toEqual([]); // GET /models is not a chat request
  });

  it('reports model-not-found and says which models exist', async () => {
    const { baseURL } = await start({ models: ['llama3.2', 'mistral'] });
    const report = await testConnection({ baseURL, model: 'gpt-4o' }, node);
    expect(report).toMatchObject({ ok: false, code: 'model-not-found', models: ['llama3.2', 'mistral'] });
    expect(report.detail).toBe(`${baseURL} has no model "gpt-4o". It offers: llama3.2, mistral.`);
  });

  it('reports no-models when the server lists none', async () => {
    const { baseURL } = await start({ models: [] });
    expect(await testConnection({ baseURL, model: 'anything' }, node)).toMatchObject({
      ok: false,
      code: 'no-models',
      detail: expect.stringContaining('offers no models'),
    });
  });

  it('suggests /v1 when the base URL has no model list (404)', async () => {
    const { baseURL } = await start({});
    const root = baseURL.replace(/\/v1$/, '');
    const report = await testConnection({ baseURL: root }, node);
    expect(report).toMatchObject({ ok: false, code: 'unreachable' });
    expect(report.detail).toContain(`Did you mean ${root}/v1?`);
  });

  it('reports unreachable for a closed port, naming the refusal', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    const report = await testConnection({ baseURL }, node);
    expect(report).toMatchObject({ ok: false, code: 'unreachable', models: [] });
    expect(report.detail).toMatch(/ECONNREFUSED/);
  });
});

describe('probeLocalServers', () => {
  let server: OpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('finds the one preset that answers among closed ports', async () => {
    server = await startOpenAIServer({ answer: () => 'unused', models: ['llama3.2'] });
    const port = new URL(server.baseURL).port;
    const preset = (id: string, p: string | number): EndpointPreset => ({
      id,
      label: id,
      baseURL: `http://127.0.0.1:${p}/v1`,
      corsHelp: '',
    });
    const presets = [preset('a', await closedPort()), preset('here', port), preset('c', await closedPort())];
    const started = Date.now();
    const found = await probeLocalServers({ presets, isBrowser: false, wording: english });
    expect(found).toEqual([
      { preset: presets[1], report: expect.objectContaining({ ok: true, models: ['llama3.2'] }) },
    ]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('finds nothing when no preset answers', async () => {
    const presets: EndpointPreset[] = [
      { id: 'x', label: 'x', baseURL: `http://127.0.0.1:${await closedPort()}/v1`, corsHelp: '' },
    ];
    expect(await probeLocalServers({ presets, isBrowser: false, wording: english })).toEqual([]);
  });
});
