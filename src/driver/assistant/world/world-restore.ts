// A trashed world node or world prompt put back in its world. A node comes back under a new id if
// one took its id meanwhile, with those of its relationships whose other end is still there; a
// prompt whose path holds another text now is refused with the path, never written over it.
import type * as Y from 'yjs';
import { putWorld, readWorld } from '../../doc/library-worlds.ts';
import { removeFromTrash, type TrashedItem } from '../../doc/library-trash.ts';
import type { World } from '../../doc/world.ts';

export type WorldRestoreResult =
  { ok: true } | { ok: false; code: 'no-world' | 'invalid' | 'taken'; detail?: string };

function restored(
  world: World,
  item: Extract<TrashedItem, { kind: 'world-node' | 'world-prompt' }>,
  newId: () => string,
): World {
  if (item.kind === 'world-prompt')
    return { ...world, prompts: { ...world.prompts, [item.path]: item.text } };
  const id = world.nodes.some((n) => n.id === item.node.id) ? newId() : item.node.id;
  const at = new Set([...world.nodes.map((n) => n.id), id]);
  const moved = (end: string) => (end === item.node.id ? id : end);
  const relationships = item.relationships
    .map((r) => ({ ...r, from: moved(r.from), to: moved(r.to) }))
    .filter((r) => at.has(r.from) && at.has(r.to) && !world.relationships.some((o) => o.id === r.id));
  return {
    ...world,
    nodes: [...world.nodes, { ...item.node, id }],
    relationships: [...world.relationships, ...relationships],
  };
}

export function restoreWorldItem(
  doc: Y.Doc,
  item: Extract<TrashedItem, { kind: 'world-node' | 'world-prompt' }>,
  newId: () => string,
  origin?: unknown,
): WorldRestoreResult {
  const world = readWorld(doc, item.worldId);
  if (!world) return { ok: false, code: 'no-world' };
  const now = item.kind === 'world-prompt' ? world.prompts[item.path] : undefined;
  if (item.kind === 'world-prompt' && now && now !== item.text)
    return { ok: false, code: 'taken', detail: item.path };
  let result: WorldRestoreResult = { ok: true };
  doc.transact(() => {
    const saved = putWorld(doc, restored(world, item, newId), origin);
    if (!saved.ok) result = { ok: false, code: 'invalid', detail: saved.detail };
    else removeFromTrash(doc, item.id, origin);
  }, origin);
  return result;
}
