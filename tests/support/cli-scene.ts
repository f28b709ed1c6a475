// What the CLI end-to-end tests share: the scripted model's answers by operation (prose marked with
// SEEN-/SAID- numbers, <empty> for a "[[silent]]" source), reading back a written story, and the
// one-line failure shape.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { kindOf, chronicleAnswer } from './driver-env.ts';
import type { ChatBody } from './openai-server.ts';

export const TOKEN = /\b(?:CANARY-[A-Z0-9]+|SEEN-\d+(?:-\d+)?|SAID-\d+)\b/g;
export const tokens = (text: string) => new Set(text.match(TOKEN) ?? []);

/** The scripted model: plain prose by operation, <empty> when the last message holds "[[silent]]". */
export function answer(body: ChatBody, n: number): string {
  const request = body as unknown as Parameters<typeof kindOf>[0];
  const silent = (body.messages.at(-1)?.content ?? '').includes('[[silent]]');
  const schema = request.response_format?.json_schema.schema as
    { properties: Record<string, { enum?: string[] }>; required: string[] } | undefined;
  switch (kindOf(request)) {
    case 'selector': {
      const names = schema?.properties.next?.enum ?? [];
      return JSON.stringify({ next: names[n % names.length] });
    }
    case 'batch':
      return JSON.stringify(
        Object.fromEntries(
          (schema?.required ?? []).map((name, i) => [
            name,
            silent ? EMPTY_SENTINEL : `A chair scrapes somewhere close by. SEEN-${n}-${i}`,
          ]),
        ),
      );
    case 'project':
      return silent
        ? EMPTY_SENTINEL
        : `A floorboard creaks nearby, and the air smells of woodsmoke. SEEN-${n}`;
    case 'chronicle':
      return chronicleAnswer(request, n);
    case 'actor':
      return `I glance at the window and brush the dust from my sleeve. SAID-${n}`;
  }
}

export type Turn = StoryJson['turns'][number];
export function readStory(file: string): { story: StoryJson; path: Turn[]; id: (name: string) => string } {
  const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const imported = importStory(json, new Date().toISOString());
  if (!imported.ok) throw new Error(`the written story does not import: ${imported.detail}`);
  const story = json as StoryJson;
  const byId = new Map(story.turns.map((t) => [t.id, t]));
  const path: Turn[] = [];
  for (let id = story.activeLeaf; id !== null; id = byId.get(id)?.parent ?? null)
    path.unshift(byId.get(id) as Turn);
  const ids = new Map(story.participants.map((p) => [p.name, p.id]));
  return { story, path, id: (name) => ids.get(name) ?? `?${name}` };
}

/** A single line on stderr, no stack trace. */
export function expectOneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0] as string;
}
