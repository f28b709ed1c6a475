// What the OpenAI-compatible backend adds to a request for servers that cannot be reached from a test
// (L9): OpenAI's `prompt_cache_key`, and Anthropic's `cache_control` through OpenRouter at the point the
// driver marks (`sharedUpTo`); every other server and model gets plain string contents and no field.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/driver/model.ts';
import { cacheContent, cacheFields, type CacheTarget } from '../../src/backends/openai/prompt-cache.ts';
import type { ServerContext } from '../../src/backends/openai/server-context.ts';

/** What the probes find of a cloud API: no server of ours, no context (OpenAI's model list has none). */
const NOTHING_TOLD: ServerContext = { server: null, contextTokens: null, askAgain: false };
const OPENROUTER: ServerContext = { server: 'openrouter', contextTokens: 200_000, askAgain: false };

const target = (baseURL: string, model: string, server = NOTHING_TOLD): CacheTarget => ({
  baseURL,
  model,
  server,
});

const POV = 'You are Ann, at the inn.';
const messages: ChatMessage[] = [
  { role: 'system', content: `${POV}\n\nNow write what Ann does next.`, sharedUpTo: POV.length },
  { role: 'user', content: 'Go on.' },
];

describe('[L9] prompt_cache_key: OpenAI’s own API only', () => {
  it('[L9] api.openai.com is told the cacheKey, and nothing without one', () => {
    const openAI = target('https://api.openai.com/v1', 'gpt-4.1-mini');
    expect(cacheFields(openAI, { cacheKey: 'story-1:ann' })).toEqual({ prompt_cache_key: 'story-1:ann' });
    expect(cacheFields(openAI, {})).toEqual({});
  });

  it('[L9] other servers that speak the protocol are told nothing (a strict one refuses unknown fields)', () => {
    for (const other of [
      target('https://api.deepseek.com/v1', 'deepseek-chat'),
      target('https://openrouter.ai/api/v1', 'openai/gpt-4.1-mini', OPENROUTER),
      target('https://api.openai.com.example.net/v1', 'gpt-4.1-mini'),
      target('not a url', 'gpt-4.1-mini'),
    ]) {
      expect(cacheFields(other, { cacheKey: 'story-1:ann' })).toEqual({});
    }
  });
});

describe('[L9] cache_control: Anthropic’s models through OpenRouter', () => {
  it('[L9] splits the marked message at sharedUpTo, the first part marked ephemeral; the rest stays a string', () => {
    const claude = target('https://openrouter.ai/api/v1', 'anthropic/claude-sonnet-4', OPENROUTER);
    expect(cacheContent(claude, messages)).toEqual([
      [
        { type: 'text', text: POV, cache_control: { type: 'ephemeral' } },
        { type: 'text', text: '\n\nNow write what Ann does next.' },
      ],
      'Go on.',
    ]);
    expect(cacheFields(claude, { cacheKey: 'story-1:ann' })).toEqual({});
  });

  it('[L9] a message shared whole is one marked part; a mark past its end or at 0 leaves it a string', () => {
    const claude = target('https://openrouter.ai/api/v1', 'anthropic/claude-3.5-haiku', OPENROUTER);
    const whole: ChatMessage = { role: 'system', content: POV, sharedUpTo: POV.length };
    expect(cacheContent(claude, [whole])).toEqual([
      [{ type: 'text', text: POV, cache_control: { type: 'ephemeral' } }],
    ]);
    expect(cacheContent(claude, [{ ...whole, sharedUpTo: POV.length + 1 }])).toEqual([POV]);
    expect(cacheContent(claude, [{ ...whole, sharedUpTo: 0 }])).toEqual([POV]);
  });

  it('[L9] other models on OpenRouter, and Anthropic-named models elsewhere, keep string contents', () => {
    for (const other of [
      target('https://openrouter.ai/api/v1', 'meta-llama/llama-3.1-8b-instruct', OPENROUTER),
      target('https://api.openai.com/v1', 'gpt-4.1-mini'),
      target('http://127.0.0.1:8080/v1', 'anthropic/claude-sonnet-4'),
    ]) {
      expect(cacheContent(other, messages)).toEqual(messages.map((m) => m.content));
    }
  });
});
