// A proposal's heading comes from the change its tool made: a world's node or a card's piece is
// named by its kind ("New place “Saltreach”"), not as a lorebook's entry; a proposal stored before
// headings were kept is named by its action alone.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { changeHeading } from '../../src/app/assistant/change-heading.ts';
import { listCharacters, putCharacter } from '../../src/driver/doc/library-doc.ts';
import { putLorebook, putWorld } from '../../src/driver/doc/library-worlds.ts';
import { proposalSchema, type Proposal } from '../../src/driver/doc/assistant-chats.ts';
import { cardTools } from '../../src/driver/assistant/card/card-tools.ts';
import { lorebookTools } from '../../src/driver/assistant/lorebook/lorebook-tools.ts';
import { worldNodeTools } from '../../src/driver/assistant/world/world-tools.ts';
import type { AssistantTool } from '../../src/driver/assistant/tools.ts';

let n = 0;
const env = { language: 'en' as const, clock: () => 0, newId: () => `id-${++n}` };

/** The heading the panel shows for what `tool` proposes from `args`. */
function headingOf(tools: AssistantTool[], tool: string, args: object): string {
  const found = tools.find((t) => t.spec.name === tool);
  if (found?.kind !== 'write') throw new Error(`no write tool ${tool}`);
  const proposed = found.propose(args);
  if (!proposed.ok) throw new Error(proposed.error);
  const { change } = proposed;
  const proposal: Proposal = {
    id: 'p',
    callId: 'c',
    tool,
    args,
    action: change.action,
    label: change.label,
    heading: change.heading,
    before: change.before,
    after: change.after,
    status: 'pending',
  };
  return changeHeading(proposal);
}

describe('proposal headings', () => {
  const doc = new Y.Doc();
  putWorld(doc, {
    id: 'w',
    name: 'Eldoria',
    nodes: [{ id: 'velmar', kind: 'place', name: 'Velmar', body: 'A port city.' }],
  });
  putLorebook(doc, { id: 'b', name: 'Book', entries: [] });
  putCharacter(doc, { id: 'c', name: 'Ama', card: { description: 'Ama keeps the lighthouse.' } });
  const world = worldNodeTools({ ...env, doc, worldId: 'w', subject: 'world:w' });
  const card = cardTools({
    ...env,
    doc,
    worldId: 'w',
    subject: 'card:c:w',
    character: listCharacters(doc)[0]!,
  });
  const book = lorebookTools({ ...env, doc, bookId: 'b', subject: 'lorebook:b' });

  it("[AM5] a world's node and a card's piece are named by their kind", () => {
    expect(headingOf(world, 'create_node', { kind: 'faction', name: 'The Rook Guild' })).toBe(
      'New faction “The Rook Guild”',
    );
    expect(headingOf(world, 'edit_node', { id: 'velmar', body: 'A city.' })).toBe('Edit place “Velmar”');
    expect(headingOf(world, 'delete_node', { id: 'velmar' })).toBe(
      'Delete place “Velmar” (it goes to the trash)',
    );
    expect(headingOf(card, 'add_piece', { kind: 'place', name: 'Saltreach', body: 'A village.' })).toBe(
      'New place “Saltreach”',
    );
    expect(headingOf(card, 'set_world', { description: 'A coast.' })).toBe('Change the world “Eldoria”');
  });

  it("[AM5] a lorebook's entry is still an entry", () => {
    expect(headingOf(book, 'create_entry', { keys: ['dragon'], content: 'Dragons.', title: 'Dragons' })).toBe(
      'New entry “Dragons”',
    );
  });

  it('[AM5] a proposal stored without a heading (or with one from a newer peer) is named by its action', () => {
    const stored = proposalSchema.parse({
      id: 'p',
      callId: 'c',
      tool: 'create_node',
      args: {},
      action: 'create',
      label: 'Velmar',
      heading: 'spaceship',
      before: '',
      after: 'x',
      status: 'pending',
    });
    expect(changeHeading(stored)).toBe('New “Velmar”');
  });
});
