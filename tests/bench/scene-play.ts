// The scene the request benchmarks play: a walled garden with 4 participants (the user and three
// characters, all present), in rounds of a user turn, an automatic choice and a named character,
// played by `rashomon run` (runScene, in this process) against tests/support/openai-server.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScene, sceneModel } from '../../src/cli/run-command.ts';
import type { StoryJson, StoryJsonInput } from '../../src/driver/story-json/schema.ts';
import {
  startOpenAIServer,
  type OpenAIServerOptions,
  type RecordedRequest,
} from '../support/openai-server.ts';
import { mulberry32 } from '../support/prng.ts';
import { firstPerson } from './story-gen.ts';

export const CHARACTERS = ['Mara', 'Tobin', 'Pell'];
export const MODEL = 'bench-model';

type Step = { user: string } | { act: string };

export function gardenScene(rounds: number) {
  const rng = mulberry32(30);
  const story: StoryJsonInput = {
    format: 'rashomon.story',
    version: 1,
    id: 'bench-scene',
    title: 'The walled garden',
    language: 'en',
    settings: { batchReprojection: false, turnSelection: 'auto' },
    participants: [
      { id: 'wren', kind: 'user', name: 'Wren', present: true, persona: "A gardener's apprentice." },
      ...CHARACTERS.map((name) => ({
        id: name.toLowerCase(),
        kind: 'character' as const,
        name,
        present: true,
        card: {
          description: `${name}, who works in the walled garden and keeps a secret.`,
          personality: 'Guarded, dry, observant.',
          scenario: 'A walled garden at dawn, the week before the estate is sold.',
        },
      })),
    ],
    turns: [],
    activeLeaf: null,
  };
  const steps: Step[] = Array.from({ length: rounds }, (_, i): Step[] => [
    { user: firstPerson(rng, 300, false) },
    { act: 'auto' },
    { act: CHARACTERS[i % CHARACTERS.length] as string },
  ]).flat();
  return { story, steps };
}

export interface PlayOptions {
  rounds: number;
  batch: boolean;
  server: OpenAIServerOptions;
  /** `--context N`; without it the driver takes what the server tells. */
  contextTokens?: number;
}

export interface Played {
  played: StoryJson;
  steps: Step[];
  requests: RecordedRequest[];
  /** The context the run's model tells the driver, as detected from the server before the play. */
  detectedContext: number | null;
  /** How long runScene took. */
  seconds: number;
}

export async function playScene(opts: PlayOptions): Promise<Played> {
  const server = await startOpenAIServer(opts.server);
  const dir = mkdtempSync(join(tmpdir(), 'rashomon-bench-'));
  try {
    const { story, steps } = gardenScene(opts.rounds);
    const sceneFile = join(dir, 'scene.json');
    const out = join(dir, 'story.json');
    writeFileSync(sceneFile, JSON.stringify({ story, steps }));
    const model = { baseURL: server.baseURL, model: MODEL, contextTokens: opts.contextTokens };
    const limits = await sceneModel(model).limits?.();
    const started = performance.now();
    const code = await runScene(
      { scene: sceneFile, ...model, batch: opts.batch, concurrency: 4, out },
      () => {},
    );
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`rashomon run exited ${code}`);
    const played = JSON.parse(readFileSync(out, 'utf8')) as StoryJson;
    return {
      played,
      steps,
      requests: server.requests,
      detectedContext: limits?.contextTokens ?? null,
      seconds,
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
